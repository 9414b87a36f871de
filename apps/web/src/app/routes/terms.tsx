import { TermsPage } from '../../features/legal/legal-pages';
import './routes.css';

/** Public (no sign-in): the terms the sign-in and sign-up pages name. */
export default function TermsRoute() {
  return <TermsPage />;
}
