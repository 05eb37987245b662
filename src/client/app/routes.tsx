import { lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { useAppSelector, useErrorDismissedOnNavigation } from './hooks.js';
import { RequirePermission, RequireUser, RootRedirect } from './guards.js';
import { PATHS, QUESTIONNAIRE_ACTIONS } from './paths.js';
import type { Action } from '../../shared/permissions.js';
import { AuthLayout } from '../features/auth/AuthLayout.js';
import { SingleSignOnReturnPage } from '../features/auth/SingleSignOnReturnPage.js';
import { PrivacyPage } from '../features/privacy/PrivacyPage.js';
import { AccessibilityPage } from '../features/accessibility/AccessibilityPage.js';
import { LoginPage } from '../features/auth/LoginPage.js';
import { ForgotPasswordPage } from '../features/auth/ForgotPasswordPage.js';
import { ResetPasswordPage } from '../features/auth/ResetPasswordPage.js';
import { LogoutPage } from '../features/auth/LogoutPage.js';
import { ErrorPage } from '../features/errors/ErrorPage.js';
import { NoDashboardPage } from '../features/errors/SimplePages.js';
import { AppLayout } from '../features/layout/AppLayout.js';
import { SplashScreen } from '../features/layout/SplashScreen.js';
import { SnackbarHost } from '../features/snackbar/SnackbarHost.js';
import { AlertHost } from '../features/alerts/AlertHost.js';
import { Loading } from '../components/Loading.js';

/** What a route carries for startup: how to start loading its page's chunk. */
export interface PageHandle {
  preload: () => Promise<unknown>;
}

/**
 * A page in a chunk of its own, loaded on its first render, or earlier with preload(): the startup preloads
 * the page of the address it opens with while the session is being checked, so that the page renders
 * without a fallback (React holds a revealed fallback for 300 ms, which would delay the page's own calls).
 */
type LazyPage = ComponentType & PageHandle;

function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let loaded: ComponentType | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => (loading ??= load().then((module) => ((loaded = module.default), module)));
  const Lazy = lazy(preload);
  function Page() {
    // Chosen once per mount: switching from Lazy to the loaded page later would mount it again.
    const [Component] = useState(() => loaded ?? Lazy);
    return <Component />;
  }
  return Object.assign(Page, { preload });
}

// Page chunks load on demand.
const MyCampaignsPage = lazyPage(() => import(/* webpackChunkName: "my-campaigns" */ '../features/campaigns/MyCampaignsPage.js'));
const QuestionnairePage = lazyPage(() => import(/* webpackChunkName: "questionnaire" */ '../features/campaigns/QuestionnairePage.js'));
const StatusPage = lazyPage(() => import(/* webpackChunkName: "status" */ '../features/campaigns/StatusPage.js'));
const UsersPage = lazyPage(() => import(/* webpackChunkName: "admin-users" */ '../features/admin/users/UsersPage.js'));
const CreateUserPage = lazyPage(() => import(/* webpackChunkName: "admin-users" */ '../features/admin/users/CreateUserPage.js'));
const EditUserPage = lazyPage(() => import(/* webpackChunkName: "admin-users" */ '../features/admin/users/EditUserPage.js'));
const EntitiesPage = lazyPage(() => import(/* webpackChunkName: "admin-entities" */ '../features/admin/entities/EntitiesPage.js'));
const CreateEntityPage = lazyPage(() => import(/* webpackChunkName: "admin-entities" */ '../features/admin/entities/CreateEntityPage.js'));
const EditEntityPage = lazyPage(() => import(/* webpackChunkName: "admin-entities" */ '../features/admin/entities/EditEntityPage.js'));
const ReviewQueuePage = lazyPage(() => import(/* webpackChunkName: "review" */ '../features/review/ReviewQueuePage.js'));
const ReviewCampaignPage = lazyPage(() => import(/* webpackChunkName: "review" */ '../features/review/ReviewCampaignPage.js'));
const AuditLogPage = lazyPage(() => import(/* webpackChunkName: "admin-audit" */ '../features/admin/audit/AuditLogPage.js'));
const ChangePasswordPage = lazyPage(() => import(/* webpackChunkName: "account" */ '../features/auth/ChangePasswordPage.js'));
const EditionsPage = lazyPage(() => import(/* webpackChunkName: "admin-editions" */ '../features/admin/editions/EditionsPage.js'));
const EditionDraftPage = lazyPage(() => import(/* webpackChunkName: "admin-edition-draft" */ '../features/admin/editionDrafts/EditionDraftPage.js'));
const ResultsPage = lazyPage(() => import(/* webpackChunkName: "results" */ '../features/results/ResultsPage.js'));
const SharedResultsPage = lazyPage(() => import(/* webpackChunkName: "results-shared" */ '../features/results/SharedResultsPage.js'));
const ComparisonsPage = lazyPage(() => import(/* webpackChunkName: "comparisons" */ '../features/comparisons/ComparisonsPage.js'));
const TeamPage = lazyPage(() => import(/* webpackChunkName: "team" */ '../features/team/TeamPage.js'));
const ReceiptPage = lazyPage(() => import(/* webpackChunkName: "team" */ '../features/team/ReceiptPage.js'));
const SharedComparisonsPage = lazyPage(() => import(/* webpackChunkName: "comparisons-shared" */ '../features/comparisons/SharedComparisonsPage.js'));

