import { releaseRows, type Queryable } from '../client.js';
import { REVIEW_STATUS_SQL, VALIDATED_AT_SQL } from './campaignQueries.js';
import type { ReviewStatusOfSent } from './review.js';
import type { Translations } from '../../../shared/editionTexts.js';

/**
 * The rows of a whole edition's export (reports/editionExport.ts), read a few campaigns at a time so that memory
 * stays bounded whatever the edition's size: campaigns, then their scores, then their answers. Each page is the rows
 * of the next few campaigns of the edition (by id), read by key: a page costs the same at the end of the edition as
 * at its start, and every plan reaches its rows through the campaign's key, whether or not the planner has
 * statistics (a keyset over the rows themselves was planned as a scan of every answer per page).
 */

/**
 * The rows a page aims at. A page arrives whole (pageRows: one text) and its rows live while they are written: a few
 * hundred keep what is alive at once small, and each page costs a statement (docs/benchmarks.md, "Edition export").
 */
export const EXPORT_PAGE_ROWS = 500;

/** Campaigns a page holds when each has up to `rowsPerCampaign` rows: as many as fit in EXPORT_PAGE_ROWS, at least one. */
export const campaignsPerPage = (rowsPerCampaign: number): number => Math.max(1, Math.floor(EXPORT_PAGE_ROWS / Math.max(1, rowsPerCampaign)));

/** The edition with that campaign number (its year), or undefined. */
export async function findEditionByNumber(q: Queryable, campaignNumber: number): Promise<{ id: number; campaignNumber: number } | undefined> {
  const [row] = await q.query<{ id: number }>('SELECT id FROM editions WHERE campaign_number = $1', [campaignNumber]);
  return row ? { id: row.id, campaignNumber } : undefined;
}

export interface ExportCampaign {
  campaignId: number;
  entity: string;
  province: string;
  community: string;
  status: string;
  startDate: Date | null;
  endDate: Date | null;
  /** Where a sent campaign's review stands, and when it was validated; null for a campaign not sent. */
  reviewStatus: ReviewStatusOfSent | null;
  validatedAt: Date | null;
  /** The stored global score of a sent campaign; null otherwise. */
  points: number | null;
  max: number | null;
  percentage: number | null;
}

export interface ExportScore {
  campaignId: number;
  entity: string;
  scope: 'axis' | 'policy' | 'measure';
  /** The axis, policy or measure (its translations are in EditionQuestions). */
  categoryId: number;
  code: string;
  text: string;
  points: number;
  max: number;
  percentage: number;
}

/** One stored answer: the chosen response ids (named by editionQuestions). */
export interface ExportAnswer {
  campaignId: number;
  entity: string;
  subindicatorId: number;
  /** Empty for a question answered "No aplica" (or with only a comment). */
  responseIds: number[];
  comment: string | null;
  notApplicableReason: string | null;
  /** The evidence's links and file names, in the order added. */
  evidence: string[];
}

/**
 * The edition's questions and responses by id, to name the answers, and the translations of its questions,
 * responses, axes, policies and measures (a few thousand rows, read once).
 */
export interface EditionQuestions {
  questions: Map<number, { code: string; text: string; translations?: Translations }>;
  responses: Map<number, { code: string; text: string; value: number; translations?: Translations }>;
  categories: Map<number, Translations>;
  /** How many axes, policies and measures the edition's indicators fall in: a sent campaign's score rows. */
  scoredCategories: number;
}

