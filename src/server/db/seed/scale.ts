import type { Db, Queryable } from '../client.js';
import { foldText } from '../../../shared/text.js';
import { insertScores } from '../repositories/scores.js';
import { loadEditionQuestionnaire } from '../../reports/storedScores.js';
import { scoreCampaign } from '../../reports/scoring.js';
import { DEMO_EDITIONS, ensureEdition } from './demo.js';
import { insertRequiredEvidence, plausibleAnswer } from './answers.js';
import { rebuildTerritoryScores } from '../repositories/territoryScores.js';
import { seededRandom } from './random.js';

/** Entities of the scale data set are named after their first municipality. */
const PREFIX = 'Agrupación de escala';
const MUNICIPALITIES_PER_ENTITY = 3;
const BATCH = 200;

/** Groups every municipality of the chosen provinces, perEntity by perEntity (three by default), into entities; returns their ids. */
async function createEntities(q: Queryable, provinces: string[] | undefined, random: () => number, perEntity = MUNICIPALITIES_PER_ENTITY): Promise<number[]> {
  const municipalities = await q.query<{ id: string; name: string; province_id: string }>(
    'SELECT id, name, province_id FROM municipalities WHERE $1::text[] IS NULL OR province_id = ANY($1::text[]) ORDER BY id',
    [provinces ?? null],
  );
  const groups: { name: string; provinceId: string; members: string[] }[] = [];
  for (const m of municipalities) {
    const last = groups.at(-1);
    if (last && last.provinceId === m.province_id && last.members.length < perEntity) last.members.push(m.id);
    else groups.push({ name: `${PREFIX} ${m.name} (${m.id})`, provinceId: m.province_id, members: [m.id] });
  }
  const rows = await q.query<{ id: number; name: string }>(
    `INSERT INTO entities (name, name_key, population, province_id)
     SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[]) RETURNING id, name`,
    [groups.map((g) => g.name), groups.map((g) => foldText(g.name)), groups.map(() => 500 + Math.floor(random() * 50000)), groups.map((g) => g.provinceId)],
  );
  const idByName = new Map(rows.map((r) => [r.name, r.id]));
  const pairs = groups.flatMap((g) => g.members.map((m) => [idByName.get(g.name) as number, m] as const));
  await q.query('INSERT INTO entity_municipalities (entity_id, municipality_id) SELECT * FROM unnest($1::int[], $2::text[])', [
    pairs.map((p) => p[0]),
    pairs.map((p) => p[1]),
  ]);
  return groups.map((g) => idByName.get(g.name) as number);
}

/** A sent campaign for every entity in the edition, with plausible answers and their stored scores. */
async function sendCampaigns(q: Queryable, editionId: number, year: number, entityIds: number[], random: () => number): Promise<void> {
  const questionnaire = await loadEditionQuestionnaire(q, editionId);
  for (let i = 0; i < entityIds.length; i += BATCH) {
    const batch = entityIds.slice(i, i + BATCH);
    const started = new Date(Date.UTC(year, 2, 1));
    const campaigns = await q.query<{ id: number }>(
      `INSERT INTO campaigns (entity_id, edition_id, status, start_date, end_date)
       SELECT e, $2, 'sent', $3, $4 FROM unnest($1::int[]) AS e RETURNING id`,
      [batch, editionId, started, new Date(started.getTime() + 30 * 86400000)],
    );
    const answers: { campaignId: number; subId: number; responses: number[] }[] = [];
    const scores = [];
    for (const { id } of campaigns) {
      const maturity = 0.15 + random() * 0.8;
      const chosen = new Map(questionnaire.map((sub) => [sub.id, plausibleAnswer(sub, maturity, random)]));
      for (const [subId, responses] of chosen) answers.push({ campaignId: id, subId, responses });
      scores.push(...scoreCampaign(questionnaire, chosen).map((s) => ({ campaignId: id, ...s })));
    }
    await q.query(
      `INSERT INTO answers (campaign_id, subindicator_id, response_ids)
       SELECT c, s, r::int[] FROM unnest($1::int[], $2::int[], $3::text[]) AS t(c, s, r)`,
      [answers.map((a) => a.campaignId), answers.map((a) => a.subId), answers.map((a) => `{${a.responses.join(',')}}`)],
    );
    await insertRequiredEvidence(
      q,
      campaigns.map((c) => c.id),
    );
    await insertScores(q, scores);
  }
}

/**
 * Fills a database for benchmarks: entities covering every municipality (or those of the given provinces),
 * each with a sent campaign in both editions (or the given years, each a demo catalogue). The growth set of the
 * bench makes every municipality its own entity (municipalitiesPerEntity 1: 8,131) over three editions.
 * Refuses a database that already has them.
 */
export async function seedScale(
  db: Db,
  options: { provinces?: string[]; municipalitiesPerEntity?: number; years?: readonly number[] } = {},
): Promise<{ entities: number; campaigns: number }> {
  const years = options.years ?? DEMO_EDITIONS;
  const [{ n }] = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM entities WHERE name LIKE $1', [`${PREFIX}%`]);
  if (n > 0) throw new Error(`The scale data set is already loaded (${n} entities).`);
  const editionIds: number[] = [];
  for (const year of years) editionIds.push(await ensureEdition(db, year));
  return db.transaction(async (tx) => {
    const random = seededRandom(8131);
    const entityIds = await createEntities(tx, options.provinces, random, options.municipalitiesPerEntity);
    for (const [i, editionId] of editionIds.entries()) await sendCampaigns(tx, editionId, years[i], entityIds, random);
    await rebuildTerritoryScores(tx);
    return { entities: entityIds.length, campaigns: entityIds.length * editionIds.length };
  });
}
