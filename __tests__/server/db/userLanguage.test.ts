import { rowsWithout, testBackends } from '../../helpers/db.js';
import { migrate } from '../../../src/server/db/migrate.js';
import { MIGRATIONS } from '../../../src/server/db/migrations/index.js';
import { loadLanguages, loadReferenceData } from '../../../src/server/db/reference/load.js';
import { LANGUAGES } from '../../../src/shared/constants.js';

const backends = await testBackends();

describe.each(backends)("users' language on $name", ({ openEmpty }) => {
  it('upgrades a version-8 database in place: every user kept, each with Spanish, the language they were written to in', async () => {
    const db = await openEmpty();
    try {
      // Written by plain SQL as version 8 would have: the seeding code follows the newest schema.
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 8),
      );
      await db.transaction((tx) => loadReferenceData(tx));
      const [{ id: entityId }] = await db.query<{ id: number }>(
        "INSERT INTO entities (name, name_key, population, province_id) VALUES ('Mancomunidad de Prueba', 'mancomunidad de prueba', 5000, '46') RETURNING id",
      );
      await db.query(
        `INSERT INTO users (email, name, role, password_hash) VALUES
           ('admin@prueba.es', 'Admin', 1, 'hash-a'), ('usuario@prueba.es', 'Usuaria', 3, 'hash-u'), ('fec@prueba.es', '', 2, 'hash-f')`,
      );
      await db.query("INSERT INTO user_entities (user_id, entity_id) SELECT id, $1 FROM users WHERE email = 'usuario@prueba.es'", [entityId]);
      const tables = ['users', 'user_entities', 'entities'];
      const before = Object.fromEntries(await Promise.all(tables.map(async (t) => [t, await rowsWithout(db, t, 'language')] as const)));
      expect(before.users.length).toBeGreaterThan(2);

      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 9),
      );

      for (const table of tables) expect(await rowsWithout(db, table, 'language')).toEqual(before[table]);
      const languages = await db.query<{ language: string }>('SELECT DISTINCT language FROM users');
      expect(languages).toEqual([{ language: 'es' }]);
      // Only the app's four languages can be stored, whatever reaches the database.
      await expect(db.query("UPDATE users SET language = 'fr'")).rejects.toThrow(/users_language_check/);
      await db.query("UPDATE users SET language = 'va' WHERE email = 'usuario@prueba.es'");
      expect((await db.query<{ language: string }>("SELECT language FROM users WHERE email = 'usuario@prueba.es'"))[0].language).toBe('va');
    } finally {
      await db.close();
    }
  });

  it('upgrades a version-15 database to the languages table: every user keeps its language; the list in the code is the only one', async () => {
    const db = await openEmpty();
    try {
      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 15),
      );
      await db.transaction((tx) => loadReferenceData(tx));
      await db.query(
        `INSERT INTO users (email, name, role, password_hash, language) VALUES
           ('a@prueba.es', 'A', 1, 'h', 'es'), ('b@prueba.es', 'B', 3, 'h', 'ca'), ('c@prueba.es', 'C', 3, 'h', 'va'), ('d@prueba.es', 'D', 2, 'h', 'en')`,
      );
      const before = await db.query('SELECT * FROM users ORDER BY id');

      await migrate(
        db,
        MIGRATIONS.filter((m) => m.version <= 16),
      );

      expect(await db.query('SELECT * FROM users ORDER BY id')).toEqual(before);
      // The migration writes the four languages of its time; the start adds those the list gained since (Galician, Basque).
      expect((await db.query<{ code: string }>('SELECT code FROM languages ORDER BY code')).map((r) => r.code)).toEqual(['ca', 'en', 'es', 'va']);
      await expect(db.query("UPDATE users SET language = 'gl'")).rejects.toThrow(/users_language_fkey/);
      await db.transaction((tx) => loadLanguages(tx));
      expect((await db.query<{ code: string }>('SELECT code FROM languages ORDER BY code')).map((r) => r.code)).toEqual([...LANGUAGES].sort());
      await db.query("UPDATE users SET language = 'eu' WHERE email = 'b@prueba.es'");
      await expect(db.query("UPDATE users SET language = 'fr'")).rejects.toThrow(/users_language_fkey/);
      // A language of the list the database lacks (as after adding one to LANGUAGES) is added at start, once.
      await db.query("UPDATE users SET language = 'es' WHERE language = 'en'");
      await db.query("DELETE FROM languages WHERE code = 'en'");
      await db.transaction((tx) => loadLanguages(tx));
      await db.transaction((tx) => loadLanguages(tx));
      expect((await db.query<{ code: string }>('SELECT code FROM languages ORDER BY code')).map((r) => r.code)).toEqual([...LANGUAGES].sort());
      await db.query("UPDATE users SET language = 'en' WHERE email = 'd@prueba.es'");
    } finally {
      await db.close();
    }
  });
});
