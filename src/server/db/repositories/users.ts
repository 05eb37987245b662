import type { Queryable } from '../client.js';
import { roleFromNumber, ROLES, type Role } from '../../../shared/roles.js';
import type { CurrentUser, MemberEntityRef } from '../../../shared/api/auth.js';
import type { UserRow } from '../../../shared/api/admin.js';
import type { Language } from '../../../shared/constants.js';
import { dropAssignments } from './team.js';
import { isoSql } from './answerHistory.js';

/** The entities of the user aliased `u`, by name, with the user's role in each, as a JSON array (or null). */
export const ENTITIES_OF_USER = `(SELECT json_agg(json_build_object('id', e.id, 'name', e.name, 'role', ue.role) ORDER BY e.name)
    FROM user_entities ue JOIN entities e ON e.id = ue.entity_id WHERE ue.user_id = u.id)`;

export interface UserCredentials {
  id: number;
  email: string;
  role: Role | undefined;
  passwordHash: string;
  /** The password is one an administrator generated (password_temporary). */
  temporary: boolean;
}

/** The user with this e-mail (case-insensitive), with its password hash, for login. */
export async function findCredentialsByEmail(q: Queryable, email: string): Promise<UserCredentials | undefined> {
  const [row] = await q.query<{ id: number; email: string; role: number; password_hash: string; password_temporary: boolean }>(
    'SELECT id, email, role, password_hash, password_temporary FROM users WHERE lower(email) = lower($1)',
    [email],
  );
  return row && { id: row.id, email: row.email, role: roleFromNumber(row.role), passwordHash: row.password_hash, temporary: row.password_temporary };
}

/**
 * A users row with its entities as `auth/me` shows it; undefined when its stored role is unknown. A temporary
 * password (password_temporary) shows as mustChangePassword.
 */
export function toCurrentUser(row: {
  id: number;
  email: string;
  name: string;
  role: number;
  entities: MemberEntityRef[] | null;
  password_temporary?: boolean;
}): CurrentUser | undefined {
  const role = roleFromNumber(row.role);
  return (
    role && {
      id: row.id,
      email: row.email,
      name: row.name,
      role,
      entities: row.entities ?? [],
      ...(row.password_temporary ? { mustChangePassword: true } : {}),
    }
  );
}

export interface NewUser {
  email: string;
  name?: string;
  role: Role;
  passwordHash: string;
  entityIds: number[];
  /** A generated password, to be changed at the first sign-in; the demo's and the tests' are not. */
  temporary?: boolean;
}

/** Inserts a user and its entity memberships; returns its id. Run it inside a transaction. */
export async function insertUser(q: Queryable, user: NewUser): Promise<number> {
  const [{ id }] = await q.query<{ id: number }>(
    'INSERT INTO users (email, name, role, password_hash, password_temporary, password_changed_at) VALUES ($1, $2, $3, $4, $5, now()) RETURNING id',
    [user.email.trim(), user.name ?? '', ROLES[user.role], user.passwordHash, user.temporary === true],
  );
  if (user.entityIds.length > 0) {
    await q.query('INSERT INTO user_entities (user_id, entity_id) SELECT $1, unnest($2::int[])', [id, user.entityIds]);
  }
  return id;
}

/** Every user with its role name and entities, by e-mail, and when they asked for erasure; users with an unknown stored role are left out. */
export async function listUsers(q: Queryable): Promise<UserRow[]> {
  const rows = await q.query<{ id: number; email: string; name: string; role: number; entities: MemberEntityRef[] | null; erasure: string | null }>(
    `SELECT u.id, u.email, u.name, u.role, ${ENTITIES_OF_USER} AS entities,
            (SELECT ${isoSql('r.requested_at')} FROM erasure_requests r WHERE r.user_id = u.id) AS erasure
       FROM users u ORDER BY lower(u.email)`,
  );
  return rows.flatMap((r) => {
    const user = toCurrentUser(r);
    return user ? [{ ...user, ...(r.erasure ? { erasureRequestedAt: r.erasure } : {}) }] : [];
  });
}

export async function findUserForUpdate(q: Queryable, id: number): Promise<{ id: number; email: string; role: Role | undefined } | undefined> {
  const [row] = await q.query<{ id: number; email: string; role: number }>('SELECT id, email, role FROM users WHERE id = $1 FOR UPDATE', [id]);
  return row && { id: row.id, email: row.email, role: roleFromNumber(row.role) };
}

/** Whether another user (not `exceptId`) has this e-mail, ignoring case. */
export async function emailTaken(q: Queryable, email: string, exceptId?: number): Promise<boolean> {
  return (await q.query('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id IS DISTINCT FROM $2::int', [email.trim(), exceptId ?? null])).length > 0;
}

/**
 * Writes the user's e-mail and role and replaces its entity memberships. The caller holds the user's lock. The parts
 * of a questionnaire assigned to it go with the entities it leaves, and all of them when it is no longer a USER (an
 * administrator answers as one, a disabled account not at all).
 */
export async function updateUser(q: Queryable, id: number, user: { email: string; role: Role; entityIds: number[] }): Promise<void> {
  await q.query('UPDATE users SET email = $2, role = $3 WHERE id = $1', [id, user.email.trim(), ROLES[user.role]]);
  const left = await q.query<{ entity_id: number }>('DELETE FROM user_entities WHERE user_id = $1 AND NOT (entity_id = ANY($2::int[])) RETURNING entity_id', [
    id,
    user.entityIds,
  ]);
  await dropAssignments(q, id, user.role === 'USER' ? left.map((r) => r.entity_id) : 'all');
  await q.query('INSERT INTO user_entities (user_id, entity_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING', [id, user.entityIds]);
}

/** The ids of the user's entities, in id order. */
export async function entityIdsOfUser(q: Queryable, id: number): Promise<number[]> {
  return (await q.query<{ entity_id: number }>('SELECT entity_id FROM user_entities WHERE user_id = $1 ORDER BY entity_id', [id])).map((r) => r.entity_id);
}

/** Deletes the user; its memberships, sessions (refresh-token families) and codes go with it (ON DELETE CASCADE). */
export async function deleteUser(q: Queryable, id: number): Promise<void> {
  await q.query('DELETE FROM users WHERE id = $1', [id]);
}

/** Sets the user's password hash; `temporary` when an administrator generated it (the user must change it). */
export async function updatePasswordHash(q: Queryable, id: number, passwordHash: string, temporary: boolean): Promise<void> {
  await q.query('UPDATE users SET password_hash = $2, password_temporary = $3, password_changed_at = now() WHERE id = $1', [id, passwordHash, temporary]);
}

/** What a password change needs of its user, locked for this transaction; undefined when the user is gone. */
export async function findPasswordForUpdate(
  q: Queryable,
  id: number,
): Promise<{ email: string; name: string; passwordHash: string; temporary: boolean } | undefined> {
  const [row] = await q.query<{ email: string; name: string; password_hash: string; password_temporary: boolean }>(
    'SELECT email, name, password_hash, password_temporary FROM users WHERE id = $1 FOR UPDATE',
    [id],
  );
  return row && { email: row.email, name: row.name, passwordHash: row.password_hash, temporary: row.password_temporary };
}

/** The language the user chose in the interface, for the e-mails the server sends them. */
export async function updateUserLanguage(q: Queryable, id: number, language: Language): Promise<void> {
  await q.query('UPDATE users SET language = $2 WHERE id = $1', [id, language]);
}
