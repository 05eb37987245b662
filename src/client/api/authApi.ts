import { apiUrl, get, http, post, type Fetch } from './http.js';
import type {
  ChangePasswordRequest,
  CurrentUser,
  ForgotPasswordRequest,
  LoginResponse,
  ResetPasswordRequest,
  SignInMethods,
  TokenResponse,
} from '../../shared/api/auth.js';
import { CONFIG, redirectUri } from '../config.js';
import type { Language } from '../../shared/constants.js';

/**
 * The session's tokens as the client keeps them: the access token only. The refresh token lives in an HttpOnly
 * cookie the server sets for its token endpoint (no script reads it); the copy in the RFC 6749 answer is dropped.
 */
export interface Tokens {
  accessToken: string;
}

const toTokens = (t: TokenResponse): Tokens => ({ accessToken: t.access_token });

/** The authentication calls (spec section 7), each a plain function that sagas call. */
export const authApi = {
  login(email: string, password: string, pkce: { challenge: string; state: string }, fetchImpl?: Fetch): Promise<LoginResponse> {
    return http<LoginResponse>(
      {
        method: 'POST',
        path: '/v1/auth/login',
        body: {
          email,
          password,
          client_id: CONFIG.clientId,
          client_secret: CONFIG.clientSecret,
          redirect_uri: redirectUri(),
          state: pkce.state,
          code_challenge_method: 'S256',
          code_challenge: pkce.challenge,
          response_type: 'code',
        },
      },
      fetchImpl,
    );
  },

  /** How users sign in on this server: with a password, through the organisation's OpenID provider, or both. */
  async methods(fetchImpl?: Fetch): Promise<SignInMethods> {
    return http<SignInMethods>({ path: '/v1/auth/methods' }, fetchImpl);
  },

  /**
   * Where the browser goes to sign in through the OpenID provider: the server's first step, with the app's PKCE
   * challenge and state as for a password login. The provider sends the browser back to the app's redirect URI.
   */
  singleSignOnUrl(pkce: { challenge: string; state: string }): string {
    const query = {
      client_id: CONFIG.clientId,
      redirect_uri: redirectUri(),
      state: pkce.state,
      code_challenge: pkce.challenge,
      code_challenge_method: 'S256',
      response_type: 'code',
    };
    return apiUrl({ path: '/v1/auth/oidc/start', query });
  },

  async exchangeCode(code: string, verifier: string, fetchImpl?: Fetch): Promise<Tokens> {
    const body = {
      grant_type: 'authorization_code',
      redirect_uri: redirectUri(),
      code,
      code_verifier: verifier,
      client_id: CONFIG.clientId,
      client_secret: CONFIG.clientSecret,
    };
    return toTokens(await http<TokenResponse>({ method: 'POST', path: '/v1/auth/token', body, raw: true }, fetchImpl));
  },

  /** A refresh with the browser's HttpOnly refresh cookie, which the server reads when the body names no refresh_token. */
  async refresh(fetchImpl?: Fetch): Promise<Tokens> {
    const body = { grant_type: 'refresh_token', client_id: CONFIG.clientId, client_secret: CONFIG.clientSecret };
    return toTokens(await http<TokenResponse>({ method: 'POST', path: '/v1/auth/token', body, raw: true }, fetchImpl));
  },

  /** Whether the server sends e-mail (health's `mail`): the forgotten-password page offers a link only then. */
  async mailAvailable(fetchImpl?: Fetch): Promise<boolean> {
    return (await http<{ mail: boolean }>({ path: '/v1/health' }, fetchImpl)).mail;
  },

  /** Asks for a reset link for the address; the answer is the same whether or not it belongs to an account. */
  async forgotPassword(email: string, language: Language, fetchImpl?: Fetch): Promise<void> {
    await http({ method: 'POST', path: '/v1/auth/forgotPassword', body: { email, language } satisfies ForgotPasswordRequest }, fetchImpl);
  },

  /** Sets a new password with a reset link's token. */
  async resetPassword(token: string, password: string, fetchImpl?: Fetch): Promise<void> {
    await http({ method: 'POST', path: '/v1/auth/resetPassword', body: { token, password } satisfies ResetPasswordRequest }, fetchImpl);
  },

  async me(token: string | null): Promise<CurrentUser> {
    return (await get<{ user: CurrentUser }>('/auth/me', token)).user;
  },

  /** Tells the server the language the user chose, for the e-mails it sends them. */
  async saveLanguage(token: string | null, language: Language): Promise<void> {
    await post('/auth/me/language', token, { language });
  },

  async logout(token: string | null): Promise<void> {
    await post('/auth/logout', token);
  },

  /** Changes the caller's password; the server ends the user's other sessions. */
  async changePassword(token: string | null, currentPassword: string, newPassword: string): Promise<void> {
    await post('/auth/changePassword', token, { currentPassword, newPassword } satisfies ChangePasswordRequest);
  },
};

export type AuthApi = typeof authApi;
