import { namedStatement, type NamedStatement, type Queryable } from '../client.js';
import type { SessionKey } from '../../services/auth/tokenKinds.js';
import type { CurrentUser, MemberEntityRef } from '../../../shared/api/auth.js';
import { ENTITIES_OF_USER, toCurrentUser } from './users.js';

/** A session's user as a row: what toCurrentUser reads. */
export type SessionUserRow = { id: number; email: string; name: string; role: number; entities: MemberEntityRef[] | null; password_temporary: boolean };

/**
 * The session check as fragments, for statements that read something else beside it: the user's columns
 * (SessionUserRow), its tables and the condition that the session ($1, a refresh-token family) of user $2 is
 * open. No row once it is revoked or the user is gone.
 */
export const SESSION_USER = {
  columns: `u.id, u.email, u.name, u.role, u.password_temporary, ${ENTITIES_OF_USER} AS entities`,
  from: 'refresh_token_families f JOIN users u ON u.id = f.user_id',
  where: 'f.id = $1 AND f.user_id = $2 AND f.revoked_at IS NULL',
} as const;

// Every authenticated call runs this, or a statement built from the same fragments (sessionCheckedByRoute).
const SESSION_USER_STATEMENT = namedStatement(
  'session_user_of_access_token',
  `SELECT ${SESSION_USER.columns} FROM ${SESSION_USER.from} WHERE ${SESSION_USER.where}`,
);

/**
 * The user an access token speaks for, while its session (refresh-token family) is open; undefined when the
 * session was revoked, the user is gone or its stored role is unknown.
 */
export async function findSessionUser(q: Queryable, familyId: string, userId: number): Promise<CurrentUser | undefined> {
  const [row] = await q.query<SessionUserRow>(SESSION_USER_STATEMENT, [familyId, userId]);
  return row && toCurrentUser(row);
}

/**
 * A statement of a sessionCheckedByRoute call: the user of the access token's open session ($1 family, $2 user)
 * beside the one row `select` reads (its parameters from $3), in one statement. No row when the session is
 * closed; the select's columns all null when it finds nothing.
 */
export const sessionUserAnd = (name: string, select: string): NamedStatement =>
  namedStatement(
    name,
    `SELECT ${SESSION_USER.columns}, t.*
     FROM ${SESSION_USER.from}
     LEFT JOIN (${select}) AS t ON true
    WHERE ${SESSION_USER.where}`,
  );

/**
 * Runs a sessionUserAnd statement: the user (undefined when the session is revoked or gone, or its role unknown),
 * and the select's row (undefined when its column `key`, never null in a row found, is null). The select's
 * columns must not be named as the user's (id, email, name, role, entities, password_temporary).
 */
export async function readSessionUserAnd<R extends object>(
  q: Queryable,
  statement: NamedStatement,
  session: SessionKey,
  params: unknown[],
  key: keyof R,
): Promise<{ user: CurrentUser | undefined; read: R | undefined }> {
  const [row] = await q.query<SessionUserRow & { [K in keyof R]: R[K] | null }>(statement, [session.familyId, session.userId, ...params]);
  if (!row) return { user: undefined, read: undefined };
  const { id, email, name, role, entities, password_temporary, ...read } = row;
  return {
    user: toCurrentUser({ id, email, name, role, entities, password_temporary }),
    read: (read as Record<keyof R, unknown>)[key] === null ? undefined : (read as unknown as R),
  };
}
