import ExcelJS from 'exceljs';
import { reportWorkbook, reportCsvFile, type ReportCsvSource } from '../../../src/client/features/results/reportCsv.js';
import { comparisonWorkbook } from '../../../src/client/features/comparisons/comparisonCsv.js';
import type { RadarGroup } from '../../../src/client/features/comparisons/comparisonModel.js';
import { sheetNames, workbookBytes } from '../../../src/client/lib/workbook.js';
import { xlsxText, XLSX_CELL_MAX_LENGTH } from '../../../src/shared/csv.js';
import { messageFor } from '../../../src/client/i18n/messages.js';
import { describeLevel } from '../../../src/client/features/results/reportModel.js';
import { withheldNote } from '../../../src/client/features/results/withheld.js';
import { resultFixture } from '../../helpers/resultFixture.js';

/** The means' sizes of a table row the workbook does not write. */
const NO_SIZES = { province: 0, autonomousCommunity: 0, country: 0, sizeBand: 0 };

const t = (id: string, values?: Record<string, string | number>) => messageFor('es', id, values);

const source: ReportCsvSource = {
  entity: 'Ayuntamiento de Alcalá',
  year: 2026,
  compareWithParticipants: true,
  levels: [
    { level: 'campaign', label: 'Ayuntamiento de Alcalá', band: null, colour: '#000', n: null, withheld: false },
    { level: 'province', label: 'Valencia', band: null, colour: '#111', n: 2, withheld: false },
  ],
  blocks: [
    {
      key: 'global',
      axisText: null,
      rows: [
        {
          policyText: 'Vivienda',
          values: { campaign: 7, province: 5.5, autonomousCommunity: null, country: null, sizeBand: null },
          percentages: { campaign: 0.7, province: 0.55, autonomousCommunity: null, country: null, sizeBand: null },
          sizes: NO_SIZES,
        },
      ],
      total: {
        values: { campaign: 7, province: 5.5, autonomousCommunity: null, country: null, sizeBand: null },
        percentages: { campaign: 0.7, province: 0.55, autonomousCommunity: null, country: null, sizeBand: null },
        sizes: NO_SIZES,
      },
    },
    {
      key: 'axis-0',
      axisText: 'Eje 1: Gobernanza [local]',
      rows: [
        {
          policyText: 'Transparencia',
          values: { campaign: 3, province: null, autonomousCommunity: null, country: null, sizeBand: null },
          percentages: { campaign: 0.4532, province: null, autonomousCommunity: null, country: null, sizeBand: null },
          sizes: NO_SIZES,
        },
      ],
      total: {
        values: { campaign: 3, province: null, autonomousCommunity: null, country: null, sizeBand: null },
        percentages: { campaign: 0.4532, province: null, autonomousCommunity: null, country: null, sizeBand: null },
        sizes: NO_SIZES,
      },
    },
  ],
  table: {
    axes: [{ id: 'a1', text: 'Eje 1' }],
    rows: [
      { kind: 'policy', text: 'Transparencia', values: { a1: 3 }, total: 3, percentages: { a1: 0.5 }, axisId: 'a1', percentage: 0.5 },
      { kind: 'measure', text: 'Portal', values: { a1: 1 }, total: 1, percentages: { a1: 0.25 }, axisId: 'a1', percentage: 0.25 },
    ],
    total: { values: { a1: 3 }, total: 3, percentages: { a1: 0.5 }, axisId: null, percentage: 0.5 },
  },
  ranks: [],
  withheld: null,
  plan: null,
  answers: null,
};

async function open(bytes: ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes);
  return workbook;
}

