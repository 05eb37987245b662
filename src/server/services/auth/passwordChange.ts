import type { Db } from '../../db/client.js';
import type { TokenSigner } from './jwt.js';
import { conflict, invalidToken, validationError } from '../../errors.js';
import { findPasswordForUpdate, updatePasswordHash } from '../../db/repositories/users.js';
import { revokeOtherFamilies } from '../../db/repositories/oauth.js';
import { clearBuckets } from '../../db/repositories/loginThrottle.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { admitLoginAttempt, normaliseEmail } from './loginThrottle.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { auditedBy, type Actor } from '../actor.js';
import { checkNewPassword, passwordProblemMessageId } from '../../../shared/password/policy.js';
import { loadStrengthEstimator } from '../../../shared/password/loadStrength.js';
import type { ChangePasswordRequest } from '../../../shared/api/auth.js';

/** Who changes a password: the signed-in user, its session (kept open), and the caller's address for the audit log. */
export interface PasswordChanger {
  actor: Actor;
  familyId: string;
  ip?: string;
}

/**
 * A user changes their own password. The current password is checked first, counted by the login
 * throttle of the account (a stolen session cannot guess it faster than a login could); then the new one
 * against the shared policy (src/shared/password/policy.ts, the form's own check). The change marks the
 * password as the user's own (no longer temporary), ends the user's other sessions and is audit-logged
 * (auth.password_change, or auth.password_change_required when it replaced a generated password), never with
 * a password. The caller's session goes on.
 */
export async function changePassword(ctx: { db: Db; signer: TokenSigner }, who: PasswordChanger, input: ChangePasswordRequest): Promise<{ success: true }> {
  const { db } = ctx;
  const { actor } = who;
  const userId = actor.user.id;
  const buckets = await admitLoginAttempt(ctx, { email: normaliseEmail(actor.user.email), ip: who.ip, requestId: actor.requestId, during: 'passwordChange' });
  const stored = await findPasswordForUpdate(db, userId);
  if (!stored) throw invalidToken();
  if (!(await verifyPassword(input.currentPassword, stored.passwordHash))) {
    await recordAudit(db, { ...auditedBy(actor), action: 'auth.password_change_failed', targetType: 'user', targetId: userId, details: { ip: who.ip } });
    throw validationError('La contraseña actual no es correcta', { currentPassword: 'ACCOUNT.PASSWORD.WRONG_CURRENT' });
  }
  await clearBuckets(db, buckets);
  const problem = checkNewPassword(
    input.newPassword,
    { email: stored.email, name: stored.name, currentPassword: input.currentPassword },
    await loadStrengthEstimator(),
  );
  if (problem) throw validationError('La nueva contraseña no cumple la política de contraseñas', { newPassword: passwordProblemMessageId(problem) });
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    const locked = await findPasswordForUpdate(tx, userId);
    if (!locked) throw invalidToken();
    // Another change (or an administrator's new password) landed while this one was being checked.
    if (locked.passwordHash !== stored.passwordHash) throw conflict('La contraseña ha cambiado mientras tanto; vuelve a intentarlo');
    await updatePasswordHash(tx, userId, passwordHash, false);
    const otherSessionsEnded = await revokeOtherFamilies(tx, userId, who.familyId, 'password changed');
    await recordAudit(tx, {
      ...auditedBy(actor),
      action: locked.temporary ? 'auth.password_change_required' : 'auth.password_change',
      targetType: 'user',
      targetId: userId,
      details: { otherSessionsEnded },
    });
  });
  return { success: true };
}
