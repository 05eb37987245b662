import type * as ExcelJsModule from 'exceljs';
import type { ColumnFormat, TableModel } from './tableModel.js';
import { FILE_TYPES, xlsxText, type CsvCell } from '../../shared/csv.js';

/**
 * 'Descargar Excel': tables as an .xlsx workbook, one sheet per table, numbers as numbers with their formats
 * (a percentage as a fraction shown '45.3%' in the spreadsheet's language). exceljs is large: it loads in its
 * own chunk the first time a user downloads, never with the page.
 */

export const XLSX_TYPE = FILE_TYPES.xlsx;

/** Excel's number formats per column kind (the spreadsheet shows them with its own decimal separator). */
export const NUMBER_FORMATS: Readonly<Record<ColumnFormat, string | null>> = { text: null, points: '0.0', percent: '0.0%', change: '+0.0;-0.0;0.0' };

export interface SheetSource {
  /** The sheet's tab: made safe and unique (Excel: 31 characters, none of []:*?/\). */
  name: string;
  /** Lines above the table naming whose report it is: entity, campaign, mode. */
  heading: string[];
  table: TableModel;
}

const SHEET_NAME_MAX = 31;

/** Tab names Excel accepts, each once (case-insensitively), in the order given. */
export function sheetNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((raw) => {
    const base =
      raw
        .replace(/[[\]:*?/\\]/g, ' ')
        .replace(/^'+|'+$/g, '')
        .trim()
        .slice(0, SHEET_NAME_MAX) || 'Hoja';
    let name = base;
    for (let i = 2; used.has(name.toLowerCase()); i++) name = `${base.slice(0, SHEET_NAME_MAX - String(i).length - 1)} ${i}`;
    used.add(name.toLowerCase());
    return name;
  });
}

type ExcelJs = typeof ExcelJsModule;

/** A cell as the workbook holds it: text read back as written (xlsxText), a number that is not finite and a missing value empty. */
const cellValue = (v: CsvCell): string | number | null =>
  typeof v === 'string' ? xlsxText(v) : typeof v === 'number' && !Number.isFinite(v) ? null : (v ?? null);

/** The characters of a cell's longest line, what its column's width follows. */
const longestLine = (v: CsvCell) =>
  String(v ?? '')
    .split('\n')
    .reduce((max, line) => Math.max(max, line.length), 0);

/** Column widths: the first and every text column as wide as its longest line (up to a point), a figure's as its header. */
function sizeColumns(worksheet: ExcelJsModule.Worksheet, table: TableModel) {
  const widest = (i: number) => table.rows.reduce((max, row) => Math.max(max, longestLine(row[i])), longestLine(table.header[i]));
  worksheet.getColumn(1).width = Math.min(Math.max(widest(0) + 2, 12), 70);
  table.header.slice(1).forEach((text, i) => {
    const width = table.formats[i + 1] === 'text' ? Math.min(widest(i + 1), 60) : Math.min(text.length, 38);
    worksheet.getColumn(i + 2).width = Math.max(width + 2, 10);
  });
}

/** The table's rows under its header: numbers with their formats, a text of several lines (a comment) showing them. */
function addRows(worksheet: ExcelJsModule.Worksheet, table: TableModel) {
  worksheet.addRow(table.header.map(xlsxText)).font = { bold: true };
  const formats = table.formats.map((f) => NUMBER_FORMATS[f]);
  for (const values of table.rows) {
    const row = worksheet.addRow(values.map(cellValue));
    values.forEach((value, i) => {
      const cell = row.getCell(i + 1);
      if (formats[i]) cell.numFmt = formats[i];
      if (typeof value === 'string' && value.includes('\n')) cell.alignment = { wrapText: true, vertical: 'top' };
    });
  }
}

let loading: Promise<ExcelJs> | undefined;

/** exceljs, loaded once, in its own chunk (webpack) or from node_modules (tests, server). */
export function loadExcelJs(): Promise<ExcelJs> {
  loading ??= import(/* webpackChunkName: "exceljs" */ 'exceljs').then((module) => ((module as unknown as { default?: ExcelJs }).default ?? module) as ExcelJs);
  return loading;
}

/** The workbook's bytes: one sheet per source, the sheet `active` open first. */
export async function workbookBytes(sheets: readonly SheetSource[], active = 0): Promise<ArrayBuffer> {
  const ExcelJS = await loadExcelJs();
  const workbook = new ExcelJS.Workbook();
  const names = sheetNames(sheets.map((s) => s.name));
  sheets.forEach((sheet, index) => {
    const worksheet = workbook.addWorksheet(names[index]);
    sheet.heading.forEach((line, i) => {
      worksheet.addRow([xlsxText(line)]).font = { bold: i === 0 };
    });
    worksheet.addRow([]);
    addRows(worksheet, sheet.table);
    sizeColumns(worksheet, sheet.table);
    worksheet.views = [{ state: 'frozen', ySplit: sheet.heading.length + 2, xSplit: 1 }];
  });
  workbook.views = [
    { x: 0, y: 0, width: 20000, height: 12000, firstSheet: 0, activeTab: Math.max(0, Math.min(active, sheets.length - 1)), visibility: 'visible' },
  ];
  return workbook.xlsx.writeBuffer() as Promise<ArrayBuffer>;
}
