import { catalogueOf } from '../../i18n.js';
import { releaseRows, type Queryable } from '../../db/client.js';
import { validationError } from '../../errors.js';
import { readAuditLog, type AuditCursor, type AuditLogFilters, type AuditLogRow } from '../../db/repositories/auditLog.js';
import { auditActionMessageId } from '../../../shared/audit.js';
import { isCalendarDate, madridSpanishTime } from '../../../shared/dates.js';
import { AUDIT_PAGE_SIZE, type AuditFilters, type AuditPage, type AuditRow } from '../../../shared/api/audit.js';
import { BOM, csvChunks, csvLine, type CsvCell } from '../../../shared/csv.js';

/**
 * The activity log (ADMIN): filters checked, pages with their cursor, and the CSV of the filtered log, written
 * page by page so that memory stays bounded whatever its length.
 */

/** The filters, refused (422, naming the field) when a date is not a real one or the range runs backwards. */
export function checkedFilters(filters: AuditFilters): AuditLogFilters {
  for (const field of ['from', 'to'] as const) {
    const value = filters[field];
    if (value !== undefined && !isCalendarDate(value)) throw validationError(`${field} is not a calendar date`, { [field]: 'AUDIT.VALIDATION.DATE' });
  }
  if (filters.from !== undefined && filters.to !== undefined && filters.from > filters.to)
    throw validationError('from is after to', { to: 'AUDIT.VALIDATION.RANGE' });
  return filters;
}

/** The cursor a page's answer gave (`next`), as the repository reads it. */
const cursorOf = (text: string): AuditCursor => {
  const [atMicros, id] = text.split(':');
  return { atMicros, id };
};

const cursorText = (cursor: AuditCursor) => `${cursor.atMicros}:${cursor.id}`;

const rowOf = ({ cursor: _cursor, ...row }: AuditLogRow): AuditRow => row;

/** A page's rows and cursor: the call's answer without what the server's settings add (the retention). */
export type AuditRowsPage = Omit<AuditPage, 'retentionDays'>;

/** One page of the filtered log after `after` (a previous page's `next`); `next` is null on the last page. */
export async function auditPage(q: Queryable, filters: AuditFilters, after?: string, pageSize = AUDIT_PAGE_SIZE): Promise<AuditRowsPage> {
  // One row more than the page tells whether another page follows.
  const rows = await readAuditLog(q, checkedFilters(filters), after ? cursorOf(after) : null, pageSize + 1);
  const page = rows.slice(0, pageSize);
  return { rows: page.map(rowOf), next: rows.length > pageSize ? cursorText(page[page.length - 1].cursor) : null };
}

/** Every page of the filtered log, newest first. */
export async function* auditPages(q: Queryable, filters: AuditFilters, pageSize = 500): AsyncGenerator<AuditLogRow[]> {
  const checked = checkedFilters(filters);
  let after: AuditCursor | null = null;
  for (;;) {
    const rows = await readAuditLog(q, checked, after, pageSize);
    // Where the next page starts is taken first: the consumer may empty a page it has written (releaseRows).
    const next = rows.length === pageSize ? rows[rows.length - 1].cursor : null;
    if (rows.length > 0) yield rows;
    if (!next) return;
    after = next;
  }
}

/** The Spanish labels of the actions (i18n/es.json, the client's messages): the CSV is written in Spanish, as the app's other files. */
const SPANISH = catalogueOf('es');

/** An action's Spanish label; an unknown code as it is. */
export const spanishActionLabel = (action: string): string => {
  const id = auditActionMessageId(action);
  return (id && SPANISH[id]) || action;
};

export const AUDIT_CSV_HEADER = ['Fecha (hora de Madrid)', 'Acción', 'Código', 'Usuario', 'Entidad', 'Id. entidad', 'Objeto', 'Detalles'];

function csvRow(row: AuditLogRow): CsvCell[] {
  const target = row.targetType ? `${row.targetType} ${row.targetId ?? ''}`.trim() : null;
  return [
    madridSpanishTime(new Date(row.at)),
    spanishActionLabel(row.action),
    row.action,
    row.actorEmail,
    row.entityName,
    row.entityId,
    target,
    row.details ? JSON.stringify(row.details) : null,
  ];
}

/** The filtered log as CSV text chunks (csvChunks), the header first. The filters are checked before the first chunk. */
export function auditCsv(q: Queryable, filters: AuditFilters): AsyncGenerator<string> {
  checkedFilters(filters);
  return (async function* () {
    yield BOM + csvLine(AUDIT_CSV_HEADER);
    // Each page emptied once written, so that nothing of it is held by an object V8 allocated old (releaseRows).
    for await (const rows of auditPages(q, filters)) {
      yield* csvChunks(rows.map(csvRow));
      releaseRows(rows);
    }
  })();
}

/** The CSV's name: 'registro-de-actividad-2026-11-24.csv'. */
export const auditCsvFileName = (today = new Date()) => `registro-de-actividad-${today.toISOString().slice(0, 10)}.csv`;
