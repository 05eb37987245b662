import { testBackends } from '../../helpers/db.js';
import { call, startTestServer } from '../../helpers/server.js';
import { signIn } from '../../helpers/auth.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { MIGRATIONS } from '../../../src/server/db/migrations/index.js';
import { hashPassword } from '../../../src/server/services/auth/passwords.js';
import { loadReferenceData } from '../../../src/server/db/reference/load.js';
import type { Db } from '../../../src/server/db/client.js';

const backends = await testBackends();

/** Every row of a table as sorted JSON lines, the given columns left out, to compare before and after. */
async function rowsOf(db: Db, table: string, leaveOut: string[] = []): Promise<string[]> {
  const rows = await db.query<{ row: string }>(`SELECT (to_jsonb(t) - $1::text[])::text AS row FROM ${table} t`, [leaveOut]);
  return rows.map((r) => r.row).sort();
}

describe.each(backends)('temporary passwords (migration 10) on $name', ({ openEmpty }) => {
  it('upgrades a database of the previous version in place: every row kept, no existing user temporary, their passwords sign in', async () => {
    const db = await openEmpty();
    const server = await startTestServer(db);
    try {
      // A database as the previous version wrote it: users of every role with their own passwords, an entity
      // membership, sessions (one revoked) and audit rows.
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version < 10),
      );
      await db.transaction((tx) => loadReferenceData(tx));
      const hash = await hashPassword('clave-de-antes-2025');
      await db.query("INSERT INTO entities (name, name_key, population, province_id) VALUES ('Ayuntamiento de Antes', 'ayuntamiento de antes', 1200, '46')");
      await db.query(
        `INSERT INTO users (email, name, role, password_hash) VALUES
           ('admin@antes.es', 'Administradora', 2, $1), ('fec@antes.es', '', 3, $1), ('usuario@antes.es', 'Usuario', 1, $1)`,
        [hash],
      );
      await db.query("INSERT INTO user_entities (user_id, entity_id) SELECT u.id, e.id FROM users u, entities e WHERE u.email = 'usuario@antes.es'");
      await db.query(
        `INSERT INTO refresh_token_families (id, user_id, client_id, revoked_at, revoke_reason)
         SELECT gen_random_uuid(), id, 'campaigns-web', CASE WHEN role = 2 THEN now() END, CASE WHEN role = 2 THEN 'logout' END FROM users`,
      );
      await db.query(
        "INSERT INTO refresh_tokens (token_hash, family_id, expires_at) SELECT md5(id::text), id, now() + interval '1 day' FROM refresh_token_families",
      );
      await db.query(
        "INSERT INTO audit_log (actor_id, actor_email, action, target_type, target_id) SELECT id, email, 'auth.login', 'user', id::text FROM users",
      );
      const tables = ['users', 'user_entities', 'refresh_token_families', 'refresh_tokens', 'audit_log', 'entities'];
      const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await rowsOf(db, t)] as const)));

      expect(await migrate(db)).toEqual(MIGRATIONS.map((m) => m.version).filter((version) => version >= 10));

      // Every row is there as it was; users gain two columns (entities and memberships theirs, by later migrations), and none of them has a temporary password.
      for (const table of tables) {
        expect([
          table,
          await rowsOf(
            db,
            table,
            table === 'users'
              ? ['password_temporary', 'password_changed_at']
              : table === 'entities'
                ? ['archived_at', 'publishes_results', 'publication_changed_at', 'publication_changed_by']
                : table === 'user_entities'
                  ? ['role']
                  : [],
          ),
        ]).toEqual([table, before[table]]);
      }
      const users = await db.query<{ email: string; password_temporary: boolean; password_changed_at: Date | null }>(
        'SELECT email, password_temporary, password_changed_at FROM users ORDER BY email',
      );
      expect(users).toEqual([
        { email: 'admin@antes.es', password_temporary: false, password_changed_at: null },
        { email: 'fec@antes.es', password_temporary: false, password_changed_at: null },
        { email: 'usuario@antes.es', password_temporary: false, password_changed_at: null },
      ]);
      // Their passwords still sign in, with no change asked, and every call is open to them.
      for (const { email } of users) {
        const { access_token: token } = await signIn(server, email, 'clave-de-antes-2025');
        const me = await call(server, 'GET', '/api/secure/v1/auth/me', { token });
        expect([email, me.status, me.body.response.user.mustChangePassword]).toEqual([email, 200, undefined]);
        expect((await call(server, 'GET', '/api/secure/v1/campaigns/all', { token })).body.error?.type).not.toBe('PASSWORD_CHANGE_REQUIRED');
      }
      // A user of before changes the password like anyone: it is dated now.
      const { access_token: token } = await signIn(server, 'usuario@antes.es', 'clave-de-antes-2025');
      const changed = await call(server, 'POST', '/api/secure/v1/auth/changePassword', {
        token,
        body: { currentPassword: 'clave-de-antes-2025', newPassword: 'Tortuga-Azul-Salta-Lejos-7' },
      });
      expect(changed.status).toBe(200);
      const [after] = await db.query<{ password_temporary: boolean; recent: boolean }>(
        "SELECT password_temporary, password_changed_at > now() - interval '1 minute' AS recent FROM users WHERE email = 'usuario@antes.es'",
      );
      expect(after).toEqual({ password_temporary: false, recent: true });
    } finally {
      await server.close();
      await db.close();
    }
  });
});
