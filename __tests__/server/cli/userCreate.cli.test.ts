import { openTestPostgres, postgresAvailable, testPostgresUrl } from '../../helpers/db.js';
import { call, startTestServer } from '../../helpers/server.js';
import { signIn } from '../../helpers/auth.js';
import { runServerProgram } from '../../helpers/serverProcess.js';

/** Runs npm run user:create's program against the given database. */
const userCreate = (args: string[], env: Record<string, string>) => runServerProgram('src/server/cli/userCreate.ts', args, env);

const postgres = await postgresAvailable();

// The first administrator of a PostgreSQL installation (docs/operations.md, "PostgreSQL").
(postgres ? describe : describe.skip)('npm run user:create on PostgreSQL', () => {
  it('prints a temporary password: its first sign-in must set a password of its own before anything else', async () => {
    const db = await openTestPostgres({ prepared: false });
    try {
      const [{ name }] = await db.query<{ name: string }>('SELECT current_database() AS name');
      const run = await userCreate(['--email', 'jefa@ayuntamiento.es', '--role', 'ADMIN'], { DATABASE_URL: testPostgresUrl(name), JWT_SECRET: 'x'.repeat(48) });
      expect([run.code, run.stderr]).toEqual([0, '']);
      const password = /Generated password \(shown only now\): (\S+)/.exec(run.stdout)?.[1] ?? '';
      expect(password).toMatch(/^\S{16,}$/);
      expect(run.stdout).toContain('It is temporary');
      expect(await db.query('SELECT password_temporary FROM users WHERE email = $1', ['jefa@ayuntamiento.es'])).toEqual([{ password_temporary: true }]);
      const server = await startTestServer(db);
      try {
        const { access_token: token } = await signIn(server, 'jefa@ayuntamiento.es', password);
        expect((await call(server, 'GET', '/api/secure/v1/auth/me', { token })).body.response.user.mustChangePassword).toBe(true);
        expect((await call(server, 'GET', '/api/secure/v1/users/list', { token })).body.error.type).toBe('PASSWORD_CHANGE_REQUIRED');
      } finally {
        await server.close();
      }
    } finally {
      await db.close();
    }
  });
});
