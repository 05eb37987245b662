import type { Db, Queryable } from '../../src/server/db/client.js';
import type { AuditEntry } from '../../src/server/db/repositories/audit.js';
import type { NewReceipt } from '../../src/server/db/repositories/receipts.js';
import { insertUser } from '../../src/server/db/repositories/users.js';
import { receiptCode, sha256Hex } from '../../src/server/services/campaigns/receipts.js';
import { checkTerritorialFigures, describeDifference } from '../../src/server/reports/consistency.js';
import { insertAnswers, insertRequiredEvidence, loadEditionSubindicators, plausibleAnswer } from '../../src/server/db/seed/answers.js';
import { call, type TestServer } from './server.js';
import { createTestUser, signIn } from './auth.js';

/** The differences npm run check:consistency would print, one line each (an empty list when consistent). */
export async function consistencyDifferences(db: Db): Promise<string[]> {
  return (await checkTerritorialFigures(db)).differences.map(describeDifference);
}

/** Answers every question of a campaign (setup, straight into the database), with the evidence it requires, and makes it a draft, ready to submit. */
export async function answerEverything(db: Db, campaignId: number, random: () => number): Promise<void> {
  const [{ edition_id: editionId }] = await db.query<{ edition_id: number }>('SELECT edition_id FROM campaigns WHERE id = $1', [campaignId]);
  const subs = await loadEditionSubindicators(db, editionId);
  await db.transaction(async (tx) => {
    await tx.query('DELETE FROM answers WHERE campaign_id = $1', [campaignId]);
    await insertAnswers(
      tx,
      campaignId,
      subs.map((s) => ({ subindicatorId: s.id, responseIds: plausibleAnswer(s, random(), random) })),
    );
    await insertRequiredEvidence(tx, [campaignId]);
    await tx.query("UPDATE campaigns SET status = 'draft', start_date = now() WHERE id = $1", [campaignId]);
  });
}

/**
 * The body of an entities/remove that deletes the entity for good whatever its campaigns: with its name typed
 * (confirmName), as the dialog sends it once the administrator has typed it. An entity already gone sends none.
 */
export async function removeForGood(db: Db, entityId: number): Promise<{ id: number; confirmName?: string }> {
  const [row] = await db.query<{ name: string }>('SELECT name FROM entities WHERE id = $1', [entityId]);
  return row ? { id: entityId, confirmName: row.name } : { id: entityId };
}

let entityCounter = 0;

/** Creates an entity of one municipality through the API; returns its id. */
export async function createEntity(server: TestServer, token: string, municipalityId: string, label = 'Entidad'): Promise<number> {
  const name = `${label} ${process.pid}-${++entityCounter}-${Math.random().toString(36).slice(2, 8)}`;
  const res = await call(server, 'POST', '/api/secure/v1/entities/create', {
    token,
    body: { entity: { name, population: 1000 }, municipalities: [municipalityId] },
  });
  if (res.status !== 200) throw new Error(`entities/create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.response.entity.id;
}

/**
 * A fresh campaign of the current edition, through the API, for a new entity of the demo's first municipality whose
 * member is the (existing) user of that e-mail; returns the campaign's id and the member's access token, signed in
 * again after joining (a token carries the entities read when signing in).
 */
export async function campaignOfNewEntity(
  server: TestServer,
  db: Db,
  adminToken: string,
  member: { email: string; password: string },
  label: string,
): Promise<{ id: number; memberToken: string }> {
  const [{ municipality_id: municipality }] = await db.query<{ municipality_id: string }>('SELECT municipality_id FROM entity_municipalities LIMIT 1');
  const entityId = await createEntity(server, adminToken, municipality, label);
  await db.query('INSERT INTO user_entities (user_id, entity_id) SELECT id, $1 FROM users WHERE email = $2', [entityId, member.email]);
  const memberToken = (await signIn(server, member.email, member.password)).access_token;
  return { id: await createCampaign(server, adminToken, entityId), memberToken };
}

/** Deterministic numbers in [0, 1) for answerEverything, from the seed (Park and Miller's generator). */
export const seeded = (seed: number) => () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;

/**
 * A new member (USER) and a new entity's campaign of the current edition (campaignOfNewEntity), every question
 * answered from the seed (answerEverything): ready for its member to send.
 */
export async function answeredCampaignOfNewEntity(
  server: TestServer,
  db: Db,
  adminToken: string,
  member: { email: string; password: string },
  label: string,
  seed: number,
): Promise<{ id: number; memberToken: string }> {
  await createTestUser(db, member.email, member.password, 'USER', []);
  const campaign = await campaignOfNewEntity(server, db, adminToken, member, label);
  await answerEverything(db, campaign.id, seeded(seed));
  return campaign;
}

/** Creates the entity's campaign of the current edition through the API; returns its id. */
export async function createCampaign(server: TestServer, token: string, entityId: number): Promise<number> {
  const res = await call(server, 'POST', '/api/secure/v1/campaigns/create', { token, body: { entityId } });
  if (res.status !== 200) throw new Error(`campaigns/create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.response.campaign.id;
}

/** A new entity of the municipality with a fully answered draft campaign of the current edition. */
export async function submittableCampaign(
  db: Db,
  server: TestServer,
  token: string,
  municipalityId: string,
  random: () => number,
): Promise<{ entityId: number; campaignId: number }> {
  const entityId = await createEntity(server, token, municipalityId);
  const campaignId = await createCampaign(server, token, entityId);
  await answerEverything(db, campaignId, random);
  return { entityId, campaignId };
}

/** Backends of this PostgreSQL database waiting for a lock (heavyweight locks: rows, tables). */
async function lockWaiters(db: Db): Promise<number> {
  const [{ n }] = await db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
  );
  return n;
}

