import { NO_FIGURES, type GroupFigures } from './territories.js';
import { groupKey } from './scoring.js';
import type { AxisDetail, PolicyFigures, Ranks, ReportEdition, ResultResponse, SizeBand, TableAxis, TerritoryTexts } from '../../shared/api/results.js';
import type { IndicatorGroup } from '../../shared/api/campaigns.js';
import type { TreeAxis, TreeNode, TreePolicy } from './questionnaireCache.js';
import { gatheredTranslations, wholeInEachLanguage } from '../../shared/editionTexts.js';

const NO_RANKS: Ranks = { province: null, autonomousCommunity: null, country: null, sizeBand: null };

/**
 * The result response of docs/scoring.md from a campaign's group figures and ranks and its questionnaire (tree and
 * indicators with the campaign's answers): global block, one block per axis, the detail table, the answers;
 * with the names of the entity and its territories, its size band, its edition's year, mean sizes and withheld
 * means, and the smallest group a mean is shown for.
 */
export function buildResultReport(
  {
    figures,
    ranks,
    own: ownOf = (key) => {
      const f = figures.get(key) ?? NO_FIGURES;
      return { value: f.values.campaign ?? 0, percentage: f.percentages.campaign };
    },
  }: {
    figures: ReadonlyMap<string, GroupFigures>;
    ranks: ReadonlyMap<string, Ranks>;
    /** The campaign's own value and percentage of a group as the table shows them; by default its figures' own level. */
    own?: (key: string) => { value: number; percentage: number | null };
  },
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
  const own = (scope: string, id: number) => ownOf(groupKey(scope, id));
  const policyFigures = ({ id, text, translations }: TreeNode, withValues: boolean): PolicyFigures => {
    const f = of('policy', id);
    return {
      policyText: text,
      ...gatheredTranslations([translations, { text: 'policyText' }]),
      percentages: f.percentages,
      percentagesComparedToAll: f.percentagesComparedToAll,
      ...(withValues ? { values: f.values, valuesComparedToAll: f.valuesComparedToAll } : {}),
      sizes: f.sizes,
    };
  };
  const axisDetails: AxisDetail[] = tree.map((axis) => ({
    axisText: axis.text,
    ...gatheredTranslations([axis.translations, { text: 'axisText' }]),
    ...of('axis', axis.id),
    rank: rankOf('axis', axis.id),
    valuesByPolicy: axis.policies.map((p) => policyFigures(p, true)),
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
  const texts = { ...tableTexts(tree, (node) => node.text), ...tableTranslations(tree) };
  const total = of('total', 0);
  return {
    global: {
      percentages: total.percentages,
      percentagesComparedToAll: total.percentagesComparedToAll,
      values: total.values,
      valuesComparedToAll: total.valuesComparedToAll,
      rank: rankOf('total', 0),
      sizes: total.sizes,
      valuesByPolicy: tree.flatMap((a) => a.policies.map((p) => policyFigures(p, false))),
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

type TableTexts = Record<'axis' | 'policy' | 'measure', Record<string, string>>;

/** The measures table's names of every axis, policy and measure by id, each as `textOf` reads it. */
function tableTexts(tree: readonly TreeAxis[], textOf: (node: TreeNode) => string): TableTexts {
  const texts: TableTexts = { axis: {}, policy: {}, measure: {} };
  for (const axis of tree) {
    texts.axis[axis.id] = textOf(axis);
    for (const p of axis.policies) {
      texts.policy[p.id] = textOf(p);
      for (const m of p.measures) texts.measure[m.id] = textOf(m);
    }
  }
  return texts;
}

/**
 * The table's names in each language some of them are translated into, whole (a name without a translation in
 * Spanish, Valencian's read from Catalan), so that the client reads the table in its language as any other node
 * (shared/editionTexts.ts localize); none when nothing is translated.
 */
function tableTranslations(tree: readonly TreeAxis[]): { translations?: Record<string, TableTexts> } {
  const nodes: TreeNode[] = tree.flatMap((a) => [a, ...a.policies, ...a.policies.flatMap((p) => p.measures)]);
  const translations = wholeInEachLanguage(nodes, (nameOf) => tableTexts(tree, nameOf));
  return translations ? { translations } : {};
}
