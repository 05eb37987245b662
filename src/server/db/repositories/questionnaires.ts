import { namedStatement, type Queryable } from '../client.js';
import { NO_NOTES, type AnswerNotes, type IndicatorGroup } from '../../../shared/api/campaigns.js';
import type { EvidenceRule } from '../../../shared/constants.js';
import { gatheredTranslations, type Translations } from '../../../shared/editionTexts.js';

/**
 * What the texts of every edition's questionnaire depend on beyond the edition itself: category texts are
 * shared by editions and renamed only by a catalogue import (catalogue/import.ts), which adds an edition in
 * the same transaction. The list of edition ids therefore changes whenever those texts may have changed.
 */
export const CATALOGUE_VERSION_SQL = "(SELECT coalesce(string_agg(id::text, ',' ORDER BY id), '') FROM editions)";

/** A response of an edition's questionnaire as the tree query reads it. */
interface TreeResponse {
  id: number;
  code: string;
  text: string;
  value: number;
  obsolete: boolean;
  exclusive: boolean;
  translations: Translations;
}
/** A sub-indicator (question) as the tree query reads it. */
interface TreeSubindicator {
  id: number;
  code: string;
  text: string;
  type: 'single' | 'multiple';
  responses: TreeResponse[] | null;
  allows_not_applicable: boolean;
  evidence_rule: EvidenceRule;
  evidence_criteria: string | null;
  translations: Translations;
}

/** One indicator of an edition with its axis, policy and measure, and its questions with their responses, in order. */
export interface EditionTreeRow {
  year: number;
  title: string;
  title_translations: Translations;
  id: number;
  code: string;
  text: string;
  translations: Translations;
  competence_id: number | null;
  axis_id: number;
  axis_code: string;
  axis_text: string;
  axis_translations: Translations;
  policy_id: number;
  policy_code: string;
  policy_text: string;
  policy_translations: Translations;
  measure_id: number;
  measure_code: string;
  measure_text: string;
  measure_translations: Translations;
  subindicators: TreeSubindicator[] | null;
}

/**
 * The whole questionnaire of one edition, one row per indicator in questionnaire order, with ids, codes and texts:
 * the one tree query, read as the campaigns' questionnaire (loadEditionIndicators) and as a catalogue again
 * (editions.ts, loadEditionCatalogue).
 */
export function readEditionTree(q: Queryable, editionId: number): Promise<EditionTreeRow[]> {
  return q.query<EditionTreeRow>(
    `SELECT e.campaign_number AS year, e.title, e.translations AS title_translations, i.id, i.code, i.text, i.translations, i.competence_id,
            i.axis_id, ax.code AS axis_code, ax.text AS axis_text, ax.translations AS axis_translations,
            i.policy_id, po.code AS policy_code, po.text AS policy_text, po.translations AS policy_translations,
            i.measure_id, me.code AS measure_code, me.text AS measure_text, me.translations AS measure_translations,
            (SELECT json_agg(json_build_object(
                'id', s.id, 'code', s.code, 'text', s.text, 'type', s.type, 'translations', s.translations,
                'allows_not_applicable', s.allows_not_applicable, 'evidence_rule', s.evidence_rule, 'evidence_criteria', s.evidence_criteria,
                'responses', (SELECT json_agg(json_build_object(
                                  'id', r.id, 'code', r.code, 'text', r.text, 'value', r.value, 'obsolete', r.obsolete, 'exclusive', r.exclusive,
                                  'translations', r.translations
                                ) ORDER BY r.position)
                                FROM responses r WHERE r.subindicator_id = s.id)
              ) ORDER BY s.position) FROM subindicators s WHERE s.indicator_id = i.id) AS subindicators
       FROM editions e
       JOIN indicators i ON i.edition_id = e.id
       JOIN categories ax ON ax.id = i.axis_id
       JOIN categories po ON po.id = i.policy_id
       JOIN categories me ON me.id = i.measure_id
      WHERE e.id = $1
      ORDER BY i.position`,
    [editionId],
  );
}

/** The questionnaire of one edition, in order, without answers (every answer null), with the translations of its texts. */
export async function loadEditionIndicators(q: Queryable, editionId: number): Promise<IndicatorGroup[]> {
  const rows = await readEditionTree(q, editionId);
  return rows.map((r) => ({
    id: r.id,
    text: r.text,
    ...gatheredTranslations(
      [r.translations, { text: 'text' }],
      [r.axis_translations, { text: 'axisText' }],
      [r.policy_translations, { text: 'policyText' }],
      [r.measure_translations, { text: 'measureText' }],
    ),
    axisId: r.axis_id,
    axisText: r.axis_text,
    policyId: r.policy_id,
    policyText: r.policy_text,
    measureId: r.measure_id,
    measureText: r.measure_text,
    competenceId: r.competence_id,
    subindicators: (r.subindicators ?? []).map((s) => ({
      id: s.id,
      text: s.text,
      ...gatheredTranslations([s.translations, { text: 'text', evidenceCriteria: 'evidenceCriteria' }]),
      type: s.type,
      responses: (s.responses ?? []).map((o) => ({
        id: o.id,
        text: o.text,
        ...gatheredTranslations([o.translations, { text: 'text' }]),
        value: o.value,
        obsolete: o.obsolete,
        exclusive: o.exclusive,
      })),
      allowsNotApplicable: s.allows_not_applicable,
      evidenceRule: s.evidence_rule,
      evidenceCriteria: s.evidence_criteria,
      answer: null,
      ...NO_NOTES,
      review: null,
    })),
  }));
}

