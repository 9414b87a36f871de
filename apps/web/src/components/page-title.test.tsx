import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { PageTitle } from './page-title';

function Page({ title, heading }: { title: string; heading: string }) {
  return (
    <main id="main-content" tabIndex={-1}>
      <PageTitle title={title} />
      <h1>{heading}</h1>
    </main>
  );
}

describe('PageTitle (WCAG 2.4.2, decision 0265)', () => {
  it("sets the document's title, leaves the first page's focus alone, and focuses the next page's heading", async () => {
    const button = document.createElement('button');
    document.body.append(button);
    button.focus();
    const { rerender } = render(<Page key="first" title="CVs" heading="CVs" />);
    expect(document.title).toBe('CVs · Careers Portal');
    // The document's first page: the browser's own load, where focus starts at the top.
    expect(document.activeElement).toBe(button);
    // No <title> element in the body (the browser would ignore it there).
    expect(document.body.querySelector('title')).toBeNull();

    button.remove();
    rerender(<Page key="second" title="Job Applications" heading="Job Applications" />);
    expect(document.title).toBe('Job Applications · Careers Portal');
    await waitFor(() => expect(document.activeElement?.tagName).toBe('H1'));
    expect(document.activeElement?.textContent).toBe('Job Applications');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });
});
