import type { Tokens } from '../api/authApi.js';
import { ACCESS_TOKEN_COOKIE, LEGACY_REFRESH_TOKEN_COOKIE, deleteCookie, readCookie, writeCookie } from './cookies.js';
import { TOKEN_COOKIE_MAX_AGE_S } from './constants.js';

/** Where the session's tokens are kept between visits. */
export interface TokenStore {
  read(): Tokens | null;
  save(tokens: Tokens): void;
  clear(): void;
}

/**
 * The cookie store of spec section 9, for the access token (access_token at path /). The refresh token is not
 * the client's to keep: the server sets it HttpOnly for its token endpoint. The refresh_token cookie that earlier
 * versions wrote at path / (readable by any script) is removed whenever the access token is saved or cleared.
 */
export const cookieTokenStore: TokenStore = {
  read() {
    const accessToken = readCookie(ACCESS_TOKEN_COOKIE);
    return accessToken ? { accessToken } : null;
  },
  save(tokens) {
    writeCookie(ACCESS_TOKEN_COOKIE, tokens.accessToken, TOKEN_COOKIE_MAX_AGE_S);
    deleteCookie(LEGACY_REFRESH_TOKEN_COOKIE);
  },
  clear() {
    deleteCookie(ACCESS_TOKEN_COOKIE);
    deleteCookie(LEGACY_REFRESH_TOKEN_COOKIE);
  },
};
