import { scoreCampaign, subindicatorPoints, type ScoredSubindicator } from '../../../src/server/reports/scoring.js';

// Two policies in one axis; hand-computed below.
const single: ScoredSubindicator = {
  id: 1,
  type: 'single',
  axisId: 10,
  policyId: 20,
  measureId: 30,
  responses: [
    { id: 11, value: 3, obsolete: false },
    { id: 12, value: 1, obsolete: false },
    { id: 13, value: 5, obsolete: true },
  ],
};
const multiple: ScoredSubindicator = {
  id: 2,
  type: 'multiple',
  axisId: 10,
  policyId: 21,
  measureId: 31,
  responses: [
    { id: 21, value: 2, obsolete: false },
    { id: 22, value: 2, obsolete: false },
    { id: 23, value: 0, obsolete: false },
  ],
};

describe('campaign scoring', () => {
  it('scores single choice by the chosen value and its maximum without obsolete responses', () => {
    expect(subindicatorPoints(single, [12])).toEqual({ value: 1, max: 3 });
    expect(subindicatorPoints(single, null)).toEqual({ value: 0, max: 3 });
  });

  it('scores multiple choice as the sum of the chosen values over the sum of all', () => {
    expect(subindicatorPoints(multiple, [21, 22])).toEqual({ value: 4, max: 4 });
    expect(subindicatorPoints(multiple, [23])).toEqual({ value: 0, max: 4 });
  });

  it('sums groups per measure, policy, axis and total', () => {
    const scores = scoreCampaign(
      [single, multiple],
      new Map([
        [1, [11]],
        [2, [21]],
      ]),
    );
    const byKey = Object.fromEntries(scores.map((s) => [`${s.scope}:${s.categoryId}`, [s.value, s.max, s.percentage]]));
    expect(byKey).toEqual({
      'total:0': [5, 7, 5 / 7],
      'axis:10': [5, 7, 5 / 7],
      'policy:20': [3, 3, 1],
      'policy:21': [2, 4, 0.5],
      'measure:30': [3, 3, 1],
      'measure:31': [2, 4, 0.5],
    });
  });

  it('leaves "No aplica" questions out of points and maxima, and a group all "No aplica" out altogether', () => {
    // A third question, in policy 20's other measure; hand-computed below.
    const third: ScoredSubindicator = { ...single, id: 3, measureId: 32, responses: [{ id: 31, value: 4, obsolete: false }] };
    const answers = new Map([
      [1, [11]],
      [3, [31]],
    ]);
    // Question 2 (measure 31, alone in policy 21) "No aplica": measure 31 and policy 21 have no score.
    const scores = scoreCampaign([single, multiple, third], answers, new Set([2]));
    const byKey = Object.fromEntries(scores.map((s) => [`${s.scope}:${s.categoryId}`, [s.value, s.max, s.percentage]]));
    expect(byKey).toEqual({
      'total:0': [7, 7, 1],
      'axis:10': [7, 7, 1],
      'policy:20': [7, 7, 1],
      'measure:30': [3, 3, 1],
      'measure:32': [4, 4, 1],
    });
    // Policy 20 partly "No aplica" (question 3): 3 of 3; the total adds policy 21's 2 of 4.
    const partly = scoreCampaign([single, multiple, third], new Map([...answers, [2, [21]]]), new Set([3]));
    const partlyByKey = Object.fromEntries(partly.map((s) => [`${s.scope}:${s.categoryId}`, [s.value, s.max]]));
    expect(partlyByKey).toEqual({
      'total:0': [5, 7],
      'axis:10': [5, 7],
      'policy:20': [3, 3],
      'policy:21': [2, 4],
      'measure:30': [3, 3],
      'measure:31': [2, 4],
    });
  });
});
