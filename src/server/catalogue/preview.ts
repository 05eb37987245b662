import { NO_NOTES, type IndicatorGroup } from '../../shared/api/campaigns.js';
import { gatheredTranslations } from '../../shared/editionTexts.js';
import type { Catalogue } from './parse.js';

/**
 * A catalogue not yet imported as the questionnaire page shows an edition: indicators in order with their axis,
 * policy and measure, every answer null. Ids are numbered here (nothing has one in the database yet); axes,
 * policies and measures get one per code, so that the page groups them as it groups an imported edition.
 */
export function catalogueIndicators(catalogue: Catalogue): IndicatorGroup[] {
  let next = 1;
  const categoryIds = new Map<string, number>();
  const idOf = (key: string) => categoryIds.get(key) ?? (categoryIds.set(key, next++), next - 1);
  const indicators: IndicatorGroup[] = [];
  for (const axis of catalogue.axes) {
    for (const policy of axis.policies) {
      for (const measure of policy.measures) {
        for (const indicator of measure.indicators) {
          indicators.push({
            id: next++,
            text: indicator.text,
            ...gatheredTranslations(
              [indicator.translations, { text: 'text' }],
              [axis.translations, { text: 'axisText' }],
              [policy.translations, { text: 'policyText' }],
              [measure.translations, { text: 'measureText' }],
            ),
            axisId: idOf(`axis:${axis.code}`),
            axisText: axis.text,
            policyId: idOf(`policy:${policy.code}`),
            policyText: policy.text,
            measureId: idOf(`measure:${measure.code}`),
            measureText: measure.text,
            competenceId: null,
            subindicators: indicator.subindicators.map((s) => ({
              id: next++,
              text: s.text,
              ...gatheredTranslations([s.translations, { text: 'text', evidenceCriteria: 'evidenceCriteria' }]),
              type: s.type,
              answer: null,
              allowsNotApplicable: s.allowsNotApplicable === true,
              evidenceRule: s.evidenceRule ?? 'none',
              evidenceCriteria: s.evidenceCriteria ?? null,
              ...NO_NOTES,
              review: null,
              responses: s.responses.map((r) => ({
                id: next++,
                text: r.text,
                ...gatheredTranslations([r.translations, { text: 'text' }]),
                value: r.value,
                obsolete: r.obsolete === true,
                exclusive: r.exclusive === true,
              })),
            })),
          });
        }
      }
    }
  }
  return indicators;
}

/** How many axes, policies, measures and questions a catalogue has. */
export function catalogueCounts(catalogue: Catalogue) {
  const policies = catalogue.axes.flatMap((a) => a.policies);
  const measures = policies.flatMap((p) => p.measures);
  const questions = measures.flatMap((m) => m.indicators.flatMap((i) => i.subindicators));
  return { axes: catalogue.axes.length, policies: policies.length, measures: measures.length, questions: questions.length };
}