describe('the Excel workbook of a report', () => {
  it('has a sheet per block and one for the measures, headed by entity, campaign and mode, numbers as numbers with their formats', async () => {
    const file = reportWorkbook({ table: 'comparison', blockKey: 'axis-0' }, source, t)!;
    expect(file.name).toBe('ayuntamiento-de-alcala-campana-2026-resultados.xlsx');
    const workbook = await open(await workbookBytes(file.sheets, file.active));
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['Resultado global', 'Eje 1  Gobernanza  local', 'Detalle por medidas']);
    // It opens at the table whose button was pressed.
    expect(workbook.views[0].activeTab).toBe(1);

    const global = workbook.getWorksheet('Resultado global')!;
    expect(global.getCell('A1').value).toBe('Ayuntamiento de Alcalá');
    expect(global.getCell('A2').value).toBe('Campaña 2026');
    expect(String(global.getCell('A3').value)).toMatch(/^Comparación: Solo con los participantes/);
    expect(global.getCell('A4').value).toBe('Resultado global');
    // Row 6: the header; row 7: the policy; row 8: TOTAL.
    expect(global.getRow(6).values).toEqual([
      undefined,
      'Política',
      'Ayuntamiento de Alcalá (puntos)',
      'Ayuntamiento de Alcalá (%)',
      'Valencia (n = 2) (puntos)',
      'Valencia (n = 2) (%)',
    ]);
    expect(global.getCell('A7').value).toBe('Vivienda');
    expect(global.getCell('B7').value).toBe(7);
    expect(global.getCell('B7').numFmt).toBe('0.0');
    expect(global.getCell('C7').value).toBe(0.7);
    expect(global.getCell('C7').numFmt).toBe('0.0%');
    expect(global.getCell('E7').value).toBe(0.55);
    expect(global.getCell('A8').value).toBe('TOTAL');

    const axis = workbook.worksheets[1];
    expect(axis.getCell('C7').value).toBe(0.4532);
    // A territory without a figure is an empty cell, never 0.
    expect(axis.getCell('D7').value).toBeNull();

    const measures = workbook.getWorksheet('Detalle por medidas')!;
    expect(measures.getCell('A8').value).toBe('  Portal');
    expect(measures.getCell('D8').value).toBe(0.25);
    expect(measures.getCell('D8').numFmt).toBe('0.0%');
  });

  it('writes the same figures as the CSV of the same table (one model, two writers)', () => {
    const csv = reportCsvFile({ table: 'comparison', blockKey: 'global' }, source, t)!;
    expect(csv.content.split('\r\n')[1]).toBe('Vivienda;7;70;5,5;55');
  });

  it('is null when the table asked for is not on screen', () => {
    expect(reportWorkbook({ table: 'comparison', blockKey: 'axis-9' }, source, t)).toBeNull();
    expect(reportWorkbook({ table: 'measures' }, { ...source, table: null }, t)).toBeNull();
  });

  it('names the sheets as Excel allows: 31 characters at most, no forbidden characters, each once', () => {
    expect(sheetNames(['a/b', 'x'.repeat(40), 'x'.repeat(40), 'A/B', ''])).toEqual(['a b', 'x'.repeat(31), `${'x'.repeat(29)} 2`, 'A B 2', 'Hoja']);
  });
});

