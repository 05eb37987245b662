import { testBackends } from '../../helpers/db.js';
import { purgeAuditLog } from '../../../src/server/db/repositories/audit.js';
import { startTestServer } from '../../helpers/server.js';

const backends = await testBackends();

describe.each(backends)("the activity log's retention on $name", ({ open }) => {
  it('removes the rows older than the days kept, sign-ins among them, and nothing else', async () => {
    const db = await open();
    try {
      // Ages in days: one just past two years, one just within them, one of today.
      await db.query(
        `INSERT INTO audit_log (at, actor_email, action) VALUES
           (now() - interval '731 days', 'antigua@ayto.es', 'auth.login'),
           (now() - interval '731 days', 'antigua@ayto.es', 'campaign.submit'),
           (now() - interval '729 days', 'reciente@ayto.es', 'auth.login'),
           (now(), 'hoy@ayto.es', 'auth.login_failed')`,
      );

      expect(await purgeAuditLog(db, 730)).toBe(2);
      const left = await db.query<{ actor_email: string; action: string }>('SELECT actor_email, action FROM audit_log ORDER BY at');
      expect(left).toEqual([
        { actor_email: 'reciente@ayto.es', action: 'auth.login' },
        { actor_email: 'hoy@ayto.es', action: 'auth.login_failed' },
      ]);
      // Run again (another instance, the next day): nothing more goes.
      expect(await purgeAuditLog(db, 730)).toBe(0);
      expect(await purgeAuditLog(db, 1)).toBe(1);
      expect(await db.query('SELECT actor_email FROM audit_log')).toEqual([{ actor_email: 'hoy@ayto.es' }]);
    } finally {
      await db.close();
    }
  });
});

describe.each(backends)('the server keeping its activity log on $name', ({ open }) => {
  it('removes the rows past LOG_RETENTION_DAYS on its own once it has started', async () => {
    const db = await open();
    const server = await startTestServer(db, { LOG_RETENTION_DAYS: '30' });
    try {
      await db.query(
        `INSERT INTO audit_log (at, actor_email, action) VALUES
           (now() - interval '31 days', 'antigua@ayto.es', 'auth.login'), (now() - interval '29 days', 'reciente@ayto.es', 'auth.login')`,
      );
      const emails = async () => (await db.query<{ actor_email: string }>('SELECT actor_email FROM audit_log')).map((r) => r.actor_email);
      const until = Date.now() + 15_000;
      while ((await emails()).includes('antigua@ayto.es') && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await emails()).toEqual(['reciente@ayto.es']);
    } finally {
      await server.close();
      await db.close();
    }
  });
});
