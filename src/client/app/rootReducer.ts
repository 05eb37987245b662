import { combineReducers } from '@reduxjs/toolkit';
import { persistReducer } from 'redux-persist';
import localStorageModule from 'redux-persist/lib/storage';
import { authReducer } from '../features/auth/authSlice.js';
import { errorsReducer } from '../features/errors/errorsSlice.js';
import { alertsReducer } from '../features/alerts/alertsSlice.js';
import { snackbarReducer } from '../features/snackbar/snackbarSlice.js';
import { localeReducer } from '../features/locale/localeSlice.js';
import { layoutReducer } from '../features/layout/layoutSlice.js';
import { reportFiltersReducer } from '../features/reportFilters/reportFiltersSlice.js';
import { campaignsReducer } from '../features/campaigns/campaignsSlice.js';
import { referenceReducer } from '../features/reference/referenceSlice.js';
import { usersReducer } from '../features/admin/users/usersSlice.js';
import { entitiesReducer } from '../features/admin/entities/entitiesSlice.js';
import { resultsReducer } from '../features/results/resultsSlice.js';
import { comparisonsReducer } from '../features/comparisons/comparisonsSlice.js';

/** The slices, unpersisted (tests and the server never persist). */
export const reducers = {
  auth: authReducer,
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
  results: resultsReducer,
  comparisons: comparisonsReducer,
};

export const rootReducer = combineReducers(reducers);

// redux-persist ships CommonJS: webpack unwraps its default export, Node's ES module loader (jest) does not.
const storage = (localStorageModule as unknown as { default?: typeof localStorageModule }).default ?? localStorageModule;

/**
 * The same slices with the preferences persisted in local storage, each under its own key:
 * language (i18nConfig), layout (LayoutConfig) and report filters. Tokens are never persisted here:
 * they live in their cookies.
 */
export const persistedRootReducer = combineReducers({
  ...reducers,
  locale: persistReducer({ key: 'i18nConfig', version: 1, storage }, localeReducer),
  layout: persistReducer({ key: 'LayoutConfig', version: 1, storage, whitelist: ['sidebarCollapsed'] }, layoutReducer),
  reportFilters: persistReducer({ key: 'reportFilters', version: 1, storage }, reportFiltersReducer),
});

export type RootState = ReturnType<typeof rootReducer>;
