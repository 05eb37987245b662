import { activeLevels, grade, measuresTable, modeSizes, reportBlocks, scoreCardValue } from '../../../../src/client/features/results/reportModel.js';
import { comparisonTable, measuresTableModel, rankTable, reportCsvFile, reportWorkbook } from '../../../../src/client/features/results/reportCsv.js';
import { rankRows } from '../../../../src/client/features/results/rankModel.js';
import { withheldNote } from '../../../../src/client/features/results/withheld.js';
import { csvRowsOf } from '../../../../src/client/lib/tableModel.js';
import { reportText, sizeBandName } from '../../../../src/client/features/results/reportText.js';
import { messageFor } from '../../../helpers/messages.js';
import { csvFileName, toCsv } from '../../../../src/shared/csv.js';
import { initialReportFilters } from '../../../../src/client/features/reportFilters/reportFiltersSlice.js';
import { FIXTURE_BAND, notApplicableResult, resultFixture, withheldResult } from '../../../helpers/resultFixture.js';
import type { Language } from '../../../../src/shared/constants.js';

const result = resultFixture();
const MEASURES_LABELS = { row: 'Política / medida', total: 'Total', totalRow: 'Total general', notApplicable: 'No aplica' };
const allLevels = activeLevels(initialReportFilters.territory, result, result.edition, true);
const translate = (language: Language) => (id: string, values?: Record<string, string | number>) => messageFor(language, id, values);
const spanish = reportText(translate('es'));
const english = reportText(translate('en'));
const catalan = reportText(translate('ca'));

describe('report blocks', () => {
  it('give the global block then one block per axis, each with its policies and a TOTAL row', () => {
    const blocks = reportBlocks(result, true);
    expect(blocks.map((b) => spanish.blockTitle(b))).toEqual(['Resultado global', 'Territorio', 'Energía y clima']);
    expect(blocks[0].rows.map((r) => r.policyText)).toEqual(['Zonas verdes', 'Agua', 'Energía']);
    expect(blocks[1].total).toEqual({
      values: result.axisDetails[0].values,
      percentages: result.axisDetails[0].percentages,
      sizes: result.axisDetails[0].sizes.participants,
    });
    expect(spanish.blockTotal).toBe('TOTAL');
  });

  it("hold ids, numbers and the server's names only: the interface's words come from reportText", () => {
    const [global, territory] = reportBlocks(result, true);
    expect(global.axisText).toBeNull();
    expect(territory.axisText).toBe('Territorio');
    expect(JSON.stringify(reportBlocks(result, true))).not.toMatch(/Resultado global|TOTAL/);
  });

  it("sum the policies' points for the global TOTAL, a dash as soon as one is missing", () => {
    const [global] = reportBlocks(result, true);
    // 5 + 7 + 7 for the entity; the country has no figure for 'Agua'.
    expect(global.total.values).toEqual({ campaign: 19, province: 19, autonomousCommunity: 15, country: null, sizeBand: 16.5 });
    expect(global.total.percentages).toEqual(result.global.percentages);
  });

  it('switch every figure to the compared-to-all set when compareWithParticipants is off', () => {
    const [global, territory] = reportBlocks(result, false);
    expect(global.total.percentages).toEqual(result.global.percentagesComparedToAll);
    expect(territory.rows[0].values).toEqual({ campaign: 5, province: 2.5, autonomousCommunity: 2, country: 1, sizeBand: 2.25 });
    expect(territory.total.percentages.province).toBe(0.3);
  });
});

