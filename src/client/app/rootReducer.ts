import { combineReducers } from '@reduxjs/toolkit';
import { createMigrate, persistReducer, type PersistedState } from 'redux-persist';
import { persistView, storage } from './persistence.js';
import { authReducer } from '../features/auth/authSlice.js';
import { passwordResetReducer } from '../features/auth/passwordResetSlice.js';
import { errorsReducer } from '../features/errors/errorsSlice.js';
import { alertsReducer } from '../features/alerts/alertsSlice.js';
import { snackbarReducer } from '../features/snackbar/snackbarSlice.js';
import { localeReducer } from '../features/locale/localeSlice.js';
import { layoutReducer } from '../features/layout/layoutSlice.js';
import { migrateReportFilters, REPORT_FILTERS_VERSION, reportFiltersReducer, type ReportFiltersState } from '../features/reportFilters/reportFiltersSlice.js';
import { campaignsReducer } from '../features/campaigns/campaignsSlice.js';
import { readCampaignsView } from '../features/campaigns/campaignsView.js';
import { referenceReducer } from '../features/reference/referenceSlice.js';
import { mapsReducer } from '../features/maps/mapsSlice.js';
import { usersReducer } from '../features/admin/users/usersSlice.js';
import { entitiesReducer } from '../features/admin/entities/entitiesSlice.js';
import { auditReducer } from '../features/admin/audit/auditSlice.js';
import { reviewReducer } from '../features/review/reviewSlice.js';
import { objectionsReducer } from '../features/objections/objectionsSlice.js';
import { publicationReducer } from '../features/publication/publicationSlice.js';
import { privacyReducer } from '../features/privacy/privacySlice.js';
import { accessibilityReducer } from '../features/accessibility/accessibilitySlice.js';
import { teamReducer } from '../features/team/teamSlice.js';
import { editionsReducer } from '../features/admin/editions/editionsSlice.js';
import { editionDraftsReducer } from '../features/admin/editionDrafts/editionDraftsSlice.js';
import { readTableView } from '../lib/tableView.js';
import { ENTITY_CHOICE_KEYS, readEntityChoice, readResultsView, RESULTS_VIEW_KEYS, resultsReducer } from '../features/results/resultsSlice.js';
import { comparisonsReducer } from '../features/comparisons/comparisonsSlice.js';
import { campaignCycleReducer } from '../features/campaignCycle/campaignCycleSlice.js';
import { editionOpeningReducer } from '../features/editionOpening/editionOpeningSlice.js';

/** The slices, unpersisted (tests and the server never persist). */
export const reducers = {
  auth: authReducer,
  passwordReset: passwordResetReducer,
  errors: errorsReducer,
  alerts: alertsReducer,
  snackbar: snackbarReducer,
  locale: localeReducer,
  layout: layoutReducer,
  reportFilters: reportFiltersReducer,
  campaigns: campaignsReducer,
  reference: referenceReducer,
  users: usersReducer,
  entities: entitiesReducer,
  audit: auditReducer,
  review: reviewReducer,
  objections: objectionsReducer,
  publication: publicationReducer,
  privacy: privacyReducer,
  accessibility: accessibilityReducer,
  team: teamReducer,
  editions: editionsReducer,
  editionDrafts: editionDraftsReducer,
  results: resultsReducer,
  comparisons: comparisonsReducer,
  campaignCycle: campaignCycleReducer,
  editionOpening: editionOpeningReducer,
  maps: mapsReducer,
};

export const rootReducer = combineReducers(reducers);

/**
 * The same slices with the preferences and the working views persisted in local storage, each under its own
 * key: language (i18nConfig), layout (LayoutConfig), report filters, and the views of the lists, of the
 * questionnaire's filters and of the report pages' entity selectors (persistence.ts). Never tokens (they live
 * in their cookies) nor anything the server sent.
 */
export const persistedRootReducer = combineReducers({
  ...reducers,
  locale: persistReducer({ key: 'i18nConfig', version: 1, storage }, localeReducer),
  layout: persistReducer({ key: 'LayoutConfig', version: 1, storage, whitelist: ['sidebarCollapsed'] }, layoutReducer),
  reportFilters: persistReducer(
    {
      key: 'reportFilters',
      version: REPORT_FILTERS_VERSION,
      storage,
      // Version 1 knew four territories; the size band's checkbox starts on.
      migrate: createMigrate(
        {
          2: (state: PersistedState) =>
            state && ({ ...migrateReportFilters(state as PersistedState & Partial<ReportFiltersState>), _persist: state._persist } as PersistedState),
        },
        { debug: false },
      ),
    },
    reportFiltersReducer,
  ),
  campaigns: persistView('campaignsView', campaignsReducer, ['view'], (stored) => ({ view: readCampaignsView(stored.view) })),
  users: persistView('usersView', usersReducer, ['view'], (stored) => ({ view: readTableView(stored.view) })),
  entities: persistView('entitiesView', entitiesReducer, ['view'], (stored) => ({ view: readTableView(stored.view) })),
  results: persistView('resultsView', resultsReducer, RESULTS_VIEW_KEYS, readResultsView),
  comparisons: persistView('comparisonsView', comparisonsReducer, ENTITY_CHOICE_KEYS, readEntityChoice),
});

export type RootState = ReturnType<typeof rootReducer>;
