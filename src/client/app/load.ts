import { put } from 'redux-saga/effects';
import type { Action } from '@reduxjs/toolkit';
import { serializeError } from '../api/ApiError.js';
import type { RequestError } from '../lib/remote.js';
import type { Saga } from '../lib/typedEffects.js';

/**
 * One load into a Remote of the store: the request (a callApi, whose policy shows the toast), then the
 * loaded event with its answer, or the failed event with the serializable error.
 */
export function* load<R>(request: Saga<R>, loaded: (result: R) => Action, failed: (error: RequestError) => Action): Saga<void> {
  try {
    yield put(loaded(yield* request));
  } catch (err) {
    yield put(failed(serializeError(err)));
  }
}
