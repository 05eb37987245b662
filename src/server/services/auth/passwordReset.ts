import type { Db } from '../../db/client.js';
import { conflict, validationError } from '../../errors.js';
import { findPasswordResetForUpdate, findResetRecipient, insertPasswordReset, markPasswordResetUsed } from '../../db/repositories/passwordResets.js';
import { updatePasswordHash } from '../../db/repositories/users.js';
import { revokeUserFamilies } from '../../db/repositories/oauth.js';
import { clearBuckets } from '../../db/repositories/loginThrottle.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { admitResetRequest, normaliseEmail } from './loginThrottle.js';
import { hashPassword } from './passwords.js';
import { randomToken, sha256 } from './pkce.js';
import { composeResetMail } from '../mail/templates.js';
import type { Mailer } from '../mail/sender.js';
import { roleFromNumber } from '../../../shared/roles.js';
import { isLanguage, type Language } from '../../../shared/constants.js';
import { checkNewPassword, passwordProblemMessageId } from '../../../shared/password/policy.js';
import { loadStrengthEstimator } from '../../../shared/password/loadStrength.js';
import { SMTP_NOT_CONFIGURED } from '../../../shared/api/editionOpening.js';
import { RESET_LINK_INVALID, RESET_PASSWORD_PATH } from '../../../shared/api/auth.js';

/** How long a reset link works. */
export const RESET_TTL_MS = 3600 * 1000;

/** The link the e-mail carries: the token in the fragment, which browsers send to no server (nor in a Referer). */
export const resetLink = (publicUrl: string, token: string) => `${publicUrl}${RESET_PASSWORD_PATH}#${token}`;

export interface ResetSetup {
  db: Db;
  /** Null without SMTP_URL: the page then tells the user to ask an administrator. */
  mailer: Mailer | null;
  publicUrl: string;
  /** Where a message that could not be sent is reported (the request's log): the answer has gone already. */
  warn: (detail: Record<string, unknown>, message: string) => void;
}

/**
 * A forgotten password: when the e-mail belongs to an account that may sign in, a single-use link (1 hour) goes to
 * it, in the language asked for (the page's) or else the user's. The answer is the same whether or not the address
 * exists, and takes about as long: the message is sent after the answer, never awaited. Throttled per e-mail
 * (admitResetRequest) as well as per address (the route's limit, as for the login).
 */
export async function requestPasswordReset(
  setup: ResetSetup,
  input: { email: string; language?: Language },
  meta: { ip?: string; requestId?: string },
): Promise<void> {
  const { db, mailer } = setup;
  if (!mailer) throw conflict('E-mail is not configured on this server (SMTP_URL)', SMTP_NOT_CONFIGURED);
  const email = normaliseEmail(input.email);
  await admitResetRequest(db, { email, ip: meta.ip, requestId: meta.requestId });
  const user = await findResetRecipient(db, email);
  const role = user && roleFromNumber(user.role);
  if (!user || !role || role === 'NO') {
    await recordAudit(db, { action: 'auth.password_reset_requested', details: { email, ip: meta.ip, known: false }, requestId: meta.requestId });
    return;
  }
  const token = randomToken();
  await db.transaction(async (tx) => {
    await insertPasswordReset(tx, sha256(token), user.id, new Date(Date.now() + RESET_TTL_MS));
    await recordAudit(tx, {
      actorId: user.id,
      actorEmail: user.email,
      action: 'auth.password_reset_requested',
      targetType: 'user',
      targetId: user.id,
      details: { ip: meta.ip },
      requestId: meta.requestId,
    });
  });
  const stored: Language = isLanguage(user.language) ? user.language : 'es';
  const mail = composeResetMail(input.language ?? stored, resetLink(setup.publicUrl, token));
  void mailer([{ to: user.email, ...mail }])
    .then((summary) => {
      if (summary.failed.length > 0) setup.warn({ requestId: meta.requestId, reason: summary.failed[0].reason }, 'password reset e-mail refused');
    })
    .catch((err: unknown) => setup.warn({ err, requestId: meta.requestId }, 'password reset e-mail failed'));
}

/**
 * Sets a new password with a reset link's token: the token must exist, be unused and under an hour old; the
 * password must pass the policy. The link is then used up, the password is the user's own (not temporary), every
 * session of the user ends, and the account's login throttle is cleared. Any refused token answers alike.
 */
export async function resetPassword(db: Db, input: { token: string; password: string }, meta: { requestId?: string }): Promise<void> {
  const tokenHash = sha256(input.token);
  const invalid = () => validationError('El enlace no es válido o ha caducado', { token: RESET_LINK_INVALID });
  // A first look, outside any lock, so that the slow password check does not hold one.
  const peek = await findPasswordResetForUpdate(db, tokenHash);
  if (!peek || peek.usedAt || peek.expiresAt <= peek.now) throw invalid();
  const problem = checkNewPassword(input.password, { email: peek.email, name: peek.name }, await loadStrengthEstimator());
  if (problem) throw validationError('La nueva contraseña no cumple la política de contraseñas', { password: passwordProblemMessageId(problem) });
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    const row = await findPasswordResetForUpdate(tx, tokenHash);
    // Used meanwhile by a parallel request, or expired during the check.
    if (!row || row.usedAt || row.expiresAt <= row.now) throw invalid();
    await markPasswordResetUsed(tx, tokenHash);
    await updatePasswordHash(tx, row.userId, passwordHash, false);
    await revokeUserFamilies(tx, row.userId, 'password reset');
    await clearBuckets(tx, [`account:${normaliseEmail(row.email)}`]);
    await recordAudit(tx, {
      actorId: row.userId,
      actorEmail: row.email,
      action: 'auth.password_reset',
      targetType: 'user',
      targetId: row.userId,
      requestId: meta.requestId,
    });
  });
}