function page(actions: readonly Action[], element: ReactNode) {
  return (
    <RequirePermission actions={actions}>
      <Suspense fallback={<Loading />}>{element}</Suspense>
    </RequirePermission>
  );
}

/** A signed-in page's route: the permissions it needs, its page, and the handle that preloads its chunk. */
function pageRoute(path: string, actions: readonly Action[], Page: LazyPage): RouteObject {
  return { path, element: page(actions, <Page />), handle: { preload: Page.preload } satisfies PageHandle };
}

/** A page open without signing in (shared links). */
function publicPageRoute(path: string, Page: LazyPage): RouteObject {
  return {
    path,
    element: (
      <Suspense fallback={<Loading />}>
        <Page />
      </Suspense>
    ),
    handle: { preload: Page.preload } satisfies PageHandle,
  };
}

/** The top of the tree: splash while the session loads, the error page on a global error, toasts and dialogs. */
function Root() {
  const splashVisible = useAppSelector((state) => state.layout.splashVisible && state.auth.status === 'loading');
  const globalError = useAppSelector((state) => state.errors.globalError);
  useErrorDismissedOnNavigation();
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
          { path: 'reset-password', element: <ResetPasswordPage /> },
          { path: 'callback', element: <SingleSignOnReturnPage /> },
          { path: '*', element: <Navigate to={PATHS.login} replace /> },
        ],
      },
      { path: PATHS.logout, element: <LogoutPage /> },
      { path: PATHS.privacy, element: <PrivacyPage /> },
      { path: PATHS.accessibility, element: <AccessibilityPage /> },
      { path: PATHS.error, element: <ErrorPage /> },
      // Shared links open without signing in; their token is read as it is, never stored.
      publicPageRoute(`${PATHS.results}/0/:token`, SharedResultsPage),
      publicPageRoute(`${PATHS.comparisons}/0/:token`, SharedComparisonsPage),
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
          pageRoute(PATHS.myCampaigns, ['SELF_CAMPAIGNS'], MyCampaignsPage),
          pageRoute(`${PATHS.myCampaigns}/:campaignId`, QUESTIONNAIRE_ACTIONS, QuestionnairePage),
          pageRoute(`${PATHS.results}/:campaignId?`, REPORT_ACTIONS, ResultsPage),
          pageRoute(`${PATHS.comparisons}/:campaignId?`, REPORT_ACTIONS, ComparisonsPage),
          pageRoute(PATHS.status, ['ADMIN_CAMPAIGNS', 'FEC_CAMPAIGNS'], StatusPage),
          pageRoute(PATHS.review, ['CAMPAIGNS_REVIEW'], ReviewQueuePage),
          pageRoute(`${PATHS.review}/:campaignId`, ['CAMPAIGNS_REVIEW'], ReviewCampaignPage),
          pageRoute(PATHS.entities, ['ENTITIES_MANAGE'], EntitiesPage),
          pageRoute(PATHS.createEntity, ['ENTITIES_MANAGE'], CreateEntityPage),
          pageRoute(`${PATHS.entities}/:entityId/edit`, ['ENTITIES_MANAGE'], EditEntityPage),
          pageRoute(PATHS.users, ['USERS_MANAGE'], UsersPage),
          pageRoute(PATHS.createUser, ['USERS_MANAGE'], CreateUserPage),
          pageRoute(`${PATHS.users}/:userId/edit`, ['USERS_MANAGE'], EditUserPage),
          pageRoute(PATHS.audit, ['AUDIT_READ'], AuditLogPage),
          pageRoute(`${PATHS.team}/:entityId`, ['RESULTS_CAMPAIGNS'], TeamPage),
          pageRoute(`${PATHS.receipt}/:campaignId`, REPORT_ACTIONS, ReceiptPage),
          pageRoute(PATHS.editions, ['EDITIONS_VIEW'], EditionsPage),
          pageRoute(`${PATHS.editions}/draft/:year`, ['EDITIONS_WRITE'], EditionDraftPage),
          // Every signed-in user's own; the one page open to a user who must change a temporary password.
          {
            path: PATHS.changePassword,
            element: (
              <Suspense fallback={<Loading />}>
                <ChangePasswordPage />
              </Suspense>
            ),
            handle: { preload: ChangePasswordPage.preload } satisfies PageHandle,
          },
        ],
      },
      { path: '*', element: <Navigate to={PATHS.login} replace /> },
    ],
  },
];
