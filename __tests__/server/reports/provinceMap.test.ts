import { provinceMeans } from '../../../src/server/reports/provinceMap.js';

describe('the maps figures per province', () => {
  const rows = [
    { provinceId: '28', name: 'Madrid', participants: 3, percentageSum: 1.5, registered: 6 },
    { provinceId: '46', name: 'Valencia/València', participants: 1, percentageSum: 0.8, registered: 2 },
    { provinceId: '51', name: 'Ceuta', participants: 0, percentageSum: 0, registered: 1 },
  ];

  it('gives the mean over participants and over every registered entity, as reports do', () => {
    const [madrid, valencia, ceuta] = provinceMeans(rows, 1);
    expect(madrid).toEqual({ provinceId: '28', name: 'Madrid', participants: 3, registered: 6, mean: 0.5, meanComparedToAll: 0.25, withheld: false });
    expect(valencia).toMatchObject({ mean: 0.8, meanComparedToAll: 0.4, withheld: false });
    // Without participants there is no mean, and nothing to withhold.
    expect(ceuta).toMatchObject({ mean: null, meanComparedToAll: null, withheld: false });
  });

  it('withholds the means of provinces with fewer participants than MIN_GROUP_SIZE, in both modes', () => {
    const [madrid, valencia, ceuta] = provinceMeans(rows, 3);
    expect(madrid).toMatchObject({ mean: 0.5, withheld: false });
    expect(valencia).toMatchObject({ participants: 1, mean: null, meanComparedToAll: null, withheld: true });
    expect(ceuta).toMatchObject({ withheld: false });
  });

  it('never counts fewer registered entities than participants', () => {
    expect(provinceMeans([{ provinceId: '01', name: 'Araba/Álava', participants: 2, percentageSum: 1, registered: 1 }], 1)[0]).toMatchObject({
      registered: 2,
      meanComparedToAll: 0.5,
    });
  });
});
