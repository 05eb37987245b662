import { NO_FIGURES, type GroupFigures } from './territories.js';
import { groupKey } from './scoring.js';
import type { AxisDetail, PolicyFigures, Ranks, ReportEdition, ResultResponse, SizeBand, TableAxis, TerritoryTexts } from '../../shared/api/results.js';
import type { IndicatorGroup } from '../../shared/api/campaigns.js';
import type { TreeAxis, TreePolicy } from './questionnaireCache.js';

const NO_RANKS: Ranks = { province: null, autonomousCommunity: null, country: null, sizeBand: null };

/**
 * The result response of docs/scoring.md from a campaign's group figures and ranks and its questionnaire (tree and
 * indicators with the campaign's answers): global block, one block per axis, the detail table, the answers;
 * with the names of the entity and its territories, its size band, its edition's year, mean sizes and withheld
 * means, and the smallest group a mean is shown for.
 */
export function buildResultReport(
  { figures, ranks }: { figures: ReadonlyMap<string, GroupFigures>; ranks: ReadonlyMap<string, Ranks> },
  questionnaire: { tree: readonly TreeAxis[]; indicators: IndicatorGroup[] },
  about: {
    names: TerritoryTexts;
    sizeBand: SizeBand;
    edition: ReportEdition;
    minGroupSize: number;
    review: Pick<ResultResponse, 'reviewStatus' | 'validatedAt' | 'meansFrom' | 'finalPublishedAt' | 'receipt'>;
  },
): ResultResponse {
  const { tree, indicators } = questionnaire;
  const of = (scope: string, id: number) => figures.get(groupKey(scope, id)) ?? NO_FIGURES;
  const rankOf = (scope: string, id: number) => ranks.get(groupKey(scope, id)) ?? NO_RANKS;
  // A sent campaign scores every group but those it answered wholly 'No aplica' (docs/scoring.md): those have no percentage.
  const own = (scope: string, id: number) => {
    const f = of(scope, id);
    return { value: f.values.campaign ?? 0, percentage: f.percentages.campaign };
  };
  const policyFigures = (id: number, text: string, withValues: boolean): PolicyFigures => {
    const f = of('policy', id);
    return {
      policyText: text,
      percentages: f.percentages,
      percentagesComparedToAll: f.percentagesComparedToAll,
      ...(withValues ? { values: f.values, valuesComparedToAll: f.valuesComparedToAll } : {}),
      sizes: f.sizes,
    };
  };
  const axisDetails: AxisDetail[] = tree.map((axis) => ({
    axisText: axis.text,
    ...of('axis', axis.id),
    rank: rankOf('axis', axis.id),
    valuesByPolicy: axis.policies.map((p) => policyFigures(p.id, p.text, true)),
  }));
  const tablePolicies = (policies: readonly TreePolicy[]) =>
    Object.fromEntries(
      policies.map((p) => [
        String(p.id),
        { ...own('policy', p.id), valuesByMeasure: Object.fromEntries(p.measures.map((m) => [String(m.id), own('measure', m.id)])) },
      ]),
    );
  const valuesPerAxis: Record<string, TableAxis> = Object.fromEntries(
    tree.map((axis) => [String(axis.id), { ...own('axis', axis.id), valuesByPolicy: tablePolicies(axis.policies) }]),
  );
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
      values: total.values,
      valuesComparedToAll: total.valuesComparedToAll,
      rank: rankOf('total', 0),
      sizes: total.sizes,
      valuesByPolicy: tree.flatMap((a) => a.policies.map((p) => policyFigures(p.id, p.text, false))),
    },
    axisDetails,
    territoryTexts: about.names,
    sizeBand: about.sizeBand,
    edition: about.edition,
    minGroupSize: about.minGroupSize,
    ...about.review,
    table: { valuesPerAxis, texts },
    answers: { campaign: { indicators } },
  };
}
