import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, useLocation, type Location } from 'react-router';
import { RoutesWithBoundary } from '../app/router';

/**
 * The portal's route table in the router main.tsx uses (declarative, docs/decisions/0160), at `url`;
 * `state.location` is the address the router is at (as a data router's `router.state.location`).
 */
export function renderPortal(url: string, client: QueryClient = new QueryClient()) {
  let location: Location | undefined;
  const LocationProbe = () => {
    location = useLocation();
    return null;
  };
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <RoutesWithBoundary />
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return {
    get state() {
      if (!location) throw new Error('The router has not rendered.');
      return { location };
    },
  };
}
