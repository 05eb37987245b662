import ExcelJS from 'exceljs';
import { reportCsvFile, reportWorkbook, type ReportCsvSource } from '../../../../src/client/features/results/reportCsv.js';
import { workbookBytes } from '../../../../src/client/lib/workbook.js';
import { messageFor } from '../../../../src/client/i18n/messages.js';
import type { EvidenceItem, IndicatorGroup, Subindicator } from '../../../../src/shared/api/campaigns.js';
import { ASKS_NOTHING } from '../../../helpers/questions.js';
import { csvRows } from '../../../helpers/csv.js';

const t = (id: string, values?: Record<string, string | number>) => messageFor('es', id, values);

/** What a spreadsheet must read back exactly: accents, the euro, an emoji, quotes, a line break and a semicolon. */
const COMMENT = 'Señal «ñ»: 1.200 € para compostaje 🌱 "entre comillas"; y sigue\nen otra línea';
/** What an .xlsx file loses unless it is escaped: a carriage return, OOXML's own escape, a tab, spaces at both ends. */
const TRICKY = ' Acta\r\nfirmada\tcon _x0041_ y _x000D_ tal cual ';

const added = { addedBy: 'usuario@demo.es', addedAt: '2026-03-01T10:00:00.000Z' };
const EVIDENCE: EvidenceItem[] = [
  { id: 1, kind: 'link', url: 'https://transparencia.example.es/plan?a=1;b=2', title: 'Plan «verde» €', ...added },
  { id: 2, kind: 'link', url: 'https://example.es/acta', ...added },
  { id: 3, kind: 'file', fileName: 'Acta del pleno ñ.pdf', contentType: 'application/pdf', size: 1200, ...added },
];

const sub = (id: number, text: string, patch: Partial<Subindicator>): Subindicator => ({
  id,
  text,
  type: 'single',
  ...ASKS_NOTHING,
  responses: [
    { id: id * 10, text: 'No', value: 0, obsolete: false, exclusive: false },
    { id: id * 10 + 1, text: 'Sí, con plan', value: 2, obsolete: false, exclusive: false },
    { id: id * 10 + 2, text: 'Sí, antiguo', value: 1, obsolete: true, exclusive: false },
  ],
  answer: null,
  evidence: [],
  ...patch,
});

const indicators: IndicatorGroup[] = [
  {
    id: 1,
    text: 'Compostaje',
    axisId: 1,
    axisText: 'Territorio',
    policyId: 10,
    policyText: 'Residuos',
    measureId: 100,
    measureText: 'Orgánica',
    competenceId: null,
    subindicators: [
      sub(1, '¿Hay plan de compostaje?', { answer: [11], comment: COMMENT, evidence: EVIDENCE }),
      sub(2, '¿Hay compostaje en playas?', { allowsNotApplicable: true, notApplicable: { reason: 'No hay playas; ni puerto' } }),
    ],
  },
  {
    id: 2,
    text: 'Recogida',
    axisId: 1,
    axisText: 'Territorio',
    policyId: 10,
    policyText: 'Residuos',
    measureId: 101,
    measureText: 'Selectiva',
    competenceId: null,
    subindicators: [
      sub(3, '¿Recogida puerta a puerta?', { type: 'multiple', comment: TRICKY }),
      sub(4, '¿Contenedor marrón?', { type: 'multiple', answer: [41, 42], comment: '- primero\n- después' }),
    ],
  },
];

const source: ReportCsvSource = {
  entity: 'Ayuntamiento de Alcalá',
  year: 2026,
  compareWithParticipants: true,
  blocks: [],
  levels: [],
  ranks: [],
  withheld: null,
  table: null,
  plan: null,
  answers: indicators,
};

const HEADER = ['Eje', 'Política', 'Medida', 'Indicador', 'Pregunta', 'Respuesta', 'Puntos', 'Máximo', 'Motivo de «No aplica»', 'Comentario', 'Evidencias'];
const LINKS = 'Plan «verde» € (https://transparencia.example.es/plan?a=1;b=2) | https://example.es/acta | Acta del pleno ñ.pdf';

describe("'Mis Respuestas' as CSV and Excel", () => {
  it('lists every question with its answer, points, "No aplica" reason, comment and evidence, and reads the text back from the CSV as written', () => {
    const file = reportCsvFile({ table: 'answers' }, source, t)!;
    expect(file.name).toBe('ayuntamiento-de-alcala-campana-2026-mis-respuestas.csv');
    // Read as a spreadsheet reads the downloaded file: its UTF-8 bytes, the byte-order mark first.
    const bytes = new TextEncoder().encode(file.content);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = csvRows(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    expect(rows).toEqual([
      HEADER,
      ['Territorio', 'Residuos', 'Orgánica', 'Compostaje', '¿Hay plan de compostaje?', 'Sí, con plan', '2', '2', '', COMMENT, LINKS],
      ['Territorio', 'Residuos', 'Orgánica', 'Compostaje', '¿Hay compostaje en playas?', 'No aplica', '', '', 'No hay playas; ni puerto', '', ''],
      // Unanswered: 0 points of 2 (the obsolete option counts in no maximum).
      ['Territorio', 'Residuos', 'Selectiva', 'Recogida', '¿Recogida puerta a puerta?', 'Sin contestar', '0', '2', '', TRICKY, ''],
      // An obsolete response chosen shows in brackets, as on screen, and counts; a text a spreadsheet would run as a
      // formula keeps the CSV's apostrophe (shared/csv.ts).
      ['Territorio', 'Residuos', 'Selectiva', 'Recogida', '¿Contenedor marrón?', 'Sí, con plan / [Sí, antiguo]', '3', '2', '', "'- primero\n- después", ''],
    ]);
    expect(file.content).toContain('"Señal «ñ»: 1.200 € para compostaje 🌱 ""entre comillas""; y sigue\nen otra línea"');
  });

  it('reads every text back from the Excel sheet as written, numbers as numbers', async () => {
    const file = reportWorkbook({ table: 'answers' }, source, t)!;
    expect(file.sheets.map((s) => s.name)).toEqual(['Mis Respuestas']);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await workbookBytes(file.sheets, file.active));
    const sheet = workbook.getWorksheet('Mis Respuestas')!;
    expect(sheet.getCell('A1').value).toBe('Ayuntamiento de Alcalá');
    expect(sheet.getCell('A4').value).toBe('Mis Respuestas');
    const row = (n: number) => HEADER.map((_, i) => sheet.getRow(n).getCell(i + 1).value);
    expect(row(6)).toEqual(HEADER);
    expect(row(7)).toEqual(['Territorio', 'Residuos', 'Orgánica', 'Compostaje', '¿Hay plan de compostaje?', 'Sí, con plan', 2, 2, null, COMMENT, LINKS]);
    expect(row(8).slice(5, 10)).toEqual(['No aplica', null, null, 'No hay playas; ni puerto', null]);
    expect(row(9)[9]).toBe(TRICKY);
    // No formula in a workbook: the text stays as written.
    expect(row(10)[9]).toBe('- primero\n- después');
    expect(sheet.getCell('J7').alignment).toMatchObject({ wrapText: true });
  });

  it('is offered only for a campaign with questions', () => {
    expect(reportCsvFile({ table: 'answers' }, { ...source, answers: [] }, t)).toBeNull();
    expect(reportCsvFile({ table: 'answers' }, { ...source, answers: null }, t)).toBeNull();
    expect(reportWorkbook({ table: 'answers' }, { ...source, answers: [{ ...indicators[0], subindicators: [] }] }, t)).toBeNull();
  });
});
