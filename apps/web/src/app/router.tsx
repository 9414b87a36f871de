import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
// The DOM build of RouterProvider, which can apply navigations with ReactDOM.flushSync when asked.
import { RouterProvider } from 'react-router/dom';
import { RequireAuth } from './require-auth';
import { RootError, RootFallback, RootLayout } from './layouts/root-layout';
import { paths } from './paths';

type PageModule = { default: ComponentType };
/** Every page and layout is its own chunk, loaded when first visited. */
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

const authLayout = page(() => import('./layouts/auth-layout'));

/** product.md §2's route table. Route ids carry the spec's route names where it gives one. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    HydrateFallback: RootFallback,
    ErrorBoundary: RootError,
    children: [
      { path: paths.account, element: <Navigate to={paths.login} replace /> },
      {
        lazy: authLayout,
        children: [
          { id: 'login', path: paths.login, lazy: page(() => import('./routes/login')), handle: { headerLink: null } },
          { id: 'request-password-reset', path: paths.requestPasswordReset, lazy: page(() => import('./routes/request-password-reset')) },
          { id: 'signup', path: paths.signup, lazy: page(() => import('./routes/signup')), handle: { headerLink: { to: paths.login, label: 'Login' } } },
          { id: 'perform-password-reset', path: paths.performPasswordReset, lazy: page(() => import('./routes/perform-password-reset')) },
          { id: 'confirm-email', path: paths.confirmEmail, lazy: page(() => import('./routes/confirm-email')) },
          { id: 'undo-email-change', path: paths.undoEmailChange, lazy: page(() => import('./routes/undo-email-change')) },
        ],
      },
      { id: 'apply', path: paths.apply, lazy: page(() => import('./routes/apply')) },
      { id: 'terms', path: paths.terms, lazy: page(() => import('./routes/terms')) },
      { id: 'privacy', path: paths.privacy, lazy: page(() => import('./routes/privacy')) },
      { id: 'unsubscribe', path: paths.unsubscribe, lazy: page(() => import('./routes/unsubscribe')) },
      {
        Component: RequireAuth,
        children: [
          {
            lazy: page(() => import('./layouts/dashboard-layout')),
            children: [
              { id: 'home', path: paths.home, lazy: page(() => import('./routes/home')) },
              { id: 'dashboard', path: paths.dashboard, lazy: page(() => import('./routes/home')) },
              { id: 'candidate-profile', path: paths.profile, lazy: page(() => import('./routes/profile')) },
              { id: 'candidate-cvs', path: paths.cvs, lazy: page(() => import('./routes/cvs')) },
              { id: 'candidate-applications', path: paths.applications, lazy: page(() => import('./routes/applications')) },
              { id: 'candidate-cv-drops', path: paths.cvDrops, lazy: page(() => import('./routes/cv-drops')) },
              { id: 'contact-us', path: paths.contactUs, lazy: page(() => import('./routes/contact-us')) },
              { id: 'user-account', path: paths.userAccount, lazy: page(() => import('./routes/user-account')) },
            ],
          },
        ],
      },
      { id: 'not-found', path: '*', lazy: page(() => import('./routes/not-found')) },
    ],
  },
];

let browserRouter: ReturnType<typeof createBrowserRouter> | undefined;
let hydrating = false;

/**
 * Before hydrating a server-rendered page: loads the lazy routes of the current address, so that the
 * router's first render is that page and not the HydrateFallback spinner the server did not send.
 */
export async function prepareHydration(): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded, { lazy: undefined });
    }),
  );
  hydrating = true;
}

export function AppRouter() {
  // No route loads data, so an empty hydration state marks the router ready with what the server rendered.
  browserRouter ??= createBrowserRouter(routes, hydrating ? { hydrationData: { loaderData: {} } } : undefined);
  return <RouterProvider router={browserRouter} />;
}
