import { PASSWORD_MAX_LENGTH } from '../constants.js';

/**
 * The password policy (OWASP ASVS V2.1): the one function the change-password form and the server
 * both run. A new password has at least PASSWORD_MIN_LENGTH characters (and no more than the login takes), is
 * not the account's e-mail nor contains it, differs from the current one, and is not easily guessed: a
 * strength estimator (zxcvbn-ts with its common and Spanish dictionaries, ./strength.ts) must give it at least
 * PASSWORD_MIN_SCORE, knowing the user's own e-mail and name. The estimator is passed in, so that the client
 * loads its dictionaries in a chunk of their own only when the form opens.
 */
export const PASSWORD_MIN_LENGTH = 12;
/**
 * zxcvbn's score, from 0 to 4: 4 is over 10^10 guesses ("very unguessable"). Score 3 (10^8) is not enough here:
 * zxcvbn gives it to any password of three guessable parts (a name, a surname and a digit: 'luciamartinez1';
 * a city and a year: 'barcelona2024!'); a random 12-character text or a phrase of three uncommon words gets 4.
 */
export const PASSWORD_MIN_SCORE = 4;

/** Why zxcvbn finds a password weak: its feedback's warning keys (the same in every zxcvbn-ts language). */
export const STRENGTH_WARNINGS = [
  'straightRow',
  'keyPattern',
  'simpleRepeat',
  'extendedRepeat',
  'sequences',
  'recentYears',
  'dates',
  'topTen',
  'topHundred',
  'common',
  'similarToCommon',
  'wordByItself',
  'namesByThemselves',
  'commonNames',
  'userInputs',
  'pwned',
] as const;
export type StrengthWarning = (typeof STRENGTH_WARNINGS)[number];

/** What the policy needs of a strength estimate: zxcvbn's score and its warning key, if any. */
export interface StrengthEstimate {
  score: number;
  warning: string | null;
}

/** Estimates a password's strength knowing words of the user (its e-mail, name): see ./strength.ts. */
export type StrengthEstimator = (password: string, userInputs: readonly string[]) => StrengthEstimate;

/** Why a password is refused. */
export type PasswordProblem =
  { code: 'REQUIRED' | 'TOO_SHORT' | 'TOO_LONG' | 'IS_EMAIL' | 'SAME_AS_CURRENT' } | { code: 'TOO_WEAK'; warning: StrengthWarning | null };

export interface PasswordContext {
  email: string;
  name?: string;
  /** The password in use now, when the caller knows it (the change form, the server after checking it). */
  currentPassword?: string;
}

/** The message id (i18n, in every language) that tells why a password is refused. */
export function passwordProblemMessageId(problem: PasswordProblem): string {
  if (problem.code !== 'TOO_WEAK') return `ACCOUNT.PASSWORD.${problem.code}`;
  return problem.warning ? `ACCOUNT.PASSWORD.WEAK.${problem.warning}` : 'ACCOUNT.PASSWORD.WEAK.generic';
}

const isStrengthWarning = (warning: string | null): warning is StrengthWarning => (STRENGTH_WARNINGS as readonly string[]).includes(warning ?? '');

/** The words of the user the estimator should know: the e-mail, its parts, and the name's words. */
export function userInputsOf(context: Pick<PasswordContext, 'email' | 'name'>): string[] {
  const email = context.email.trim().toLowerCase();
  const [local = '', domain = ''] = email.split('@');
  const words = [email, local, domain, ...local.split(/[._+-]+/), ...domain.split('.'), ...(context.name ?? '').toLowerCase().split(/\s+/)];
  return [...new Set(words.filter((word) => word.length >= 3))];
}

/**
 * The first reason a new password is refused, or null when the policy accepts it. The cheap rules come first,
 * so that the estimator only sees passwords of an acceptable length.
 */
export function checkNewPassword(password: string, context: PasswordContext, estimate: StrengthEstimator): PasswordProblem | null {
  if (password.length === 0) return { code: 'REQUIRED' };
  if ([...password].length < PASSWORD_MIN_LENGTH) return { code: 'TOO_SHORT' };
  if (password.length > PASSWORD_MAX_LENGTH) return { code: 'TOO_LONG' };
  const email = context.email.trim().toLowerCase();
  if (email && password.toLowerCase().includes(email)) return { code: 'IS_EMAIL' };
  if (context.currentPassword !== undefined && password === context.currentPassword) return { code: 'SAME_AS_CURRENT' };
  const { score, warning } = estimate(password, userInputsOf(context));
  if (score < PASSWORD_MIN_SCORE) return { code: 'TOO_WEAK', warning: isStrengthWarning(warning) ? warning : null };
  return null;
}
