import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BrandMark } from './brand-mark';
import { PageTitle } from './page-title';

/**
 * The plain layout of the public pages outside the sign-in screens (apply, not found, terms, privacy):
 * the portal's bar, then the page. Its styles are the routes' (app/routes/routes.css).
 */
export function SimplePage({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <div className="simple-page">
      {title ? <PageTitle title={title} /> : null}
      <header className="simple-page__bar">
        <Link to="/" className="brand">
          <BrandMark />
          <span>Careers Portal</span>
        </Link>
      </header>
      <main id="main-content" tabIndex={-1} className="simple-page__main">
        {children}
      </main>
    </div>
  );
}
