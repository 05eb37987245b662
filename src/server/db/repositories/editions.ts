import type { Queryable } from '../client.js';
import type { Catalogue } from '../../catalogue/parse.js';
import type { MeansFrom } from '../../../shared/constants.js';
import type { Translations } from '../../../shared/editionTexts.js';
import { readEditionTree } from './questionnaires.js';
import { AWAITING_DECISION_SQL } from './objections.js';

/** One edition as the editions page lists it: its questionnaire's size, its campaigns per status (and validated), its means' rule. */
export interface EditionSummary {
  id: number;
  year: number;
  title: string;
  importedAt: string;
  axes: number;
  policies: number;
  measures: number;
  questions: number;
  campaigns: { created: number; draft: number; sent: number; validated: number };
  meansFrom: MeansFrom;
  /** Its results' publication: when provisional, the last day to object, the objections still open, when final. */
  publication: { provisionalPublishedAt: string | null; objectionsUntil: string | null; openObjections: number; finalPublishedAt: string | null };
}

/** Every edition, newest first, with its counts; or the one of that id. */
export async function listEditions(q: Queryable, editionId: number | null = null): Promise<EditionSummary[]> {
  const rows = await q.query<{
    id: number;
    year: number;
    title: string;
    imported_at: Date | string;
    axes: number;
    policies: number;
    measures: number;
    questions: number;
    created: number;
    draft: number;
    sent: number;
    validated: number;
    means_from: MeansFrom;
    provisional_published_at: Date | string | null;
    objections_until: string | null;
    open_objections: number;
    final_published_at: Date | string | null;
  }>(
    `SELECT e.id, e.campaign_number AS year, e.title, e.imported_at,
            (SELECT count(DISTINCT i.axis_id)::int FROM indicators i WHERE i.edition_id = e.id) AS axes,
            (SELECT count(DISTINCT i.policy_id)::int FROM indicators i WHERE i.edition_id = e.id) AS policies,
            (SELECT count(DISTINCT i.measure_id)::int FROM indicators i WHERE i.edition_id = e.id) AS measures,
            (SELECT count(*)::int FROM subindicators s JOIN indicators i ON i.id = s.indicator_id WHERE i.edition_id = e.id) AS questions,
            (SELECT count(*)::int FROM campaigns c WHERE c.edition_id = e.id AND c.status = 'created') AS created,
            (SELECT count(*)::int FROM campaigns c WHERE c.edition_id = e.id AND c.status = 'draft') AS draft,
            (SELECT count(*)::int FROM campaigns c WHERE c.edition_id = e.id AND c.status = 'sent') AS sent,
            (SELECT count(*)::int FROM campaigns c WHERE c.edition_id = e.id AND c.status = 'sent' AND c.review_status = 'validated') AS validated,
            e.means_from, e.provisional_published_at, e.objections_until::text,
            (SELECT count(*)::int FROM objections o JOIN campaigns c ON c.id = o.campaign_id
              WHERE c.edition_id = e.id AND ${AWAITING_DECISION_SQL}) AS open_objections,
            e.final_published_at
       FROM editions e WHERE $1::int IS NULL OR e.id = $1 ORDER BY e.campaign_number DESC`,
    [editionId],
  );
  return rows.map((r) => ({
    id: r.id,
    year: r.year,
    title: r.title,
    importedAt: new Date(r.imported_at).toISOString(),
    axes: r.axes,
    policies: r.policies,
    measures: r.measures,
    questions: r.questions,
    campaigns: { created: r.created, draft: r.draft, sent: r.sent, validated: r.validated },
    meansFrom: r.means_from,
    publication: {
      provisionalPublishedAt: r.provisional_published_at === null ? null : new Date(r.provisional_published_at).toISOString(),
      objectionsUntil: r.objections_until,
      openObjections: r.open_objections,
      finalPublishedAt: r.final_published_at === null ? null : new Date(r.final_published_at).toISOString(),
    },
  }));
}

/**
 * The edition of that year with its means' rule and whether its results are final, its row locked until commit (one change of its settings at a time;
 * FOR NO KEY UPDATE lets the rows referring to it be written meanwhile); undefined when there is none.
 */
