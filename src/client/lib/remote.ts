import type { PayloadAction } from '@reduxjs/toolkit';
import type { SerializedApiError } from '../api/ApiError.js';

/** Status of one remote call. */
export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** A failed call as kept in state: serializable, mapped to a message by selectors. */
export type RequestError = SerializedApiError;

/** The code a refusal names in an object `data` (`{ code, ... }`: EVIDENCE_MISSING, STALE_ANSWER...); undefined otherwise. */
export const dataCode = (error: RequestError): string | undefined => (error.data as { code?: string } | null)?.code;

/** One remote call's state beside the data it loads. */
export type Remote<T = object> = { status: RequestStatus; error: RequestError | null } & T;

/** Whether a call has yet to answer (not made, or on its way). */
export const isPending = (status: RequestStatus): boolean => status === 'idle' || status === 'loading';

/** A call not made yet. */
export const IDLE = { status: 'idle' as RequestStatus, error: null };

/** A call on its way. */
export const LOADING = { status: 'loading' as RequestStatus, error: null };

/**
 * The three reducers of a Remote that one call fills, for a slice's `reducers`: `requested` (loading; what it holds
 * stays on screen meanwhile), `loaded` (succeeded, with the data made of the answer) and `failed` (the error; what it
 * held stays, unless `onFailure` gives what a failure leaves instead).
 */
export function remoteReducers<S, P, T extends object>(at: (state: S) => Remote<T>, data: (payload: P) => T, onFailure?: T) {
  return {
    requested(state: S) {
      at(state).status = 'loading';
    },
    loaded(state: S, action: PayloadAction<P>) {
      Object.assign(at(state), { status: 'succeeded', error: null }, data(action.payload));
    },
    failed(state: S, action: PayloadAction<RequestError>) {
      Object.assign(at(state), { status: 'failed', error: action.payload }, onFailure);
    },
  };
}