export async function editionQuestions(q: Queryable, editionId: number): Promise<EditionQuestions> {
  const questions = await q.query<{ id: number; code: string; text: string; translations: Translations }>(
    'SELECT s.id, s.code, s.text, s.translations FROM subindicators s JOIN indicators i ON i.id = s.indicator_id WHERE i.edition_id = $1',
    [editionId],
  );
  const responses = await q.query<{ id: number; code: string; text: string; value: number; translations: Translations }>(
    `SELECT r.id, r.code, r.text, r.value, r.translations
       FROM responses r JOIN subindicators s ON s.id = r.subindicator_id JOIN indicators i ON i.id = s.indicator_id WHERE i.edition_id = $1`,
    [editionId],
  );
  // Axes, policies and measures are shared by editions (categories): those of this edition's indicators.
  const categories = await q.query<{ id: number; translations: Translations }>(
    `SELECT c.id, c.translations FROM categories c
      WHERE c.translations <> '{}'::jsonb
        AND c.id IN (SELECT unnest(ARRAY[axis_id, policy_id, measure_id]) FROM indicators WHERE edition_id = $1)`,
    [editionId],
  );
  const [{ scored }] = await q.query<{ scored: number }>(
    'SELECT (count(DISTINCT axis_id) + count(DISTINCT policy_id) + count(DISTINCT measure_id))::int AS scored FROM indicators WHERE edition_id = $1',
    [editionId],
  );
  return {
    scoredCategories: scored,
    questions: new Map(questions.map((r) => [r.id, { code: r.code, text: r.text, translations: r.translations }])),
    responses: new Map(responses.map((r) => [r.id, { code: r.code, text: r.text, value: Number(r.value), translations: r.translations }])),
    categories: new Map(categories.map((r) => [r.id, r.translations])),
  };
}

/**
 * Yields the rows `read` gives for each run of `perPage` of the edition's campaigns, in id order (the empty pages
 * left out). The ids are read once: a few thousand numbers, however many rows they have.
 */
async function* byCampaigns<R>(q: Queryable, editionId: number, perPage: number, read: (ids: number[]) => Promise<R[]>): AsyncGenerator<R[]> {
  const ids = (await q.query<{ id: number }>('SELECT id FROM campaigns WHERE edition_id = $1 ORDER BY id', [editionId])).map((r) => r.id);
  for (let from = 0; from < ids.length; from += perPage) {
    const rows = await read(ids.slice(from, from + perPage));
    if (rows.length > 0) yield rows;
  }
}

/**
 * A page's rows, which `sql` selects, as one JSON text (an array of objects keyed by column, in the order given)
 * parsed here. Dates come as ISO texts, numbers as numbers, arrays as arrays, on both databases. JSON.parse builds
 * its objects where V8 does not allocate them old, and the database client's row is emptied at once (releaseRows), so
 * that nothing old keeps the page from dying young: what a CSV export of the scale set promoted to V8's old
 * generation fell from about 100 MB (pg's rows, then the pages' texts, held by pg's old rows) to about 5
 * (docs/benchmarks.md, "Edition export").
 */
async function pageRows<R>(q: Queryable, sql: string, order: string, params: unknown[]): Promise<R[]> {
  const result = await q.query<{ rows: string }>(`SELECT coalesce(json_agg(page ORDER BY ${order}), '[]')::text AS rows FROM (${sql}) page`, params);
  const text = result[0].rows;
  releaseRows(result);
  return JSON.parse(text) as R[];
}

/** A timestamp as JSON gives it (an ISO text), or null. */
const dateOf = (text: string | null): Date | null => (text === null ? null : new Date(text));

/** The edition's campaigns by id, with entity, territory, status, dates and global score (one row each). */
export function campaignPages(q: Queryable, editionId: number, perPage = campaignsPerPage(1)): AsyncGenerator<ExportCampaign[]> {
  return byCampaigns(q, editionId, perPage, async (ids) => {
    const rows = await pageRows<{
      id: number;
      entity: string;
      province: string;
      community: string;
      status: string;
      start_date: string | null;
      end_date: string | null;
      review_status: ExportCampaign['reviewStatus'];
      validated_at: string | null;
      value: number | null;
      max_value: number | null;
      percentage: number | null;
    }>(
      q,
      `SELECT c.id, en.name AS entity, p.name AS province, ac.name AS community, c.status, c.start_date, c.end_date,
              NULLIF(${REVIEW_STATUS_SQL}, 'none') AS review_status, ${VALIDATED_AT_SQL} AS validated_at,
              cs.value, cs.max_value, cs.percentage
         FROM campaigns c
         JOIN entities en ON en.id = c.entity_id
         JOIN provinces p ON p.id = en.province_id
         JOIN autonomous_communities ac ON ac.id = p.community_id
         LEFT JOIN campaign_scores cs ON cs.campaign_id = c.id AND cs.scope = 'total' AND cs.category_id = 0
        WHERE c.id = ANY($1::int[])`,
      'page.id',
      [ids],
    );
    return rows.map((r) => ({
      campaignId: r.id,
      entity: r.entity,
      province: r.province,
      community: r.community,
      status: r.status,
      startDate: dateOf(r.start_date),
      endDate: dateOf(r.end_date),
      reviewStatus: r.review_status,
      validatedAt: dateOf(r.validated_at),
      points: r.value,
      max: r.max_value,
      percentage: r.percentage,
    }));
  });
}

