import type { SerializedApiError } from '../api/ApiError.js';

/** What the error page shows for a failed call: a message id and its values, and whether it is a 404. */
export interface TransportErrorMessage {
  id: string;
  values?: Record<string, string | number>;
  notFound?: boolean;
}

/** The not-found page's message: a 404 answer, or an address that names nothing (/my-campaigns/abc). */
export const NOT_FOUND_MESSAGE: TransportErrorMessage = { id: 'TRANSPORT.NOT_FOUND', notFound: true };

/**
 * The transport error catalogue of spec section 8. Returns null for failures the calling screen handles
 * itself (422 validation), for an expired token, which is refreshed rather than shown, and for a temporary
 * password, which leads to the change form.
 */
export function transportErrorMessage(error: SerializedApiError): TransportErrorMessage | null {
  const { status, type } = error;
  // A temporary password is not an error to show: the guards send the user to the change form.
  if (type === 'EXPIRED_ACCESS_TOKEN' || type === 'PASSWORD_CHANGE_REQUIRED' || status === 422) return null;
  if (type === 'EMPTY_RESPONSE') return { id: 'TRANSPORT.EMPTY_RESPONSE' };
  if (type === 'CONNECTION_FAILED' || status === 600) return { id: 'TRANSPORT.SERVER_NOT_RUNNING' };
  if (status === 401) return { id: 'TRANSPORT.UNAUTHORIZED' };
  if (status === 501) return { id: 'TRANSPORT.API_KEY_INVALID' };
  if (status === 404) return NOT_FOUND_MESSAGE;
  if (status >= 400 && status < 500) return { id: 'TRANSPORT.HTTP_ERROR', values: { status } };
  // The database out of reach or of space: worth saying that trying again later will do.
  if (type === 'UNAVAILABLE' || status === 503) return { id: 'TRANSPORT.UNAVAILABLE' };
  return { id: 'TRANSPORT.INTERNAL' };
}
