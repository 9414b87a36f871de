import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter, Outlet, useParams, type RouteObject } from 'react-router';
import { lazyPage, loadPagesFor, RoutesWithBoundary } from './router';

/** A page module whose chunk arrives (or fails) when the test says so. */
function deferredPage(text: string) {
  const attempts: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<{ default: () => React.ReactNode }>((resolve, reject) => {
        attempts.push({
          resolve: () =>
            resolve({
              default: () => (
                <main>
                  <h1>{text}</h1>
                  <Link to="/a">to A</Link> <Link to="/b">to B</Link> <Link to="/broken">to broken</Link>
                </main>
              ),
            }),
          reject,
        });
      }),
  );
  const settle = async (how: 'resolve' | 'reject') => {
    const attempt = attempts.at(-1);
    if (!attempt) throw new Error(`${text} was not requested`);
    await act(async () => {
      if (how === 'resolve') attempt.resolve();
      else attempt.reject(new Error('Failed to fetch dynamically imported module'));
      await Promise.resolve();
    });
  };
  return { Component: lazyPage(load), load, settle };
}

afterEach(cleanup);

describe("the portal's router (docs/decisions/0160)", () => {
  function setUp() {
    const a = deferredPage('Page A');
    const b = deferredPage('Page B');
    const broken = deferredPage('Broken page');
    const routes: RouteObject[] = [
      {
        Component: Outlet,
        children: [
          { path: '/', Component: a.Component },
          { path: '/a', Component: a.Component },
          { path: '/b', Component: b.Component },
          { path: '/broken', Component: broken.Component },
        ],
      },
    ];
    render(
      <MemoryRouter initialEntries={['/a']}>
        <RoutesWithBoundary routes={routes} />
      </MemoryRouter>,
    );
    return { a, b, broken };
  }

  it('shows the loading spinner only before the first page, then keeps a page on screen until the next one has loaded', async () => {
    const user = userEvent.setup();
    const { a, b } = setUp();
    expect(screen.getByRole('status')).toHaveTextContent('Preparing application...');
    await a.settle('resolve');
    expect(await screen.findByRole('heading', { name: 'Page A' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'to B' }));
    expect(b.load).toHaveBeenCalledTimes(1);
    // B's chunk is on its way: A stays, with no spinner in between.
    expect(screen.getByRole('heading', { name: 'Page A' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    await b.settle('resolve');
    expect(await screen.findByRole('heading', { name: 'Page B' })).toBeInTheDocument();

    // Loaded once: going back is immediate and loads nothing again.
    await user.click(screen.getByRole('link', { name: 'to A' }));
    expect(screen.getByRole('heading', { name: 'Page A' })).toBeInTheDocument();
    expect(a.load).toHaveBeenCalledTimes(1);
  });

  it('shows the error page when a chunk fails to load, clears it on the next navigation and tries the chunk again on the next visit', async () => {
    const user = userEvent.setup();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { a, broken } = setUp();
    await a.settle('resolve');
    await user.click(await screen.findByRole('link', { name: 'to broken' }));
    await broken.settle('reject');
    expect(await screen.findByRole('heading', { name: 'Sorry, this page could not be shown' })).toBeInTheDocument();
    expect(screen.getByText('Something went wrong while showing this page.')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'go to the home page' }));
    expect(await screen.findByRole('heading', { name: 'Page A' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Sorry, this page could not be shown' })).toBeNull();

    await user.click(screen.getByRole('link', { name: 'to broken' }));
    expect(broken.load).toHaveBeenCalledTimes(2);
    await broken.settle('resolve');
    expect(await screen.findByRole('heading', { name: 'Broken page' })).toBeInTheDocument();
    consoleError.mockRestore();
  });

  it('loads every page and layout of an address before the first render (server rendering, hydration)', async () => {
    const layout = deferredPage('Layout');
    const child = deferredPage('Child');
    const routes: RouteObject[] = [
      { path: '/x', Component: layout.Component, children: [{ path: 'y', Component: child.Component }] },
    ];
    const loading = loadPagesFor({ pathname: '/x/y' }, routes);
    expect(layout.load).toHaveBeenCalledTimes(1);
    expect(child.load).toHaveBeenCalledTimes(1);
    await layout.settle('resolve');
    await child.settle('resolve');
    await loading;
    expect(layout.Component.loaded() && child.Component.loaded()).toBe(true);
  });

  it('renders the branch the whole table matches, with its layouts, params and splats', async () => {
    function Shows({ label }: { label: string }) {
      const params = useParams();
      return (
        <p>
          {label} {JSON.stringify(params)}
        </p>
      );
    }
    const page = (label: string) => () => <Shows label={label} />;
    const routes: RouteObject[] = [
      {
        Component: () => (
          <section aria-label="outer">
            <Outlet />
          </section>
        ),
        children: [
          { path: '/jobs/new', Component: page('new job') },
          { path: '/jobs/:id', Component: page('job') },
          {
            path: '/console',
            Component: () => (
              <div aria-label="console">
                <Outlet />
              </div>
            ),
            children: [{ path: 'team/*', Component: page('team') }],
          },
          { path: '*', Component: page('not found') },
        ],
      },
    ];
    const at = async (path: string) => {
      cleanup();
      render(
        <MemoryRouter initialEntries={[path]}>
          <RoutesWithBoundary routes={routes} />
        </MemoryRouter>,
      );
      return (await screen.findByText(/new job|job|team|not found/)).textContent;
    };
    // The best-ranked route wins (a static segment over a parameter), as in the whole table.
    expect(await at('/jobs/new')).toBe('new job {}');
    expect(await at('/jobs/42')).toBe('job {"id":"42"}');
    expect(await at('/console/team/a/b')).toBe('team {"*":"a/b"}');
    expect(screen.getByLabelText('console')).toBeInTheDocument();
    expect(await at('/elsewhere')).toBe('not found {"*":"elsewhere"}');
    expect(screen.getByLabelText('outer')).toBeInTheDocument();
  });
});
