import { comparisonAxes } from '../../../src/server/reports/comparison.js';
import { editionFigures } from '../../../src/server/reports/figures.js';
import type { TreeAxis } from '../../../src/server/reports/questionnaireCache.js';
import type { TerritoryAggregate, Territory } from '../../../src/server/reports/territories.js';

const tree: TreeAxis[] = [
  {
    id: 1,
    text: 'Eje A',
    policies: [
      { id: 11, text: 'Política 11', measures: [] },
      { id: 12, text: 'Política 12', measures: [] },
    ],
  },
  { id: 2, text: 'Eje B', policies: [{ id: 21, text: 'Política 21', measures: [] }] },
];

const sums = (participants: number, percentageSum: number): TerritoryAggregate => ({ participants, percentageSum, valueSum: percentageSum * 10 });
const aggregates = (entry: Partial<Record<Territory, TerritoryAggregate>>) => ({
  province: undefined,
  autonomousCommunity: undefined,
  country: undefined,
  sizeBand: undefined,
  ...entry,
});

describe('comparison radar', () => {
  it("gives each policy the entity's, its province's, its community's and its band's percentages in both modes", () => {
    // Policy 11: the entity 0.5; province 2 participants summing 0.9 of 3 registered; community 4 summing 2.0 of 8;
    // band 5 summing 3.0 of 10.
    // Policy 12: the entity 0.25 is its province's only participant (the other one answered it wholly 'No aplica', so
    // compared to all it divides by the 3 registered less that one); no participant in the community; band as
    // province (4 of the band's 5 participants answered it 'No aplica': 10 - 4).
    // Policy 21: no stored score at all (a policy added to the questionnaire after the campaign was scored).
    const { figures } = editionFigures(
      {
        own: new Map([
          ['policy:11', { percentage: 0.5, value: 5 }],
          ['policy:12', { percentage: 0.25, value: 1 }],
        ]),
        aggregates: new Map([
          ['policy:11', aggregates({ province: sums(2, 0.9), autonomousCommunity: sums(4, 2.0), country: sums(50, 20), sizeBand: sums(5, 3.0) })],
          ['policy:12', aggregates({ province: sums(1, 0.25), country: sums(40, 10), sizeBand: sums(1, 0.25) })],
        ]),
        registered: { province: 3, autonomousCommunity: 8, country: 100, sizeBand: 10 },
      },
      1,
    );
    expect(comparisonAxes(tree, figures)).toEqual([
      {
        axisText: 'Eje A',
        valuesByPolicy: [
          {
            policyText: 'Política 11',
            percentages: { campaign: 0.5, province: 0.45, autonomousCommunity: 0.5, sizeBand: 0.6 },
            percentagesComparedToAll: { campaign: 0.5, province: 0.3, autonomousCommunity: 0.25, sizeBand: 0.3 },
          },
          {
            policyText: 'Política 12',
            percentages: { campaign: 0.25, province: 0.25, autonomousCommunity: null, sizeBand: 0.25 },
            percentagesComparedToAll: { campaign: 0.25, province: 0.25 / 2, autonomousCommunity: null, sizeBand: 0.25 / 6 },
          },
        ],
      },
      {
        axisText: 'Eje B',
        valuesByPolicy: [
          {
            policyText: 'Política 21',
            percentages: { campaign: null, province: null, autonomousCommunity: null, sizeBand: null },
            percentagesComparedToAll: { campaign: null, province: null, autonomousCommunity: null, sizeBand: null },
          },
        ],
      },
    ]);
  });
});
