import {
  allEntitiesMean,
  groupFigures,
  groupRanks,
  groupSizeComparedToAll,
  meanSizes,
  participantsMean,
  rankOf,
  withheldTerritories,
  withholdFigures,
  type Territory,
  type TerritoryAggregate,
} from '../../../src/server/reports/territories.js';

/** groupFigures of a group that every participant scored: the territories' sizes are the group's. */
const onlyGroup = (
  own: { percentage: number; value: number } | undefined,
  aggregates: Record<Territory, TerritoryAggregate | undefined>,
  registered: Record<Territory, number>,
) => groupFigures(own, aggregates, meanSizes([aggregates], registered), registered);

describe('territorial figures', () => {
  it('averages over participants, and over every registered entity when compared to all', () => {
    // Province: 2 participants with 0.5 and 0.9 of 4 registered entities.
    expect(participantsMean(1.4, 2)).toBeCloseTo(0.7);
    expect(allEntitiesMean(1.4, 2, { participants: 2, registered: 4 })).toBeCloseTo(0.35);
  });

  it('gives null to a territory without participants', () => {
    expect(participantsMean(0, 0)).toBeNull();
    expect(allEntitiesMean(0, 0, { participants: 0, registered: 12 })).toBeNull();
  });

  it('builds the five levels of a group, the campaign being the same in both modes', () => {
    const figures = onlyGroup(
      { percentage: 0.5, value: 10 },
      {
        // The entity alone in its province: the province equals the entity.
        province: { participants: 1, percentageSum: 0.5, valueSum: 10 },
        autonomousCommunity: { participants: 3, percentageSum: 1.8, valueSum: 36 },
        country: { participants: 4, percentageSum: 2.2, valueSum: 44 },
        // Its band across the country: 2 participants (0.5 and 0.3) of 5 registered.
        sizeBand: { participants: 2, percentageSum: 0.8, valueSum: 16 },
      },
      { province: 1, autonomousCommunity: 6, country: 10, sizeBand: 5 },
    );
    expect(figures.percentages).toEqual({
      campaign: 0.5,
      province: 0.5,
      autonomousCommunity: expect.closeTo(0.6),
      country: expect.closeTo(0.55),
      sizeBand: expect.closeTo(0.4),
    });
    expect(figures.percentagesComparedToAll).toEqual({
      campaign: 0.5,
      province: 0.5,
      autonomousCommunity: expect.closeTo(0.3),
      country: expect.closeTo(0.22),
      sizeBand: expect.closeTo(0.16),
    });
    expect(figures.values).toEqual({ campaign: 10, province: 10, autonomousCommunity: 12, country: 11, sizeBand: 8 });
    expect(figures.valuesComparedToAll).toEqual({
      campaign: 10,
      province: 10,
      autonomousCommunity: 6,
      country: expect.closeTo(4.4),
      sizeBand: expect.closeTo(3.2),
    });
  });

  it('leaves a territory with no participants as null in both modes', () => {
    const figures = onlyGroup(
      undefined,
      { province: undefined, autonomousCommunity: undefined, country: { participants: 2, percentageSum: 1, valueSum: 4 }, sizeBand: undefined },
      { province: 3, autonomousCommunity: 5, country: 8, sizeBand: 4 },
    );
    expect(figures.percentages).toEqual({ campaign: null, province: null, autonomousCommunity: null, country: 0.5, sizeBand: null });
    expect(figures.percentagesComparedToAll).toEqual({ campaign: null, province: null, autonomousCommunity: null, country: 0.125, sizeBand: null });
  });
});

