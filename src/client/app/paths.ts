import { idFromDigits } from '../../shared/ids.js';
import type { Action } from '../../shared/permissions.js';

/** The routes of spec section 2. */
export const PATHS = {
  root: '/',
  auth: '/auth',
  login: '/auth/login',
  forgotPassword: '/auth/forgot-password',
  /** The page a reset link opens (RESET_PASSWORD_PATH of shared/api/auth.ts, which the server writes in the e-mail). */
  resetPassword: '/auth/reset-password',
  /** The app's redirect URI (config.ts redirectUri), where a sign-in through the OpenID provider comes back. */
  authCallback: '/auth/callback',
  logout: '/logout',
  error: '/Error',
  noDashboard: '/no-dashboard',
  campaigns: '/campaigns',
  myCampaigns: '/my-campaigns',
  results: '/results',
  comparisons: '/comparisons',
  status: '/status',
  review: '/review',
  entities: '/manage/entities',
  createEntity: '/manage/entities/create',
  users: '/manage/users',
  createUser: '/manage/users/create',
  audit: '/manage/audit',
  editions: '/manage/editions',
  changePassword: '/account/password',
  team: '/team',
  receipt: '/receipt',
  /** What personal data the application processes, and the user's own ('Privacidad'): open to anyone. */
  privacy: '/privacidad',
  accessibility: '/accesibilidad',
} as const;

/** The receipt of a campaign's signed submission ('Justificante de envío'). */
export const receiptPath = (campaignId: number) => `${PATHS.receipt}/${campaignId}`;

/** An entity's team ('Equipo'). */
export const teamPath = (entityId: number) => `${PATHS.team}/${entityId}`;

/** The editor of the draft edition of a year. */
export const editionDraftPath = (year: number) => `${PATHS.editions}/draft/${year}`;

/** The review of one sent campaign. */
export const reviewCampaignPath = (id: number) => `${PATHS.review}/${id}`;

/** The edit forms of one user and one entity. */
export const editUserPath = (id: number) => `${PATHS.users}/${id}/edit`;
export const editEntityPath = (id: number) => `${PATHS.entities}/${id}/edit`;

/** Who may open a questionnaire (/my-campaigns/{id}): an entity's USER and ADMIN, not FEC. */
export const QUESTIONNAIRE_ACTIONS: readonly Action[] = ['SELF_CAMPAIGNS', 'ADMIN_CAMPAIGNS'];

/** The header title of a path: the first matching prefix wins (spec section 2, Header title). */
const TITLES: readonly [prefix: string, messageId: string][] = [
  ['/campaigns', 'HEADER.CAMPAIGNS'],
  ['/my-campaigns', 'HEADER.CAMPAIGNS'],
  ['/results', 'HEADER.RESULTS'],
  ['/comparisons', 'HEADER.RESULTS'],
  ['/status', 'HEADER.STATUS'],
  ['/review', 'HEADER.REVIEW'],
  ['/team', 'HEADER.TEAM'],
  ['/receipt', 'HEADER.RECEIPT'],
  ['/manage/entities/create', 'HEADER.CREATE_ENTITY'],
  ['/manage/entities', 'HEADER.ENTITIES'],
  ['/manage/users', 'HEADER.USERS'],
  ['/manage/audit', 'HEADER.AUDIT'],
  ['/manage/editions', 'HEADER.EDITIONS'],
  ['/account/password', 'HEADER.CHANGE_PASSWORD'],
];

export function headerTitleId(pathname: string): string {
  return TITLES.find(([prefix]) => pathname.startsWith(prefix))?.[1] ?? 'HEADER.DASHBOARD';
}

/** Where the root sends a role: USER to its campaigns, ADMIN and FEC to the status page. */
export function homePathFor(role: string | null | undefined): string {
  if (role === 'USER') return PATHS.myCampaigns;
  if (role === 'ADMIN' || role === 'FEC') return PATHS.status;
  if (role === 'NO' || role === 'DEVELOPERS') return PATHS.noDashboard;
  return PATHS.login;
}

/** A route's campaign id: a database id written in digits, or null when it names none or no valid one. */
export const campaignIdParam = (param: string | undefined): number | null => (param === undefined ? null : idFromDigits(param));

/** A route that names a campaign id no campaign can have (/my-campaigns/abc): the not-found page, as for an unknown id. */
export const isMalformedIdParam = (param: string | undefined) => param !== undefined && campaignIdParam(param) === null;

/**
 * Where to go after signing in from a deep link: the page that was asked for, if it is a path of this app
 * (one leading slash, no scheme, no host, no backslash, not a sign-in page); otherwise null, and the role's home.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  const hasControlOrBackslash = [...value].some((c) => c === '\\' || c.charCodeAt(0) < 0x20);
  if (!value.startsWith('/') || value.startsWith('//') || hasControlOrBackslash) return null;
  if ([PATHS.auth, PATHS.logout, PATHS.error].some((p) => value === p || value.startsWith(`${p}/`) || value.startsWith(`${p}?`))) return null;
  return value;
}
