import { comparisonAxes } from '../../../src/server/reports/comparison.js';
import { figuresByGroup } from '../../../src/server/reports/figures.js';
import type { TreeAxis } from '../../../src/server/reports/questionnaireCache.js';
import type { TerritoryAggregate, Territory } from '../../../src/server/reports/territories.js';

const tree: TreeAxis[] = [
  { id: 1, text: 'Eje A', policies: [{ id: 11, text: 'Política 11', measures: [] }, { id: 12, text: 'Política 12', measures: [] }] },
  { id: 2, text: 'Eje B', policies: [{ id: 21, text: 'Política 21', measures: [] }] },
];

const sums = (participants: number, percentageSum: number): TerritoryAggregate => ({ participants, percentageSum, valueSum: percentageSum * 10 });
const aggregates = (entry: Partial<Record<Territory, TerritoryAggregate>>) => ({ province: undefined, autonomousCommunity: undefined, country: undefined, ...entry });

describe('comparison radar', () => {
  it('gives each policy the entity\'s, its province\'s and its community\'s percentages in both modes', () => {
    // Policy 11: the entity 0.5; province 2 participants summing 0.9 of 3 registered; community 4 summing 2.0 of 8.
    // Policy 12: the entity 0.25 is its province's only participant; no participant in the community.
    // Policy 21: no stored score at all (a policy added to the questionnaire after the campaign was scored).
    const figures = figuresByGroup({
      own: new Map([['policy:11', { percentage: 0.5, value: 5 }], ['policy:12', { percentage: 0.25, value: 1 }]]),
      aggregates: new Map([
        ['policy:11', aggregates({ province: sums(2, 0.9), autonomousCommunity: sums(4, 2.0), country: sums(50, 20) })],
        ['policy:12', aggregates({ province: sums(1, 0.25), country: sums(40, 10) })],
      ]),
      registered: { province: 3, autonomousCommunity: 8, country: 100 },
    });
    expect(comparisonAxes(tree, figures)).toEqual([
      {
        axisText: 'Eje A',
        valuesByPolicy: [
          {
            policyText: 'Política 11',
            percentages: { campaign: 0.5, province: 0.45, autonomousCommunity: 0.5 },
            percentagesComparedToAll: { campaign: 0.5, province: 0.3, autonomousCommunity: 0.25 },
          },
          {
            policyText: 'Política 12',
            percentages: { campaign: 0.25, province: 0.25, autonomousCommunity: null },
            percentagesComparedToAll: { campaign: 0.25, province: 0.25 / 3, autonomousCommunity: null },
          },
        ],
      },
      {
        axisText: 'Eje B',
        valuesByPolicy: [
          {
            policyText: 'Política 21',
            percentages: { campaign: null, province: null, autonomousCommunity: null },
            percentagesComparedToAll: { campaign: null, province: null, autonomousCommunity: null },
          },
        ],
      },
    ]);
  });
});
