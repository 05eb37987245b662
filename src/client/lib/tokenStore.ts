import type { Tokens } from '../api/authApi.js';
import { ACCESS_TOKEN_COOKIE, REFRESH_TOKEN_COOKIE, deleteCookie, readCookie, writeCookie } from './cookies.js';
import { TOKEN_COOKIE_MAX_AGE_S } from './constants.js';

/** Where the session's tokens are kept between visits. */
export interface TokenStore {
  read(): Tokens | null;
  save(tokens: Tokens): void;
  clear(): void;
}

/** The cookie store of spec section 9: access_token and refresh_token at path /. */
export const cookieTokenStore: TokenStore = {
  read() {
    const accessToken = readCookie(ACCESS_TOKEN_COOKIE);
    return accessToken ? { accessToken, refreshToken: readCookie(REFRESH_TOKEN_COOKIE) } : null;
  },
  save(tokens) {
    writeCookie(ACCESS_TOKEN_COOKIE, tokens.accessToken, TOKEN_COOKIE_MAX_AGE_S);
    if (tokens.refreshToken) writeCookie(REFRESH_TOKEN_COOKIE, tokens.refreshToken, TOKEN_COOKIE_MAX_AGE_S);
  },
  clear() {
    deleteCookie(ACCESS_TOKEN_COOKIE);
    deleteCookie(REFRESH_TOKEN_COOKIE);
  },
};