describe('levels and the score card', () => {
  it('keep only the checked territories, in the fixed order, named after the result', () => {
    const levels = activeLevels({ entity: false, province: true, autonomousCommunity: false, country: true, sizeBand: false }, result, result.edition, true);
    expect(levels.map((l) => [l.level, l.label])).toEqual([
      ['province', 'Valencia/València'],
      ['country', 'España'],
    ]);
    const band = activeLevels({ entity: false, province: false, autonomousCommunity: false, country: false, sizeBand: true }, result, result.edition, true);
    expect(band.map((l) => [l.level, l.band, l.colour])).toEqual([['sizeBand', FIXTURE_BAND, '#0f7b6c']]);
  });

  it('give each territorial mean its size in the chosen mode, and the entity none', () => {
    expect(allLevels.map((l) => l.n)).toEqual([null, 1, 4, 20, 6]);
    const toAll = activeLevels(initialReportFilters.territory, result, result.edition, false);
    expect(toAll.map((l) => l.n)).toEqual([null, 2, 8, 45, 14]);
    expect(modeSizes(result.edition, false).sizeBand).toBe(14);
  });

  it("label a territory's mean with its n, in the language's numbers, and the entity without", () => {
    expect(allLevels.map((l) => spanish.levelLabel(l))).toEqual([
      'Ayuntamiento de Prueba',
      'Valencia/València (n = 1)',
      'Comunitat Valenciana (n = 4)',
      'España (n = 20)',
      'Entidades de 5.001 a 20.000 habitantes (n = 6)',
    ]);
    expect(spanish.levelLabel({ label: 'España', band: null, n: 12345 })).toBe('España (n = 12.345)');
    expect(english.levelLabel({ label: 'Spain', band: null, n: 12345 })).toBe('Spain (n = 12,345)');
    expect(english.campaign(2026)).toBe('Campaign 2026');
  });

  it('word the size band from its bounds in each language, the first band up to its top and the last open-ended', () => {
    const bands = [
      { minPopulation: 1, maxPopulation: 5000 },
      { minPopulation: 5001, maxPopulation: 20000 },
      { minPopulation: 100001, maxPopulation: null },
    ];
    expect(bands.map((b) => sizeBandName(translate('es'), b))).toEqual([
      'Entidades de hasta 5.000 habitantes',
      'Entidades de 5.001 a 20.000 habitantes',
      'Entidades de más de 100.000 habitantes',
    ]);
    expect(bands.map((b) => sizeBandName(translate('en'), b))).toEqual([
      'Entities of up to 5,000 inhabitants',
      'Entities of 5,001 to 20,000 inhabitants',
      'Entities of over 100,000 inhabitants',
    ]);
    expect(bands.map((b) => sizeBandName(translate('ca'), b))).toEqual([
      'Entitats de fins a 5.000 habitants',
      'Entitats de 5.001 a 20.000 habitants',
      'Entitats de més de 100.000 habitants',
    ]);
    // Configured bounds, not the defaults: worded from the numbers.
    expect(sizeBandName(translate('es'), { minPopulation: 2501, maxPopulation: 7500 })).toBe('Entidades de 2.501 a 7.500 habitantes');
    expect(catalan.levelLabel({ label: '', band: { minPopulation: 50001, maxPopulation: null }, n: 3 })).toBe('Entitats de més de 50.000 habitants (n = 3)');
  });

  it("'Tu Puntuación' reads the first shown level, or nothing when none is shown", () => {
    expect(scoreCardValue(result.global.percentages, allLevels)).toMatchObject({ level: { level: 'campaign' }, value: 0.6 });
    const withoutEntity = activeLevels({ ...initialReportFilters.territory, entity: false }, result, result.edition, true);
    expect(scoreCardValue(result.global.percentages, withoutEntity)?.value).toBe(0.6);
    expect(scoreCardValue(result.global.percentages, withoutEntity)?.level.level).toBe('province');
    expect(scoreCardValue(result.global.percentages, [])).toBeNull();
  });
});

