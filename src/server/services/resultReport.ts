import type { GroupFigures } from './territories.js';
import type { AxisDetail, PolicyFigures, ResultResponse, TableAxis } from '../../shared/api/results.js';
import type { IndicatorGroup } from '../../shared/api/campaigns.js';

const NO_FIGURES: GroupFigures = {
  percentages: { campaign: null, province: null, autonomousCommunity: null, country: null },
  percentagesComparedToAll: { campaign: null, province: null, autonomousCommunity: null, country: null },
  values: { campaign: null, province: null, autonomousCommunity: null, country: null },
  valuesComparedToAll: { campaign: null, province: null, autonomousCommunity: null, country: null },
};

/** Axes, their policies and those policies' measures, in questionnaire order, from the indicators. */
export function questionnaireTree(indicators: readonly IndicatorGroup[]) {
  const axes: { id: number; text: string; policies: { id: number; text: string; measures: { id: number; text: string }[] }[] }[] = [];
  for (const i of indicators) {
    let axis = axes.find((a) => a.id === i.axisId);
    if (!axis) axes.push((axis = { id: i.axisId, text: i.axisText, policies: [] }));
    let policy = axis.policies.find((p) => p.id === i.policyId);
    if (!policy) axis.policies.push((policy = { id: i.policyId, text: i.policyText, measures: [] }));
    if (!policy.measures.some((m) => m.id === i.measureId)) policy.measures.push({ id: i.measureId, text: i.measureText });
  }
  return axes;
}

/**
 * The result response of scoring.md from a campaign's group figures and its questionnaire:
 * global block, one block per axis, the campaign's own detail table, and its answers.
 */
export function buildResultReport(
  figures: ReadonlyMap<string, GroupFigures>,
  indicators: IndicatorGroup[],
  names: { entity: string; province: string; community: string },
): ResultResponse {
  const of = (scope: string, id: number) => figures.get(`${scope}:${id}`) ?? NO_FIGURES;
  const own = (scope: string, id: number) => {
    const f = of(scope, id);
    return { value: f.values.campaign ?? 0, percentage: f.percentages.campaign ?? 0 };
  };
  const tree = questionnaireTree(indicators);
  const policyFigures = (id: number, text: string, withValues: boolean): PolicyFigures => {
    const f = of('policy', id);
    return { policyText: text, percentages: f.percentages, percentagesComparedToAll: f.percentagesComparedToAll, ...(withValues ? { values: f.values, valuesComparedToAll: f.valuesComparedToAll } : {}) };
  };
  const axisDetails: AxisDetail[] = tree.map((axis) => ({
    axisText: axis.text,
    ...of('axis', axis.id),
    valuesByPolicy: axis.policies.map((p) => policyFigures(p.id, p.text, true)),
  }));
  const tablePolicies = (policies: (typeof tree)[number]['policies']) =>
    Object.fromEntries(
      policies.map((p) => [String(p.id), { ...own('policy', p.id), valuesByMeasure: Object.fromEntries(p.measures.map((m) => [String(m.id), own('measure', m.id)])) }]),
    );
  const valuesPerAxis: Record<string, TableAxis> = Object.fromEntries(tree.map((axis) => [String(axis.id), { ...own('axis', axis.id), valuesByPolicy: tablePolicies(axis.policies) }]));
  valuesPerAxis.total = { ...own('total', 0), valuesByPolicy: tablePolicies(tree.flatMap((a) => a.policies)) };
  const texts = { axis: {} as Record<string, string>, policy: {} as Record<string, string>, measure: {} as Record<string, string> };
  for (const axis of tree) {
    texts.axis[axis.id] = axis.text;
    for (const p of axis.policies) {
      texts.policy[p.id] = p.text;
      for (const m of p.measures) texts.measure[m.id] = m.text;
    }
  }
  const total = of('total', 0);
  return {
    global: {
      percentages: total.percentages,
      percentagesComparedToAll: total.percentagesComparedToAll,
      valuesByPolicy: tree.flatMap((a) => a.policies.map((p) => policyFigures(p.id, p.text, false))),
    },
    axisDetails,
    territoryTexts: { campaign: names.entity, province: names.province, autonomousCommunity: names.community, country: 'España' },
    table: { valuesPerAxis, texts },
    answers: { campaign: { indicators } },
  };
}
