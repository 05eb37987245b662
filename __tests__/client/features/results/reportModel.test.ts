import { activeLevels, grade, measuresTable, modeSizes, reportBlocks, scoreCardValue } from '../../../../src/client/features/results/reportModel.js';
import { comparisonTable, measuresTableModel, reportCsvFile } from '../../../../src/client/features/results/reportCsv.js';
import { csvRowsOf } from '../../../../src/client/lib/tableModel.js';
import { reportText } from '../../../../src/client/features/results/reportText.js';
import { messageFor } from '../../../../src/client/i18n/messages.js';
import { csvFileName, toCsv } from '../../../../src/shared/csv.js';
import { initialReportFilters } from '../../../../src/client/features/reportFilters/reportFiltersSlice.js';
import { resultFixture } from '../../../helpers/resultFixture.js';

const result = resultFixture();
const participants = modeSizes(result.edition, true);
const allLevels = activeLevels(initialReportFilters.territory, result.territoryTexts, participants);
const spanish = reportText((id, values) => messageFor('es', id, values));
const english = reportText((id, values) => messageFor('en', id, values));

describe('report blocks', () => {
  it('give the global block then one block per axis, each with its policies and a TOTAL row', () => {
    const blocks = reportBlocks(result, true);
    expect(blocks.map((b) => spanish.blockTitle(b))).toEqual(['Resultado global', 'Territorio', 'Energía y clima']);
    expect(blocks[0].rows.map((r) => r.policyText)).toEqual(['Zonas verdes', 'Agua', 'Energía']);
    expect(blocks[1].total).toEqual({ values: result.axisDetails[0].values, percentages: result.axisDetails[0].percentages });
    expect(spanish.blockTotal).toBe('TOTAL');
  });

  it('hold ids, numbers and the server\'s names only: the interface\'s words come from reportText', () => {
    const [global, territory] = reportBlocks(result, true);
    expect(global.axisText).toBeNull();
    expect(territory.axisText).toBe('Territorio');
    expect(JSON.stringify(reportBlocks(result, true))).not.toMatch(/Resultado global|TOTAL/);
  });

  it('sum the policies\' points for the global TOTAL, a dash as soon as one is missing', () => {
    const [global] = reportBlocks(result, true);
    // 5 + 7 + 7 for the entity; the country has no figure for 'Agua'.
    expect(global.total.values).toEqual({ campaign: 19, province: 19, autonomousCommunity: 15, country: null });
    expect(global.total.percentages).toEqual(result.global.percentages);
  });

  it('switch every figure to the compared-to-all set when compareWithParticipants is off', () => {
    const [global, territory] = reportBlocks(result, false);
    expect(global.total.percentages).toEqual(result.global.percentagesComparedToAll);
    expect(territory.rows[0].values).toEqual({ campaign: 5, province: 2.5, autonomousCommunity: 2, country: 1 });
    expect(territory.total.percentages.province).toBe(0.3);
  });
});

describe('levels and the score card', () => {
  it('keep only the checked territories, in the fixed order, named after the result', () => {
    const levels = activeLevels({ entity: false, province: true, autonomousCommunity: false, country: true }, result.territoryTexts, participants);
    expect(levels.map((l) => [l.level, l.label])).toEqual([['province', 'Valencia/València'], ['country', 'España']]);
  });

  it("give each territorial mean its size in the chosen mode, and the entity none", () => {
    expect(allLevels.map((l) => l.n)).toEqual([null, 1, 4, 20]);
    const toAll = activeLevels(initialReportFilters.territory, result.territoryTexts, modeSizes(result.edition, false));
    expect(toAll.map((l) => l.n)).toEqual([null, 2, 8, 45]);
  });

  it("label a territory's mean with its n, in the language's numbers, and the entity without", () => {
    expect(allLevels.map((l) => spanish.levelLabel(l))).toEqual(['Ayuntamiento de Prueba', 'Valencia/València (n = 1)', 'Comunitat Valenciana (n = 4)', 'España (n = 20)']);
    expect(spanish.levelLabel({ label: 'España', n: 12345 })).toBe('España (n = 12.345)');
    expect(english.levelLabel({ label: 'Spain', n: 12345 })).toBe('Spain (n = 12,345)');
    expect(english.campaign(2026)).toBe('Campaign 2026');
  });

  it("'Tu Puntuación' reads the first shown level, or nothing when none is shown", () => {
    expect(scoreCardValue(result.global.percentages, allLevels)).toMatchObject({ level: { level: 'campaign' }, value: 0.6 });
    const withoutEntity = activeLevels({ ...initialReportFilters.territory, entity: false }, result.territoryTexts, participants);
    expect(scoreCardValue(result.global.percentages, withoutEntity)?.value).toBe(0.6);
    expect(scoreCardValue(result.global.percentages, withoutEntity)?.level.level).toBe('province');
    expect(scoreCardValue(result.global.percentages, [])).toBeNull();
  });
});