/** Resolves once at least n backends wait for a lock: a request has reached the point where a gate holds it. */
export async function waitForLockWaiters(db: Db, n: number): Promise<void> {
  while ((await lockWaiters(db)) < n) await new Promise((resolve) => setTimeout(resolve, 5));
}

/**
 * A transaction of its own holding the given lock statements until released, to stop requests at a chosen
 * point and so force an interleaving of two transactions (PostgreSQL only: PGlite runs one at a time).
 */
export async function holdLocks(db: Db, statements: string[]): Promise<{ release: () => Promise<void> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held!: () => void;
  const holding = new Promise<void>((resolve) => (held = resolve));
  const done = db.transaction(async (tx) => {
    for (const sql of statements) await tx.query(sql);
    held();
    await released;
  });
  await Promise.race([holding, done]);
  return {
    release: async () => {
      release();
      await done;
    },
  };
}

/**
 * A new entity whose 2025 campaign was sent with every question answered (its first response offered), `comment` on
 * the first question, "No aplica" ('Sin costa') on the first that allows it and a link ('Acta 2025') on the second,
 * written as such a campaign is stored: what 'Partir de las respuestas de 2025' copies from.
 */
export async function entityWithSentCampaign2025(server: TestServer, db: Db, adminToken: string, label: string, comment: string) {
  const [{ municipality_id: municipality }] = await db.query<{ municipality_id: string }>('SELECT municipality_id FROM entity_municipalities LIMIT 1');
  const entityId = await createEntity(server, adminToken, municipality, label);
  const [{ id: old }] = await db.query<{ id: number }>(
    "INSERT INTO campaigns (entity_id, edition_id, status, start_date, end_date) SELECT $1, id, 'sent', now(), now() FROM editions WHERE campaign_number = 2025 RETURNING id",
    [entityId],
  );
  const subs = await db.query<{ id: number; allows_not_applicable: boolean; first: number }>(
    `SELECT s.id, s.allows_not_applicable, (SELECT r.id FROM responses r WHERE r.subindicator_id = s.id AND NOT r.obsolete ORDER BY r.position LIMIT 1) AS first
       FROM subindicators s JOIN indicators i ON i.id = s.indicator_id JOIN editions e ON e.id = i.edition_id
      WHERE e.campaign_number = 2025 ORDER BY i.position, s.position`,
  );
  const notApplicable = subs.find((s) => s.allows_not_applicable)!;
  for (const s of subs.filter((x) => x !== notApplicable))
    await db.query('INSERT INTO answers (campaign_id, subindicator_id, response_ids) VALUES ($1, $2, ARRAY[$3::int])', [old, s.id, s.first]);
  await db.query('INSERT INTO answer_notes (campaign_id, subindicator_id, comment) VALUES ($1, $2, $3)', [old, subs[0].id, comment]);
  await db.query('INSERT INTO answer_notes (campaign_id, subindicator_id, not_applicable_reason) VALUES ($1, $2, $3)', [old, notApplicable.id, 'Sin costa']);
  await db.query("INSERT INTO evidence (campaign_id, subindicator_id, kind, url, title) VALUES ($1, $2, 'link', 'https://ayto.example/2025', 'Acta 2025')", [
    old,
    subs[1].id,
  ]);
  return { entityId, old, answered: subs.length };
}

/**
 * What a submission stores beside its scores (storeSubmission's last two arguments), as submitCampaign makes them:
 * a receipt of the campaign signed by the database's first user (one made when it has none) and its audit line.
 */
export async function submissionRecords(db: Queryable, campaignId: number): Promise<[NewReceipt, AuditEntry]> {
  const [user] = await db.query<{ id: number; email: string }>('SELECT id, email FROM users ORDER BY id LIMIT 1');
  const signer = user ?? {
    id: await insertUser(db, { email: 'firmante@ayto.es', role: 'ADMIN', passwordHash: 'x', entityIds: [] }),
    email: 'firmante@ayto.es',
  };
  const [{ entity_id: entityId }] = await db.query<{ entity_id: number }>('SELECT entity_id FROM campaigns WHERE id = $1', [campaignId]);
  const receipt = { code: receiptCode(), campaignId, sha256: sha256Hex(`campaign ${campaignId}`), signerId: signer.id, signerEmail: signer.email };
  const audit = { actorId: signer.id, actorEmail: signer.email, action: 'campaign.submit', targetType: 'campaign', targetId: campaignId, entityId };
  return [receipt, { ...audit, details: { entityId, receipt: receipt.code } }];
}