/** A campaign's answers as one JSON object, sub-indicator id -> response ids (null without answers). */
export const CAMPAIGN_ANSWERS_JSON = (campaignId: string) =>
  `(SELECT json_object_agg(a.subindicator_id, a.response_ids) FROM answers a WHERE a.campaign_id = ${campaignId})`;
export type AnswersJson = Record<string, number[]> | null;

/** A campaign's answers: sub-indicator (question) id -> the chosen response ids (unanswered questions absent). */
export type AnswersByQuestion = Map<number, number[]>;

/** What reading a campaign's answers back needs: an AnswersByQuestion, or answers kept compactly (PackedAnswers). */
export interface AnswerLookup {
  get(question: number): readonly number[] | undefined;
}

/** CAMPAIGN_ANSWERS_JSON read back: sub-indicator id -> response ids. */
export const answersMap = (json: AnswersJson): AnswersByQuestion => new Map(Object.entries(json ?? {}).map(([sub, ids]) => [Number(sub), ids]));

/**
 * A campaign's notes as one JSON object, sub-indicator id -> AnswerNotes (comment, "No aplica", evidence in the
 * order it was added, prefilled), for the sub-indicators that have any; null when none has.
 */
export const CAMPAIGN_NOTES_JSON = (campaignId: string) =>
  `(SELECT json_object_agg(k.subindicator_id, json_build_object(
       'comment', n.comment,
       'notApplicable', CASE WHEN n.not_applicable_reason IS NULL THEN NULL ELSE json_build_object('reason', n.not_applicable_reason) END,
       'evidence', coalesce((SELECT json_agg(jsonb_strip_nulls(jsonb_build_object(
                                 'id', e.id, 'kind', e.kind, 'url', e.url, 'title', e.title,
                                 'fileName', e.file_name, 'contentType', e.content_type, 'size', e.size))
                               || jsonb_build_object('addedBy', u.email, 'addedAt', e.added_at) ORDER BY e.id)
                               FROM evidence e LEFT JOIN users u ON u.id = e.added_by
                              WHERE e.campaign_id = ${campaignId} AND e.subindicator_id = k.subindicator_id), '[]'),
       'prefilled', coalesce(n.prefilled, false)))
     FROM (SELECT subindicator_id FROM answer_notes WHERE campaign_id = ${campaignId}
           UNION SELECT subindicator_id FROM evidence WHERE campaign_id = ${campaignId}) k
     LEFT JOIN answer_notes n ON n.campaign_id = ${campaignId} AND n.subindicator_id = k.subindicator_id)`;
export type NotesJson = Record<string, AnswerNotes> | null;

/** A campaign's notes: sub-indicator id -> what the entity put beside its answer (sub-indicators without any absent). */
export type NotesByQuestion = Map<number, AnswerNotes>;

/** CAMPAIGN_NOTES_JSON read back. */
export const notesMap = (json: NotesJson): NotesByQuestion => new Map(Object.entries(json ?? {}).map(([sub, notes]) => [Number(sub), notes]));

/** A campaign's answers and what the entity put beside them. */
export interface CampaignAnswers {
  answers: AnswersByQuestion;
  notes: NotesByQuestion;
}

/** The columns `answers` and `notes` of a campaign (its id as SQL), read back with campaignAnswersOf. */
export const CAMPAIGN_ANSWERS_COLUMNS = (campaignId: string) => `${CAMPAIGN_ANSWERS_JSON(campaignId)} AS answers, ${CAMPAIGN_NOTES_JSON(campaignId)} AS notes`;
export type CampaignAnswersRow = { answers?: AnswersJson; notes?: NotesJson };

/** CAMPAIGN_ANSWERS_COLUMNS read back. */
export const campaignAnswersOf = (row: CampaignAnswersRow): CampaignAnswers => ({
  answers: answersMap(row.answers ?? null),
  notes: notesMap(row.notes ?? null),
});

const CAMPAIGN_ANSWERS = namedStatement(
  'campaign_answers',
  `SELECT c.edition_id, ${CATALOGUE_VERSION_SQL} AS catalogue_version, ${CAMPAIGN_ANSWERS_COLUMNS('c.id')}
     FROM campaigns c WHERE c.id = $1`,
);

/** A campaign's edition, the catalogue version, its answers (sub-indicator id -> response ids) and notes; undefined when missing. */
export async function readCampaignAnswers(
  q: Queryable,
  campaignId: number,
): Promise<({ editionId: number; catalogueVersion: string } & CampaignAnswers) | undefined> {
  const [row] = await q.query<{ edition_id: number; catalogue_version: string } & CampaignAnswersRow>(CAMPAIGN_ANSWERS, [campaignId]);
  return row && { editionId: row.edition_id, catalogueVersion: row.catalogue_version, ...campaignAnswersOf(row) };
}
