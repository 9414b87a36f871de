import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

/** Renders a page inside a fresh query cache and a memory router, with a probe route for each `also` path. */
export function renderPage(element: ReactElement, options: { path?: string; url?: string; also?: string[] } = {}) {
  const path = options.path ?? '/';
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const routes: RouteObject[] = [
    { path, element },
    ...(options.also ?? []).map((other) => ({ path: other, element: <p data-testid="landed">{other}</p> })),
  ];
  const router = createMemoryRouter(routes, { initialEntries: [options.url ?? path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}
