import type { Db } from '../db/client.js';
import { AppError } from '../errors.js';
import { insertUser } from '../db/repositories/users.js';
import { recordAudit } from '../db/repositories/audit.js';
import { generatePassword, hashPassword } from './passwords.js';
import { GENERATED_PASSWORD_LENGTH } from '../../shared/constants.js';
import type { Role } from '../../shared/roles.js';

/** Creates a user with a random password, returned once and stored only hashed; audit-logged. */
export async function createUserWithPassword(
  db: Db,
  input: { email: string; role: Role; entityIds: number[]; name?: string },
  audit: { actorId?: number; actorEmail?: string; actor?: string; requestId?: string } = {},
): Promise<{ id: number; password: string }> {
  const password = generatePassword(GENERATED_PASSWORD_LENGTH);
  const passwordHash = await hashPassword(password);
  const id = await db.transaction(async (tx) => {
    const existing = await tx.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [input.email.trim()]);
    if (existing.length > 0) throw new AppError('EMAIL_EXISTS', 'A user with this e-mail already exists');
    const userId = await insertUser(tx, { ...input, passwordHash });
    await recordAudit(tx, {
      actorId: audit.actorId,
      actorEmail: audit.actorEmail,
      action: 'user.create',
      targetType: 'user',
      targetId: userId,
      details: { email: input.email, role: input.role, entities: input.entityIds, ...(audit.actor ? { by: audit.actor } : {}) },
      requestId: audit.requestId,
    });
    return userId;
  });
  return { id, password };
}
