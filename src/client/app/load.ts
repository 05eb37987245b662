import { put } from 'redux-saga/effects';
import { freeze, type Action } from '@reduxjs/toolkit';
import { serializeError } from '../api/ApiError.js';
import type { RequestError } from '../lib/remote.js';
import type { Saga } from '../lib/typedEffects.js';
import type { SecureFn } from '../api/http.js';
import { callApi, type FailureToast } from './apiCall.js';
import { keepOnScreen } from './callPolicies.js';

/**
 * One load into a Remote of the store: the request (a callApi, whose policy shows the toast), then the
 * loaded event with its answer, or the failed event with the serializable error.
 */
export function* load<R>(request: Saga<R>, loaded: (result: R) => Action, failed: (error: RequestError) => Action): Saga<void> {
  try {
    yield put(loaded(frozenOnTop(yield* request)));
  } catch (err) {
    yield put(failed(serializeError(err)));
  }
}

/**
 * The usual load of a page's data: a failure keeps the page as it is and shows the toast (keepOnScreen), the
 * events as load's. `fn` is called with `args`.
 */
export function loadOnScreen<A extends unknown[], R>(
  toast: FailureToast | undefined,
  loaded: (result: R) => Action,
  failed: (error: RequestError) => Action,
  fn: SecureFn<A, R>,
  ...args: A
): Saga<void> {
  return load(callApi(keepOnScreen(toast), fn, ...args), loaded, failed);
}

/**
 * An answer made read-only at its top: itself and the values directly under it, each shallowly, as immer's
 * documentation advises for large data that will not change. Immer deep-freezes whatever a reducer stores, and
 * walks every object of it first, unless the object is frozen: a result's 100 KB of figures cost ~50 ms of the
 * page's main thread that way, on every load. Reducers store an answer or one of its values, so both stop it.
 * The store's contents stay read-only as they were (reducers never write into an answer; in development Redux
 * Toolkit's immutability check watches the whole state).
 */
export function frozenOnTop<R>(answer: R): R {
  if (answer === null || typeof answer !== 'object') return answer;
  for (const value of Object.values(answer)) freeze(value);
  return freeze(answer);
}
