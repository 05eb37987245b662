import { configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { persistStore, FLUSH, PAUSE, PERSIST, PURGE, REGISTER, REHYDRATE } from 'redux-persist';
import { persistedRootReducer, rootReducer, type RootState } from './rootReducer.js';
import { rootSaga, resolveDependencies, type Dependencies } from './rootSaga.js';
import { SESSION_TOKENS_CONTEXT } from '../lib/sessionTokens.js';

export interface StoreOptions {
  preloadedState?: Partial<RootState>;
  /** Persist preferences in local storage (the app); tests leave it off. */
  persist?: boolean;
  /** The sagas' outside world (API functions, crypto, navigation); tests pass fakes. */
  dependencies?: Partial<Dependencies>;
  /** Start the sagas (default true). */
  runSagas?: boolean;
}

/**
 * Builds the store: slices, saga middleware, optional persistence, DevTools outside production. Answers
 * the dependencies the sagas got too, for the one the login form shares with them (the credentials box).
 */
export function makeStore({ preloadedState, persist = false, dependencies, runSagas = true }: StoreOptions = {}) {
  const deps = resolveDependencies(dependencies);
  // In the context too, for apiCall, which every feature's workers call without their dependencies.
  const sagaMiddleware = createSagaMiddleware({ context: { [SESSION_TOKENS_CONTEXT]: deps.session } });
  const store = configureStore({
    reducer: (persist ? persistedRootReducer : rootReducer) as typeof rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) =>
      getDefault({
        thunk: false,
        // A chosen file travels to its saga in the action's meta (editions/fileChosen), never into the state.
        serializableCheck: { ignoredActions: [FLUSH, REHYDRATE, PAUSE, PERSIST, PURGE, REGISTER], ignoredActionPaths: ['meta.file'] },
      }).concat(sagaMiddleware),
    devTools: process.env.NODE_ENV !== 'production',
  });
  if (runSagas) sagaMiddleware.run(rootSaga, deps);
  const persistor = persist ? persistStore(store) : null;
  return { store, persistor, dependencies: deps };
}

export type AppStore = ReturnType<typeof makeStore>['store'];
export type AppDispatch = AppStore['dispatch'];
export type { RootState };
