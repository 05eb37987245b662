/** Client-side timing constants of spec section 9. */
export const SNACKBAR_AUTO_HIDE_MS = 5000;
/** How long a call that met an expired token waits for the refresh in flight (the spec's 10 s; it wakes on the refresh's end, not by polling). */
export const REFRESH_WAIT_MS = 10000;
export const SPLASH_MAX_MS = 3000;
/** How long an access token cookie lives; the server decides the token's own expiry. */
export const TOKEN_COOKIE_MAX_AGE_S = 30 * 24 * 3600;
