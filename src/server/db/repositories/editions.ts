import type { Queryable } from '../client.js';
import type { Catalogue, CatalogueSubindicator } from '../../catalogue/parse.js';

/** One edition as the editions page lists it: its questionnaire's size and its campaigns per status. */
export interface EditionSummary {
  id: number;
  year: number;
  title: string;
  importedAt: string;
  axes: number;
  policies: number;
  measures: number;
  questions: number;
  campaigns: { created: number; draft: number; sent: number };
}

/** Every edition, newest first, with its counts. */
export async function listEditions(q: Queryable): Promise<EditionSummary[]> {
  const rows = await q.query<{
    id: number; year: number; title: string; imported_at: Date | string; axes: number; policies: number; measures: number; questions: number; created: number; draft: number; sent: number;
  }>(
    `SELECT e.id, e.campaign_number AS year, e.title, e.imported_at,
            (SELECT count(DISTINCT i.axis_id)::int FROM indicators i WHERE i.edition_id = e.id) AS axes,
            (SELECT count(DISTINCT i.policy_id)::int FROM indicators i WHERE i.edition_id = e.id) AS policies,
            (SELECT count(DISTINCT i.measure_id)::int FROM indicators i WHERE i.edition_id = e.id) AS measures,
            (SELECT count(*)::int FROM subindicators s JOIN indicators i ON i.id = s.indicator_id WHERE i.edition_id = e.id) AS questions,
            (SELECT count(*)::int FROM campaigns c WHERE c.edition_id = e.id AND c.status = 'created') AS created,
            (SELECT count(*)::int FROM campaigns c WHERE c.edition_id = e.id AND c.status = 'draft') AS draft,
            (SELECT count(*)::int FROM campaigns c WHERE c.edition_id = e.id AND c.status = 'sent') AS sent
       FROM editions e ORDER BY e.campaign_number DESC`,
  );
  return rows.map((r) => ({
    id: r.id, year: r.year, title: r.title, importedAt: new Date(r.imported_at).toISOString(),
    axes: r.axes, policies: r.policies, measures: r.measures, questions: r.questions,
    campaigns: { created: r.created, draft: r.draft, sent: r.sent },
  }));
}

/** The newest edition before a year: its id and year; undefined when there is none. */
export async function editionBefore(q: Queryable, year: number): Promise<{ id: number; year: number } | undefined> {
  const [row] = await q.query<{ id: number; year: number }>(
    'SELECT id, campaign_number AS year FROM editions WHERE campaign_number < $1 ORDER BY campaign_number DESC LIMIT 1',
    [year],
  );
  return row;
}

/** An imported edition as a catalogue again (codes, texts, points; competences left out), and its policies' category ids by code. */
export async function loadEditionCatalogue(q: Queryable, editionId: number): Promise<{ catalogue: Catalogue; policyIds: Map<string, number> }> {
  const rows = await q.query<{
    year: number; title: string; code: string; text: string; axis_code: string; axis_text: string; policy_id: number; policy_code: string; policy_text: string;
    measure_code: string; measure_text: string; subindicators: CatalogueSubindicator[] | null;
  }>(
    `SELECT e.campaign_number AS year, e.title, i.code, i.text, ax.code AS axis_code, ax.text AS axis_text, po.id AS policy_id, po.code AS policy_code,
            po.text AS policy_text, me.code AS measure_code, me.text AS measure_text,
            (SELECT json_agg(json_build_object(
                'code', s.code, 'text', s.text, 'type', s.type,
                'responses', (SELECT json_agg(json_build_object('code', r.code, 'text', r.text, 'value', r.value, 'obsolete', r.obsolete, 'exclusive', r.exclusive) ORDER BY r.position)
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
  const catalogue: Catalogue = { edition: rows[0]?.year ?? 0, title: rows[0]?.title ?? '', competences: [], axes: [] };
  const policyIds = new Map<string, number>();
  for (const r of rows) {
    let axis = catalogue.axes.find((a) => a.code === r.axis_code);
    if (!axis) catalogue.axes.push((axis = { code: r.axis_code, text: r.axis_text, policies: [] }));
    let policy = axis.policies.find((p) => p.code === r.policy_code);
    if (!policy) axis.policies.push((policy = { code: r.policy_code, text: r.policy_text, measures: [] }));
    policyIds.set(r.policy_code, r.policy_id);
    let measure = policy.measures.find((m) => m.code === r.measure_code);
    if (!measure) policy.measures.push((measure = { code: r.measure_code, text: r.measure_text, indicators: [] }));
    measure.indicators.push({ code: r.code, text: r.text, subindicators: r.subindicators ?? [] });
  }
  return { catalogue, policyIds };
}
