import { allEntitiesMean, groupFigures, meanSizes, participantsMean, type TerritoryAggregate } from '../../../src/server/reports/territories.js';

describe('territorial figures', () => {
  it('averages over participants, and over every registered entity when compared to all', () => {
    // Province: 2 participants with 0.5 and 0.9 of 4 registered entities.
    expect(participantsMean(1.4, 2)).toBeCloseTo(0.7);
    expect(allEntitiesMean(1.4, 2, 4)).toBeCloseTo(0.35);
  });

  it('gives null to a territory without participants', () => {
    expect(participantsMean(0, 0)).toBeNull();
    expect(allEntitiesMean(0, 0, 12)).toBeNull();
  });

  it('builds the four levels of a group, the campaign being the same in both modes', () => {
    const figures = groupFigures(
      { percentage: 0.5, value: 10 },
      {
        // The entity alone in its province: the province equals the entity.
        province: { participants: 1, percentageSum: 0.5, valueSum: 10 },
        autonomousCommunity: { participants: 3, percentageSum: 1.8, valueSum: 36 },
        country: { participants: 4, percentageSum: 2.2, valueSum: 44 },
      },
      { province: 1, autonomousCommunity: 6, country: 10 },
    );
    expect(figures.percentages).toEqual({ campaign: 0.5, province: 0.5, autonomousCommunity: expect.closeTo(0.6), country: expect.closeTo(0.55) });
    expect(figures.percentagesComparedToAll).toEqual({ campaign: 0.5, province: 0.5, autonomousCommunity: expect.closeTo(0.3), country: expect.closeTo(0.22) });
    expect(figures.values).toEqual({ campaign: 10, province: 10, autonomousCommunity: 12, country: 11 });
    expect(figures.valuesComparedToAll).toEqual({ campaign: 10, province: 10, autonomousCommunity: 6, country: expect.closeTo(4.4) });
  });

  it('leaves a territory with no participants as null in both modes', () => {
    const figures = groupFigures(undefined, { province: undefined, autonomousCommunity: undefined, country: { participants: 2, percentageSum: 1, valueSum: 4 } }, { province: 3, autonomousCommunity: 5, country: 8 });
    expect(figures.percentages).toEqual({ campaign: null, province: null, autonomousCommunity: null, country: 0.5 });
    expect(figures.percentagesComparedToAll).toEqual({ campaign: null, province: null, autonomousCommunity: null, country: 0.125 });
  });
});

describe('meanSizes', () => {
  const registered = { province: 4, autonomousCommunity: 9, country: 30 };
  const aggregate = (participants: number): TerritoryAggregate => ({ participants, percentageSum: participants * 0.5, valueSum: participants * 10 });

  it('counts the participants of every territory, and all its registered entities compared to all', () => {
    const groups = [
      { province: aggregate(2), autonomousCommunity: aggregate(5), country: aggregate(12) },
      { province: aggregate(2), autonomousCommunity: aggregate(5), country: aggregate(12) },
    ];
    expect(meanSizes(groups, registered)).toEqual({
      participants: { province: 2, autonomousCommunity: 5, country: 12 },
      comparedToAll: { province: 4, autonomousCommunity: 9, country: 30 },
    });
  });

  it('counts 0 participants in a territory with none, its registered entities still counting compared to all', () => {
    const groups = [{ province: undefined, autonomousCommunity: aggregate(3), country: aggregate(8) }];
    expect(meanSizes(groups, registered)).toEqual({
      participants: { province: 0, autonomousCommunity: 3, country: 8 },
      comparedToAll: { province: 4, autonomousCommunity: 9, country: 30 },
    });
    expect(meanSizes([], { province: 0, autonomousCommunity: 0, country: 0 })).toEqual({
      participants: { province: 0, autonomousCommunity: 0, country: 0 },
      comparedToAll: { province: 0, autonomousCommunity: 0, country: 0 },
    });
  });

  it('never counts fewer entities compared to all than took part (as allEntitiesMean divides)', () => {
    const groups = [{ province: aggregate(6), autonomousCommunity: aggregate(6), country: aggregate(6) }];
    const sizes = meanSizes(groups, { province: 5, autonomousCommunity: 9, country: 30 });
    expect(sizes.comparedToAll.province).toBe(6);
    expect(allEntitiesMean(6 * 0.5, 6, 5)).toBeCloseTo((6 * 0.5) / sizes.comparedToAll.province, 12);
  });
});