/** The stored scores per axis, policy and measure of the edition's campaigns, by campaign, then scope (axis, policy, measure), then category id. */
export function scorePages(q: Queryable, editionId: number, perPage: number): AsyncGenerator<ExportScore[]> {
  return byCampaigns(q, editionId, perPage, async (ids) => {
    const rows = await pageRows<{
      campaign_id: number;
      entity: string;
      scope: ExportScore['scope'];
      category_id: number;
      code: string;
      text: string;
      value: number;
      max_value: number;
      percentage: number;
    }>(
      q,
      `SELECT cs.campaign_id, en.name AS entity, cs.scope, cs.category_id, cat.code, cat.text, cs.value, cs.max_value, cs.percentage
         FROM campaign_scores cs
         JOIN campaigns c ON c.id = cs.campaign_id
         JOIN entities en ON en.id = c.entity_id
         JOIN categories cat ON cat.id = cs.category_id
        WHERE cs.campaign_id = ANY($1::int[]) AND cs.scope <> 'total'`,
      "page.campaign_id, CASE page.scope WHEN 'axis' THEN 1 WHEN 'policy' THEN 2 ELSE 3 END, page.category_id",
      [ids],
    );
    return rows.map((r) => ({
      campaignId: r.campaign_id,
      entity: r.entity,
      scope: r.scope,
      categoryId: r.category_id,
      code: r.code,
      text: r.text,
      points: r.value,
      max: r.max_value,
      percentage: r.percentage,
    }));
  });
}

/**
 * Every answer of the edition's campaigns, by campaign and question id, with its comment, "No aplica" reason and
 * evidence: the questions with an answer, and those with only a "No aplica" or a comment.
 */
export function answerPages(q: Queryable, editionId: number, perPage: number): AsyncGenerator<ExportAnswer[]> {
  return byCampaigns(q, editionId, perPage, async (ids) => {
    const rows = await pageRows<{
      campaign_id: number;
      subindicator_id: number;
      entity: string;
      response_ids: number[] | null;
      comment: string | null;
      not_applicable_reason: string | null;
      evidence: string[] | null;
    }>(
      q,
      // Each part is read by the page's campaign ids, the evidence grouped once rather than asked row by row: the
      // planner's estimate stays that of a small statement, under the cost at which PostgreSQL compiles a
      // statement (jit_above_cost), which took 0.4 s of each page when it did.
      `SELECT campaign_id, subindicator_id, ce.entity, a.response_ids, n.comment, n.not_applicable_reason, ev.evidence
         FROM (SELECT campaign_id, subindicator_id, response_ids FROM answers WHERE campaign_id = ANY($1::int[])) a
         FULL JOIN (SELECT campaign_id, subindicator_id, comment, not_applicable_reason FROM answer_notes
                     WHERE campaign_id = ANY($1::int[]) AND (comment IS NOT NULL OR not_applicable_reason IS NOT NULL)) n
                USING (campaign_id, subindicator_id)
         JOIN (SELECT c.id AS campaign_id, en.name AS entity FROM campaigns c JOIN entities en ON en.id = c.entity_id
                WHERE c.id = ANY($1::int[])) ce
                USING (campaign_id)
         LEFT JOIN (SELECT campaign_id, subindicator_id, array_agg(coalesce(url, file_name) ORDER BY id) AS evidence FROM evidence
                     WHERE campaign_id = ANY($1::int[]) GROUP BY campaign_id, subindicator_id) ev
                USING (campaign_id, subindicator_id)`,
      'page.campaign_id, page.subindicator_id',
      [ids],
    );
    return rows.map((r) => ({
      campaignId: r.campaign_id,
      entity: r.entity,
      subindicatorId: r.subindicator_id,
      responseIds: r.response_ids ?? [],
      comment: r.comment,
      notApplicableReason: r.not_applicable_reason,
      evidence: r.evidence ?? [],
    }));
  });
}
