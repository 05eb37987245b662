import { testBackends } from '../../helpers/db.js';
import { startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, signInDemoAccounts } from '../../helpers/auth.js';
import { answerEverything, campaignOfNewEntity, seeded } from '../../helpers/concurrency.js';
import { startSmtpServer, type TestSmtpServer } from '../../helpers/smtpServer.js';
import { sendAssigneeReminders } from '../../../src/server/services/campaigns/assigneeReminders.js';
import { smtpMailer } from '../../../src/server/services/mail/sender.js';
import type { Db } from '../../../src/server/db/client.js';

const backends = await testBackends();
const PASSWORD = 'clave-recordatorio-1';

/**
 * The reminders of the members assigned axes, on a real SMTP server: a campaign closing on 2030-03-12, an axis
 * unfinished assigned to a member writing in Catalan, another finished assigned to a third; the checks made on the
 * days the test chooses (10:00 in Madrid).
 */
describe.each(backends)('reminders of the members assigned axes on $name', ({ openDemo }) => {
  let db: Db;
  let smtp: TestSmtpServer;
  let server: TestServer;
  const day = (date: string) => new Date(`${date}T09:00:00Z`);
  const check = (date: string) => sendAssigneeReminders(db, smtpMailer(server.ctx.config.smtp!), server.ctx.config.publicUrl, day(date));
  let campaign: { id: number; entityId: number; editionId: number; year: number; entity: string };
  let unfinished: { id: number; text: string; total: number };
  /** Takes the answers of the first axis's first two questions away. */
  const leaveUnanswered = () =>
    db.query(
      `DELETE FROM answers WHERE campaign_id = $1 AND subindicator_id IN (
         SELECT s.id FROM subindicators s JOIN indicators i ON i.id = s.indicator_id WHERE i.edition_id = $2 AND i.axis_id = $3 ORDER BY s.id LIMIT 2)`,
      [campaign.id, campaign.editionId, unfinished.id],
    );
  const [responsible, catalan, finisher] = ['responsable@recordatorios.es', 'catala@recordatorios.es', 'acabada@recordatorios.es'];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    db = await openDemo();
    server = await startTestServer(db, { SMTP_URL: smtp.url });
    const { admin } = await signInDemoAccounts(server);
    for (const email of [responsible, catalan, finisher]) await createTestUser(db, email, PASSWORD);
    await db.query("UPDATE users SET language = 'ca' WHERE email = $1", [catalan]);
    const { id } = await campaignOfNewEntity(server, db, admin, { email: responsible, password: PASSWORD }, 'Recordatorios');
    const [row] = await db.query<{ entity_id: number; edition_id: number; year: number; entity: string }>(
      `SELECT c.entity_id, c.edition_id, ed.campaign_number AS year, en.name AS entity
         FROM campaigns c JOIN editions ed ON ed.id = c.edition_id JOIN entities en ON en.id = c.entity_id WHERE c.id = $1`,
      [id],
    );
    campaign = { id, entityId: row.entity_id, editionId: row.edition_id, year: row.year, entity: row.entity };
    await db.query("INSERT INTO user_entities (user_id, entity_id, role) SELECT id, $1, 'colaborador' FROM users WHERE email = ANY($2::text[])", [
      campaign.entityId,
      `{${catalan},${finisher}}`,
    ]);
    await db.query("UPDATE editions SET closes_on = '2030-03-12' WHERE id = $1", [campaign.editionId]);
    const axes = await db.query<{ id: number; text: string; total: number }>(
      `SELECT cat.id, cat.text, count(*)::int AS total FROM indicators i JOIN subindicators s ON s.indicator_id = i.id JOIN categories cat ON cat.id = i.axis_id
        WHERE i.edition_id = $1 GROUP BY cat.id, cat.text ORDER BY cat.id LIMIT 2`,
      [campaign.editionId],
    );
    unfinished = axes[0];
    // The axis has a Catalan name (the edition's translations): the Catalan member reads it; a Spanish one, the Spanish.
    await db.query(`UPDATE categories SET translations = '{"ca": {"text": "Eix en català"}, "en": {"text": "Axis"}}'::jsonb WHERE id = $1`, [unfinished.id]);
    // Everything answered but two questions of the first axis.
    await answerEverything(db, id, seeded(3));
    await leaveUnanswered();
    await db.query(
      `INSERT INTO campaign_assignments (campaign_id, axis_id, user_id, assigned_by)
       SELECT $1, a.axis, u.id, u.id FROM (VALUES ($2::int, $3::text), ($4::int, $5::text)) a(axis, email) JOIN users u ON u.email = a.email`,
      [id, unfinished.id, catalan, axes[1].id, finisher],
    );
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await db.close();
    await smtp.close();
  });

  it('reminds a member of their unfinished axes 7 days before closing, in their language, once however often it checks', async () => {
    expect(await check('2030-03-04')).toEqual({ sent: 0, failed: 0 });
    // Not at night on Madrid's clock (05:30 there): the next check in the morning sends it.
    const night = new Date('2030-03-05T04:30:00Z');
    expect(await sendAssigneeReminders(db, smtpMailer(server.ctx.config.smtp!), server.ctx.config.publicUrl, night)).toEqual({ sent: 0, failed: 0 });
    expect(await check('2030-03-05')).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received.map((m) => m.to)).toEqual([catalan]);
    const [mail] = smtp.received;
    expect(mail.subject).toBe(`Queden 7 dies per al tancament de la Campanya ${campaign.year} de ${campaign.entity}: la teva part`);
    expect(mail.text).toContain(`tanca el 12/03/2030 i al que tens assignat encara li falten respostes:`);
    expect(mail.text).toContain(`- Eix en català: ${unfinished.total - 2} de ${unfinished.total} respostes`);
    expect(mail.text).not.toContain(unfinished.text);
    expect(mail.text).toContain(`${server.ctx.config.publicUrl}/my-campaigns/${campaign.id}`);
    // Checked again that day, by this instance or another at once: nothing more.
    expect(await Promise.all([check('2030-03-05'), check('2030-03-05')])).toEqual([
      { sent: 0, failed: 0 },
      { sent: 0, failed: 0 },
    ]);
    expect(smtp.received).toHaveLength(1);
  });

  it('reminds again the day before, once across two instances checking at the same moment', async () => {
    smtp.received.length = 0;
    const other = await startTestServer(db, { SMTP_URL: smtp.url });
    try {
      const both = await Promise.all([
        check('2030-03-11'),
        sendAssigneeReminders(db, smtpMailer(other.ctx.config.smtp!), other.ctx.config.publicUrl, day('2030-03-11')),
      ]);
      expect(both.map((r) => r.sent).sort()).toEqual([0, 1]);
    } finally {
      await other.close();
    }
    expect(smtp.received.map((m) => [m.to, m.subject])).toEqual([[catalan, `Demà tanca la Campanya ${campaign.year} de ${campaign.entity}: la teva part`]]);
  });

  it('tries again at the next check a reminder the SMTP server refused', async () => {
    smtp.received.length = 0;
    await db.query("UPDATE editions SET closes_on = '2030-04-08' WHERE id = $1", [campaign.editionId]);
    await db.query("UPDATE users SET email = 'rechazado.catala@recordatorios.es' WHERE email = $1", [catalan]);
    try {
      expect(await check('2030-04-01')).toEqual({ sent: 0, failed: 1 });
      await db.query("UPDATE users SET email = $1 WHERE email = 'rechazado.catala@recordatorios.es'", [catalan]);
      expect(await check('2030-04-01')).toEqual({ sent: 1, failed: 0 });
      expect(smtp.received.map((m) => m.to)).toEqual([catalan]);
    } finally {
      await db.query("UPDATE users SET email = $1 WHERE email = 'rechazado.catala@recordatorios.es'", [catalan]);
      await db.query("UPDATE editions SET closes_on = '2030-03-12' WHERE id = $1", [campaign.editionId]);
    }
  });

  it('counts an answer copied from the previous edition and not confirmed yet as one left to give', async () => {
    smtp.received.length = 0;
    await db.query("UPDATE editions SET closes_on = '2030-05-08' WHERE id = $1", [campaign.editionId]);
    try {
      // The finished axis's first question holds a copied answer awaiting confirmation: its member is reminded too.
      await db.query(
        `INSERT INTO answer_notes (campaign_id, subindicator_id, prefilled)
         SELECT $1, min(s.id), true FROM subindicators s JOIN indicators i ON i.id = s.indicator_id
          JOIN campaign_assignments a ON a.axis_id = i.axis_id AND a.campaign_id = $1 JOIN users u ON u.id = a.user_id AND u.email = $2
          WHERE i.edition_id = $3
         ON CONFLICT (campaign_id, subindicator_id) DO UPDATE SET prefilled = true`,
        [campaign.id, finisher, campaign.editionId],
      );
      expect(await check('2030-05-01')).toEqual({ sent: 2, failed: 0 });
      expect(smtp.received.map((m) => m.to).sort()).toEqual([finisher, catalan].sort());
    } finally {
      await db.query('UPDATE answer_notes SET prefilled = false WHERE campaign_id = $1', [campaign.id]);
      await db.query("UPDATE editions SET closes_on = '2030-03-12' WHERE id = $1", [campaign.editionId]);
    }
  });

  it('follows an extension of the entity’s deadline, and says nothing once the part is finished or the campaign sent', async () => {
    smtp.received.length = 0;
    await db.query("INSERT INTO deadline_extensions (entity_id, edition_id, closes_on, reason) VALUES ($1, $2, '2030-03-20', 'Pleno aplazado')", [
      campaign.entityId,
      campaign.editionId,
    ]);
    expect(await check('2030-03-12')).toEqual({ sent: 0, failed: 0 });
    expect(await check('2030-03-13')).toEqual({ sent: 1, failed: 0 });
    expect(smtp.received[0].text).toContain('tanca el 20/03/2030');
    // The two questions answered: the part is finished.
    await answerEverything(db, campaign.id, seeded(4));
    expect(await check('2030-03-19')).toEqual({ sent: 0, failed: 0 });
    await db.query('DELETE FROM answers WHERE campaign_id = $1 AND subindicator_id = (SELECT min(subindicator_id) FROM answers WHERE campaign_id = $1)', [
      campaign.id,
    ]);
    await db.query("UPDATE campaigns SET status = 'sent' WHERE id = $1", [campaign.id]);
    expect(await check('2030-03-19')).toEqual({ sent: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("reminds a member of a policy assigned apart, which the axis's member is no longer reminded of", async () => {
    smtp.received.length = 0;
    // A draft again, with the first axis's two questions unanswered as at the start.
    await answerEverything(db, campaign.id, seeded(3));
    await leaveUnanswered();
    await db.query("UPDATE editions SET closes_on = '2030-06-10' WHERE id = $1", [campaign.editionId]);
    // The policy of the first question left unanswered goes to the member whose axis was finished.
    const [policy] = await db.query<{ id: number; text: string; total: number; missing: number }>(
      `SELECT p.id, p.text, count(*)::int AS total,
              count(*) FILTER (WHERE NOT EXISTS (SELECT 1 FROM answers a WHERE a.campaign_id = $1 AND a.subindicator_id = s.id))::int AS missing
         FROM subindicators s JOIN indicators i ON i.id = s.indicator_id JOIN categories p ON p.id = i.policy_id
        WHERE i.edition_id = $2 AND i.axis_id = $3 AND i.policy_id = (
          SELECT i2.policy_id FROM subindicators s2 JOIN indicators i2 ON i2.id = s2.indicator_id
           WHERE i2.edition_id = $2 AND i2.axis_id = $3
             AND NOT EXISTS (SELECT 1 FROM answers a WHERE a.campaign_id = $1 AND a.subindicator_id = s2.id)
           ORDER BY s2.id LIMIT 1)
        GROUP BY p.id, p.text`,
      [campaign.id, campaign.editionId, unfinished.id],
    );
    await db.query(
      `INSERT INTO campaign_policy_assignments (campaign_id, axis_id, policy_id, user_id, assigned_by)
       SELECT $1, $2, $3, id, id FROM users WHERE email = $4`,
      [campaign.id, unfinished.id, policy.id, finisher],
    );
    try {
      const sent = await check('2030-06-03');
      const byRecipient = new Map(smtp.received.map((m) => [m.to, m.text]));
      expect(byRecipient.get(finisher)).toContain(`- ${unfinished.text} · ${policy.text}: ${policy.total - policy.missing} de ${policy.total} respuestas`);
      expect(byRecipient.get(finisher)).toContain('y a lo que tienes asignado aún le faltan respuestas:');
      // The axis's member counts the axis without that policy, and hears nothing when the rest is answered.
      const rest = { total: unfinished.total - policy.total, missing: 2 - policy.missing };
      expect(sent).toEqual({ sent: rest.missing === 0 ? 1 : 2, failed: 0 });
      if (rest.missing === 0) expect(byRecipient.has(catalan)).toBe(false);
      else expect(byRecipient.get(catalan)).toContain(`- Eix en català: ${rest.total - rest.missing} de ${rest.total} respostes`);
    } finally {
      await db.query('DELETE FROM campaign_policy_assignments WHERE campaign_id = $1', [campaign.id]);
      await db.query("UPDATE editions SET closes_on = '2030-03-12' WHERE id = $1", [campaign.editionId]);
    }
  });
});