describe("'No aplica': a group some participants answered wholly 'No aplica'", () => {
  // The province has 5 registered entities and 3 participants; one answered the whole measure 'No aplica', so the
  // measure has 2 participants (0.6 and 0.8, 6 and 8 points). The other territories are as large as the province.
  const measure = { participants: 2, percentageSum: 1.4, valueSum: 14 };
  const territorySizes = {
    participants: { province: 3, autonomousCommunity: 3, country: 3, sizeBand: 3 },
    comparedToAll: { province: 5, autonomousCommunity: 5, country: 5, sizeBand: 5 },
  };
  const registered = { province: 5, autonomousCommunity: 5, country: 5, sizeBand: 5 };
  const aggregates = { province: measure, autonomousCommunity: measure, country: measure, sizeBand: measure };

  it('leaves that entity out of both means: neither a participant nor a zero', () => {
    const figures = groupFigures(undefined, aggregates, territorySizes, registered);
    // Participants: (0.6 + 0.8) / 2. Every registered entity: the 2 that scored it and the 2 without a campaign, (0.6 + 0.8 + 0 + 0) / 4.
    expect(figures.percentages.province).toBeCloseTo(0.7, 12);
    expect(figures.percentagesComparedToAll.province).toBeCloseTo(0.35, 12);
    expect(figures.values.province).toBeCloseTo(7, 12);
    expect(figures.valuesComparedToAll.province).toBeCloseTo(3.5, 12);
    // The entity that answered it 'No aplica' has no figure of its own.
    expect(figures.percentages.campaign).toBeNull();
  });

  it("gives the group's own n in both modes, one fewer than the territory's", () => {
    const { sizes } = groupFigures(undefined, aggregates, territorySizes, registered);
    expect(sizes.participants.province).toBe(2);
    expect(sizes.comparedToAll.province).toBe(4);
  });

  it('divides by no fewer than the participants that scored the group when fewer entities are registered than took part', () => {
    // 3 took part where 2 are registered (an entity moved after sending): compared to all divides by 3 - 1.
    expect(groupSizeComparedToAll(2, { participants: 3, registered: 2 })).toBe(2);
    expect(allEntitiesMean(1.4, 2, { participants: 3, registered: 2 })).toBeCloseTo(0.7, 12);
  });

  it('changes nothing for a group every participant scored', () => {
    expect(groupSizeComparedToAll(3, { participants: 3, registered: 5 })).toBe(5);
    expect(allEntitiesMean(1.5, 3, { participants: 3, registered: 5 })).toBeCloseTo(0.3, 12);
  });
});

describe('small-group protection (MIN_GROUP_SIZE)', () => {
  const sizes = (participants: [number, number, number, number]) => {
    const [province, autonomousCommunity, country, sizeBand] = participants;
    return {
      participants: { province, autonomousCommunity, country, sizeBand },
      comparedToAll: { province: 9, autonomousCommunity: 20, country: 90, sizeBand: 30 },
    };
  };

  it('withholds the means of fewer participants than the minimum, judged on participants whatever the mode', () => {
    // 2 participants in the province and 3 in the band: with a minimum of 3 the province is withheld, the band is not.
    expect(withheldTerritories(sizes([2, 5, 40, 3]), 3)).toEqual(['province']);
    expect(withheldTerritories(sizes([1, 2, 40, 2]), 3)).toEqual(['province', 'autonomousCommunity', 'sizeBand']);
  });

  it('withholds nothing at the default of 1, and never a territory without participants (it has no mean)', () => {
    expect(withheldTerritories(sizes([1, 1, 1, 1]), 1)).toEqual([]);
    expect(withheldTerritories(sizes([0, 4, 40, 0]), 3)).toEqual([]);
  });

  it('takes the withheld means out of points and percentages in both modes, keeping the campaign and the others', () => {
    const figures = onlyGroup(
      { percentage: 0.5, value: 10 },
      {
        province: { participants: 2, percentageSum: 0.9, valueSum: 18 },
        autonomousCommunity: { participants: 5, percentageSum: 2, valueSum: 40 },
        country: { participants: 40, percentageSum: 20, valueSum: 400 },
        sizeBand: { participants: 2, percentageSum: 1.1, valueSum: 22 },
      },
      { province: 4, autonomousCommunity: 10, country: 80, sizeBand: 6 },
    );
    const kept = withholdFigures(figures, ['province', 'sizeBand']);
    for (const set of [kept.percentages, kept.percentagesComparedToAll, kept.values, kept.valuesComparedToAll]) {
      expect(set.province).toBeNull();
      expect(set.sizeBand).toBeNull();
    }
    expect(kept.percentages).toEqual({ campaign: 0.5, province: null, autonomousCommunity: 0.4, country: 0.5, sizeBand: null });
    expect(kept.valuesComparedToAll).toEqual({ campaign: 10, province: null, autonomousCommunity: 4, country: 5, sizeBand: null });
    expect(withholdFigures(figures, [])).toBe(figures);
  });
});

