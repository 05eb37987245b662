import type { Queryable } from '../client.js';
import { REVIEW_STATUS_SQL, VALIDATED_AT_SQL } from './campaignQueries.js';
import type { ReviewStatusOfSent } from './review.js';
import type { Translations } from '../../../shared/editionTexts.js';

/**
 * The rows of a whole edition's export (reports/editionExport.ts), read in keyset pages so that memory stays
 * bounded whatever the edition's size: campaigns, then their scores, then their answers.
 */

export const EXPORT_PAGE_SIZE = 2000;

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
  return {
    questions: new Map(questions.map((r) => [r.id, { code: r.code, text: r.text, translations: r.translations }])),
    responses: new Map(responses.map((r) => [r.id, { code: r.code, text: r.text, value: Number(r.value), translations: r.translations }])),
    categories: new Map(categories.map((r) => [r.id, r.translations])),
  };
}

/** Yields every page of a keyset query until one comes back short. */
async function* pages<R, K>(read: (after: K | null) => Promise<R[]>, keyOf: (row: R) => K, pageSize: number): AsyncGenerator<R[]> {
  let after: K | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < pageSize) return;
    after = keyOf(rows[rows.length - 1]);
  }
}

/** The edition's campaigns by id, with entity, territory, status, dates and global score. */
export function campaignPages(q: Queryable, editionId: number, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<ExportCampaign[]> {
  return pages(
    async (after: number | null) => {
      const rows = await q.query<{
        id: number;
        entity: string;
        province: string;
        community: string;
        status: string;
        start_date: Date | null;
        end_date: Date | null;
        review_status: ExportCampaign['reviewStatus'];
        validated_at: Date | null;
        value: number | null;
        max_value: number | null;
        percentage: number | null;
      }>(
        `SELECT c.id, en.name AS entity, p.name AS province, ac.name AS community, c.status, c.start_date, c.end_date,
                NULLIF(${REVIEW_STATUS_SQL}, 'none') AS review_status, ${VALIDATED_AT_SQL} AS validated_at,
                cs.value, cs.max_value, cs.percentage
           FROM campaigns c
           JOIN entities en ON en.id = c.entity_id
           JOIN provinces p ON p.id = en.province_id
           JOIN autonomous_communities ac ON ac.id = p.community_id
           LEFT JOIN campaign_scores cs ON cs.campaign_id = c.id AND cs.scope = 'total' AND cs.category_id = 0
          WHERE c.edition_id = $1 AND c.id > $2
          ORDER BY c.id
          LIMIT $3`,
        [editionId, after ?? 0, pageSize],
      );
      return rows.map((r) => ({
        campaignId: r.id,
        entity: r.entity,
        province: r.province,
        community: r.community,
        status: r.status,
        startDate: r.start_date === null ? null : new Date(r.start_date),
        endDate: r.end_date === null ? null : new Date(r.end_date),
        reviewStatus: r.review_status,
        validatedAt: r.validated_at === null ? null : new Date(r.validated_at),
        points: r.value,
        max: r.max_value,
        percentage: r.percentage,
      }));
    },
    (row) => row.campaignId,
    pageSize,
  );
}

const SCOPE_ORDER = `CASE cs.scope WHEN 'axis' THEN 1 WHEN 'policy' THEN 2 ELSE 3 END`;

/** The stored scores per axis, policy and measure of the edition's campaigns, by campaign, then scope (axis, policy, measure), then category id: the keyset order. */
export function scorePages(q: Queryable, editionId: number, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<ExportScore[]> {
  type Key = [number, number, number];
  return pages(
    async (after: Key | null) => {
      const [campaignId, scope, categoryId] = after ?? [0, 0, 0];
      const rows = await q.query<{
        campaign_id: number;
        entity: string;
        scope: ExportScore['scope'];
        scope_order: number;
        category_id: number;
        code: string;
        text: string;
        value: number;
        max_value: number;
        percentage: number;
      }>(
        `SELECT cs.campaign_id, en.name AS entity, cs.scope, ${SCOPE_ORDER} AS scope_order, cs.category_id, cat.code, cat.text, cs.value, cs.max_value, cs.percentage
           FROM campaign_scores cs
           JOIN campaigns c ON c.id = cs.campaign_id
           JOIN entities en ON en.id = c.entity_id
           JOIN categories cat ON cat.id = cs.category_id
          WHERE c.edition_id = $1 AND cs.scope <> 'total' AND (cs.campaign_id, ${SCOPE_ORDER}, cs.category_id) > ($2, $3, $4)
          ORDER BY cs.campaign_id, ${SCOPE_ORDER}, cs.category_id
          LIMIT $5`,
        [editionId, campaignId, scope, categoryId, pageSize],
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
        key: [r.campaign_id, r.scope_order, r.category_id] as Key,
      }));
    },
    (row) => row.key,
    pageSize,
  );
}

/**
 * Every answer of the edition's campaigns, by campaign and question id, with its comment, "No aplica" reason and
 * evidence: the questions with an answer, and those with only a "No aplica" or a comment.
 */
export function answerPages(q: Queryable, editionId: number, pageSize = EXPORT_PAGE_SIZE): AsyncGenerator<ExportAnswer[]> {
  return pages(
    async (after: [number, number] | null) => {
      const [campaignId, subindicatorId] = after ?? [0, 0];
      type Row = {
        campaign_id: number;
        subindicator_id: number;
        entity: string;
        response_ids: number[] | null;
        comment: string | null;
        not_applicable_reason: string | null;
        evidence: string[] | null;
      };
      const rows = await q.query<Row>(
        `WITH k AS (
           (SELECT a.campaign_id, a.subindicator_id FROM answers a JOIN campaigns c ON c.id = a.campaign_id
             WHERE c.edition_id = $1 AND (a.campaign_id, a.subindicator_id) > ($2, $3)
             ORDER BY a.campaign_id, a.subindicator_id LIMIT $4)
           UNION
           (SELECT n.campaign_id, n.subindicator_id FROM answer_notes n JOIN campaigns c ON c.id = n.campaign_id
             WHERE c.edition_id = $1 AND (n.campaign_id, n.subindicator_id) > ($2, $3)
               AND (n.comment IS NOT NULL OR n.not_applicable_reason IS NOT NULL)
             ORDER BY n.campaign_id, n.subindicator_id LIMIT $4))
         SELECT k.campaign_id, k.subindicator_id, en.name AS entity, a.response_ids, n.comment, n.not_applicable_reason,
                (SELECT array_agg(coalesce(e.url, e.file_name) ORDER BY e.id) FROM evidence e
                  WHERE e.campaign_id = k.campaign_id AND e.subindicator_id = k.subindicator_id) AS evidence
           FROM k
           JOIN campaigns c ON c.id = k.campaign_id
           JOIN entities en ON en.id = c.entity_id
           LEFT JOIN answers a ON a.campaign_id = k.campaign_id AND a.subindicator_id = k.subindicator_id
           LEFT JOIN answer_notes n ON n.campaign_id = k.campaign_id AND n.subindicator_id = k.subindicator_id
          ORDER BY k.campaign_id, k.subindicator_id
          LIMIT $4`,
        [editionId, campaignId, subindicatorId, pageSize],
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
    },
    (row) => [row.campaignId, row.subindicatorId] as [number, number],
    pageSize,
  );
}
