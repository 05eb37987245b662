/**
 * The public pages' addresses, pure: the query a page accepts (its language, the ranking's filters and page, the
 * embed's view), read strictly (an unknown value of a known name is refused; a name the pages do not use, such as
 * a campaign tag a social network adds, is ignored), and the ranking as the filters leave it.
 */
import { isLanguage, type Language } from '../../../shared/constants.js';
import type { PublicRankingRow } from '../../../shared/api/publication.js';

export const RANKING_PAGE_SIZE = 50;
export const SEARCH_MAX_LENGTH = 100;
export const EMBED_VIEWS = ['mapa', 'ranking'] as const;
export type EmbedView = (typeof EMBED_VIEWS)[number];

export interface RankingFilters {
  /** Words of the entity's name, matched ignoring case and accents. */
  q: string;
  communityId: string | null;
  provinceId: string | null;
  /** The size band's smallest population. */
  minPopulation: number | null;
}

export interface PageQuery {
  language: Language;
  filters: RankingFilters;
  page: number;
  view: EmbedView;
}

/** The names of the query, in Spanish as the addresses are. */
export const QUERY_NAMES = {
  language: 'lang',
  q: 'q',
  communityId: 'comunidad',
  provinceId: 'provincia',
  minPopulation: 'tamano',
  page: 'pagina',
  view: 'vista',
} as const;

const TERRITORY_CODE = /^\d{2}$/;
const POSITIVE = /^[1-9]\d{0,8}$/;
const hasControl = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** The language asked (`lang`), Spanish when it is not one of the app's: for a page that cannot read the rest of its query. */
export const languageOf = (raw: Readonly<Record<string, unknown>>): Language => {
  const value = raw[QUERY_NAMES.language];
  return isLanguage(value) ? value : 'es';
};

/** The page's query, or null when a value the pages use is not one they accept (or is given twice). */
export function parsePageQuery(raw: Readonly<Record<string, unknown>>): PageQuery | null {
  const one = (name: string): string | null | undefined => {
    const value = raw[name];
    if (value === undefined || value === '') return undefined;
    return typeof value === 'string' ? value : null;
  };
  const language = one(QUERY_NAMES.language);
  const q = one(QUERY_NAMES.q);
  const communityId = one(QUERY_NAMES.communityId);
  const provinceId = one(QUERY_NAMES.provinceId);
  const minPopulation = one(QUERY_NAMES.minPopulation);
  const page = one(QUERY_NAMES.page);
  const view = one(QUERY_NAMES.view);
  const valid =
    language !== null &&
    (language === undefined || isLanguage(language)) &&
    q !== null &&
    (q === undefined || ([...q].length <= SEARCH_MAX_LENGTH && !hasControl(q))) &&
    [communityId, provinceId].every((code) => code === undefined || (code !== null && TERRITORY_CODE.test(code))) &&
    [minPopulation, page].every((n) => n === undefined || (n !== null && POSITIVE.test(n))) &&
    view !== null &&
    (view === undefined || (EMBED_VIEWS as readonly string[]).includes(view));
  if (!valid) return null;
  return {
    language: (language ?? 'es') as Language,
    filters: {
      q: (q ?? '').trim(),
      communityId: communityId ?? null,
      provinceId: provinceId ?? null,
      minPopulation: minPopulation === undefined ? null : Number(minPopulation),
    },
    page: page === undefined ? 1 : Number(page),
    view: (view ?? 'mapa') as EmbedView,
  };
}

/** A name as the search compares it: lower case, without accents. */
export const searchable = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('es');

/** The rows the filters leave, in the ranking's order: every word searched must be in the name. */
export function filteredRanking(rows: readonly PublicRankingRow[], filters: RankingFilters): PublicRankingRow[] {
  const words = searchable(filters.q).split(/\s+/).filter(Boolean);
  return rows.filter(
    (row) =>
      (filters.communityId === null || row.communityId === filters.communityId) &&
      (filters.provinceId === null || row.provinceId === filters.provinceId) &&
      (filters.minPopulation === null || row.sizeBand.minPopulation === filters.minPopulation) &&
      words.every((word) => searchable(row.entity).includes(word)),
  );
}

/** One page of a list: its rows, its number (the last when asked for beyond it) and how many there are. */
export function pageOf<T>(rows: readonly T[], page: number, size = RANKING_PAGE_SIZE): { rows: T[]; page: number; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(page, pages);
  return { rows: rows.slice((current - 1) * size, current * size), page: current, pages };
}

/** Whether any filter is set. */
export const isFiltered = (filters: RankingFilters): boolean =>
  filters.q !== '' || filters.communityId !== null || filters.provinceId !== null || filters.minPopulation !== null;
