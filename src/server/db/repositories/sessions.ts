import { namedStatement, type Queryable } from '../client.js';
import type { CurrentUser, EntityRef } from '../../../shared/api/auth.js';
import { ENTITIES_OF_USER, toCurrentUser } from './users.js';

// Every authenticated call runs this: the session check and the user in one prepared statement.
const SESSION_USER = namedStatement(
  'session_user_of_access_token',
  `SELECT u.id, u.email, u.name, u.role, ${ENTITIES_OF_USER} AS entities
     FROM refresh_token_families f JOIN users u ON u.id = f.user_id
    WHERE f.id = $1 AND f.user_id = $2 AND f.revoked_at IS NULL`,
);

/**
 * The user an access token speaks for, while its session (refresh-token family) is open; undefined when the
 * session was revoked, the user is gone or its stored role is unknown.
 */
export async function findSessionUser(q: Queryable, familyId: string, userId: number): Promise<CurrentUser | undefined> {
  const [row] = await q.query<{ id: number; email: string; name: string; role: number; entities: EntityRef[] | null }>(SESSION_USER, [familyId, userId]);
  return row && toCurrentUser(row);
}
