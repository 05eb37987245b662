import fc from 'fast-check';
import ExcelJS from 'exceljs';
import { parseCatalogue } from '../../../src/server/catalogue/parse.js';
import { readCatalogueXlsx, SHEETS, TRANSLATIONS_SHEET, unpackedSize, writeCatalogueXlsx } from '../../../src/server/catalogue/spreadsheet.js';
import { canonical, catalogueArb, readDemo } from '../../helpers/catalogues.js';

const readBack = async (bytes: Uint8Array) => {
  const read = await readCatalogueXlsx(bytes);
  if ('problems' in read) throw new Error(`refused: ${JSON.stringify(read.problems)}`);
  return read.catalogue;
};

/** An .xlsx changed as someone would in Excel: `edit` gets the workbook, the bytes come back. */
async function edited(bytes: Buffer, edit: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  edit(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('an edition as a spreadsheet', () => {
  it('gives back the very same edition from its own .xlsx: the demo questionnaire of 2026', async () => {
    const demo = canonical(parseCatalogue(await readDemo(2026)));
    expect(canonical(await readBack(await writeCatalogueXlsx(demo)))).toEqual(demo);
  });

  it('gives back any valid edition unchanged (property: edition → xlsx → edition)', async () => {
    await fc.assert(
      fc.asyncProperty(catalogueArb, async (catalogue) => {
        expect(canonical(await readBack(await writeCatalogueXlsx(catalogue)))).toEqual(canonical(catalogue));
      }),
      { numRuns: 40 },
    );
  });

  it('writes Spanish headers in the first row and one row per response, with Spanish flags', async () => {
    const demo = parseCatalogue(await readDemo(2026));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await writeCatalogueXlsx(demo)) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet(SHEETS.questionnaire)!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Eje',
      'Texto del eje',
      'Política',
      'Texto de la política',
      'Medida',
      'Texto de la medida',
      'Indicador',
      'Texto del indicador',
      'Competencia',
      'Subindicador',
      'Texto del subindicador',
      'Tipo',
      'Admite No aplica',
      'Evidencia',
      'Criterios de la evidencia',
      'Respuesta',
      'Texto de la respuesta',
      'Puntos',
      'Obsoleta',
      'Exclusiva',
    ]);
    const responses = demo.axes.flatMap((a) =>
      a.policies.flatMap((p) => p.measures.flatMap((m) => m.indicators.flatMap((i) => i.subindicators.flatMap((s) => s.responses)))),
    );
    expect(sheet.rowCount).toBe(responses.length + 1);
    const second = sheet.getRow(2);
    expect([second.getCell(12).value, second.getCell(18).value, second.getCell(19).value]).toEqual([
      demo.axes[0].policies[0].measures[0].indicators[0].subindicators[0].type === 'single' ? 'única' : 'múltiple',
      demo.axes[0].policies[0].measures[0].indicators[0].subindicators[0].responses[0].value,
      'No',
    ]);
    expect(workbook.getWorksheet(SHEETS.edition)!.getRow(2).values).toEqual([undefined, 2026, demo.title]);
  });

  it('lists every problem of an edited file at its sheet, row and column, in Spanish, and gives no edition', async () => {
    const bytes = await writeCatalogueXlsx(parseCatalogue(await readDemo(2026)));
    const broken = await edited(bytes, (workbook) => {
      const sheet = workbook.getWorksheet(SHEETS.questionnaire)!;
      sheet.getCell('R2').value = 'cinco'; // Puntos as text
      sheet.getCell('L3').value = 'ranking'; // Tipo
      sheet.getCell('B4').value = 'Otro nombre del eje'; // contradicts row 2
      sheet.getCell('S5').value = 'quizá'; // Obsoleta
    });
    const read = await readCatalogueXlsx(broken);
    expect('problems' in read && read.problems).toEqual([
      expect.objectContaining({
        sheet: 'Cuestionario',
        row: 3,
        column: 'L',
        header: 'Tipo',
        code: 'NOT_AN_OPTION',
        message: 'debe ser uno de estos valores: única, múltiple',
      }),
      expect.objectContaining({ sheet: 'Cuestionario', row: 3, column: 'L', header: 'Tipo', code: 'DIFFERS' }),
      expect.objectContaining({
        sheet: 'Cuestionario',
        row: 4,
        column: 'B',
        header: 'Texto del eje',
        code: 'DIFFERS',
        message: 'no coincide con lo escrito para E1 en una fila anterior',
      }),
      expect.objectContaining({
        sheet: 'Cuestionario',
        row: 5,
        column: 'S',
        header: 'Obsoleta',
        code: 'NOT_AN_OPTION',
        message: 'debe ser uno de estos valores: Sí, No',
      }),
    ]);
    // Once the rows agree, the catalogue's own rules, each at the cell it came from.
    const ruled = await edited(bytes, (workbook) => {
      const sheet = workbook.getWorksheet(SHEETS.questionnaire)!;
      sheet.getCell('R2').value = 'cinco';
      for (let row = 2; row <= sheet.rowCount; row++) if (sheet.getCell(`G${row}`).value === sheet.getCell('G2').value) sheet.getCell(`I${row}`).value = 'C9';
      workbook.getWorksheet(SHEETS.edition)!.getCell('A2').value = '2027';
    });
    const rules = await readCatalogueXlsx(ruled);
    expect('problems' in rules && rules.problems).toHaveLength(3);
    expect('problems' in rules && rules.problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sheet: 'Cuestionario', row: 2, column: 'R', header: 'Puntos', code: 'NOT_A_NUMBER', message: 'value debe ser un número' }),
        expect.objectContaining({ sheet: 'Edición', row: 2, column: 'A', header: 'Año', code: 'NOT_A_YEAR' }),
        expect.objectContaining({ sheet: 'Cuestionario', row: 2, column: 'G', header: 'Indicador', code: 'COMPETENCE_UNKNOWN', params: { item: 'C9' } }),
      ]),
    );
  });

  it('refuses what is not its spreadsheet: other bytes, a missing sheet, a renamed header', async () => {
    expect(await readCatalogueXlsx(new TextEncoder().encode('{"edition": 2027}'))).toEqual({
      problems: [expect.objectContaining({ code: 'NOT_A_SPREADSHEET', message: 'El fichero no es una hoja de cálculo de Excel (.xlsx).' })],
    });
    const bytes = await writeCatalogueXlsx(parseCatalogue(await readDemo(2025)));
    const changed = await edited(bytes, (workbook) => {
      workbook.removeWorksheet(workbook.getWorksheet(SHEETS.competences)!.id);
      workbook.getWorksheet(SHEETS.questionnaire)!.getCell('R1').value = 'Valor';
    });
    expect(await readCatalogueXlsx(changed)).toEqual({
      problems: [
        expect.objectContaining({ sheet: 'Competencias', row: 0, code: 'SHEET_MISSING', message: 'Falta la hoja «Competencias».' }),
        expect.objectContaining({
          sheet: 'Cuestionario',
          row: 1,
          column: 'R',
          header: 'Puntos',
          code: 'HEADER_WRONG',
          message: 'La columna debe llamarse «Puntos».',
        }),
      ],
    });
  });

  it('refuses before reading its cells a file that unpacks to more than a questionnaire, or a sheet of too many rows', async () => {
    const bytes = await writeCatalogueXlsx(parseCatalogue(await readDemo(2025)));
    // The demo's spreadsheet unpacks to more than its bytes, and to far less than the limit.
    expect(unpackedSize(bytes)).toBeGreaterThan(bytes.length);
    expect(unpackedSize(bytes)).toBeLessThan(5_000_000);
    // A zip whose directory announces 60 MB (a few bytes that would unpack to gigabytes look the same).
    const bomb = Buffer.alloc(46 + 8 + 22);
    bomb.writeUInt32LE(0x02014b50, 0);
    bomb.writeUInt32LE(60 * 1024 * 1024, 24);
    bomb.writeUInt16LE(8, 28);
    bomb.write('bomb.xml', 46);
    bomb.writeUInt32LE(0x06054b50, 54);
    bomb.writeUInt16LE(1, 54 + 10);
    bomb.writeUInt32LE(0, 54 + 16);
    expect(unpackedSize(bomb)).toBe(60 * 1024 * 1024);
    expect(await readCatalogueXlsx(bomb)).toEqual({ problems: [expect.objectContaining({ code: 'TOO_MANY_VALUES' })] });
    // One stray cell far below: refused at once, not read row by row.
    const far = await edited(bytes, (workbook) => {
      workbook.getWorksheet(SHEETS.questionnaire)!.getCell('A10000').value = 'x';
    });
    expect(await readCatalogueXlsx(far)).toEqual({ problems: [expect.objectContaining({ code: 'TOO_MANY_VALUES' })] });
  });

  it('has a row per text with a column per language, read back onto the texts; a row out of place is a problem at its cell', async () => {
    const demo = parseCatalogue(await readDemo(2026));
    const bytes = await writeCatalogueXlsx(demo);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet(TRANSLATIONS_SHEET)!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Nivel',
      'Código',
      'Subindicador',
      'Campo',
      'Español',
      'English (en)',
      'Català (ca)',
      'Valencià (va)',
      'Galego (gl)',
      'Euskara (eu)',
    ]);
    const rows = sheet.getSheetValues().slice(2) as unknown[][];
    const sub = demo.axes[0].policies[0].measures[0].indicators[0].subindicators[0];
    const responseRow = rows.findIndex((r) => r[1] === 'respuesta' && r[2] === 'R1' && r[3] === sub.code) + 2;
    const subRow = rows.findIndex((r) => r[1] === 'subindicador' && r[2] === sub.code && r[4] === 'texto') + 2;
    expect(rows[0].slice(1, 6)).toEqual(['edición', '', '', 'título', demo.title]);
    // A translator fills in Catalan and English; Valencian left empty reads Catalan (shared/editionTexts.ts).
    const translated = await edited(bytes, (wb) => {
      const ws = wb.getWorksheet(TRANSLATIONS_SHEET)!;
      ws.getCell(`G${subRow}`).value = 'Pregunta en català?';
      ws.getCell(`F${subRow}`).value = 'Question in English?';
      ws.getCell(`G${responseRow}`).value = 'Sí, del tot';
      ws.getCell('G2').value = 'Campanya 2026';
    });
    const back = await readBack(translated);
    const backSub = back.axes[0].policies[0].measures[0].indicators[0].subindicators[0];
    expect(backSub.translations).toEqual({ ca: { text: 'Pregunta en català?' }, en: { text: 'Question in English?' } });
    expect(backSub.responses[0].translations).toEqual({ ca: { text: 'Sí, del tot' } });
    // The demo's own English title kept, its Catalan one replaced.
    expect(back.translations).toEqual({ ...demo.translations, ca: { title: 'Campanya 2026' } });
    // Written again, the translations come back as they are.
    expect(canonical(await readBack(await writeCatalogueXlsx(back)))).toEqual(canonical(back));
    // A row naming a code the questionnaire lacks, a changed Spanish, a level that is none: each at its cell.
    const wrong = await edited(translated, (wb) => {
      const ws = wb.getWorksheet(TRANSLATIONS_SHEET)!;
      ws.getCell(`B${responseRow}`).value = 'R9';
      ws.getCell(`E${subRow}`).value = 'Otra pregunta';
      ws.getCell('A3').value = 'capítulo';
    });
    expect(await readCatalogueXlsx(wrong)).toEqual({
      problems: [
        expect.objectContaining({ sheet: 'Traducciones', row: 3, column: 'A', header: 'Nivel', code: 'NOT_AN_OPTION' }),
        expect.objectContaining({
          sheet: 'Traducciones',
          row: subRow,
          column: 'E',
          header: 'Español',
          code: 'SPANISH_DIFFERS',
          message: `no coincide con el texto en español de ${sub.code} en las otras hojas`,
        }),
        expect.objectContaining({
          sheet: 'Traducciones',
          row: responseRow,
          column: 'B',
          header: 'Código',
          code: 'NOT_IN_QUESTIONNAIRE',
          message: 'R9 no está en la hoja Cuestionario',
        }),
      ],
    });
    // A file written before there were translations (no such sheet) is read as before: the texts without translations.
    const older = await edited(bytes, (wb) => wb.removeWorksheet(wb.getWorksheet(TRANSLATIONS_SHEET)!.id));
    const untranslated = JSON.parse(JSON.stringify(demo, (key, value: unknown) => (key === 'translations' ? undefined : value))) as typeof demo;
    expect(canonical(await readBack(older))).toEqual(canonical(untranslated));
  });
});
