import { createHash } from 'node:crypto';
import { recording, recordingTransactions, retentionRan, testBackends } from '../../helpers/db.js';
import { call, startTestServer, type TestServer } from '../../helpers/server.js';
import { createTestUser, signIn, signInDemoAccounts } from '../../helpers/auth.js';
import { answeredCampaignOfNewEntity } from '../../helpers/concurrency.js';
import type { Db } from '../../../src/server/db/client.js';
import type { PublicReceipt, Receipt } from '../../../src/shared/api/receipts.js';

/**
 * Receipts of signed submissions (docs/api.md, "Receipts"): each sending makes one, whose SHA-256 anyone holding
 * the answers recomputes, and which anyone verifies by its code without learning the answers or the signer.
 */

const backends = await testBackends();

/** The text a receipt hashes, written here from the documentation, independently of the server's code. */
async function documentedReceiptText(db: Db, campaignId: number): Promise<string> {
  const rows = await db.query<{ question: number; answer: number[] | null; reason: string | null; comment: string | null }>(
    `SELECT coalesce(a.subindicator_id, n.subindicator_id) AS question, a.response_ids AS answer, n.not_applicable_reason AS reason, n.comment
       FROM answers a FULL JOIN answer_notes n ON n.campaign_id = a.campaign_id AND n.subindicator_id = a.subindicator_id
      WHERE coalesce(a.campaign_id, n.campaign_id) = $1 ORDER BY 1`,
    [campaignId],
  );
  const answers = rows
    .filter((r) => r.answer || r.reason !== null || r.comment !== null)
    .map((r) => ({ question: r.question, answer: r.answer ? [...r.answer].sort((a, b) => a - b) : null, notApplicable: r.reason, comment: r.comment }));
  return JSON.stringify({ campaign: campaignId, answers });
}

