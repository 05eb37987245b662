/**
 * A final edition's open data, pure: every publishing entity's percentage in the whole questionnaire, each axis
 * and each policy, and every territory's means of the same groups with their n (withheld below the edition's
 * MIN_GROUP_SIZE as in the reports), under the licence CC BY 4.0 with its attribution. As JSON (fractions 0..1,
 * as the API gives them) and as the app's CSV (docs/api.md, "Open data": percentages 0..100, one row per figure).
 */
import { toCsv, type CsvCell } from '../../../shared/csv.js';
import type { FinalEditionRow, GroupRow, PublishedCampaignRow, TerritoryGroupSumsRow } from '../../db/repositories/publication.js';
import { isWithheld, participantsMean } from '../../reports/territories.js';
import { cellKey } from './disclosure.js';
import { publishedPlace, type PublishedPlace } from './publicFigures.js';

/** The licence every open data file is published under. */
export const OPEN_DATA_LICENCE = { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/' } as const;

/** The attribution the licence asks for: the product and where it is published. */
export const attributionOf = (publicUrl: string) => `Campañas de indicadores (${publicUrl})`;

/** A group's key in the files: 'total' for the whole questionnaire, else its scope and code ('axis:E1'). */
export const groupKey = (g: { scope: GroupRow['scope']; code: string }) => (g.scope === 'total' ? 'total' : `${g.scope}:${g.code}`);

export interface OpenDataTerritory {
  territory: TerritoryGroupSumsRow['territory'];
  id: string;
  name: string;
  /** A size band's largest population (null: none; for the other territories always null). */
  maxPopulation: number | null;
  participants: number;
  withheld: boolean;
  /** Each group's mean percentage over its participants (null where withheld), and those participants (its n), by group key. */
  means: Record<string, number | null>;
  n: Record<string, number>;
}

export interface OpenDataEntity extends PublishedPlace {
  entityId: number;
  entity: string;
  /** Each group's percentage, by group key (a group the entity answered wholly 'No aplica' is left out). */
  percentages: Record<string, number>;
}

export interface OpenData {
  licence: typeof OPEN_DATA_LICENCE;
  attribution: string;
  edition: { year: number; finalPublishedAt: string; minGroupSize: number; meansFrom: FinalEditionRow['meansFrom'] };
  groups: { key: string; scope: GroupRow['scope']; code: string; name: string }[];
  territories: OpenDataTerritory[];
  entities: OpenDataEntity[];
}

/** The open data of a final edition from what the repository reads of it. */
export function openDataOf(input: {
  edition: FinalEditionRow;
  attribution: string;
  groups: readonly GroupRow[];
  sums: readonly TerritoryGroupSumsRow[];
  bands: readonly { min: number; max: number | null }[];
  campaigns: readonly PublishedCampaignRow[];
  scores: readonly { campaignId: number; scope: GroupRow['scope']; categoryId: number; percentage: number }[];
  /** The cells withheld in each group beyond MIN_GROUP_SIZE's (disclosure.ts withheldByGroup); none when not given. */
  withheld?: (scope: string, categoryId: number) => ReadonlySet<string>;
}): OpenData {
  const { edition } = input;
  const keyOf = new Map(input.groups.map((g) => [`${g.scope}:${g.categoryId}`, groupKey(g)]));
  const territories = new Map<string, OpenDataTerritory>();
  for (const row of input.sums) {
    const key = keyOf.get(`${row.scope}:${row.categoryId}`);
    if (!key) continue;
    const id = `${row.territory}:${row.id}`;
    let territory = territories.get(id);
    if (!territory) {
      const maxPopulation = row.territory === 'sizeBand' ? (input.bands.find((b) => String(b.min) === row.id)?.max ?? null) : null;
      territory = { territory: row.territory, id: row.id, name: row.name, maxPopulation, participants: 0, withheld: false, means: {}, n: {} };
      territories.set(id, territory);
    }
    if (key === 'total') {
      territory.participants = row.participants;
      territory.withheld = isWithheld(row.participants, edition.minGroupSize) || !!input.withheld?.('total', 0).has(cellKey(row.territory, row.id));
    }
    territory.means[key] = input.withheld?.(row.scope, row.categoryId).has(cellKey(row.territory, row.id))
      ? null
      : participantsMean(row.percentageSum, row.participants);
    territory.n[key] = row.participants;
  }
  // Withheld on the territory's participants in the whole questionnaire, as the reports do, and, being public, a
  // group's mean built from fewer participants than MIN_GROUP_SIZE too (a policy most answered "No aplica").
  for (const territory of territories.values()) {
    for (const key of Object.keys(territory.means)) {
      if (territory.withheld || isWithheld(territory.n[key], edition.minGroupSize)) territory.means[key] = null;
    }
  }
  const percentages = new Map<number, Record<string, number>>();
  for (const score of input.scores) {
    const key = keyOf.get(`${score.scope}:${score.categoryId}`);
    if (!key) continue;
    const own = percentages.get(score.campaignId) ?? {};
    own[key] = score.percentage;
    percentages.set(score.campaignId, own);
  }
  return {
    licence: OPEN_DATA_LICENCE,
    attribution: input.attribution,
    edition: { year: edition.year, finalPublishedAt: edition.finalPublishedAt, minGroupSize: edition.minGroupSize, meansFrom: edition.meansFrom },
    groups: input.groups.map((g) => ({ key: groupKey(g), scope: g.scope, code: g.code, name: g.name })),
    territories: [...territories.values()],
    entities: input.campaigns.map((c) => ({
      entityId: c.entityId,
      entity: c.entity,
      ...publishedPlace(c),
      percentages: percentages.get(c.campaignId) ?? {},
    })),
  };
}

/** The CSV's first columns; after them each group's percentage and n (openDataCsvHeader), and last the licence. */
export const OPEN_DATA_CSV_COLUMNS = ['ambito', 'id', 'nombre', 'provincia', 'comunidad', 'tamano', 'retenida'] as const;

const TERRITORY_NAMES: Record<OpenDataTerritory['territory'], string> = {
  country: 'pais',
  autonomousCommunity: 'comunidad',
  province: 'provincia',
  sizeBand: 'tamano',
};

/** A population band as '5001-20000' ('100001-' without an upper bound). */
const bandText = (min: number, max: number | null) => `${min}-${max ?? ''}`;

/** A fraction 0..1 as a percentage 0..100 (the CSV writes it with a decimal comma, to three decimals). */
const percent = (fraction: number | null | undefined): CsvCell => (fraction == null ? null : fraction * 100);

/** A group's name in the header: 'Global' for the whole questionnaire, else its code and name ('E1 Gobernanza'). */
const groupLabel = (g: OpenData['groups'][number]) => (g.scope === 'total' ? 'Global' : `${g.code} ${g.name}`);

/** The CSV's header: the first columns, each group's '(%)' and '(n)', and 'licencia'. */
export const openDataCsvHeader = (groups: OpenData['groups']): string[] => [
  ...OPEN_DATA_CSV_COLUMNS,
  ...groups.flatMap((g) => [`${groupLabel(g)} (%)`, `${groupLabel(g)} (n)`]),
  'licencia',
];

/**
 * The open data as the app's CSV, one row per entity (in the ranking's order) and then per territory, each group's
 * percentage and n in two columns of their own: a spreadsheet sorts and filters it as it comes, and a figure is one
 * cell (a row per figure repeated the names a hundred thousand times, and was fourteen times larger). An empty
 * percentage is a group the entity answered wholly "No aplica", or a territory's mean withheld; an entity's n is
 * empty (it is one). Every row names the licence; the first also its address and the attribution.
 */
export function openDataCsv(data: OpenData): string {
  const rows: CsvCell[][] = [openDataCsvHeader(data.groups)];
  for (const e of data.entities) {
    const band = bandText(e.sizeBand.minPopulation, e.sizeBand.maxPopulation);
    rows.push([
      'entidad',
      e.entityId,
      e.entity,
      e.province,
      e.community,
      band,
      null,
      ...data.groups.flatMap((g) => [percent(e.percentages[g.key]), null]),
      null,
    ]);
  }
  for (const t of data.territories) {
    const band = t.territory === 'sizeBand' ? bandText(Number(t.id), t.maxPopulation) : null;
    rows.push([
      TERRITORY_NAMES[t.territory],
      t.id,
      band ?? t.name,
      null,
      null,
      band,
      t.withheld ? 'sí' : 'no',
      ...data.groups.flatMap((g) => [percent(t.means[g.key]), t.n[g.key]]),
      null,
    ]);
  }
  rows.forEach((row, i) => {
    if (i > 0) row[row.length - 1] = i === 1 ? `${data.licence.name} ${data.licence.url} · ${data.attribution}` : data.licence.name;
  });
  return toCsv(rows);
}
