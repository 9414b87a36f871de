import { lazy, Suspense } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { Spinner } from '../../../components/spinner';

/*
 * The employer console's own route table (docs/decisions/0150). The portal's router knows only
 * /employer/*, so none of this, not even the table, weighs on a candidate's first page; every page and
 * layout below is a chunk of its own as well.
 */
const EmployerAuthLayout = lazy(() => import('../../layouts/employer-auth-layout'));
const EmployerLayout = lazy(() => import('../../layouts/employer-layout'));
const Login = lazy(() => import('./login'));
const Signup = lazy(() => import('./signup'));
const ForgotPassword = lazy(() => import('./forgot-password'));
const Jobs = lazy(() => import('./jobs'));
const NewJob = lazy(() => import('./new-job'));
const Job = lazy(() => import('./job'));
const EditJob = lazy(() => import('./edit-job'));
const Application = lazy(() => import('./application'));
const Business = lazy(() => import('./business'));
const CvDrops = lazy(() => import('./cv-drops'));
const NotFound = lazy(() => import('../not-found'));

// Route objects rather than <Routes>: the portal's router already carries what useRoutes needs.
const routes: RouteObject[] = [
  {
    element: <EmployerAuthLayout />,
    children: [
      { path: 'login', element: <Login /> },
      { path: 'signup', element: <Signup /> },
      { path: 'forgot-password', element: <ForgotPassword /> },
    ],
  },
  {
    element: <EmployerLayout />,
    children: [
      { index: true, element: <Jobs /> },
      { path: 'jobs/new', element: <NewJob /> },
      { path: 'jobs/:jobId', element: <Job /> },
      { path: 'jobs/:jobId/edit', element: <EditJob /> },
      { path: 'applications/:applicationId', element: <Application /> },
      { path: 'business', element: <Business /> },
      { path: 'cv-drops', element: <CvDrops /> },
    ],
  },
  { path: '*', element: <NotFound /> },
];

export default function EmployerConsoleRoute() {
  return <Suspense fallback={<Spinner label="Loading" />}>{useRoutes(routes)}</Suspense>;
}