describe('the Excel workbook of the comparisons', () => {
  const group = (level: RadarGroup['level'], current: number): RadarGroup =>
    ({
      level,
      radars: [],
      differences: {
        years: { current: 2026, previous: 2025 },
        axes: [{ axisText: 'Eje 1', rows: [{ policyText: 'Vivienda', previous: 40, current, change: current - 40, direction: 'up' }] }],
      },
    }) as unknown as RadarGroup;

  it('has a sheet per group with the percentages as fractions and the change in points', async () => {
    const file = comparisonWorkbook(
      'province',
      {
        entity: 'Ayuntamiento de Alcalá',
        compareWithParticipants: false,
        groups: [group('campaign', 45.3), group('province', 50)],
        levels: [],
        withheld: null,
      },
      t,
    )!;
    const workbook = await open(await workbookBytes(file.sheets, file.active));
    expect(workbook.worksheets).toHaveLength(2);
    expect(workbook.views[0].activeTab).toBe(1);
    const sheet = workbook.worksheets[0];
    expect(String(sheet.getCell('A3').value)).toMatch(/^Comparación: Con todas las entidades/);
    expect(sheet.getRow(6).values).toEqual([undefined, 'Eje', 'Política', '2025 (%)', '2026 (%)', expect.any(String)]);
    expect(sheet.getCell('D7').value).toBeCloseTo(0.453, 10);
    expect(sheet.getCell('D7').numFmt).toBe('0.0%');
    expect(sheet.getCell('E7').value).toBeCloseTo(5.3, 10);
    expect(sheet.getCell('E7').numFmt).toBe('+0.0;-0.0;0.0');
  });

  it("heads each territory's sheet with its name (the size band in words), and every sheet with the means withheld", () => {
    const result = resultFixture();
    const levels = (['campaign', 'province', 'sizeBand'] as const).map((level) =>
      describeLevel(level, result, result.edition.sizes.participants, ['sizeBand']),
    );
    const withheld = withheldNote(
      levels,
      [result.edition].map((e) => ({ ...e, withheld: ['sizeBand' as const] })),
      3,
      true,
    );
    const groups = [group('campaign', 45.3), group('province', 50), group('sizeBand', 50)];
    const file = comparisonWorkbook('sizeBand', { entity: 'Ayuntamiento de Prueba', compareWithParticipants: true, groups, levels, withheld }, t)!;
    expect(file.sheets.map((sheet) => sheet.heading.at(-1))).toEqual([
      'Entidad',
      'Provincia: Valencia/València',
      'Entidades de tamaño similar: Entidades de 5.001 a 20.000 habitantes',
    ]);
    expect(file.sheets[0].heading).toContain(
      'No se muestra la media de «Entidades de 5.001 a 20.000 habitantes» (Campaña 2026: n = 6): se muestran solo las medias de al menos 3 entidades, para que nadie pueda deducir la puntuación de otra entidad.',
    );
  });
});

describe('xlsxText', () => {
  it('escapes what XML would lose and leaves the rest alone', () => {
    expect(xlsxText('a\r\nb')).toBe('a_x000D_\nb');
    expect(xlsxText('_x0041_')).toBe('_x005F_x0041_');
    expect(xlsxText('\u0007')).toBe('_x0007_');
    expect(xlsxText('ñ € 🌱 "x"; y\n\tz ')).toBe('ñ € 🌱 "x"; y\n\tz ');
  });

  it('gives exceljs back the very text written, in the heading, the header and the cells', async () => {
    const tricky = ' Acta\r\nfirmada\tcon _x0041_, _x000D_ y \u0007 tal cual ';
    const table = { header: ['Texto _x0042_'], formats: ['text' as const], rows: [[tricky], ['línea\nsegunda']] };
    const workbook = await open(await workbookBytes([{ name: 'Hoja', heading: ['Ayuntamiento\r\nde _x0043_'], table }]));
    const sheet = workbook.worksheets[0];
    expect(sheet.getCell('A1').value).toBe('Ayuntamiento\r\nde _x0043_');
    expect(sheet.getCell('A3').value).toBe('Texto _x0042_');
    expect(sheet.getCell('A4').value).toBe(tricky);
    expect(sheet.getCell('A5').value).toBe('línea\nsegunda');
    expect(sheet.getCell('A5').alignment).toMatchObject({ wrapText: true });
  });

  it('cuts a text longer than an Excel cell holds, never inside an emoji', () => {
    const long = `${'a'.repeat(XLSX_CELL_MAX_LENGTH - 2)}🌱🌱`;
    const cut = xlsxText(long);
    expect(cut).toHaveLength(XLSX_CELL_MAX_LENGTH - 1);
    expect(cut.endsWith('a…')).toBe(true);
  });
});
