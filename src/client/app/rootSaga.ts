import { all, spawn, call } from 'redux-saga/effects';
import { watchAuth, type AuthDependencies } from '../features/auth/authSaga.js';
import { watchSnackbar } from '../features/snackbar/snackbarSaga.js';
import { handleSplash } from '../features/layout/splashSaga.js';
import { watchCampaigns, type CampaignsDependencies } from '../features/campaigns/campaignsSaga.js';
import { campaignsApi, referenceApi } from '../api/campaignsApi.js';
import { authApi } from '../api/authApi.js';
import { createPkce } from '../lib/pkce.js';
import { storedPendingSignIn } from '../lib/pendingSignIn.js';
import { cookieTokenStore } from '../lib/tokenStore.js';
import { createSessionTokens } from '../lib/sessionTokens.js';
import { createSecretBoxes } from '../lib/secretBox.js';
import { watchUsers, type UsersDependencies } from '../features/admin/users/usersSaga.js';
import { watchEntities, type EntitiesDependencies } from '../features/admin/entities/entitiesSaga.js';
import { entitiesApi, usersApi } from '../api/adminApi.js';
import { watchAudit, type AuditDependencies } from '../features/admin/audit/auditSaga.js';
import { auditApi } from '../api/auditApi.js';
import { watchReview, type ReviewDependencies } from '../features/review/reviewSaga.js';
import { reviewApi } from '../api/reviewApi.js';
import { watchObjections, type ObjectionsDependencies } from '../features/objections/objectionsSaga.js';
import { objectionsApi } from '../api/objectionsApi.js';
import { watchPublication, type PublicationDependencies } from '../features/publication/publicationSaga.js';
import { publicationApi } from '../api/publicationApi.js';
import { watchPrivacy, type PrivacyDependencies } from '../features/privacy/privacySaga.js';
import { privacyApi } from '../api/privacyApi.js';
import { watchAccessibility, type AccessibilityDependencies } from '../features/accessibility/accessibilitySaga.js';
import { accessibilityApi } from '../api/accessibilityApi.js';
import { watchTeam, type TeamDependencies } from '../features/team/teamSaga.js';
import { teamApi } from '../api/teamApi.js';
import { watchEditions, type EditionsDependencies } from '../features/admin/editions/editionsSaga.js';
import { watchEditionDrafts, type EditionDraftsDependencies } from '../features/admin/editionDrafts/editionDraftsSaga.js';
import { editionsApi } from '../api/editionsApi.js';
import { watchResults, type ResultsDependencies } from '../features/results/resultsSaga.js';
import { watchComparisons } from '../features/comparisons/comparisonsSaga.js';
import { resultsApi } from '../api/resultsApi.js';
import { campaignCycleApi } from '../api/campaignCycleApi.js';
import { watchCampaignCycle, type CampaignCycleDependencies } from '../features/campaignCycle/campaignCycleSaga.js';
import { editionOpeningApi } from '../api/editionOpeningApi.js';
import { watchEditionOpening, type EditionOpeningDependencies } from '../features/editionOpening/editionOpeningSaga.js';
import { workbookBytes } from '../lib/workbook.js';
import { mapsApi } from '../api/mapsApi.js';
import { watchMaps, type MapsDependencies } from '../features/maps/mapsSaga.js';
import { downloadFile, printPage, shareLink } from '../lib/browser.js';

/** Everything the sagas reach outside the store; tests replace parts of it. */
export type Dependencies = AuthDependencies &
  CampaignsDependencies &
  UsersDependencies &
  EntitiesDependencies &
  ResultsDependencies &
  CampaignCycleDependencies &
  AuditDependencies &
  ReviewDependencies &
  ObjectionsDependencies &
  PublicationDependencies &
  PrivacyDependencies &
  AccessibilityDependencies &
  TeamDependencies &
  EditionOpeningDependencies &
  EditionsDependencies &
  MapsDependencies &
  EditionDraftsDependencies;

/** What each store gets afresh: the session's tokens, the login and password forms' boxes and the boxes of secrets on screen are one store's own. */
type PerStore = 'session' | 'credentials' | 'passwordChange' | 'newPassword' | 'generatedPassword' | 'linkToCopy';

const defaultDependencies: Omit<Dependencies, PerStore> = {
  authApi,
  createPkce: () => createPkce(),
  tokenStore: cookieTokenStore,
  locationSearch: () => window.location.search,
  locationHash: () => window.location.hash,
  pendingSignIn: storedPendingSignIn(),
  leaveFor: (url) => window.location.assign(url),
  campaignsApi,
  referenceApi,
  // Replaced by the router's navigate when the app starts (index.tsx).
  navigate: (path) => window.location.assign(path),
  usersApi,
  entitiesApi,
  auditApi,
  reviewApi,
  objectionsApi,
  publicationApi,
  privacyApi,
  accessibilityApi,
  teamApi,
  editionsApi,
  resultsApi,
  mapsApi,
  campaignCycleApi,
  editionOpeningApi,
  print: printPage,
  shareLink: (url) => shareLink(url),
  download: downloadFile,
  workbookBytes,
  currentUrl: () => window.location.href,
};

/** One store's dependencies: the defaults, its own session and boxes, and the caller's overrides. */
export function resolveDependencies(overrides: Partial<Dependencies> = {}): Dependencies {
  return { ...defaultDependencies, session: createSessionTokens(), ...createSecretBoxes(), ...overrides };
}

/** Spawns each feature's watchers so that one failing saga does not stop the others. */
export function* rootSaga(deps: Dependencies) {
  const features = [
    () => watchAuth(deps),
    () => watchSnackbar(),
    () => handleSplash(),
    () => watchCampaigns(deps),
    () => watchUsers(deps),
    () => watchEntities(deps),
    () => watchResults(deps),
    () => watchComparisons(deps),
    () => watchCampaignCycle(deps),
    () => watchAudit(deps),
    () => watchReview(deps),
    () => watchObjections(deps),
    () => watchPublication(deps),
    () => watchPrivacy(deps),
    () => watchAccessibility(deps),
    () => watchTeam(deps),
    () => watchEditionOpening(deps),
    () => watchEditions(deps),
    () => watchEditionDrafts(deps),
    () => watchMaps(deps),
  ];
  yield all(
    features.map((saga) =>
      spawn(function* keepAlive() {
        try {
          yield call(saga);
        } catch (err) {
          console.error('A saga stopped', err);
        }
      }),
    ),
  );
}
