import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { useAppSelector } from './hooks.js';
import { RequirePermission, RequireUser, RootRedirect } from './guards.js';
import { PATHS } from './paths.js';
import type { Action } from '../../shared/permissions.js';
import { AuthLayout } from '../features/auth/AuthLayout.js';
import { LoginPage } from '../features/auth/LoginPage.js';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage.js';
import { LogoutPage } from '../features/auth/LogoutPage.js';
import { ErrorPage } from '../features/errors/ErrorPage.js';
import { NoDashboardPage } from '../features/errors/SimplePages.js';
import { AppLayout } from '../features/layout/AppLayout.js';
import { SplashScreen } from '../features/layout/SplashScreen.js';
import { SnackbarHost } from '../features/snackbar/SnackbarHost.js';
import { AlertHost } from '../features/alerts/AlertHost.js';
import { Loading } from '../components/Loading.js';

// Page chunks load on demand.
const MyCampaignsPage = lazy(() => import(/* webpackChunkName: "my-campaigns" */ '../features/campaigns/MyCampaignsPage.js'));
const QuestionnairePage = lazy(() => import(/* webpackChunkName: "questionnaire" */ '../features/campaigns/QuestionnairePage.js'));
const StatusPage = lazy(() => import(/* webpackChunkName: "status" */ '../features/campaigns/StatusPage.js'));
const UsersPage = lazy(() => import(/* webpackChunkName: "admin-users" */ '../features/admin/users/UsersPage.js'));
const CreateUserPage = lazy(() => import(/* webpackChunkName: "admin-users" */ '../features/admin/users/CreateUserPage.js'));
const EntitiesPage = lazy(() => import(/* webpackChunkName: "admin-entities" */ '../features/admin/entities/EntitiesPage.js'));
const CreateEntityPage = lazy(() => import(/* webpackChunkName: "admin-entities" */ '../features/admin/entities/CreateEntityPage.js'));
const ResultsPage = lazy(() => import(/* webpackChunkName: "results" */ '../features/results/ResultsPage.js'));
const SharedResultsPage = lazy(() => import(/* webpackChunkName: "results-shared" */ '../features/results/SharedResultsPage.js'));
const ComparisonsPage = lazy(() => import(/* webpackChunkName: "comparisons" */ '../features/comparisons/ComparisonsPage.js'));
const SharedComparisonsPage = lazy(() => import(/* webpackChunkName: "comparisons-shared" */ '../features/comparisons/SharedComparisonsPage.js'));

function page(actions: readonly Action[], element: ReactNode) {
  return (
    <RequirePermission actions={actions}>
      <Suspense fallback={<Loading />}>{element}</Suspense>
    </RequirePermission>
  );
}

function publicPage(element: ReactNode) {
  return <Suspense fallback={<Loading />}>{element}</Suspense>;
}

/** The top of the tree: splash while the session loads, the error page on a global error, toasts and dialogs. */
function Root() {
  const splashVisible = useAppSelector((state) => state.app.splashVisible && state.auth.status === 'loading');
  const globalError = useAppSelector((state) => state.app.globalError);
  if (splashVisible) return <SplashScreen />;
  return (
    <>
      {globalError ? <ErrorPage error={globalError} /> : <Outlet />}
      <SnackbarHost />
      <AlertHost />
    </>
  );
}

const CAMPAIGN_ACTIONS: readonly Action[] = ['SELF_CAMPAIGNS', 'ADMIN_CAMPAIGNS', 'FEC_CAMPAIGNS'];
const REPORT_ACTIONS: readonly Action[] = ['RESULTS_CAMPAIGNS', 'AUTH'];

/** The routes of spec section 2. */
export const ROUTES: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: PATHS.root, element: <RootRedirect /> },
      {
        path: PATHS.auth,
        element: <AuthLayout />,
        children: [
          { index: true, element: <Navigate to={PATHS.login} replace /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: '*', element: <Navigate to={PATHS.login} replace /> },
        ],
      },
      { path: PATHS.logout, element: <LogoutPage /> },
      { path: PATHS.error, element: <ErrorPage /> },
      // Shared links open without signing in; their token is read as it is, never stored.
      { path: `${PATHS.results}/0/:token`, element: publicPage(<SharedResultsPage />) },
      { path: `${PATHS.comparisons}/0/:token`, element: publicPage(<SharedComparisonsPage />) },
      {
        element: (
          <RequireUser>
            <AppLayout />
          </RequireUser>
        ),
        children: [
          { path: PATHS.noDashboard, element: <NoDashboardPage /> },
          // /campaigns has no screen of its own: each role goes to its campaign list.
          { path: PATHS.campaigns, element: page(CAMPAIGN_ACTIONS, <RootRedirect />) },
          { path: PATHS.myCampaigns, element: page(['SELF_CAMPAIGNS'], <MyCampaignsPage />) },
          { path: `${PATHS.myCampaigns}/:campaignId`, element: page(['SELF_CAMPAIGNS', 'ADMIN_CAMPAIGNS'], <QuestionnairePage />) },
          { path: `${PATHS.results}/:campaignId?`, element: page(REPORT_ACTIONS, <ResultsPage />) },
          { path: `${PATHS.comparisons}/:campaignId?`, element: page(REPORT_ACTIONS, <ComparisonsPage />) },
          { path: PATHS.status, element: page(['ADMIN_CAMPAIGNS', 'FEC_CAMPAIGNS'], <StatusPage />) },
          { path: PATHS.entities, element: page(['ENTITIES_MANAGE'], <EntitiesPage />) },
          { path: PATHS.createEntity, element: page(['ENTITIES_MANAGE'], <CreateEntityPage />) },
          { path: PATHS.users, element: page(['USERS_MANAGE'], <UsersPage />) },
          { path: PATHS.createUser, element: page(['USERS_MANAGE'], <CreateUserPage />) },
        ],
      },
      { path: '*', element: <Navigate to={PATHS.login} replace /> },
    ],
  },
];
