/** The API's error catalogue: one stable type per failure, with its HTTP status (docs/api.md). */
export const ERROR_STATUS = {
  /** The HTTP request itself cannot be read (answered before any route). */
  BAD_REQUEST: 400,
  VALIDATION: 422,
  INVALID_CREDENTIALS: 401,
  EXPIRED_ACCESS_TOKEN: 401,
  INVALID_TOKEN: 401,
  FORBIDDEN: 403,
  /**
   * The caller's password is temporary (an administrator generated it): until the user sets their own with
   * auth/changePassword, every other call but auth/me and auth/logout is refused with this type.
   */
  PASSWORD_CHANGE_REQUIRED: 403,
  NOT_FOUND: 404,
  EMAIL_EXISTS: 409,
  CONFLICT: 409,
  /** The request was not complete in time (answered before any route). */
  REQUEST_TIMEOUT: 408,
  PAYLOAD_TOO_LARGE: 413,
  /** The address and headers together exceed 16 KB (answered before any route). */
  HEADERS_TOO_LARGE: 431,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorType = keyof typeof ERROR_STATUS;

export interface ApiErrorBody {
  type: ErrorType;
  message: string;
  data?: unknown;
}

export interface ApiRequestInfo {
  method: string;
  path: string;
  id: string;
}

/** Every failed call's body. */
export interface ApiFailure {
  error: ApiErrorBody;
  request: ApiRequestInfo;
}
