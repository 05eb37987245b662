import type { Db, Queryable } from '../../db/client.js';
import { isUniqueViolation } from '../../db/faults.js';
import { AppError, forbidden, notFound, validationError } from '../../errors.js';
import {
  deleteUser,
  emailTaken,
  entityIdsOfUser,
  findUserForUpdate,
  insertUser,
  updatePasswordHash,
  updateUser as writeUser,
} from '../../db/repositories/users.js';
import { revokeUserFamilies } from '../../db/repositories/oauth.js';
import { lockEntities } from '../../db/repositories/entities.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { pseudonymiseEmail } from '../../db/repositories/personalData.js';
import { generatePassword, hashPassword } from '../auth/passwords.js';
import { auditedBy, type Actor } from '../actor.js';
import { GENERATED_PASSWORD_LENGTH } from '../../../shared/constants.js';
import { canCreateRole, canManageUser, roleFromNumber, type Role } from '../../../shared/roles.js';
import type { CreateUserRequest, CreateUserResponse, RegeneratePasswordResponse, UpdateUserRequest } from '../../../shared/api/admin.js';

const emailExists = () => new AppError('EMAIL_EXISTS', 'A user with this e-mail already exists');

/**
 * The entities given to a user exist and are not archived; an archived entity the user already belongs to
 * (`kept`) may stay, so that editing such a user's role does not force a restore.
 */
async function checkEntitiesGiven(q: Queryable, entityIds: number[], kept: readonly number[] = []): Promise<void> {
  const found = await lockEntities(q, entityIds);
  const missing = entityIds.filter((id) => !found.some((entity) => entity.id === id));
  if (missing.length > 0) throw validationError(`Unknown entities: ${missing.join(', ')}`, { entities: 'USERS.VALIDATION.UNKNOWN_ENTITY' });
  const archived = found.filter((entity) => entity.archived && !kept.includes(entity.id)).map((entity) => entity.id);
  if (archived.length > 0) throw validationError(`Archived entities: ${archived.join(', ')}`, { entities: 'USERS.VALIDATION.ARCHIVED_ENTITY' });
}

/**
 * Creates a user with a random password, returned once and stored only hashed, and temporary: the user must set
 * their own at the first sign-in; audit-logged.
 */
export async function createUserWithPassword(
  db: Db,
  input: { email: string; role: Role; entityIds: number[]; name?: string },
  audit: { actorId?: number; actorEmail?: string; actor?: string; requestId?: string } = {},
): Promise<{ id: number; password: string }> {
  const entityIds = [...new Set(input.entityIds)];
  const password = generatePassword(GENERATED_PASSWORD_LENGTH);
  const passwordHash = await hashPassword(password);
  try {
    const id = await db.transaction(async (tx) => {
      if (await emailTaken(tx, input.email)) throw emailExists();
      await checkEntitiesGiven(tx, entityIds);
      const userId = await insertUser(tx, { ...input, entityIds, passwordHash, temporary: true });
      await recordAudit(tx, {
        actorId: audit.actorId,
        actorEmail: audit.actorEmail,
        action: 'user.create',
        targetType: 'user',
        targetId: userId,
        details: { email: input.email, role: input.role, entities: entityIds, ...(audit.actor ? { by: audit.actor } : {}) },
        requestId: audit.requestId,
      });
      return userId;
    });
    return { id, password };
  } catch (err) {
    // Two creations of one e-mail at once: the unique index stops the second.
    throw isUniqueViolation(err) ? emailExists() : err;
  }
}

/**
 * An administrator creates a user of a role it may give (USER_CREATE_PERMISSIONS). A USER must belong to at least
 * one entity (its entities are all it sees); ADMIN and FEC see every entity, so for them entities are optional.
 */
/** The role asked for, checked as creation checks it: known, a USER with an entity, one the actor may give. */
function givenRole(actor: Actor, input: { role: number; entities: readonly number[] }): Role {
  const role = roleFromNumber(input.role);
  if (!role) throw validationError('Unknown role', { role: 'USERS.VALIDATION.ROLE_REQUIRED' });
  if (role === 'USER' && input.entities.length === 0)
    throw validationError('A USER must belong to an entity', { entities: 'USERS.VALIDATION.ENTITY_REQUIRED' });
  if (!canCreateRole(actor.user.role, role)) throw new AppError('FORBIDDEN', `A ${actor.user.role} cannot give the role ${role}`);
  return role;
}