export async function lockEditionSettings(
  q: Queryable,
  year: number,
): Promise<{ id: number; meansFrom: MeansFrom; finalPublishedAt: Date | null } | undefined> {
  const [row] = await q.query<{ id: number; meansFrom: MeansFrom; finalPublishedAt: Date | null }>(
    'SELECT id, means_from AS "meansFrom", final_published_at AS "finalPublishedAt" FROM editions WHERE campaign_number = $1 FOR NO KEY UPDATE',
    [year],
  );
  return row;
}

/** Sets which campaigns the edition's means are made from (the caller rebuilds its sums in the same transaction). */
export async function setMeansFrom(q: Queryable, editionId: number, meansFrom: MeansFrom): Promise<void> {
  await q.query('UPDATE editions SET means_from = $2 WHERE id = $1', [editionId, meansFrom]);
}

/** The newest edition before a year: its id and year; undefined when there is none. */
export async function editionBefore(q: Queryable, year: number): Promise<{ id: number; year: number } | undefined> {
  const [row] = await q.query<{ id: number; year: number }>(
    'SELECT id, campaign_number AS year FROM editions WHERE campaign_number < $1 ORDER BY campaign_number DESC LIMIT 1',
    [year],
  );
  return row;
}

/** A node's translations as a file writes them: absent when it has none. */
const translationsOf = (translations: Translations | undefined): { translations?: Translations } =>
  translations && Object.keys(translations).length > 0 ? { translations } : {};

/** An imported edition as a catalogue again (codes, texts, points; competences left out), and its policies' category ids by code. */
export async function loadEditionCatalogue(q: Queryable, editionId: number): Promise<{ catalogue: Catalogue; policyIds: Map<string, number> }> {
  const rows = await readEditionTree(q, editionId);
  // The competences its indicators name (an edition keeps no list of its own: categories are shared by code).
  const competences = await q.query<{ id: number; code: string; text: string; translations: Translations }>(
    `SELECT c.id, c.code, c.text, c.translations FROM categories c
      WHERE c.type = 'competence' AND c.id IN (SELECT i.competence_id FROM indicators i WHERE i.edition_id = $1)
      ORDER BY c.code`,
    [editionId],
  );
  const competenceCodes = new Map(competences.map((c) => [c.id, c.code]));
  const catalogue: Catalogue = {
    edition: rows[0]?.year ?? 0,
    title: rows[0]?.title ?? '',
    ...translationsOf(rows[0]?.title_translations),
    competences: competences.map((c) => ({ code: c.code, text: c.text, ...translationsOf(c.translations) })),
    axes: [],
  };
  const policyIds = new Map<string, number>();
  for (const r of rows) {
    let axis = catalogue.axes.find((a) => a.code === r.axis_code);
    if (!axis) catalogue.axes.push((axis = { code: r.axis_code, text: r.axis_text, ...translationsOf(r.axis_translations), policies: [] }));
    let policy = axis.policies.find((p) => p.code === r.policy_code);
    if (!policy) axis.policies.push((policy = { code: r.policy_code, text: r.policy_text, ...translationsOf(r.policy_translations), measures: [] }));
    policyIds.set(r.policy_code, r.policy_id);
    let measure = policy.measures.find((m) => m.code === r.measure_code);
    if (!measure) policy.measures.push((measure = { code: r.measure_code, text: r.measure_text, ...translationsOf(r.measure_translations), indicators: [] }));
    const subindicators = (r.subindicators ?? []).map((sub) => ({
      code: sub.code,
      text: sub.text,
      ...translationsOf(sub.translations),
      type: sub.type,
      responses: (sub.responses ?? []).map((o) => ({
        code: o.code,
        text: o.text,
        ...translationsOf(o.translations),
        value: o.value,
        ...(o.obsolete ? { obsolete: true } : {}),
        ...(o.exclusive ? { exclusive: true } : {}),
      })),
      // As a file writes them: what asks nothing is left out.
      ...(sub.allows_not_applicable ? { allowsNotApplicable: true } : {}),
      ...(sub.evidence_rule !== 'none' ? { evidenceRule: sub.evidence_rule } : {}),
      ...(sub.evidence_criteria !== null ? { evidenceCriteria: sub.evidence_criteria } : {}),
    }));
    const competence = r.competence_id === null ? undefined : competenceCodes.get(r.competence_id);
    measure.indicators.push({ code: r.code, text: r.text, ...translationsOf(r.translations), ...(competence ? { competence } : {}), subindicators });
  }
  return { catalogue, policyIds };
}