describe.each(backends)('receipts of signed submissions on $name', ({ openDemo }) => {
  let db: Db;
  let server: TestServer;
  const tokens = { admin: '', fec: '', member: '', other: '' };
  let campaignId = 0;
  let receipt: Receipt;

  const secure = (method: 'GET' | 'POST', path: string, token: string, body?: unknown) => call(server, method, `/api/secure/v1/${path}`, { token, body });
  /** The campaign's entity's name and edition's year, as the database holds them. */
  const place = async () =>
    (
      await db.query<{ entity: string; edition: number }>(
        'SELECT en.name AS entity, ed.campaign_number AS edition FROM campaigns c JOIN entities en ON en.id = c.entity_id JOIN editions ed ON ed.id = c.edition_id WHERE c.id = $1',
        [campaignId],
      )
    )[0];

  beforeAll(async () => {
    db = await openDemo();
    server = await startTestServer(db);
    Object.assign(tokens, await signInDemoAccounts(server));
    const campaign = await answeredCampaignOfNewEntity(server, db, tokens.admin, { email: 'firma@recibos.es', password: 'clave-firma-1' }, 'Recibos', 7);
    campaignId = campaign.id;
    tokens.member = campaign.memberToken;
    const [{ id: otherEntity }] = await db.query<{ id: number }>('SELECT id FROM entities ORDER BY id LIMIT 1');
    await createTestUser(db, 'ajena@recibos.es', 'clave-ajena-1', 'USER', [otherEntity]);
    tokens.other = (await signIn(server, 'ajena@recibos.es', 'clave-ajena-1')).access_token;
  }, 120_000);
  afterAll(async () => {
    await server.close();
    await db.close();
  });

  it('answers the sending with a receipt whose SHA-256 is that of the answers as stored, comments and "No aplica" included', async () => {
    const [question] = await db.query<{ id: number }>('SELECT subindicator_id AS id FROM answers WHERE campaign_id = $1 ORDER BY 1 LIMIT 1', [campaignId]);
    const [{ response_ids: chosen }] = await db.query<{ response_ids: number[] }>(
      'SELECT response_ids FROM answers WHERE campaign_id = $1 AND subindicator_id = $2',
      [campaignId, question.id],
    );
    const comment = 'Aprobado en el pleno del 3 de marzo — acta nº 7 🌱';
    expect((await secure('POST', 'campaigns/saveAnswer', tokens.member, { id: campaignId, question: question.id, answer: chosen, comment })).status).toBe(200);
    expect((await secure('GET', `campaigns/receipt?id=${campaignId}`, tokens.member)).body.response).toEqual({ receipt: null, ...(await place()) });

    const before = Date.now();
    const sent = await secure('POST', 'campaigns/submit', tokens.member, { id: campaignId });
    expect(sent.status).toBe(200);
    receipt = sent.body.response.receipt;
    expect(sent.body.response.campaign.status).toBe('sent');
    expect(receipt).toEqual({
      code: expect.stringMatching(/^[0-9a-f]{32}$/),
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      sentAt: expect.any(String),
      signer: 'firma@recibos.es',
    });
    expect(Date.parse(receipt.sentAt)).toBeGreaterThanOrEqual(before - 1000);
    const text = await documentedReceiptText(db, campaignId);
    expect(text).toContain(JSON.stringify(comment));
    expect(receipt.sha256).toBe(createHash('sha256').update(text, 'utf8').digest('hex'));
    // The members and the administrators read it; another entity's member is told the campaign does not exist.
    for (const token of [tokens.member, tokens.admin, tokens.fec])
      expect((await secure('GET', `campaigns/receipt?id=${campaignId}`, token)).body.response).toEqual({ receipt, ...(await place()) });
    // Every report of the campaign prints the receipt's code and hash, a shared one too.
    const printed = { code: receipt.code, sha256: receipt.sha256 };
    expect((await secure('GET', `campaigns/result?id=${campaignId}`, tokens.member)).body.response.receipt).toEqual(printed);
    expect((await secure('GET', `campaigns/comparison?id=${campaignId}`, tokens.admin)).body.response.receipt).toEqual(printed);
    const shareToken = (await secure('POST', 'campaigns/share', tokens.member, { id: campaignId })).body.response.urlResults.split('/').pop();
    expect((await secure('GET', `campaigns/result?id=${campaignId}`, shareToken)).body.response.receipt).toEqual(printed);
    expect((await secure('GET', `campaigns/receipt?id=${campaignId}`, tokens.other)).status).toBe(404);
    // The receipt, the campaign's sending and its line of the audit trail are written together, at the same moment.
    const { entity } = await place();
    expect(
      await db.query(
        `SELECT a.details->>'receipt' AS code, a.details->>'entityName' AS "entityName", a.actor_email AS actor, a.entity_id = c.entity_id AS "ofEntity",
                c.end_date = r.sent_at AS "sentTogether"
           FROM audit_log a JOIN campaigns c ON c.id::text = a.target_id JOIN campaign_receipts r ON r.campaign_id = c.id
          WHERE a.action = 'campaign.submit' AND a.target_id = $1`,
        [String(campaignId)],
      ),
    ).toEqual([{ code: receipt.code, entityName: entity, actor: 'firma@recibos.es', ofEntity: true, sentTogether: true }]);
  });

  it('lets anyone verify a receipt by its code, learning the entity, the edition, the moment and the hash, and nothing else', async () => {
    const res = await fetch(`${server.url}/api/v1/public/receipt?code=${receipt.code}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { entity, edition } = await place();
    expect(((await res.json()) as { response: PublicReceipt }).response).toEqual({ entity, edition, sentAt: receipt.sentAt, sha256: receipt.sha256 });
    for (const [code, status] of [
      ['0'.repeat(32), 404],
      ['ABC', 422],
      [`${receipt.code}&extra=1`, 422],
      [receipt.code.toUpperCase(), 422],
    ] as const)
      expect([code, (await fetch(`${server.url}/api/v1/public/receipt?code=${code}`)).status]).toEqual([code, status]);

    // The page, without signing in and without JavaScript: what the call says, in the language asked; no answer, no signer.
    const page = await (await fetch(`${server.url}/verificar/${receipt.code}`)).text();
    expect(page).toContain(`Justificante auténtico: ${entity} envió su campaña de la edición ${edition} el`);
    expect(page).toContain(receipt.sha256);
    expect(page).toContain('<meta name="robots" content="noindex">');
    expect(page).not.toContain('firma@recibos.es');
    expect(page).not.toContain('acta nº 7');
    expect(await (await fetch(`${server.url}/verificar/${receipt.code}?lang=ca`)).text()).toContain('Justificant autèntic:');
    const missing = await fetch(`${server.url}/verificar/${'0'.repeat(32)}`);
    expect([missing.status, await missing.text()]).toEqual([404, expect.stringContaining('No existe ningún justificante con este código.')]);
    expect((await fetch(`${server.url}/verificar/nada`)).status).toBe(404);
  });

  it("reads a campaign's receipt in one statement, the session check with the campaign and its latest receipt", async () => {
    const seen: string[] = [];
    const recorded = await startTestServer(recording(db, seen));
    try {
      await retentionRan(seen);
      for (const [token, status] of [
        [tokens.member, 200],
        [tokens.other, 404],
      ] as const) {
        seen.length = 0;
        const res = await call(recorded, 'GET', `/api/secure/v1/campaigns/receipt?id=${campaignId}`, { token });
        expect([res.status, seen]).toEqual([status, ['session_user_and_latest_receipt']]);
        if (status === 200) expect(res.body.response).toEqual({ receipt, ...(await place()) });
      }
    } finally {
      await recorded.close();
    }
  });

  it('sends a campaign in three statements between BEGIN and COMMIT: the session with the campaign, its answers, and one for every write', async () => {
    const transactions: string[][] = [];
    const recorded = await startTestServer(recordingTransactions(db, transactions));
    try {
      const campaign = await answeredCampaignOfNewEntity(
        recorded,
        db,
        tokens.admin,
        { email: 'firma3@recibos.es', password: 'clave-firma-3' },
        'Recibos tres',
        8,
      );
      // The member opens the campaign before sending it, which reads its edition's questionnaire once for every call after.
      expect((await call(recorded, 'GET', `/api/secure/v1/campaigns/get?id=${campaign.id}`, { token: campaign.memberToken })).status).toBe(200);
      const sent = await call(recorded, 'POST', '/api/secure/v1/campaigns/submit', { token: campaign.memberToken, body: { id: campaign.id } });
      expect(sent.status).toBe(200);
      const submission = transactions.find((t) => t.includes('store_submission'));
      expect(submission).toHaveLength(3);
      expect(submission?.at(-1)).toBe('store_submission');
      // What that one statement wrote: the receipt answered, its audit line.
      expect(
        await db.query("SELECT count(*)::int AS n FROM audit_log WHERE action = 'campaign.submit' AND details->>'receipt' = $1", [
          sent.body.response.receipt.code,
        ]),
      ).toEqual([{ n: 1 }]);
    } finally {
      await recorded.close();
    }
  });
});
