import { put, type Effect } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import { serializeError, type TransportErrorType } from './ApiError.js';
import { snackbarActions } from '../features/snackbar/snackbarSlice.js';
import type { RequestError } from '../lib/remote.js';

/**
 * Failures of a change the user made stay on the screen as a toast (no error page), so that what they
 * chose is not lost; only a refused session still ends it.
 */
export const KEEP_ON_SCREEN: readonly TransportErrorType[] = [
  'VALIDATION', 'CONFLICT', 'FORBIDDEN', 'NOT_FOUND', 'EMAIL_EXISTS', 'RATE_LIMITED', 'INTERNAL', 'UNAVAILABLE', 'CONNECTION_FAILED', 'EMPTY_RESPONSE', 'HTTP_ERROR',
];

/**
 * One load: the call, then the loaded event, or the failed event and the error toast.
 * `loaded` receives the answer; `failed` the serializable error.
 */
export function* load<R>(
  request: () => Generator<Effect, R, unknown>,
  loaded: (result: R) => Action,
  failed: (error: RequestError) => Action,
  toastId: string,
): Generator<Effect, void, unknown> {
  try {
    yield put(loaded(yield* request()));
  } catch (err) {
    yield put(failed(serializeError(err)));
    yield put(snackbarActions.toastShown(toastId));
  }
}