describe('rank', () => {
  it('is one plus the participants above, of every participant', () => {
    // Percentages 0.9, 0.7, 0.7, 0.5: the entity with 0.5 has three above.
    expect(rankOf(3, 4)).toEqual({ position: 4, of: 4 });
    expect(rankOf(0, 12)).toEqual({ position: 1, of: 12 });
  });

  it('gives tied participants the same position, the next one skipping (competition ranking)', () => {
    // 0.9, 0.7, 0.7, 0.5: both 0.7 have one above (second), 0.5 has three above (fourth, not third).
    const positions = [0.9, 0.7, 0.7, 0.5].map((p, _, all) => rankOf(all.filter((o) => o > p).length, all.length)?.position);
    expect(positions).toEqual([1, 2, 2, 4]);
  });

  it('has no rank without participants, nor where the mean is withheld', () => {
    expect(rankOf(0, 0)).toBeNull();
    const aggregate = (participants: number): TerritoryAggregate => ({ participants, percentageSum: 0, valueSum: 0 });
    const ranks = groupRanks(
      { province: 1, autonomousCommunity: 3, country: 10, sizeBand: 0 },
      { province: aggregate(2), autonomousCommunity: aggregate(6), country: aggregate(40), sizeBand: undefined },
      ['province'],
      false,
    );
    expect(ranks).toEqual({ province: null, autonomousCommunity: { position: 4, of: 6 }, country: { position: 11, of: 40 }, sizeBand: null });
  });

  it('ranks a campaign outside the means (awaiting validation) among the participants as one more', () => {
    expect(rankOf(3, 4, true)).toEqual({ position: 4, of: 5 });
    // Below every validated one, it is last.
    expect(rankOf(4, 4, true)).toEqual({ position: 5, of: 5 });
    // With no one validated yet, it is alone.
    expect(rankOf(0, 0, true)).toEqual({ position: 1, of: 1 });
  });
});

describe('meanSizes', () => {
  const registered = { province: 4, autonomousCommunity: 9, country: 30, sizeBand: 7 };
  const aggregate = (participants: number): TerritoryAggregate => ({ participants, percentageSum: participants * 0.5, valueSum: participants * 10 });

  it('counts the participants of every territory, and all its registered entities compared to all', () => {
    const groups = [
      { province: aggregate(2), autonomousCommunity: aggregate(5), country: aggregate(12), sizeBand: aggregate(3) },
      { province: aggregate(2), autonomousCommunity: aggregate(5), country: aggregate(12), sizeBand: aggregate(3) },
    ];
    expect(meanSizes(groups, registered)).toEqual({
      participants: { province: 2, autonomousCommunity: 5, country: 12, sizeBand: 3 },
      comparedToAll: { province: 4, autonomousCommunity: 9, country: 30, sizeBand: 7 },
    });
  });

  it('counts 0 participants in a territory with none, its registered entities still counting compared to all', () => {
    const groups = [{ province: undefined, autonomousCommunity: aggregate(3), country: aggregate(8), sizeBand: aggregate(2) }];
    expect(meanSizes(groups, registered)).toEqual({
      participants: { province: 0, autonomousCommunity: 3, country: 8, sizeBand: 2 },
      comparedToAll: { province: 4, autonomousCommunity: 9, country: 30, sizeBand: 7 },
    });
    const none = { province: 0, autonomousCommunity: 0, country: 0, sizeBand: 0 };
    expect(meanSizes([], none)).toEqual({ participants: none, comparedToAll: none });
  });

  it('never counts fewer entities compared to all than took part (as allEntitiesMean divides)', () => {
    const groups = [{ province: aggregate(6), autonomousCommunity: aggregate(6), country: aggregate(6), sizeBand: aggregate(6) }];
    const sizes = meanSizes(groups, { province: 5, autonomousCommunity: 9, country: 30, sizeBand: 6 });
    expect(sizes.comparedToAll.province).toBe(6);
    expect(allEntitiesMean(6 * 0.5, 6, { participants: 6, registered: 5 })).toBeCloseTo((6 * 0.5) / sizes.comparedToAll.province, 12);
  });
});
