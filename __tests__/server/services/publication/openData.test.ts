import { openDataCsv, openDataOf } from '../../../../src/server/services/publication/openData.js';
import { csvRows } from '../../../helpers/csv.js';

const edition = { id: 1, year: 2025, finalPublishedAt: '2026-02-01T10:00:00.000Z', minGroupSize: 3, meansFrom: 'sent' as const };
const groups = [
  { scope: 'total' as const, categoryId: 0, code: '', name: '' },
  { scope: 'axis' as const, categoryId: 7, code: 'E1', name: 'Gobernanza' },
  { scope: 'policy' as const, categoryId: 8, code: 'P1.1', name: 'Transparencia' },
];

describe('the open data of a final edition', () => {
  const data = openDataOf({
    edition,
    attribution: 'Campañas de indicadores (https://indicadores.example)',
    groups,
    sums: [
      { territory: 'country', id: 'ES', name: 'España', scope: 'total', categoryId: 0, participants: 4, percentageSum: 2 },
      { territory: 'country', id: 'ES', name: 'España', scope: 'axis', categoryId: 7, participants: 3, percentageSum: 1.8 },
      // A policy most answered "No aplica": its mean would be one entity's.
      { territory: 'country', id: 'ES', name: 'España', scope: 'policy', categoryId: 8, participants: 1, percentageSum: 0.9 },
      { territory: 'province', id: '16', name: 'Cuenca', scope: 'total', categoryId: 0, participants: 2, percentageSum: 1.1 },
      { territory: 'province', id: '16', name: 'Cuenca', scope: 'axis', categoryId: 7, participants: 2, percentageSum: 1 },
      { territory: 'sizeBand', id: '5001', name: '5001', scope: 'total', categoryId: 0, participants: 4, percentageSum: 2 },
    ],
    bands: [{ min: 5001, max: 20000 }],
    campaigns: [
      {
        campaignId: 9,
        entityId: 4,
        entity: '=Mancomunidad; del Norte',
        provinceId: '16',
        province: 'Cuenca',
        communityId: '08',
        community: 'Castilla-La Mancha',
        sizeBand: 5001,
        sizeBandMax: 20000,
        percentage: 0.625,
        above: 0,
      },
    ],
    scores: [
      { campaignId: 9, scope: 'total', categoryId: 0, percentage: 0.625 },
      { campaignId: 9, scope: 'axis', categoryId: 7, percentage: 0.5 },
      { campaignId: 12, scope: 'total', categoryId: 0, percentage: 0.1 },
    ],
  });

  it('gives each territory its means per group with their n, all null where its participants are fewer than MIN_GROUP_SIZE', () => {
    expect(data.groups.map((g) => g.key)).toEqual(['total', 'axis:E1', 'policy:P1.1']);
    expect(data.territories).toEqual([
      {
        territory: 'country',
        id: 'ES',
        name: 'España',
        maxPopulation: null,
        participants: 4,
        withheld: false,
        means: { total: 0.5, 'axis:E1': 0.6, 'policy:P1.1': null },
        n: { total: 4, 'axis:E1': 3, 'policy:P1.1': 1 },
      },
      {
        territory: 'province',
        id: '16',
        name: 'Cuenca',
        maxPopulation: null,
        participants: 2,
        withheld: true,
        means: { total: null, 'axis:E1': null },
        n: { total: 2, 'axis:E1': 2 },
      },
      { territory: 'sizeBand', id: '5001', name: '5001', maxPopulation: 20000, participants: 4, withheld: false, means: { total: 0.5 }, n: { total: 4 } },
    ]);
    // Only the campaigns given (the publishing ones) are listed, with their own percentages.
    expect(data.entities).toHaveLength(1);
    expect(data.entities[0]).toMatchObject({
      entityId: 4,
      sizeBand: { minPopulation: 5001, maxPopulation: 20000 },
      percentages: { total: 0.625, 'axis:E1': 0.5 },
    });
  });

  it('writes one CSV row per entity and per territory, the percentage and n of each group in columns of their own, blank where withheld or "No aplica", with the licence on each row (its address and attribution on the first), and text never run as a formula', () => {
    const rows = csvRows(openDataCsv(data));
    const licence = 'CC BY 4.0';
    const first = 'CC BY 4.0 https://creativecommons.org/licenses/by/4.0/ · Campañas de indicadores (https://indicadores.example)';
    expect(rows[0]).toEqual([
      'ambito',
      'id',
      'nombre',
      'provincia',
      'comunidad',
      'tamano',
      'retenida',
      'Global (%)',
      'Global (n)',
      'E1 Gobernanza (%)',
      'E1 Gobernanza (n)',
      'P1.1 Transparencia (%)',
      'P1.1 Transparencia (n)',
      'licencia',
    ]);
    expect(rows.slice(1)).toEqual([
      // The entity answered P1.1 wholly "No aplica": its cell is empty.
      ['entidad', '4', "'=Mancomunidad; del Norte", 'Cuenca', 'Castilla-La Mancha', '5001-20000', '', '62,5', '', '50', '', '', '', first],
      // Spain's P1.1 mean is one entity's: withheld, its n given.
      ['pais', 'ES', 'España', '', '', '', 'no', '50', '4', '60', '3', '', '1', licence],
      ['provincia', '16', 'Cuenca', '', '', '', 'sí', '', '2', '', '2', '', '', licence],
      ['tamano', '5001', '5001-20000', '', '', '5001-20000', 'no', '50', '4', '', '', '', '', licence],
    ]);
  });
});
