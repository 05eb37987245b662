import type { ErrorType } from '../../shared/api/errors.js';

/** Transport-level failures that have no API error type of their own. */
export type TransportErrorType = ErrorType | 'CONNECTION_FAILED' | 'EMPTY_RESPONSE' | 'HTTP_ERROR';

/** Status the client gives a call that never reached the server (spec section 8). */
export const CONNECTION_FAILED_STATUS = 600;

/** A failed API call: the server's error type, the HTTP status, its data and request id. */
export class ApiError extends Error {
  constructor(
    readonly type: TransportErrorType,
    readonly status: number,
    readonly data?: unknown,
    readonly requestId?: string,
  ) {
    super(`${type} (${status})`);
  }

  /** The serializable form kept in state and actions. */
  toJSON(): SerializedApiError {
    return { type: this.type, status: this.status, ...(this.data === undefined ? {} : { data: this.data }) };
  }
}

export interface SerializedApiError {
  type: TransportErrorType;
  status: number;
  data?: unknown;
}

/** Any thrown value as a serializable error (unknown failures count as internal). */
export function serializeError(err: unknown): SerializedApiError {
  return err instanceof ApiError ? err.toJSON() : { type: 'INTERNAL', status: 500 };
}
