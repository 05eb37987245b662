/** Client-side timing constants of spec section 9. */
export const SNACKBAR_AUTO_HIDE_MS = 5000;
export const REFRESH_WAIT_MS = 10000;
export const REFRESH_POLL_MS = 500;
export const SPLASH_MAX_MS = 3000;
/** How long an access token cookie lives; the server decides the token's own expiry. */
export const TOKEN_COOKIE_MAX_AGE_S = 30 * 24 * 3600;