export async function createUser(db: Db, actor: Actor, input: CreateUserRequest): Promise<CreateUserResponse> {
  const role = givenRole(actor, input);
  const { email } = input;
  const { id, password } = await createUserWithPassword(db, { email, role, name: input.name.trim(), entityIds: input.entities }, auditedBy(actor));
  return { user: { id, email }, generatedPassword: password };
}

/** The user the actor may manage, locked for this transaction: not itself, and of a role it could create. */
async function managedUser(q: Queryable, actor: Actor, id: number) {
  const target = await findUserForUpdate(q, id);
  if (!target?.role) throw notFound('User');
  if (target.id === actor.user.id) throw new AppError('FORBIDDEN', 'You cannot do this to your own account');
  if (!canManageUser(actor.user, { id: target.id, role: target.role })) throw forbidden();
  return { ...target, role: target.role };
}

/** Removes a user; its sessions go with it, so its tokens stop working at once. */
export async function removeUser(db: Db, actor: Actor, id: number): Promise<{ success: true }> {
  return db.transaction(async (tx) => {
    const target = await managedUser(tx, actor, id);
    await deleteUser(tx, id);
    await recordAudit(tx, {
      ...auditedBy(actor),
      action: 'user.remove',
      targetType: 'user',
      targetId: id,
      details: { email: target.email, role: target.role },
    });
    return { success: true as const };
  });
}

/** What an erased user's e-mail becomes wherever it was copied: not an address, and the same for every row. */
export const erasedUserPseudonym = (id: number) => `usuario-eliminado-${id}`;

/**
 * Carries out a user's erasure (ADMIN): the account goes, with its memberships, sessions and requests, and every
 * copy of its e-mail (the activity log, answer history, review marks, objections, receipts) becomes the pseudonym.
 * The campaigns' answers are the entity's and stay: every figure is unchanged. Asked for or not, the administrator
 * decides; the log records the erasure under the pseudonym, never the address.
 */
export async function eraseUser(db: Db, actor: Actor, id: number): Promise<{ success: true; pseudonym: string }> {
  if (actor.user.role !== 'ADMIN') throw forbidden();
  return db.transaction(async (tx) => {
    const target = await managedUser(tx, actor, id);
    const pseudonym = erasedUserPseudonym(id);
    await pseudonymiseEmail(tx, id, target.email, pseudonym);
    await deleteUser(tx, id);
    await recordAudit(tx, { ...auditedBy(actor), action: 'user.erase', targetType: 'user', targetId: id, details: { pseudonym, role: target.role } });
    return { success: true as const, pseudonym };
  });
}

/** Gives a user a new random, temporary password (returned once; to be changed at the next sign-in) and ends its open sessions. */
export async function regeneratePassword(db: Db, actor: Actor, id: number): Promise<RegeneratePasswordResponse> {
  const password = generatePassword(GENERATED_PASSWORD_LENGTH);
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const target = await managedUser(tx, actor, id);
    await updatePasswordHash(tx, id, passwordHash, true);
    await revokeUserFamilies(tx, id, 'password regenerated');
    await recordAudit(tx, { ...auditedBy(actor), action: 'user.regeneratePassword', targetType: 'user', targetId: id, details: { email: target.email } });
    return { email: target.email, password };
  });
}

/**
 * Changes a user's e-mail, role and entities with the rules of creation: the actor may manage the user as it is
 * (never its own account, so nobody changes their own role; FEC only USERs) and give the new role
 * (USER_CREATE_PERMISSIONS); an e-mail another user has is EMAIL_EXISTS; audit-logged with what changed.
 */
export async function updateUser(db: Db, actor: Actor, input: UpdateUserRequest): Promise<{ success: true }> {
  const role = givenRole(actor, input);
  const entityIds = [...new Set(input.entities)].sort((a, b) => a - b);
  const email = input.email.trim();
  try {
    return await db.transaction(async (tx) => {
      const target = await managedUser(tx, actor, input.id);
      if (await emailTaken(tx, email, target.id)) throw emailExists();
      const entitiesBefore = await entityIdsOfUser(tx, target.id);
      await checkEntitiesGiven(tx, entityIds, entitiesBefore);
      await writeUser(tx, target.id, { email, role, entityIds });
      await recordAudit(tx, {
        ...auditedBy(actor),
        action: 'user.update',
        targetType: 'user',
        targetId: target.id,
        details: { before: { email: target.email, role: target.role, entities: entitiesBefore }, after: { email, role, entities: entityIds } },
      });
      return { success: true as const };
    });
  } catch (err) {
    throw isUniqueViolation(err) ? emailExists() : err;
  }
}
