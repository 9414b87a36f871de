import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppProvider } from './app/provider';
import { loadPagesFor, RoutesWithBoundary } from './app/router';
import { loadPartsForServer } from './first-paint/hydrate-on-use';
import { ServerRenderedPageProvider, type ServerRenderedPage } from './first-paint/server-rendered-page';
import { createQueryClient } from './lib/query-client';

/**
 * The apply page as HTML, for the portal's server (docs/decisions/0061): the same route table and
 * components the browser runs, so that main.tsx can hydrate the markup instead of replacing it.
 */
export async function renderApplyPage(url: string, page: ServerRenderedPage): Promise<string> {
  const { pathname, search } = new URL(url);
  await loadPagesFor({ pathname });
  // The parts a page hydrates on their first use are in chunks of their own: the server renders them too.
  await loadPartsForServer();
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