describe('detail by measures', () => {
  const table = measuresTable(result.table);

  it('lists policies alphabetically, each followed by its measures alphabetically, then the grand total', () => {
    expect(table.rows.map((r) => `${r.kind}:${r.text}`)).toEqual([
      'policy:Agua',
      'measure:Depuración',
      'policy:Energía',
      'measure:Alumbrado',
      'policy:Zonas verdes',
      'measure:Arbolado',
      'measure:Parques',
    ]);
    expect(table.total).toMatchObject({ total: 19, values: { '1': 12, '2': 7 }, percentages: { '1': 0.6, '2': 0.7 } });
    expect(spanish.measuresRowText(table.total)).toBe('Total general');
    expect(spanish.measuresRowText(table.rows[0])).toBe('Agua');
  });

  it('puts each row under its own axis column only, with the total column beside', () => {
    const water = table.rows[0];
    expect(water).toMatchObject({ values: { '1': 7, '2': null }, percentages: { '1': 0.75, '2': null }, total: 7 });
    expect(table.axes).toEqual([
      { id: '1', text: 'Territorio' },
      { id: '2', text: 'Energía y clima' },
    ]);
  });

  it('gives each row its own axis and percentage (the screen: one points and one percentage column), the grand total the whole one', () => {
    expect(table.rows.map((r) => [r.text, r.axisId, r.total, r.percentage])).toEqual(
      table.rows.map((r) => [
        r.text,
        Object.keys(r.values).find((id) => r.values[id] !== null),
        r.total,
        r.percentages[Object.keys(r.values).find((id) => r.values[id] !== null) ?? ''],
      ]),
    );
    expect(table.rows[0]).toMatchObject({ text: 'Agua', axisId: '1', total: 7, percentage: 0.75 });
    expect(table.total).toMatchObject({ axisId: null, total: 19, percentage: result.table.valuesPerAxis.total.percentage });
    expect(table.axes).toEqual([
      { id: '1', text: 'Territorio' },
      { id: '2', text: 'Energía y clima' },
    ]);
  });

  it('grades percentages with a cross up to 0.3, a check from 0.7 and an exclamation between', () => {
    expect([0, 0.3, 0.301, 0.699, 0.7, 1].map(grade)).toEqual(['low', 'low', 'medium', 'medium', 'high', 'high']);
    // Judged as shown: 30,0% and 70,0% after rounding to one decimal.
    expect([0.3004, 0.6996].map(grade)).toEqual(['low', 'high']);
  });
});

