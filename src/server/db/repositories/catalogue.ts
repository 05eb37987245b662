import type { Queryable } from '../client.js';
import type { EvidenceRule } from '../../../shared/constants.js';
import type { Translations } from '../../../shared/editionTexts.js';

/** The rows a catalogue import writes (catalogue/import.ts): an edition and its questionnaire, never updated afterwards. */

/** A node's translations as its jsonb column keeps them ('{}' for none). */
const translationsJson = (translations: Translations | undefined): string => JSON.stringify(translations ?? {});

export type CategoryType = 'axis' | 'policy' | 'measure' | 'competence';

/** The id of the edition of that campaign number, undefined when it is not imported. */
export async function editionIdOf(q: Queryable, campaignNumber: number): Promise<number | undefined> {
  const [row] = await q.query<{ id: number }>('SELECT id FROM editions WHERE campaign_number = $1', [campaignNumber]);
  return row?.id;
}

/** True when the edition (campaign number) is already imported. */
export async function editionExists(q: Queryable, campaignNumber: number): Promise<boolean> {
  return (await editionIdOf(q, campaignNumber)) !== undefined;
}

export async function insertEdition(q: Queryable, campaignNumber: number, title: string, translations?: Translations): Promise<number> {
  const [{ id }] = await q.query<{ id: number }>('INSERT INTO editions (campaign_number, title, translations) VALUES ($1, $2, $3::jsonb) RETURNING id', [
    campaignNumber,
    title,
    translationsJson(translations),
  ]);
  return id;
}

/** Inserts or renames a category (categories are shared by editions), its translations with its text; returns its id. */
export async function upsertCategory(q: Queryable, type: CategoryType, code: string, text: string, translations?: Translations): Promise<number> {
  const [{ id }] = await q.query<{ id: number }>(
    `INSERT INTO categories (type, code, text, translations) VALUES ($1, $2, $3, $4::jsonb)
     ON CONFLICT (type, code) DO UPDATE SET text = EXCLUDED.text, translations = EXCLUDED.translations RETURNING id`,
    [type, code, text, translationsJson(translations)],
  );
  return id;
}

export async function insertIndicator(
  q: Queryable,
  row: {
    editionId: number;
    code: string;
    text: string;
    axisId: number;
    policyId: number;
    measureId: number;
    competenceId: number | null | undefined;
    position: number;
    translations?: Translations;
  },
): Promise<number> {
  const [{ id }] = await q.query<{ id: number }>(
    `INSERT INTO indicators (edition_id, code, text, axis_id, policy_id, measure_id, competence_id, position, translations)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb) RETURNING id`,
    [row.editionId, row.code, row.text, row.axisId, row.policyId, row.measureId, row.competenceId, row.position, translationsJson(row.translations)],
  );
  return id;
}

/** A sub-indicator with its responses, in their order. */
export async function insertSubindicator(
  q: Queryable,
  row: {
    indicatorId: number;
    code: string;
    text: string;
    type: string;
    position: number;
    allowsNotApplicable?: boolean;
    evidenceRule?: EvidenceRule;
    evidenceCriteria?: string;
    translations?: Translations;
  },
  responses: readonly { code: string; text: string; value: number; obsolete?: boolean; exclusive?: boolean; translations?: Translations }[],
): Promise<void> {
  const [{ id: subId }] = await q.query<{ id: number }>(
    `INSERT INTO subindicators (indicator_id, code, text, type, position, allows_not_applicable, evidence_rule, evidence_criteria, translations)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb) RETURNING id`,
    [
      row.indicatorId,
      row.code,
      row.text,
      row.type,
      row.position,
      row.allowsNotApplicable ?? false,
      row.evidenceRule ?? 'none',
      row.evidenceCriteria ?? null,
      translationsJson(row.translations),
    ],
  );
  await q.query(
    `INSERT INTO responses (subindicator_id, code, text, value, obsolete, exclusive, position, translations)
     SELECT $1, * FROM unnest($2::text[], $3::text[], $4::float8[], $5::bool[], $6::bool[], $7::int[], $8::jsonb[])`,
    [
      subId,
      responses.map((r) => r.code),
      responses.map((r) => r.text),
      responses.map((r) => r.value),
      responses.map((r) => r.obsolete ?? false),
      responses.map((r) => r.exclusive ?? false),
      responses.map((_, i) => i),
      responses.map((r) => translationsJson(r.translations)),
    ],
  );
}
