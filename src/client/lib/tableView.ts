import { foldText } from '../../shared/text.js';
import { TABLE_ROWS_PER_PAGE } from '../../shared/constants.js';
import { isString, storedBoolean, storedFields, storedList, storedPage, storedString } from './stored.js';

/** What a searchable, filterable, sortable, paged table shows (kept in its feature's slice). */
export interface TableView {
  search: string;
  communities: string[];
  /** Provinces (INE codes) chosen on the status page's map; none: every province. */
  provinces?: string[];
  sortDescending: boolean;
  page: number;
}

export const initialTableView: TableView = { search: '', communities: [], sortDescending: true, page: 1 };

/** Number of pages: ceiling(total / itemsPerPage), at least 1 (spec section 9). */
export const pageCount = (total: number, perPage = TABLE_ROWS_PER_PAGE) => Math.max(1, Math.ceil(total / perPage));

/** Rows of one page, the page clamped to the pages there are. */
export function pageOf<T>(rows: readonly T[], page: number, perPage = TABLE_ROWS_PER_PAGE): { rows: T[]; page: number; pages: number } {
  const pages = pageCount(rows.length, perPage);
  const current = Math.min(Math.max(1, page), pages);
  return { rows: rows.slice((current - 1) * perPage, current * perPage), page: current, pages };
}

/** Case- and accent-insensitive "contains". */
export const textMatches = (text: string, search: string) => search.trim() === '' || foldText(text).includes(foldText(search));

/** Compares ISO dates, an empty date always last whatever the direction. */
export function compareDatesEmptyLast(a: string | null, b: string | null, descending: boolean): number {
  if (!a && !b) return 0;
  if (!a) return 1;
  if (!b) return -1;
  return descending ? b.localeCompare(a) : a.localeCompare(b);
}

/** A view after a change: a new search or filter goes back to the first page. */
export const patchTableView = <V extends TableView>(view: V, patch: Partial<V>): V => ({ ...view, ...patch, page: patch.page ?? 1 });

/** A view read back from local storage: each field of the right type kept, the others as in `initial`. */
export function readTableView(stored: unknown, initial: TableView = initialTableView): TableView {
  const fields = storedFields(stored);
  return {
    search: storedString(fields.search, initial.search),
    communities: storedList(fields.communities, isString),
    // Only the status page's view has provinces (chosen on its map).
    ...(fields.provinces === undefined ? {} : { provinces: storedList(fields.provinces, isString) }),
    sortDescending: storedBoolean(fields.sortDescending, initial.sortDescending),
    page: storedPage(fields.page),
  };
}