describe('detail by measures', () => {
  const table = measuresTable(result.table);

  it('lists policies alphabetically, each followed by its measures alphabetically, then the grand total', () => {
    expect(table.rows.map((r) => `${r.kind}:${r.text}`)).toEqual([
      'policy:Agua', 'measure:Depuración',
      'policy:Energía', 'measure:Alumbrado',
      'policy:Zonas verdes', 'measure:Arbolado', 'measure:Parques',
    ]);
    expect(table.total).toMatchObject({ total: 19, values: { '1': 12, '2': 7 }, percentages: { '1': 0.6, '2': 0.7 } });
    expect(spanish.measuresRowText(table.total)).toBe('Total general');
    expect(spanish.measuresRowText(table.rows[0])).toBe('Agua');
  });

  it('puts each row under its own axis column only, with the total column beside', () => {
    const water = table.rows[0];
    expect(water).toMatchObject({ values: { '1': 7, '2': null }, percentages: { '1': 0.75, '2': null }, total: 7 });
    expect(table.axes).toEqual([{ id: '1', text: 'Territorio' }, { id: '2', text: 'Energía y clima' }]);
  });

  it('grades percentages with a cross up to 0.3, a check from 0.7 and an exclamation between', () => {
    expect([0, 0.3, 0.301, 0.699, 0.7, 1].map(grade)).toEqual(['low', 'low', 'medium', 'medium', 'high', 'high']);
    // Judged as shown: 30,0% and 70,0% after rounding to one decimal.
    expect([0.3004, 0.6996].map(grade)).toEqual(['low', 'high']);
  });
});

describe('CSV', () => {
  it('writes UTF-8 with a BOM, semicolons, decimal commas and quotes where needed', () => {
    const csv = toCsv([['Política', 'Valor'], ['Agua; saneamiento', 12.5], ['Dice "sí"', null]]);
    expect(csv).toBe('\uFEFFPolítica;Valor\r\n"Agua; saneamiento";12,5\r\n"Dice ""sí""";\r\n');
  });

  it('exports a comparison table with points and percentages per shown level, TOTAL last', () => {
    const [, territory] = reportBlocks(result, true);
    const rows = csvRowsOf(comparisonTable(territory, allLevels.slice(0, 2), { policy: 'Política', points: 'puntos', total: 'TOTAL' }));
    expect(rows[0]).toEqual(['Política', 'Ayuntamiento de Prueba (puntos)', 'Ayuntamiento de Prueba (%)', 'Valencia/València (puntos)', 'Valencia/València (%)']);
    expect(rows[1]).toEqual(['Zonas verdes', 5, 50, 5, 50]);
    expect(rows.at(-1)).toEqual(['TOTAL', 12, 60, 12, 60]);
  });

  it('exports the measures table in the screen\'s order and columns', () => {
    const rows = csvRowsOf(measuresTableModel(measuresTable(result.table), { row: 'Política / medida', total: 'Total', totalRow: 'Total general' }));
    expect(rows[0]).toEqual(['Política / medida', 'Territorio', 'Energía y clima', 'Total', 'Territorio (%)', 'Energía y clima (%)']);
    expect(rows[1]).toEqual(['Agua', 7, null, 7, 75, null]);
    expect(rows.at(-1)).toEqual(['Total general', 12, 7, 19, 60, 70]);
  });

  it('keeps a name that starts like a formula as text', () => {
    expect(toCsv([['=HYPERLINK("x")', '-5', -5, '@SUM(A1)']])).toBe('\uFEFF"\'=HYPERLINK(""x"")";\'-5;-5;\'@SUM(A1)\r\n');
  });

  it("names a table's file after the entity, the campaign and the table, and gives each mean's n in the headers", () => {
    const source = { entity: 'Ayuntamiento de Prueba', year: 2026, compareWithParticipants: true, blocks: reportBlocks(result, true), levels: allLevels, table: measuresTable(result.table), plan: null };
    const t = (id: string, values?: Record<string, string | number>) => messageFor('es', id, values);
    const comparison = reportCsvFile({ table: 'comparison', blockKey: 'global' }, source, t);
    expect(comparison?.name).toBe('ayuntamiento-de-prueba-campana-2026-resultado-global.csv');
    expect(comparison?.content.split('\r\n')[0]).toContain(';Valencia/València (n = 1) (puntos);Valencia/València (n = 1) (%);');
    expect(reportCsvFile({ table: 'measures' }, source, t)?.name).toBe('ayuntamiento-de-prueba-campana-2026-detalle-por-medidas.csv');
    expect(reportCsvFile({ table: 'measures' }, source, (id, values) => messageFor('ca', id, values))?.name).toBe('ayuntamiento-de-prueba-campanya-2026-detall-per-mesures.csv');
  });

  it('names files safely', () => {
    expect(csvFileName('Ayuntamiento de Alcalá', 'Detalle por medidas')).toBe('ayuntamiento-de-alcala-detalle-por-medidas.csv');
  });
});
