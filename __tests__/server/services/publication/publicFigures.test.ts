import { placeMeans, positionOf, publicAxes, publicTerritories, rankingRow } from '../../../../src/server/services/publication/publicFigures.js';
import type { GroupSumsRow, PublishedCampaignRow, TerritorySumsRow } from '../../../../src/server/db/repositories/publication.js';

const territory = (over: Partial<TerritorySumsRow>): TerritorySumsRow => ({
  territory: 'province',
  id: '16',
  name: 'Cuenca',
  communityId: '08',
  participants: 0,
  percentageSum: 0,
  registered: 0,
  ...over,
});

describe('the public figures of a final edition', () => {
  it("gives scoring.md's worked example: 45,0 % over participants, 33,8 % over every registered entity, n kept", () => {
    const { provinces } = publicTerritories([territory({ participants: 3, percentageSum: 0.6 + 0.45 + 0.3, registered: 4 })], 3);
    expect(provinces[0]).toMatchObject({ participants: 3, registered: 4, withheld: false });
    expect(provinces[0].mean).toBeCloseTo(0.45, 12);
    expect(provinces[0].meanComparedToAll).toBeCloseTo(0.3375, 12);
  });

  it('withholds a territory with fewer participants than MIN_GROUP_SIZE, its counts still given; none without participants', () => {
    const rows = [
      territory({ participants: 3, percentageSum: 1.35, registered: 4 }),
      territory({ id: '02', name: 'Albacete', participants: 0, registered: 7 }),
      territory({ territory: 'country', id: 'ES', name: 'España', communityId: null, participants: 3, percentageSum: 1.35, registered: 11 }),
    ];
    const { provinces, country } = publicTerritories(rows, 5);
    expect(provinces.map((p) => [p.name, p.participants, p.registered, p.mean, p.meanComparedToAll, p.withheld])).toEqual([
      ['Albacete', 0, 7, null, null, false],
      ['Cuenca', 3, 4, null, null, true],
    ]);
    expect(country).toMatchObject({ participants: 3, registered: 11, mean: null, withheld: true });
    expect(publicAxes([{ id: 1, code: 'E1', name: 'Eje 1', participants: 3, percentageSum: 1.2 }], () => country.withheld)).toEqual([
      { id: 1, code: 'E1', name: 'Eje 1', participants: 3, mean: null, withheld: true },
    ]);
  });

  it('counts a registered total below the participants as the participants (an entity removed after sending)', () => {
    const { provinces } = publicTerritories([territory({ participants: 4, percentageSum: 2, registered: 3 })], 1);
    expect(provinces[0]).toMatchObject({ registered: 4, mean: 0.5, meanComparedToAll: 0.5 });
  });

  it('ranks one plus the participants above, none where the country is withheld, and names the band', () => {
    expect(positionOf(0, false)).toBe(1);
    expect(positionOf(7, false)).toBe(8);
    expect(positionOf(7, true)).toBeNull();
    const row: PublishedCampaignRow = {
      campaignId: 9,
      entityId: 4,
      entity: 'Mancomunidad del Norte',
      provinceId: '16',
      province: 'Cuenca',
      communityId: '08',
      community: 'Castilla-La Mancha',
      sizeBand: 5001,
      sizeBandMax: 20000,
      percentage: 0.625,
      above: 2,
    };
    expect(rankingRow(row, false)).toEqual({
      entityId: 4,
      entity: 'Mancomunidad del Norte',
      provinceId: '16',
      province: 'Cuenca',
      communityId: '08',
      community: 'Castilla-La Mancha',
      sizeBand: { minPopulation: 5001, maxPopulation: 20000 },
      percentage: 0.625,
      position: 3,
    });
  });

  it("withholds a place's axis means on its territory's participants in the whole questionnaire, as reports do", () => {
    const sums: GroupSumsRow[] = [
      { territory: 'province', scope: 'total', categoryId: 0, participants: 2, percentageSum: 1 },
      { territory: 'province', scope: 'axis', categoryId: 7, participants: 2, percentageSum: 0.8 },
      { territory: 'country', scope: 'total', categoryId: 0, participants: 10, percentageSum: 6 },
      { territory: 'country', scope: 'axis', categoryId: 7, participants: 9, percentageSum: 4.5 },
    ];
    expect(placeMeans(sums, { scope: 'axis', categoryId: 7 }, 3)).toEqual({
      province: { participants: 2, mean: null, withheld: true },
      autonomousCommunity: { participants: 0, mean: null, withheld: false },
      country: { participants: 9, mean: 0.5, withheld: false },
      sizeBand: { participants: 0, mean: null, withheld: false },
    });
    expect(placeMeans(sums, { scope: 'total', categoryId: 0 }, 1).province).toEqual({ participants: 2, mean: 0.5, withheld: false });
    // Public: a group's own participants below MIN_GROUP_SIZE withhold its mean, even where the territory's are enough.
    expect(placeMeans(sums, { scope: 'axis', categoryId: 7 }, 10).country).toEqual({ participants: 9, mean: null, withheld: true });
  });
});
