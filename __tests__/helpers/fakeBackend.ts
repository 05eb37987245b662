import { ApiError } from '../../src/client/api/ApiError.js';
import { campaignsApi, referenceApi } from '../../src/client/api/campaignsApi.js';
import type { AuthApi, Tokens } from '../../src/client/api/authApi.js';
import type { CurrentUser } from '../../src/shared/api/auth.js';
import type { CampaignSummary } from '../../src/shared/api/campaigns.js';

/** A person with an account: what they type to sign in, who the server says they are, and their campaigns. */
export interface Account {
  email: string;
  password: string;
  user: CurrentUser;
  campaigns: CampaignSummary[];
}

const campaignOf = (id: number, entity: string): CampaignSummary => ({
  id,
  campaignNumber: 2026,
  text: `Campaña de ${entity}`,
  entityId: id,
  entity,
  status: 'sent',
  startDate: '2026-01-10T09:00:00Z',
  endDate: '2026-02-10T09:00:00Z',
  deadline: null,
  reopening: null,
  reviewStatus: 'pending',
  autonomousCommunity: '10',
});
const account = (id: number, name: string, password: string): Account => ({
  email: `${name.toLowerCase()}@demo.es`,
  password,
  user: { id, email: `${name.toLowerCase()}@demo.es`, name: '', role: 'USER', entities: [{ id, name: `Ayuntamiento de ${name}`, role: 'responsable' }] },
  campaigns: [campaignOf(id, `Ayuntamiento de ${name}`)],
});

/** Alfa and Beta, two users of the same browser. */
export const ALFA = account(1, 'Alfa', 'Clave-secreta-de-Alfa-1');
export const BETA = account(2, 'Beta', 'Clave-secreta-de-Beta-2');

/**
 * The server side of the auth and campaign calls, checking the tokens it is given as the real one does:
 * each sign-in and refresh issues a new pair (all recorded in `issued`), a refresh token works once, and
 * logout revokes the access token unless `revokeOnLogout` is false (a server that never heard the logout).
 * `hold(account)` keeps that account's campaign list waiting until the returned release is called; the
 * token is checked again when it answers.
 */
export function fakeBackend({ revokeOnLogout = true } = {}) {
  const accounts = [ALFA, BETA];
  const issued: string[] = [];
  const byAccess = new Map<string, Account>();
  const byRefresh = new Map<string, Account>();
  const expired = new Set<string>();
  const holds = new Map<Account, Promise<void>>();
  /** The browser's HttpOnly refresh cookie, which the server sets with every pair and the client never sees. */
  let refreshCookie: string | null = null;
  const seen = {
    passwords: [] as string[],
    refreshTokens: [] as string[],
    loggedOut: [] as (string | null)[],
    passwordChanges: [] as { account: string; newPassword: string }[],
  };

  const issue = (owner: Account, pair: Tokens = { accessToken: `tok-access-${issued.length}` }): Tokens => {
    const refreshToken = `tok-refresh-${issued.length}`;
    issued.push(pair.accessToken, refreshToken);
    byAccess.set(pair.accessToken, owner);
    byRefresh.set(refreshToken, owner);
    refreshCookie = refreshToken;
    return pair;
  };
  const ownerOf = (token: string | null) => {
    const owner = token ? byAccess.get(token) : undefined;
    if (!owner) throw new ApiError('INVALID_TOKEN', 401);
    if (expired.has(token!)) throw new ApiError('EXPIRED_ACCESS_TOKEN', 401);
    return owner;
  };

  const authApi: AuthApi = {
    login: async (email, password, pkce) => {
      seen.passwords.push(password);
      const owner = accounts.find((a) => a.email === email && a.password === password);
      if (!owner) throw new ApiError('INVALID_CREDENTIALS', 401);
      return { code: `code-${owner.user.id}`, state: pkce.state };
    },
    exchangeCode: async (code) => issue(accounts.find((a) => `code-${a.user.id}` === code)!),
    refresh: async () => {
      const refreshToken = refreshCookie;
      if (refreshToken) seen.refreshTokens.push(refreshToken);
      const owner = refreshToken ? byRefresh.get(refreshToken) : undefined;
      if (!owner) throw new ApiError('HTTP_ERROR', 400);
      byRefresh.delete(refreshToken!);
      return issue(owner);
    },
    me: async (token) => ownerOf(token).user,
    mailAvailable: async () => false,
    methods: async () => ({ password: true, oidc: null }),
    singleSignOnUrl: () => '/api/v1/auth/oidc/start',
    forgotPassword: async () => undefined,
    resetPassword: async () => undefined,
    saveLanguage: async (token) => {
      ownerOf(token);
    },
    logout: async (token) => {
      seen.loggedOut.push(token);
      if (revokeOnLogout && token) byAccess.delete(token);
      if (revokeOnLogout) refreshCookie = null;
    },
    changePassword: async (token, currentPassword, newPassword) => {
      const owner = ownerOf(token);
      if (owner.password !== currentPassword) throw new ApiError('VALIDATION', 422, { currentPassword: 'ACCOUNT.PASSWORD.WRONG_CURRENT' });
      seen.passwordChanges.push({ account: owner.email, newPassword });
    },
  };

  const api = {
    authApi,
    campaignsApi: {
      ...campaignsApi,
      all: async (token: string | null) => {
        await holds.get(ownerOf(token));
        return ownerOf(token).campaigns;
      },
    },
    referenceApi: { ...referenceApi, communities: async () => [{ ccaaId: '10', name: 'Comunitat Valenciana' }] },
  };

  return {
    api,
    issued,
    seen,
    /** A session the browser already keeps in its cookies (from an earlier visit). */
    existingSession: (owner: Account, pair?: Tokens) => issue(owner, pair),
    /** The refresh token in the browser's HttpOnly cookie, as the server last set it. */
    refreshCookie: () => refreshCookie,
    expire: (accessToken: string) => void expired.add(accessToken),
    hold(owner: Account) {
      let release = () => undefined as void;
      holds.set(owner, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        holds.delete(owner);
        release();
      };
    },
  };
}
