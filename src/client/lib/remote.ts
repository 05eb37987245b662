import type { SerializedApiError } from '../api/ApiError.js';

/** Status of one remote call (style.md rule 3). */
export type RequestStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** A failed call as kept in state: serializable, mapped to a message by selectors. */
export type RequestError = SerializedApiError;

/** Generic paged data (spec section 3): rows of the pages loaded so far; pages above 1 append. */
export interface PagedData<T> {
  page: number;
  rows: T[];
}

export const emptyPage = <T>(): PagedData<T> => ({ page: 0, rows: [] });

/** Merges a loaded page: page 1 replaces the rows, later pages append to them. */
export function mergePage<T>(current: PagedData<T>, loaded: PagedData<T>): PagedData<T> {
  return loaded.page > 1 ? { page: loaded.page, rows: [...current.rows, ...loaded.rows] } : loaded;
}

/** One remote call's state beside the data it loads (style.md rule 3). */
export type Remote<T = object> = { status: RequestStatus; error: RequestError | null } & T;

/** A call not made yet. */
export const IDLE = { status: 'idle' as RequestStatus, error: null };