describe('CSV', () => {
  it('writes UTF-8 with a BOM, semicolons, decimal commas and quotes where needed', () => {
    const csv = toCsv([
      ['Política', 'Valor'],
      ['Agua; saneamiento', 12.5],
      ['Dice "sí"', null],
    ]);
    expect(csv).toBe('\uFEFFPolítica;Valor\r\n"Agua; saneamiento";12,5\r\n"Dice ""sí""";\r\n');
  });

  it('exports a comparison table with points and percentages per shown level, TOTAL last', () => {
    const [, territory] = reportBlocks(result, true);
    const rows = csvRowsOf(
      comparisonTable(territory, allLevels.slice(0, 2), { policy: 'Política', points: 'puntos', total: 'TOTAL', notApplicable: 'No aplica' }),
    );
    expect(rows[0]).toEqual([
      'Política',
      'Ayuntamiento de Prueba (puntos)',
      'Ayuntamiento de Prueba (%)',
      'Valencia/València (puntos)',
      'Valencia/València (%)',
    ]);
    expect(rows[1]).toEqual(['Zonas verdes', 5, 50, 5, 50]);
    expect(rows.at(-1)).toEqual(['TOTAL', 12, 60, 12, 60]);
  });

  it("says 'No aplica' in the entity's cells of a group it answered wholly so, in the comparison and measures tables", () => {
    const notApplicable = notApplicableResult();
    const [, territory] = reportBlocks(notApplicable, true);
    const rows = csvRowsOf(
      comparisonTable(territory, allLevels.slice(0, 3), { policy: 'Política', points: 'puntos', total: 'TOTAL', notApplicable: 'No aplica' }),
    );
    expect(rows[2]).toEqual(['Agua', 'No aplica', 'No aplica', null, null, 6, 60]);
    const measures = csvRowsOf(measuresTableModel(measuresTable(notApplicable.table), MEASURES_LABELS));
    expect(measures[1]).toEqual(['Agua', 'No aplica', null, 'No aplica', 'No aplica', null]);
    expect(measures[2]).toEqual(['  Depuración', 'No aplica', null, 'No aplica', 'No aplica', null]);
  });

  it("exports the measures table in the screen's order and columns", () => {
    const rows = csvRowsOf(measuresTableModel(measuresTable(result.table), MEASURES_LABELS));
    expect(rows[0]).toEqual(['Política / medida', 'Territorio', 'Energía y clima', 'Total', 'Territorio (%)', 'Energía y clima (%)']);
    expect(rows[1]).toEqual(['Agua', 7, null, 7, 75, null]);
    expect(rows.at(-1)).toEqual(['Total general', 12, 7, 19, 60, 70]);
  });

  it('keeps a name that starts like a formula as text', () => {
    expect(toCsv([['=HYPERLINK("x")', '-5', -5, '@SUM(A1)']])).toBe('\uFEFF"\'=HYPERLINK(""x"")";\'-5;-5;\'@SUM(A1)\r\n');
  });

  it("names a table's file after the entity, the campaign and the table, and gives each mean's n in the headers", () => {
    const source = {
      entity: 'Ayuntamiento de Prueba',
      year: 2026,
      compareWithParticipants: true,
      blocks: reportBlocks(result, true),
      levels: allLevels,
      ranks: rankRows(result),
      withheld: null,
      table: measuresTable(result.table),
      plan: null,
      answers: null,
    };
    const t = (id: string, values?: Record<string, string | number>) => messageFor('es', id, values);
    const comparison = reportCsvFile({ table: 'comparison', blockKey: 'global' }, source, t);
    expect(comparison?.name).toBe('ayuntamiento-de-prueba-campana-2026-resultado-global.csv');
    expect(comparison?.content.split('\r\n')[0]).toContain(';Valencia/València (n = 1) (puntos);Valencia/València (n = 1) (%);');
    expect(comparison?.content.split('\r\n')[0]).toContain(
      ';Entidades de 5.001 a 20.000 habitantes (n = 6) (puntos);Entidades de 5.001 a 20.000 habitantes (n = 6) (%)',
    );
    expect(reportCsvFile({ table: 'measures' }, source, t)?.name).toBe('ayuntamiento-de-prueba-campana-2026-detalle-por-medidas.csv');
    expect(reportCsvFile({ table: 'measures' }, source, (id, values) => messageFor('ca', id, values))?.name).toBe(
      'ayuntamiento-de-prueba-campanya-2026-detall-per-mesures.csv',
    );
  });

  it('exports the ranks: a row for the global score and each axis, a column per shown territory', () => {
    const rows = csvRowsOf(rankTable(rankRows(result), allLevels, spanish, 'Resultado'));
    expect(rows[0]).toEqual(['Resultado', 'Valencia/València', 'Comunitat Valenciana', 'España', 'Entidades de 5.001 a 20.000 habitantes']);
    expect(rows[1]).toEqual(['Resultado global', 'Puesto 1 de 1', 'Puesto 2 de 4', 'Puesto 6 de 20', 'Puesto 3 de 6']);
    expect(rows.map((r) => r[0])).toEqual(['Resultado', 'Resultado global', 'Territorio', 'Energía y clima']);
    expect(csvRowsOf(rankTable(rankRows(result), allLevels.slice(0, 2), english, 'Result'))[2]).toEqual(['Territorio', 'Position 1 of 1']);
  });

  it('downloads the ranks as their own CSV and sheet, after the global block', () => {
    const source = {
      entity: 'Ayuntamiento de Prueba',
      year: 2026,
      compareWithParticipants: true,
      blocks: reportBlocks(result, true),
      levels: allLevels,
      ranks: rankRows(result),
      withheld: null,
      table: null,
      plan: null,
      answers: null,
    };
    const t = translate('es');
    const file = reportCsvFile({ table: 'ranks' }, source, t);
    expect(file?.name).toBe('ayuntamiento-de-prueba-campana-2026-puesto-entre-los-participantes.csv');
    expect(file?.content).toContain('\r\nEnergía y clima;Puesto 1 de 1;Puesto 1 de 4;Puesto 4 de 20;Puesto 1 de 6\r\n');
    const book = reportWorkbook({ table: 'ranks' }, source, t);
    expect(book?.sheets.map((s) => s.name)).toEqual(['Resultado global', 'Puesto entre los participantes', 'Territorio', 'Energía y clima']);
    expect(book?.active).toBe(1);
    // Only the entity shown: nothing to rank in.
    expect(reportCsvFile({ table: 'ranks' }, { ...source, levels: allLevels.slice(0, 1) }, t)).toBeNull();
  });

  it('leaves a withheld mean out of every file, and the workbook says why', () => {
    const withheld = withheldResult(['province']);
    const levels = activeLevels(initialReportFilters.territory, withheld, withheld.edition, true);
    const note = withheldNote(levels, [withheld.edition], withheld.minGroupSize, false);
    const source = {
      entity: 'Ayuntamiento de Prueba',
      year: 2026,
      compareWithParticipants: true,
      blocks: reportBlocks(withheld, true),
      levels,
      ranks: rankRows(withheld),
      withheld: note,
      table: null,
      plan: null,
      answers: null,
    };
    const t = translate('es');
    const lines = reportCsvFile({ table: 'comparison', blockKey: 'axis-0' }, source, t)!.content.split('\r\n');
    // Política; entity points; %; province points; % ...: the province's cells are empty.
    expect(lines[1].split(';').slice(0, 5)).toEqual(['Zonas verdes', '5', '50', '', '']);
    expect(lines[1].split(';').slice(5, 7)).toEqual(['4', '40']);
    expect(reportCsvFile({ table: 'ranks' }, source, t)!.content).toContain('\r\nResultado global;—;Puesto 2 de 4;Puesto 6 de 20;Puesto 3 de 6\r\n');
    const sentence =
      'No se muestra la media de Provincia de Valencia/València (n = 1): se muestran solo las medias de al menos 3 entidades, para que nadie pueda deducir la puntuación de otra entidad.';
    expect(reportWorkbook({ table: 'ranks' }, source, t)?.sheets[0].heading).toContain(sentence);
    expect(reportWorkbook({ table: 'ranks' }, { ...source, withheld: null }, t)?.sheets[0].heading.join(' ')).not.toContain('No se muestra');
  });

  it('names files safely', () => {
    expect(csvFileName('Ayuntamiento de Alcalá', 'Detalle por medidas')).toBe('ayuntamiento-de-alcala-detalle-por-medidas.csv');
  });
});

