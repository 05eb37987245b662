import type { ByLevel, ComparisonResponse, Rank, Ranks, ResultResponse, TerritoryLevel } from '../../src/shared/api/results.js';
import { ASKS_NOTHING } from './questions.js';

const by = (
  campaign: number | null,
  province: number | null,
  autonomousCommunity: number | null,
  country: number | null,
  sizeBand: number | null,
): ByLevel => ({
  campaign,
  province,
  autonomousCommunity,
  country,
  sizeBand,
});
const rank = (position: number, of: number): Rank => ({ position, of });

/** The fixture entity's population band: 5,001 to 20,000 inhabitants. */
export const FIXTURE_BAND = { minPopulation: 5001, maxPopulation: 20000 };

/**
 * A small result (two axes, three policies, four measures) with hand-chosen figures: the province has no
 * participant but the entity (so its figures equal the entity's, and it ranks first of one), the country has none when compared to all
 * only where stated; the size band (5,001 to 20,000 inhabitants) has 6 participants of 14. Percentages are fractions.
 * No mean is withheld (minGroupSize 1).
 */
export function resultFixture(): ResultResponse {
  return withEditionSizes({
    global: {
      percentages: by(0.6, 0.6, 0.5, 0.45, 0.52),
      percentagesComparedToAll: by(0.6, 0.3, 0.25, 0.2, 0.26),
      // The server's totals: the policies' points add up to them (no country figure where 'Agua' has none).
      values: by(19, 19, 15, null, 16.5),
      valuesComparedToAll: by(19, 9.5, 7.5, null, 8.2),
      rank: { province: rank(1, 1), autonomousCommunity: rank(2, 4), country: rank(6, 20), sizeBand: rank(3, 6) },
      valuesByPolicy: [
        { policyText: 'Zonas verdes', percentages: by(0.5, 0.5, 0.4, 0.4, 0.45), percentagesComparedToAll: by(0.5, 0.25, 0.2, 0.1, 0.225) },
        { policyText: 'Agua', percentages: by(0.75, 0.75, 0.6, null, 0.6), percentagesComparedToAll: by(0.75, 0.375, 0.3, null, 0.3) },
        { policyText: 'Energía', percentages: by(0.7, 0.7, 0.5, 0.5, 0.55), percentagesComparedToAll: by(0.7, 0.35, 0.25, 0.25, 0.275) },
      ],
    },
    axisDetails: [
      {
        axisText: 'Territorio',
        percentages: by(0.6, 0.6, 0.5, 0.4, 0.54),
        percentagesComparedToAll: by(0.6, 0.3, 0.25, 0.2, 0.26),
        values: by(12, 12, 10, 8, 10.8),
        valuesComparedToAll: by(12, 6, 5, 4, 5.2),
        rank: { province: rank(1, 1), autonomousCommunity: rank(2, 4), country: rank(5, 20), sizeBand: rank(2, 6) },
        valuesByPolicy: [
          {
            policyText: 'Zonas verdes',
            percentages: by(0.5, 0.5, 0.4, 0.4, 0.45),
            percentagesComparedToAll: by(0.5, 0.25, 0.2, 0.1, 0.225),
            values: by(5, 5, 4, 4, 4.5),
            valuesComparedToAll: by(5, 2.5, 2, 1, 2.25),
          },
          {
            policyText: 'Agua',
            percentages: by(0.75, 0.75, 0.6, null, 0.6),
            percentagesComparedToAll: by(0.75, 0.375, 0.3, null, 0.3),
            values: by(7, 7, 6, null, 5.6),
            valuesComparedToAll: by(7, 3.5, 3, null, 2.8),
          },
        ],
      },
      {
        axisText: 'Energía y clima',
        percentages: by(0.7, 0.7, 0.5, 0.5, 0.55),
        percentagesComparedToAll: by(0.7, 0.35, 0.25, 0.25, 0.275),
        values: by(7, 7, 5, 5, 5.5),
        valuesComparedToAll: by(7, 3.5, 2.5, 2.5, 2.75),
        rank: { province: rank(1, 1), autonomousCommunity: rank(1, 4), country: rank(4, 20), sizeBand: rank(1, 6) },
        valuesByPolicy: [
          {
            policyText: 'Energía',
            percentages: by(0.7, 0.7, 0.5, 0.5, 0.55),
            percentagesComparedToAll: by(0.7, 0.35, 0.25, 0.25, 0.275),
            values: by(7, 7, 5, 5, 5.5),
            valuesComparedToAll: by(7, 3.5, 2.5, 2.5, 2.75),
          },
        ],
      },
    ],
    territoryTexts: { campaign: 'Ayuntamiento de Prueba', province: 'Valencia/València', autonomousCommunity: 'Comunitat Valenciana', country: 'España' },
    sizeBand: FIXTURE_BAND,
    // One participant (the entity) of two registered in the province, as its figures say.
    edition: {
      year: 2026,
      sizes: {
        participants: { province: 1, autonomousCommunity: 4, country: 20, sizeBand: 6 },
        comparedToAll: { province: 2, autonomousCommunity: 8, country: 45, sizeBand: 14 },
      },
      withheld: [],
    },
    minGroupSize: 1,
    reviewStatus: 'pending',
    validatedAt: null,
    meansFrom: 'sent',
    finalPublishedAt: null,
    receipt: null,
    table: {
      valuesPerAxis: {
        '1': {
          value: 12,
          percentage: 0.6,
          valuesByPolicy: {
            '10': { value: 5, percentage: 0.5, valuesByMeasure: { '101': { value: 2, percentage: 0.3 }, '100': { value: 3, percentage: 0.75 } } },
            '11': { value: 7, percentage: 0.75, valuesByMeasure: { '110': { value: 7, percentage: 0.75 } } },
          },
        },
        '2': { value: 7, percentage: 0.7, valuesByPolicy: { '20': { value: 7, percentage: 0.7, valuesByMeasure: { '200': { value: 7, percentage: 0.7 } } } } },
        total: {
          value: 19,
          percentage: 0.6333,
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
  });
}

/** A group of the result without its sizes, its policies without theirs. */
type WithoutSizes<T extends { valuesByPolicy: { sizes: unknown }[] }> = Omit<T, 'sizes' | 'valuesByPolicy'> & {
  valuesByPolicy: Omit<T['valuesByPolicy'][number], 'sizes'>[];
};
type ResultWithoutGroupSizes = Omit<ResultResponse, 'global' | 'axisDetails'> & {
  global: WithoutSizes<ResultResponse['global']>;
  axisDetails: WithoutSizes<ResultResponse['axisDetails'][number]>[];
};

/** Every group built from as many entities as its edition's means (nobody answered a whole group 'No aplica'). */
function withEditionSizes(result: ResultWithoutGroupSizes): ResultResponse {
  const sizes = result.edition.sizes;
  return {
    ...result,
    global: { ...result.global, sizes, valuesByPolicy: result.global.valuesByPolicy.map((p) => ({ ...p, sizes })) },
    axisDetails: result.axisDetails.map((a) => ({ ...a, sizes, valuesByPolicy: a.valuesByPolicy.map((p) => ({ ...p, sizes })) })),
  };
}

/**
 * resultFixture as the server sends it with MIN_GROUP_SIZE = minGroupSize: the means of `levels` withheld (their
 * figures and ranks null in both modes; their sizes still sent).
 */
export function withheldResult(levels: TerritoryLevel[], minGroupSize = 3): ResultResponse {
  const result = resultFixture();
  const blank = <T extends ByLevel | undefined>(figures: T): T => (figures ? { ...figures, ...Object.fromEntries(levels.map((l) => [l, null])) } : figures);
  const ranks = (r: Ranks): Ranks => ({ ...r, ...Object.fromEntries(levels.map((l) => [l, null])) });
  const figures = <F extends { percentages: ByLevel; percentagesComparedToAll: ByLevel; values?: ByLevel; valuesComparedToAll?: ByLevel }>(f: F): F => ({
    ...f,
    percentages: blank(f.percentages),
    percentagesComparedToAll: blank(f.percentagesComparedToAll),
    values: blank(f.values),
    valuesComparedToAll: blank(f.valuesComparedToAll),
  });
  return {
    ...result,
    global: { ...figures(result.global), rank: ranks(result.global.rank), valuesByPolicy: result.global.valuesByPolicy.map(figures) },
    axisDetails: result.axisDetails.map((axis) => ({ ...figures(axis), rank: ranks(axis.rank), valuesByPolicy: axis.valuesByPolicy.map(figures) })),
    edition: { ...result.edition, withheld: levels },
    minGroupSize,
  };
}

/**
 * resultFixture where the entity answered the whole policy 'Agua' (and so its measure 'Depuración') 'No aplica':
 * no figure of its own there, and the policy's means built from one entity fewer in every territory (the
 * province, where it was the only participant, has none left).
 */
export function notApplicableResult(): ResultResponse {
  const result = resultFixture();
  const { participants, comparedToAll } = result.edition.sizes;
  const fewer = (n: Record<TerritoryLevel, number>) => Object.fromEntries(Object.entries(n).map(([t, v]) => [t, v - 1])) as Record<TerritoryLevel, number>;
  const sizes = { participants: fewer(participants), comparedToAll: fewer(comparedToAll) };
  const agua = <P extends { policyText: string; percentages: ByLevel; percentagesComparedToAll: ByLevel; values?: ByLevel; valuesComparedToAll?: ByLevel }>(
    p: P,
  ): P =>
    p.policyText !== 'Agua'
      ? p
      : {
          ...p,
          percentages: by(null, null, 0.6, null, 0.6),
          percentagesComparedToAll: by(null, null, 0.45, null, 0.36),
          ...(p.values ? { values: by(null, null, 6, null, 5.6), valuesComparedToAll: by(null, null, 4.5, null, 3.36) } : {}),
          sizes,
        };
  // resultFixture builds a new result at every call: its table is this one's.
  const { table } = result;
  table.valuesPerAxis['1'].valuesByPolicy['11'] = { value: 0, percentage: null, valuesByMeasure: { '110': { value: 0, percentage: null } } };
  table.valuesPerAxis.total.valuesByPolicy['11'] = { value: 0, percentage: null, valuesByMeasure: {} };
  return {
    ...result,
    global: { ...result.global, valuesByPolicy: result.global.valuesByPolicy.map(agua) },
    axisDetails: result.axisDetails.map((axis) => ({ ...axis, valuesByPolicy: axis.valuesByPolicy.map(agua) })),
  };
}

/** What a comparison says besides its radars' figures, for the fixture's entity: names, band, and 2026 against 2025 (or no previous edition). */
export function comparisonAbout(
  withPrevious = true,
): Pick<
  ComparisonResponse,
  'territoryTexts' | 'editions' | 'sizeBand' | 'minGroupSize' | 'reviewStatus' | 'validatedAt' | 'meansFrom' | 'finalPublishedAt' | 'receipt'
> {
  const { territoryTexts, edition, sizeBand } = resultFixture();
  const noCountry = { participants: { ...edition.sizes.participants, country: 0 }, comparedToAll: { ...edition.sizes.comparedToAll, country: 0 } };
  return {
    territoryTexts,
    sizeBand,
    editions: {
      current: { year: edition.year, sizes: noCountry, withheld: [] },
      previous: withPrevious ? { year: edition.year - 1, sizes: noCountry, withheld: [] } : null,
    },
    minGroupSize: 1,
    reviewStatus: 'validated',
    validatedAt: '2026-03-12T09:00:00.000Z',
    meansFrom: 'sent',
    finalPublishedAt: null,
    receipt: null,
  };
}

type Option = [id: number, text: string, value: number, obsolete?: boolean];
const question = (id: number, text: string, type: 'single' | 'multiple', options: Option[], answer: number[] | null) => ({
  id,
  text,
  type,
  ...ASKS_NOTHING,
  responses: options.map(([rid, rtext, value, obsolete = false]) => ({ id: rid, text: rtext, value, obsolete, exclusive: false })),
  answer,
});
const indicator = (id: number, text: string, where: [axisId: number, policyId: number, measureId: number], subindicators: ReturnType<typeof question>[]) => {
  const [axisId, policyId, measureId] = where;
  const names: Record<number, string> = {
    1: 'Territorio',
    2: 'Energía y clima',
    10: 'Zonas verdes',
    11: 'Agua',
    20: 'Energía',
    100: 'Parques',
    101: 'Arbolado',
    110: 'Depuración',
    200: 'Alumbrado',
    201: 'Movilidad',
  };
  return {
    id,
    text,
    axisId,
    axisText: names[axisId],
    policyId,
    policyText: names[policyId],
    measureId,
    measureText: names[measureId],
    competenceId: null,
    subindicators,
  };
};

/**
 * A result whose answers make an improvement plan, points by hand (docs/scoring.md):
 * - Arbolado (101): 'Especies' single 1 of 3 (the obsolete 5-point option counts in no maximum), 'Cuidados'
 *   multiple 1 of 5 (Riego chosen; Poda and Inventario missing): 2 of 8, 25%, red, 6 available.
 * - Depuración (110): 'Depuradora' 0 of 2, 'Controles' 2 of 2: 2 of 4, 50%, amber, 2 available.
 * - Parques (100): 'Parque accesible' unanswered 0 of 2 (two options worth 2), 'Parque' 4 of 4: 4 of 6, 66,7%, amber, 2 available.
 * - Alumbrado (200): 5 of 7, 71,4%, green: not planned though it lost points.
 * - Movilidad (201): every option worth 0, 0%, red: not planned, nothing to gain.
 * So the plan is Arbolado (6), then Depuración and Parques (2 each, by name).
 */
export function planFixture(): ResultResponse {
  const m = (value: number, max: number) => ({ value, percentage: max > 0 ? value / max : 0 });
  return {
    ...resultFixture(),
    table: {
      valuesPerAxis: {
        '1': {
          ...m(8, 18),
          valuesByPolicy: {
            '10': { ...m(6, 14), valuesByMeasure: { '100': m(4, 6), '101': m(2, 8) } },
            '11': { ...m(2, 4), valuesByMeasure: { '110': m(2, 4) } },
          },
        },
        '2': { ...m(5, 7), valuesByPolicy: { '20': { ...m(5, 7), valuesByMeasure: { '200': m(5, 7), '201': m(0, 0) } } } },
        total: {
          ...m(13, 25),
          valuesByPolicy: { '10': { ...m(6, 14), valuesByMeasure: {} }, '11': { ...m(2, 4), valuesByMeasure: {} }, '20': { ...m(5, 7), valuesByMeasure: {} } },
        },
      },
      texts: {
        axis: { '1': 'Territorio', '2': 'Energía y clima' },
        policy: { '10': 'Zonas verdes', '11': 'Agua', '20': 'Energía' },
        measure: { '100': 'Parques', '101': 'Arbolado', '110': 'Depuración', '200': 'Alumbrado', '201': 'Movilidad' },
      },
    },
    answers: {
      campaign: {
        indicators: [
          indicator(
            1,
            'Parques urbanos',
            [1, 10, 100],
            [
              question(
                1001,
                'Parque accesible',
                'single',
                [
                  [9, 'No', 0],
                  [10, 'Sí', 2],
                  [11, 'Sí, con juegos adaptados', 2],
                ],
                null,
              ),
              question(
                1002,
                'Parque',
                'single',
                [
                  [12, 'No', 0],
                  [13, 'Sí', 4],
                ],
                [13],
              ),
            ],
          ),
          indicator(
            2,
            'Arbolado urbano',
            [1, 10, 101],
            [
              question(
                1011,
                'Especies',
                'single',
                [
                  [1, 'No', 0],
                  [2, 'En parte', 1],
                  [3, 'Sí', 3],
                  [4, 'Sí, con plan (antigua)', 5, true],
                ],
                [2],
              ),
              question(
                1012,
                'Cuidados',
                'multiple',
                [
                  [5, 'Riego', 1],
                  [6, 'Poda', 2],
                  [7, 'Inventario', 2],
                  [8, 'Ninguno', 0],
                ],
                [5],
              ),
            ],
          ),
          indicator(
            3,
            'Depuración de aguas',
            [1, 11, 110],
            [
              question(
                1101,
                'Depuradora',
                'single',
                [
                  [14, 'No', 0],
                  [15, 'Sí', 2],
                ],
                [14],
              ),
              question(
                1102,
                'Controles',
                'multiple',
                [
                  [16, 'Mensuales', 1],
                  [17, 'Anuales', 1],
                ],
                [16, 17],
              ),
            ],
          ),
          indicator(
            4,
            'Alumbrado público',
            [2, 20, 200],
            [
              question(
                2001,
                'Luminarias',
                'single',
                [
                  [18, 'LED', 7],
                  [19, 'Parcial', 5],
                ],
                [19],
              ),
            ],
          ),
          indicator(
            5,
            'Movilidad',
            [2, 20, 201],
            [
              question(
                2011,
                'Carril bici',
                'single',
                [
                  [20, 'No', 0],
                  [21, 'Sí', 0],
                ],
                [20],
              ),
            ],
          ),
        ],
      },
    },
  };
}
