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
