import type { Queryable } from '../client.js';
import { COUNTED_IN_MEANS_SQL, TERRITORIES_OF_CAMPAIGN, TERRITORIES_OF_ENTITY } from './territoryScores.js';

/** A participants' sums row of territory_scores; the same shape for its recomputation. */
export interface ScoreSums {
  participants: number;
  percentageSum: number;
  valueSum: number;
}

/** One key of territory_scores with what is stored and what the stored scores give (null: no row). */
export interface ScoreSumsPair {
  edition: number;
  territory: string;
  territoryId: string;
  scope: string;
  categoryId: number;
  stored: ScoreSums | null;
  recomputed: ScoreSums | null;
}

/** One key of territory_entities with what is stored and what the entities give (null: no row). */
export interface RegisteredPair {
  territory: string;
  territoryId: string;
  stored: number | null;
  recomputed: number | null;
}

/** One key of territory_score_counts (participants per shown percentage, for ranks) with what is stored and recomputed (null: no row). */
export interface ScoreCountPair {
  edition: number;
  territory: string;
  territoryId: string;
  scope: string;
  categoryId: number;
  /** Tenths of a percent, as reports show it (migration 006). */
  shownPercentage: number;
  stored: number | null;
  recomputed: number | null;
}

export interface TerritorialFigures {
  scores: ScoreSumsPair[];
  registered: RegisteredPair[];
  counts: ScoreCountPair[];
}

const sums = (participants: number | null, percentageSum: number | null, valueSum: number | null): ScoreSums | null =>
  participants === null ? null : { participants, percentageSum: percentageSum ?? 0, valueSum: valueSum ?? 0 };

/**
 * Stored territorial sums beside a recomputation from the scores of the campaigns counted in the means (COUNTED_IN_MEANS_SQL), every key of either side.
 * Editions whose results are final are left out: their sums are the figures as published (migration 022), which
 * entities moved or removed since no longer recompute.
 */
async function readScoreSums(q: Queryable): Promise<ScoreSumsPair[]> {
  const rows = await q.query<{
    edition: number;
    territory: string;
    territory_id: string;
    scope: string;
    category_id: number;
    s_participants: number | null;
    s_percentage: number | null;
    s_value: number | null;
    r_participants: number | null;
    r_percentage: number | null;
    r_value: number | null;
  }>(
    `WITH recomputed AS (
       SELECT c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id,
              count(*)::int AS participants, sum(cs.percentage) AS percentage_sum, sum(cs.value) AS value_sum
       ${TERRITORIES_OF_CAMPAIGN}
        WHERE ${COUNTED_IN_MEANS_SQL}
        GROUP BY c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id)
     SELECT ed.campaign_number AS edition, territory, territory_id, scope, category_id,
            s.participants AS s_participants, s.percentage_sum AS s_percentage, s.value_sum AS s_value,
            r.participants AS r_participants, r.percentage_sum AS r_percentage, r.value_sum AS r_value
       FROM territory_scores s
       FULL JOIN recomputed r USING (edition_id, territory, territory_id, scope, category_id)
       JOIN editions ed ON ed.id = edition_id
      WHERE ed.final_published_at IS NULL
      ORDER BY ed.campaign_number, territory, territory_id, scope, category_id`,
  );
  return rows.map((r) => ({
    edition: r.edition,
    territory: r.territory,
    territoryId: r.territory_id,
    scope: r.scope,
    categoryId: r.category_id,
    stored: sums(r.s_participants, r.s_percentage, r.s_value),
    recomputed: sums(r.r_participants, r.r_percentage, r.r_value),
  }));
}

/** Stored entity counts per territory beside a count of the entities, every key of either side. */
async function readRegistered(q: Queryable): Promise<RegisteredPair[]> {
  return q.query<RegisteredPair>(
    `WITH recomputed AS (
       SELECT t.territory, t.territory_id, count(*)::int AS registered
         FROM entities en
         ${TERRITORIES_OF_ENTITY}
        GROUP BY t.territory, t.territory_id)
     SELECT territory, territory_id AS "territoryId", s.registered AS stored, r.registered AS recomputed
       FROM territory_entities s
       FULL JOIN recomputed r USING (territory, territory_id)
      ORDER BY territory, territory_id`,
  );
}

/** Stored participants per shown percentage beside a count from the stored global and axis scores, every key of either side (final editions left out, as above). */
async function readScoreCounts(q: Queryable): Promise<ScoreCountPair[]> {
  return q.query<ScoreCountPair>(
    `WITH recomputed AS (
       SELECT c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, shown_percentage(cs.percentage) AS shown_percentage, count(*)::int AS participants
       ${TERRITORIES_OF_CAMPAIGN}
        WHERE ${COUNTED_IN_MEANS_SQL} AND cs.scope IN ('total', 'axis')
        GROUP BY c.edition_id, t.territory, t.territory_id, cs.scope, cs.category_id, shown_percentage(cs.percentage))
     SELECT ed.campaign_number AS edition, territory, territory_id AS "territoryId", scope, category_id AS "categoryId",
            shown_percentage AS "shownPercentage", s.participants AS stored, r.participants AS recomputed
       FROM territory_score_counts s
       FULL JOIN recomputed r USING (edition_id, territory, territory_id, scope, category_id, shown_percentage)
       JOIN editions ed ON ed.id = edition_id
      WHERE ed.final_published_at IS NULL
      ORDER BY ed.campaign_number, territory, territory_id, scope, category_id, shown_percentage`,
  );
}

/**
 * Every comparison from one snapshot, so that writes committing meanwhile cannot show as differences.
 * Call it first thing in its own transaction (SET TRANSACTION must precede every other statement).
 */
export async function readTerritorialFigures(tx: Queryable): Promise<TerritorialFigures> {
  await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
  const scores = await readScoreSums(tx);
  const registered = await readRegistered(tx);
  return { scores, registered, counts: await readScoreCounts(tx) };
}
