import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProvider } from './app/provider';
import { routes } from './app/router';
import { ServerRenderedPageProvider, type ServerRenderedApplyPage } from './app/server-rendered-page';
import { createQueryClient } from './lib/query-client';

/**
 * The apply page as HTML, for the portal's server (docs/decisions/0061): the same route table and
 * components the browser runs, so that main.tsx can hydrate the markup instead of replacing it.
 */
export async function renderApplyPage(url: string, page: ServerRenderedApplyPage): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(url));
  // The apply route neither loads data nor redirects; a Response here is a change of the route table.
  if (context instanceof Response) throw new Error(`The apply route answered ${context.status} while rendering on the server.`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <StrictMode>
      <ServerRenderedPageProvider value={page}>
        <AppProvider client={createQueryClient()}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProvider>
      </ServerRenderedPageProvider>
    </StrictMode>,
  );
}
