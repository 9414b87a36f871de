import { Component, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import {
  BrowserRouter,
  matchRoutes,
  Navigate,
  useLocation,
  useRoutes,
  type Location,
  type RouteObject,
} from 'react-router';
import { RequireAuth } from './require-auth';
import { RootError, RootFallback, RootLayout } from './layouts/root-layout';
import { paths } from '../lib/paths';

/*
 * React Router's declarative mode (docs/decisions/0160): the portal loads no data in its routes, so the
 * data router's machinery (≈ 17 KB gzip of the landing pages' first load) bought nothing. What it did for
 * us is done here: each page is a chunk loaded when first visited, the page on screen stays until the
 * next one's chunk has arrived, and a page that fails to load or render shows RootError.
 */

type PageModule = { default: ComponentType };

/**
 * A page or layout in a chunk of its own: `load()` fetches it once. LazyRoutes renders a page only once its
 * chunk is in (so there is no Suspense boundary, and the server's markup is the page alone), or once its
 * load has failed: then it throws that error to the error boundary, until the next `load()` tries again.
 */
export interface LazyPage {
  (): ReactNode;
  load(): Promise<void>;
  loaded(): boolean;
}

export function lazyPage(importPage: () => Promise<PageModule>): LazyPage {
  let Loaded: ComponentType | undefined;
  let loading: Promise<void> | undefined;
  let failure: { error: unknown } | undefined;
  const load = () => {
    if (!loading) {
      failure = undefined;
      loading = importPage().then(
        (module) => {
          Loaded = module.default;
        },
        (error: unknown) => {
          failure = { error };
          loading = undefined;
        },
      );
    }
    return loading;
  };
  const LazyPage = (() => {
    if (Loaded) return <Loaded />;
    if (failure) throw failure.error;
    // React.lazy's protocol: a thrown promise (LazyRoutes never renders a page that is still loading).
    throw load();
  }) as LazyPage;
  LazyPage.load = load;
  LazyPage.loaded = () => Loaded !== undefined;
  return LazyPage;
}

const page = lazyPage;
const authLayout = page(() => import('./layouts/auth-layout'));

/** product.md §2's route table. Route ids carry the spec's route names where it gives one. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    children: [
      { path: paths.account, element: <Navigate to={paths.login} replace /> },
      {
        Component: authLayout,
        children: [
          { id: 'login', path: paths.login, Component: page(() => import('./routes/login')) },
          {
            id: 'request-password-reset',
            path: paths.requestPasswordReset,
            Component: page(() => import('./routes/request-password-reset')),
          },
          { id: 'signup', path: paths.signup, Component: page(() => import('./routes/signup')) },
          {
            id: 'perform-password-reset',
            path: paths.performPasswordReset,
            Component: page(() => import('./routes/perform-password-reset')),
          },
          { id: 'confirm-email', path: paths.confirmEmail, Component: page(() => import('./routes/confirm-email')) },
          {
            id: 'undo-email-change',
            path: paths.undoEmailChange,
            Component: page(() => import('./routes/undo-email-change')),
          },
        ],
      },
      { id: 'apply', path: paths.apply, Component: page(() => import('./routes/apply')) },
      { id: 'careers', path: paths.careers, Component: page(() => import('./routes/careers')) },
      { id: 'jobs', path: paths.jobs, Component: page(() => import('./routes/jobs')) },
      { id: 'terms', path: paths.terms, Component: page(() => import('./routes/terms')) },
      { id: 'privacy', path: paths.privacy, Component: page(() => import('./routes/privacy')) },
      { id: 'unsubscribe', path: paths.unsubscribe, Component: page(() => import('./routes/unsubscribe')) },
      {
        id: 'job-alert-confirm',
        path: paths.jobAlertConfirm,
        Component: page(() => import('./routes/job-alert-confirm')),
      },
      {
        id: 'job-alert-unsubscribe',
        path: paths.jobAlertUnsubscribe,
        Component: page(() => import('./routes/job-alert-unsubscribe')),
      },
      {
        Component: RequireAuth,
        children: [
          {
            Component: page(() => import('./layouts/dashboard-layout')),
            children: [
              { id: 'home', path: paths.home, Component: page(() => import('./routes/home')) },
              { id: 'dashboard', path: paths.dashboard, Component: page(() => import('./routes/home')) },
              { id: 'candidate-profile', path: paths.profile, Component: page(() => import('./routes/profile')) },
              { id: 'candidate-cvs', path: paths.cvs, Component: page(() => import('./routes/cvs')) },
              {
                id: 'candidate-applications',
                path: paths.applications,
                Component: page(() => import('./routes/applications')),
              },
              {
                id: 'candidate-application',
                path: paths.application,
                Component: page(() => import('./routes/application')),
              },
              { id: 'candidate-cv-drops', path: paths.cvDrops, Component: page(() => import('./routes/cv-drops')) },
              { id: 'contact-us', path: paths.contactUs, Component: page(() => import('./routes/contact-us')) },
              { id: 'user-account', path: paths.userAccount, Component: page(() => import('./routes/user-account')) },
            ],
          },
        ],
      },
      // The employer console (docs/decisions/0150): one route here, its own pages and layouts inside its chunk.
      { id: 'employer', path: `${paths.employer}/*`, Component: page(() => import('./routes/employer/console')) },
      { id: 'not-found', path: '*', Component: page(() => import('./routes/not-found')) },
    ],
  },
];

function lazyPagesOf(location: Pick<Location, 'pathname'>, table: RouteObject[]): LazyPage[] {
  return (matchRoutes(table, location) ?? [])
    .map(({ route }) => route.Component as LazyPage | null | undefined)
    .filter((component): component is LazyPage => typeof component?.load === 'function');
}

/**
 * Loads the chunks of every page and layout an address shows. The server calls it before rendering, and
 * main.tsx before hydrating, so that the first render is the page itself and the markup matches.
 */
export async function loadPagesFor(location: Pick<Location, 'pathname'>, table: RouteObject[] = routes): Promise<void> {
  await Promise.all(lazyPagesOf(location, table).map((lazy) => lazy.load()));
}

const isReady = (location: Location, table: RouteObject[]) =>
  lazyPagesOf(location, table).every((lazy) => lazy.loaded());

/**
 * The route table at the current address, or, while that address's chunks load, at the address shown
 * before (as the data router did: no spinner between two pages, only before the first).
 */
export function LazyRoutes({ routes: table }: { routes: RouteObject[] }) {
  const location = useLocation();
  const ready = isReady(location, table);
  // The address whose chunks have settled (loaded, or failed: its page then throws to the error boundary).
  const [settled, setSettled] = useState<Location | null>(null);
  const [lastShown, setLastShown] = useState<Location | null>(null);
  useEffect(() => {
    if (ready) return;
    let current = true;
    void loadPagesFor(location, table).then(() => {
      if (current) setSettled(location);
    });
    return () => {
      current = false;
    };
  }, [location, ready, table]);
  const shown = ready || settled === location ? location : lastShown;
  // React's pattern for keeping what the last render showed (a state set while rendering, when it changes).
  if (shown !== lastShown) setLastShown(shown);
  // Given an address, useRoutes hands it to the pages below as theirs (the one shown, not the one loading).
  // Always given one: useRoutes wraps its element in a location provider only when it has an address, so
  // switching between giving one and not would change the tree's shape and remount every page and layout
  // (a phone's side navigation, opened by hand, closed again as its layout mounted anew).
  const element = useRoutes(table, shown ?? location);
  return shown ? element : <RootFallback />;
}

/** Last resort when a page fails to load or render; cleared by the next navigation. */
class PageErrorBoundary extends Component<{ pathname: string; children: ReactNode }, { failedAt: string | null }> {
  override state = { failedAt: null as string | null };

  static getDerivedStateFromError() {
    return { failedAt: '' };
  }

  static getDerivedStateFromProps(props: { pathname: string }, state: { failedAt: string | null }) {
    if (state.failedAt === '') return { failedAt: props.pathname };
    if (state.failedAt !== null && state.failedAt !== props.pathname) return { failedAt: null };
    return null;
  }

  override componentDidCatch(error: unknown) {
    console.error(error);
  }

  override render() {
    return this.state.failedAt === null ? this.props.children : <RootError />;
  }
}

export function RoutesWithBoundary({ routes: table = routes }: { routes?: RouteObject[] }) {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary pathname={pathname}>
      <LazyRoutes routes={table} />
    </PageErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <RoutesWithBoundary />
    </BrowserRouter>
  );
}
