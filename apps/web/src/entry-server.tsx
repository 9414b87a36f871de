import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { loadPagesFor, RoutesWithBoundary } from './app/router';
import { loadPartsForServer } from './first-paint/hydrate-on-use';
import { loadLazyPartsForServer } from './first-paint/lazy-rendered-by-server';
import { ServerRenderedPageProvider, type ServerRenderedPage } from './first-paint/server-rendered-page';
import { createQueryClient } from './lib/query-client';

/**
 * The apply page as HTML, for the portal's server (docs/decisions/0061): the same route table and
 * components the browser runs, so that main.tsx can hydrate the markup instead of replacing it.
 */
export async function renderApplyPage(url: string, page: ServerRenderedPage): Promise<string> {
  const { pathname, search } = new URL(url);
  await loadPagesFor({ pathname });
  await loadParts();
  return renderToString(
    <StrictMode>
      <ServerRenderedPageProvider value={page}>
        <AppProvider client={createQueryClient()}>
          <StaticRouter location={`${pathname}${search}`}>
            <RoutesWithBoundary />
          </StaticRouter>
        </AppProvider>
      </ServerRenderedPageProvider>
    </StrictMode>,
  );
}

/**
 * The parts a page hydrates on their first use, and those it loads when it first renders them (the screening
 * questions), are in chunks of their own: the server renders them with the page, and renderToString cannot
 * wait for a chunk (docs/decisions/0495). A part's module may make more parts (the careers page's CV drop
 * brings the apply steps and their questions), so they are loaded until no new one appears.
 */
async function loadParts(): Promise<void> {
  for (let known = -1; ;) {
    const [parts, lazyParts] = await Promise.all([loadPartsForServer(), loadLazyPartsForServer()]);
    if (parts + lazyParts === known) return;
    known = parts + lazyParts;
  }
}
