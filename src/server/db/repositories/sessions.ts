import { namedStatement, type Queryable } from '../client.js';
import { roleFromNumber } from '../../../shared/roles.js';
import type { CurrentUser, EntityRef } from '../../../shared/api/auth.js';

// Every authenticated call runs this, so it is one prepared statement rather than a session check
// followed by findCurrentUser (users.ts), whose user shape it repeats.
const SESSION_USER = namedStatement(
  'session_user_of_access_token',
  `SELECT u.id, u.email, u.name, u.role,
          (SELECT json_agg(json_build_object('id', e.id, 'name', e.name) ORDER BY e.name)
             FROM user_entities ue JOIN entities e ON e.id = ue.entity_id WHERE ue.user_id = u.id) AS entities
     FROM refresh_token_families f JOIN users u ON u.id = f.user_id
    WHERE f.id = $1 AND f.user_id = $2 AND f.revoked_at IS NULL`,
);

/**
 * The user an access token speaks for, while its session (refresh-token family) is open; undefined when the
 * session was revoked, the user is gone or its stored role is unknown.
 */
export async function findSessionUser(q: Queryable, familyId: string, userId: number): Promise<CurrentUser | undefined> {
  const [row] = await q.query<{ id: number; email: string; name: string; role: number; entities: EntityRef[] | null }>(SESSION_USER, [familyId, userId]);
  const role = row && roleFromNumber(row.role);
  if (!row || !role) return undefined;
  return { id: row.id, email: row.email, name: row.name, role, entities: row.entities ?? [] };
}
