import type { ByLevel, ComparisonResponse, ResultResponse } from '../../src/shared/api/results.js';

const by = (campaign: number | null, province: number | null, autonomousCommunity: number | null, country: number | null): ByLevel => ({ campaign, province, autonomousCommunity, country });

/**
 * A small result (two axes, three policies, four measures) with hand-chosen figures: the province has no
 * participant but the entity (so its figures equal the entity's), the country has none when compared to all
 * only where stated. Percentages are fractions.
 */
export function resultFixture(): ResultResponse {
  return {
    global: {
      percentages: by(0.6, 0.6, 0.5, 0.45),
      percentagesComparedToAll: by(0.6, 0.3, 0.25, 0.2),
      // The server's totals: the policies' points add up to them (no country figure where 'Agua' has none).
      values: by(19, 19, 15, null),
      valuesComparedToAll: by(19, 9.5, 7.5, null),
      valuesByPolicy: [
        { policyText: 'Zonas verdes', percentages: by(0.5, 0.5, 0.4, 0.4), percentagesComparedToAll: by(0.5, 0.25, 0.2, 0.1) },
        { policyText: 'Agua', percentages: by(0.75, 0.75, 0.6, null), percentagesComparedToAll: by(0.75, 0.375, 0.3, null) },
        { policyText: 'Energía', percentages: by(0.7, 0.7, 0.5, 0.5), percentagesComparedToAll: by(0.7, 0.35, 0.25, 0.25) },
      ],
    },
    axisDetails: [
      {
        axisText: 'Territorio',
        percentages: by(0.6, 0.6, 0.5, 0.4),
        percentagesComparedToAll: by(0.6, 0.3, 0.25, 0.2),
        values: by(12, 12, 10, 8),
        valuesComparedToAll: by(12, 6, 5, 4),
        valuesByPolicy: [
          { policyText: 'Zonas verdes', percentages: by(0.5, 0.5, 0.4, 0.4), percentagesComparedToAll: by(0.5, 0.25, 0.2, 0.1), values: by(5, 5, 4, 4), valuesComparedToAll: by(5, 2.5, 2, 1) },
          { policyText: 'Agua', percentages: by(0.75, 0.75, 0.6, null), percentagesComparedToAll: by(0.75, 0.375, 0.3, null), values: by(7, 7, 6, null), valuesComparedToAll: by(7, 3.5, 3, null) },
        ],
      },
      {
        axisText: 'Energía y clima',
        percentages: by(0.7, 0.7, 0.5, 0.5),
        percentagesComparedToAll: by(0.7, 0.35, 0.25, 0.25),
        values: by(7, 7, 5, 5),
        valuesComparedToAll: by(7, 3.5, 2.5, 2.5),
        valuesByPolicy: [{ policyText: 'Energía', percentages: by(0.7, 0.7, 0.5, 0.5), percentagesComparedToAll: by(0.7, 0.35, 0.25, 0.25), values: by(7, 7, 5, 5), valuesComparedToAll: by(7, 3.5, 2.5, 2.5) }],
      },
    ],
    territoryTexts: { campaign: 'Ayuntamiento de Prueba', province: 'Valencia/València', autonomousCommunity: 'Comunitat Valenciana', country: 'España' },
    // One participant (the entity) of two registered in the province, as its figures say.
    edition: { year: 2026, sizes: { participants: { province: 1, autonomousCommunity: 4, country: 20 }, comparedToAll: { province: 2, autonomousCommunity: 8, country: 45 } } },
    table: {
      valuesPerAxis: {
        '1': {
          value: 12, percentage: 0.6,
          valuesByPolicy: {
            '10': { value: 5, percentage: 0.5, valuesByMeasure: { '101': { value: 2, percentage: 0.3 }, '100': { value: 3, percentage: 0.75 } } },
            '11': { value: 7, percentage: 0.75, valuesByMeasure: { '110': { value: 7, percentage: 0.75 } } },
          },
        },
        '2': { value: 7, percentage: 0.7, valuesByPolicy: { '20': { value: 7, percentage: 0.7, valuesByMeasure: { '200': { value: 7, percentage: 0.7 } } } } },
        total: {
          value: 19, percentage: 0.6333,
          valuesByPolicy: {
            '10': { value: 5, percentage: 0.5, valuesByMeasure: {} },
            '11': { value: 7, percentage: 0.75, valuesByMeasure: {} },
            '20': { value: 7, percentage: 0.7, valuesByMeasure: {} },
          },
        },
      },
      texts: {
        axis: { '1': 'Territorio', '2': 'Energía y clima' },
        policy: { '10': 'Zonas verdes', '11': 'Agua', '20': 'Energía' },
        measure: { '100': 'Parques', '101': 'Arbolado', '110': 'Depuración', '200': 'Alumbrado' },
      },
    },
    answers: { campaign: { indicators: [] } },
  };
}

/** What a comparison says besides its radars' figures, for the fixture's entity: names, and 2026 against 2025 (or no previous edition). */
export function comparisonAbout(withPrevious = true): Pick<ComparisonResponse, 'territoryTexts' | 'editions'> {
  const { territoryTexts, edition } = resultFixture();
  const noCountry = { participants: { ...edition.sizes.participants, country: 0 }, comparedToAll: { ...edition.sizes.comparedToAll, country: 0 } };
  return {
    territoryTexts,
    editions: { current: { year: edition.year, sizes: noCountry }, previous: withPrevious ? { year: edition.year - 1, sizes: noCountry } : null },
  };
}
