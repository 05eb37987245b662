import { rowsWithout, testBackends } from '../../helpers/db.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { MIGRATIONS } from '../../../src/server/db/migrations/index.js';
import { loadReferenceData } from '../../../src/server/db/reference/load.js';

const backends = await testBackends();

describe.each(backends)('the team migration on $name', ({ openEmpty }) => {
  it('upgrades a version-26 database in place: every membership kept, each member responsible for its entity', async () => {
    const db = await openEmpty();
    try {
      // Written by plain SQL as version 26 would have: the seeding code follows the newest schema.
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 26),
      );
      await db.transaction((tx) => loadReferenceData(tx));
      const entities = await db.query<{ id: number }>(
        `INSERT INTO entities (name, name_key, population, province_id) VALUES
           ('Mancomunidad del Norte', 'mancomunidad del norte', 5000, '46'), ('Comarca del Sur', 'comarca del sur', 12000, '16') RETURNING id`,
      );
      await db.query(
        `INSERT INTO users (email, name, role, password_hash) VALUES
           ('admin@prueba.es', 'Admin', 2, 'hash-a'), ('ana@prueba.es', 'Ana', 1, 'hash-u'), ('luis@prueba.es', 'Luis', 1, 'hash-l')`,
      );
      await db.query(
        `INSERT INTO user_entities (user_id, entity_id)
           SELECT u.id, e.id FROM users u, unnest($1::int[]) AS e(id) WHERE u.email = 'ana@prueba.es'
           UNION ALL SELECT id, $2 FROM users WHERE email = 'luis@prueba.es'`,
        [entities.map((e) => e.id), entities[1].id],
      );
      const tables = ['entities', 'user_entities'];
      const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await rowsWithout(db, t, 'role')] as const)));
      expect(before.user_entities).toHaveLength(3);
      const usersBefore = await rowsWithout(db, 'users', []);

      await migrate(db, MIGRATIONS);

      // users.role is the account's role, untouched: the users compare whole.
      expect(await rowsWithout(db, 'users', [])).toEqual(usersBefore);
      for (const table of tables) expect(await rowsWithout(db, table, 'role')).toEqual(before[table]);
      expect(await db.query('SELECT DISTINCT role FROM user_entities')).toEqual([{ role: 'responsable' }]);
      await expect(db.query("UPDATE user_entities SET role = 'jefe'")).rejects.toThrow(/user_entities_role_check/);
      // The new tables start empty.
      for (const table of ['campaign_assignments', 'campaign_policy_assignments', 'answer_history', 'campaign_receipts', 'assignee_reminders'])
        expect(await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).toEqual([{ n: 0 }]);
    } finally {
      await db.close();
    }
  });
});