describe('means withheld for small groups', () => {
  it('name the shown withheld territories with their participants, in one sentence, and nothing when none is', () => {
    const one = withheldResult(['province']);
    const shown = activeLevels(initialReportFilters.territory, one, one.edition, true);
    expect(shown.map((l) => l.withheld)).toEqual([false, true, false, false, false]);
    const note = withheldNote(shown, [one.edition], one.minGroupSize, false);
    expect(spanish.withheldNote(note!, true)).toBe(
      'No se muestra la media de Provincia de Valencia/València (n = 1): se muestran solo las medias de al menos 3 entidades, para que nadie pueda deducir la puntuación de otra entidad.',
    );
    // Compared to all, n counts every registered entity: the sentence counts the participants in words.
    expect(spanish.withheldNote(note!, false)).toContain('Provincia de Valencia/València (1 participante):');
    const hidden = activeLevels({ ...initialReportFilters.territory, province: false }, one, one.edition, true);
    expect(withheldNote(hidden, [one.edition], one.minGroupSize, false)).toBeNull();
    expect(withheldNote(allLevels, [result.edition], result.minGroupSize, false)).toBeNull();
  });

  it('name several in one sentence, the band in words, in each language', () => {
    const two = withheldResult(['province', 'sizeBand'], 7);
    const levels = activeLevels(initialReportFilters.territory, two, two.edition, true);
    const note = withheldNote(levels, [two.edition], two.minGroupSize, false)!;
    expect(spanish.withheldNote(note, true)).toBe(
      'No se muestran las medias de Provincia de Valencia/València (n = 1) y «Entidades de 5.001 a 20.000 habitantes» (n = 6): se muestran solo las medias de al menos 7 entidades, para que nadie pueda deducir la puntuación de otra entidad.',
    );
    expect(english.withheldNote(note, true)).toMatch(
      /^The means of the province of Valencia\/València \(n = 1\) and “Entities of 5,001 to 20,000 inhabitants” \(n = 6\) are not shown: only means of at least 7 entities/,
    );
    expect(catalan.withheldNote(note, true)).toMatch(
      /^No es mostren les mitjanes de Província de Valencia\/València \(n = 1\) i «Entitats de 5\.001 a 20\.000 habitants» \(n = 6\)/,
    );
    expect(rankRows(two)[0].ranks).toEqual({ province: null, autonomousCommunity: { position: 2, of: 4 }, country: { position: 6, of: 20 }, sizeBand: null });
  });
});
