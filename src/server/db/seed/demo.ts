import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from '../client.js';
import { importCatalogueFile } from '../../catalogue/import.js';
import { hashPassword } from '../../services/auth/passwords.js';
import { insertUser } from '../repositories/users.js';
import { recordAudit } from '../repositories/audit.js';
import { storeCampaignScores } from '../../reports/storedScores.js';
import { foldText } from '../../../shared/text.js';
import { rebuildTerritoryScores } from '../repositories/territoryScores.js';
import { seededRandom, pick } from './random.js';
import { insertAnswers, insertRequiredEvidence, loadEditionSubindicators, plausibleAnswer } from './answers.js';
import { DEMO_ACCOUNTS, DEMO_GROUPINGS, DEMO_PASSWORD, TOWN_HALLS_PER_PROVINCE } from './entities.js';

const CATALOGUE_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'catalogues');
/** The demo's editions: the previous one and the current one (the scale data set has these two). */
export const DEMO_EDITIONS = [2025, 2026] as const;
/**
 * An earlier edition, so that the demo's trend across editions has three points. Imported and filled after the
 * other two, with a random sequence of its own: the ids and answers of the 2025 and 2026 data stay as they were.
 */
export const DEMO_EARLIEST_EDITION = 2024;

type Status = 'created' | 'draft' | 'sent';

/** The edition's id, importing its demo catalogue first when missing. */
export async function ensureEdition(db: Db, year: number): Promise<number> {
  const [row] = await db.query<{ id: number }>('SELECT id FROM editions WHERE campaign_number = $1', [year]);
  if (row) return row.id;
  return (await importCatalogueFile(db, path.join(CATALOGUE_DIR, `demo-${year}.json`))).editionId;
}

async function createEntities(q: Queryable, random: () => number): Promise<number[]> {
  const ids: number[] = [];
  const insert = async (name: string, provinceId: string, municipalityIds: string[], population: number) => {
    const [{ id }] = await q.query<{ id: number }>('INSERT INTO entities (name, name_key, population, province_id) VALUES ($1, $2, $3, $4) RETURNING id', [
      name,
      foldText(name),
      population,
      provinceId,
    ]);
    await q.query('INSERT INTO entity_municipalities (entity_id, municipality_id) SELECT $1, unnest($2::text[])', [id, municipalityIds]);
    ids.push(id);
  };
  for (const grouping of DEMO_GROUPINGS) {
    const municipalities = await q.query<{ id: string; name: string }>('SELECT id, name FROM municipalities WHERE province_id = $1 ORDER BY id', [
      grouping.provinceId,
    ]);
    const chosen = pick(random, municipalities, 2 + TOWN_HALLS_PER_PROVINCE + Math.floor(random() * 5));
    const [townHalls, members] = [chosen.slice(0, TOWN_HALLS_PER_PROVINCE), chosen.slice(TOWN_HALLS_PER_PROVINCE)];
    await insert(
      grouping.name,
      grouping.provinceId,
      members.map((m) => m.id),
      8000 + Math.floor(random() * 140000),
    );
    for (const town of townHalls) {
      await insert(`Ayuntamiento de ${town.name}`, grouping.provinceId, [town.id], 900 + Math.floor(random() * 60000));
    }
  }
  return ids;
}

/** Which campaigns entity number i has in each edition: a mix of every status, sent for most in the previous edition. */
function plannedStatuses(i: number): [Status | null, Status | null] {
  if (i === 0) return ['sent', 'sent'];
  if (i === 1) return ['sent', 'draft'];
  const previous: Status | null = i % 7 === 3 ? null : 'sent';
  const current: (Status | null)[] = ['sent', 'sent', 'sent', 'draft', 'created', null];
  return [previous, current[i % current.length]];
}

/**
 * Whether entity number i sent a campaign in the earliest edition: most did, the demo user's first entity among
 * them (three editions); not its second, whose 2025 campaign stays one without an earlier campaign.
 */
const sentEarliest = (i: number) => i !== 1 && i % 5 !== 4;

function dateIn(year: number, random: () => number, fromMonth: number, toMonth: number): Date {
  const month = fromMonth + Math.floor(random() * (toMonth - fromMonth + 1));
  return new Date(Date.UTC(year, month - 1, 1 + Math.floor(random() * 27), 8 + Math.floor(random() * 10), Math.floor(random() * 60)));
}

