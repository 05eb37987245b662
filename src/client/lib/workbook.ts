import type * as ExcelJsModule from 'exceljs';
import type { ColumnFormat, TableModel } from './tableModel.js';
import { FILE_TYPES } from '../../shared/csv.js';

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
      worksheet.addRow([line]).font = { bold: i === 0 };
    });
    worksheet.addRow([]);
    worksheet.addRow(sheet.table.header).font = { bold: true };
    const formats = sheet.table.formats.map((f) => NUMBER_FORMATS[f]);
    for (const values of sheet.table.rows) {
      const row = worksheet.addRow(values.map((v) => (typeof v === 'number' && !Number.isFinite(v) ? null : (v ?? null))));
      formats.forEach((format, i) => {
        if (format) row.getCell(i + 1).numFmt = format;
      });
    }
    const widest = sheet.table.rows.reduce((max, r) => Math.max(max, String(r[0] ?? '').length), String(sheet.table.header[0] ?? '').length);
    worksheet.getColumn(1).width = Math.min(Math.max(widest + 2, 12), 70);
    sheet.table.header.slice(1).forEach((text, i) => {
      worksheet.getColumn(i + 2).width = Math.min(Math.max(text.length + 2, 10), 40);
    });
    worksheet.views = [{ state: 'frozen', ySplit: sheet.heading.length + 2, xSplit: 1 }];
  });
  workbook.views = [
    { x: 0, y: 0, width: 20000, height: 12000, firstSheet: 0, activeTab: Math.max(0, Math.min(active, sheets.length - 1)), visibility: 'visible' },
  ];
  return workbook.xlsx.writeBuffer() as Promise<ArrayBuffer>;
}
