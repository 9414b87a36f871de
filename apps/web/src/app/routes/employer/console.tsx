import { lazy, Suspense } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { Spinner } from '../../../components/spinner';
import { employerRoutes } from '../../../features/employer/paths';

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
const Welcome = lazy(() => import('./welcome'));
const Reset = lazy(() => import('./reset'));
const Jobs = lazy(() => import('./jobs'));
const NewJob = lazy(() => import('./new-job'));
const Job = lazy(() => import('./job'));
const JobPublishing = lazy(() => import('./job-publishing'));
const EditJob = lazy(() => import('./edit-job'));
const Application = lazy(() => import('./application'));
const Business = lazy(() => import('./business'));
const CvDrops = lazy(() => import('./cv-drops'));
const Team = lazy(() => import('./team'));
const TalentPool = lazy(() => import('./talent-pool'));
const Interviews = lazy(() => import('./interviews'));
const Notifications = lazy(() => import('./notifications'));
const Join = lazy(() => import('./join'));
const NotFound = lazy(() => import('../not-found'));

// Route objects rather than <Routes>: the portal's router already carries what useRoutes needs.
const routes: RouteObject[] = [
  {
    element: <EmployerAuthLayout />,
    children: [
      { path: employerRoutes.login, element: <Login /> },
      { path: employerRoutes.signup, element: <Signup /> },
      { path: employerRoutes.forgotPassword, element: <ForgotPassword /> },
    ],
  },
  // The welcome and reset links set the password even in a browser where someone is signed in.
  {
    element: <EmployerAuthLayout keepSignedIn />,
    children: [
      { path: employerRoutes.welcome, element: <Welcome /> },
      { path: employerRoutes.reset, element: <Reset /> },
      // The invitation link is read signed in or not: the page says which account would join.
      { path: employerRoutes.join, element: <Join /> },
    ],
  },
  {
    element: <EmployerLayout />,
    children: [
      { index: true, element: <Jobs /> },
      { path: employerRoutes.newJob, element: <NewJob /> },
      { path: employerRoutes.job, element: <Job /> },
      { path: employerRoutes.jobPublishing, element: <JobPublishing /> },
      { path: employerRoutes.editJob, element: <EditJob /> },
      { path: employerRoutes.application, element: <Application /> },
      { path: employerRoutes.business, element: <Business /> },
      { path: employerRoutes.cvDrops, element: <CvDrops /> },
      { path: employerRoutes.team, element: <Team /> },
      { path: employerRoutes.talentPool, element: <TalentPool /> },
      { path: employerRoutes.interviews, element: <Interviews /> },
      { path: employerRoutes.notifications, element: <Notifications /> },
    ],
  },
  { path: '*', element: <NotFound /> },
];

export default function EmployerConsoleRoute() {
  return <Suspense fallback={<Spinner label="Loading" />}>{useRoutes(routes)}</Suspense>;
}