async function createCampaign(q: Queryable, entityId: number, editionId: number, year: number, status: Status, maturity: number, random: () => number) {
  const subs = await loadEditionSubindicators(q, editionId);
  const startDate = status === 'created' ? null : dateIn(year, random, 2, 5);
  const endDate = status === 'sent' && startDate ? new Date(startDate.getTime() + (5 + Math.floor(random() * 60)) * 86400000) : null;
  const [{ id }] = await q.query<{ id: number }>(
    `INSERT INTO campaigns (entity_id, edition_id, status, created_at, start_date, end_date)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
    [entityId, editionId, status, dateIn(year, random, 1, 1), startDate, endDate],
  );
  const answered = status === 'sent' ? subs : status === 'draft' ? subs.filter(() => random() < 0.4) : [];
  await insertAnswers(
    q,
    id,
    answered.map((s) => ({ subindicatorId: s.id, responseIds: plausibleAnswer(s, maturity, random) })),
  );
  await insertRequiredEvidence(q, [id]);
  if (status === 'sent') await storeCampaignScores(q, id);
}

/**
 * The earliest edition's review is over, as a federation's last year would be: every sent campaign validated by the
 * demo FEC a month after it was sent, and its provisional results published with a period to object that has ended.
 * The later editions' campaigns await review.
 */
async function closeEarliestReview(q: Queryable, editionId: number): Promise<void> {
  await q.query(
    `UPDATE campaigns SET review_status = 'validated', validated_at = end_date + interval '30 days', validated_by = 'fec@demo.es'
      WHERE edition_id = $1 AND status = 'sent'`,
    [editionId],
  );
  await q.query(
    `UPDATE editions SET provisional_published_at = make_timestamptz($2, 1, 15, 10, 0, 0, 'Europe/Madrid'), objections_until = make_date($2, 1, 31)
      WHERE id = $1`,
    [editionId, DEMO_EARLIEST_EDITION + 1],
  );
}

/**
 * Fills an empty database with the demo: the three editions' questionnaires, 36 entities in 12 provinces,
 * campaigns in every status (sent ones for most entities in 2024 and 2025; 2024's validated, its objections closed),
 * the three demo accounts and an accessibility statement reviewed recently. Does nothing when any user exists: a data
 * folder in use keeps its data as it is.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const [{ count }] = await db.query<{ count: number }>('SELECT count(*)::int AS count FROM users');
  if (count > 0) return false;
  const editionIds: number[] = [];
  for (const year of DEMO_EDITIONS) editionIds.push(await ensureEdition(db, year));
  const earliestId = await ensureEdition(db, DEMO_EARLIEST_EDITION);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const random = seededRandom(2026);
    const entityIds = await createEntities(tx, random);
    const maturities: number[] = [];
    for (const [i, entityId] of entityIds.entries()) {
      const maturity = 0.2 + random() * 0.7;
      maturities.push(maturity);
      for (const [e, status] of plannedStatuses(i).entries()) {
        if (status) await createCampaign(tx, entityId, editionIds[e], DEMO_EDITIONS[e], status, Math.min(1, maturity + e * 0.08), random);
      }
    }
    const earlier = seededRandom(DEMO_EARLIEST_EDITION);
    for (const [i, entityId] of entityIds.entries()) {
      // A little less mature than a year later, each entity at its own pace.
      const maturity = Math.max(0.05, maturities[i] - 0.04 - earlier() * 0.1);
      if (sentEarliest(i)) await createCampaign(tx, entityId, earliestId, DEMO_EARLIEST_EDITION, 'sent', maturity, earlier);
    }
    await closeEarliestReview(tx, earliestId);
    for (const account of DEMO_ACCOUNTS) {
      const entities = account.role === 'USER' ? entityIds.slice(0, 2) : [];
      const id = await insertUser(tx, { email: account.email, name: account.name, role: account.role, passwordHash, entityIds: entities });
      await recordAudit(tx, {
        action: 'user.create',
        targetType: 'user',
        targetId: id,
        details: { email: account.email, role: account.role, by: 'seed:demo' },
      });
    }
    // A statement reviewed six weeks before the first start, with the exception a review of this product would find.
    await tx.query(`UPDATE accessibility_statement SET conformance = 'PARTIAL', exceptions = $1, reviewed_on = current_date - 42`, [
      'Los mapas de España se recorren mejor con el ratón que con el teclado: lo que muestran está también en la tabla de la misma página.',
    ]);
    await rebuildTerritoryScores(tx);
  });
  return true;
}
