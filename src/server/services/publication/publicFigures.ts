/**
 * The public figures of a final edition, pure: territorial means with the reports' rules (territories.ts:
 * participantsMean, allEntitiesMean) and their small-group protection (fewer participants than the edition's
 * MIN_GROUP_SIZE: withheld, both means null, the counts still given), positions and size bands.
 */
import type { PublicAxis, PublicMean, PublicMeans, PublicProvince, PublicRankingRow, PublicTerritory } from '../../../shared/api/publication.js';
import type { SizeBand } from '../../../shared/api/results.js';
import type { GroupSumsRow, PublishedCampaignRow, TerritorySumsRow } from '../../db/repositories/publication.js';
import { isWithheld, participantsMean, territoryMeans } from '../../reports/territories.js';
import { cellKey } from './disclosure.js';

const byName = <T extends { name: string }>(list: T[]) => list.sort((a, b) => a.name.localeCompare(b.name, 'es'));

/** The country, every community and every province (each list by name) with their public figures. */
export function publicTerritories(
  rows: readonly TerritorySumsRow[],
  minGroupSize: number,
  withheld: ReadonlySet<string> = new Set(),
): { country: PublicTerritory; communities: PublicTerritory[]; provinces: PublicProvince[] } {
  const figures = (r: TerritorySumsRow): PublicTerritory => {
    const means = territoryMeans(r, minGroupSize);
    // Withheld also where its figure would give another away (disclosure.ts).
    const hidden = withheld.has(cellKey(r.territory, r.id)) ? { mean: null, meanComparedToAll: null, withheld: true } : {};
    return { id: r.id, name: r.name, ...means, ...hidden };
  };
  const country = rows.find((r) => r.territory === 'country');
  return {
    country: country ? figures(country) : { id: 'ES', name: 'España', ...territoryMeans({ participants: 0, percentageSum: 0, registered: 0 }, minGroupSize) },
    communities: byName(rows.filter((r) => r.territory === 'autonomousCommunity').map(figures)),
    provinces: byName(rows.filter((r) => r.territory === 'province').map((r) => ({ ...figures(r), communityId: r.communityId ?? '' }))),
  };
}

/** Each axis's mean across Spain (participants' mean), null where Spain's figure of that axis is withheld. */
export function publicAxes(
  rows: readonly { id: number; code: string; name: string; participants: number; percentageSum: number }[],
  withheld: (axisId: number) => boolean,
): PublicAxis[] {
  return rows.map(({ id, code, name, participants, percentageSum }) => ({
    id,
    code,
    name,
    participants,
    mean: withheld(id) ? null : participantsMean(percentageSum, participants),
    withheld: withheld(id),
  }));
}

/** A size band from its smallest and largest population (null: no upper bound). */
export const sizeBandOf = (min: number, max: number | null): SizeBand => ({ minPopulation: min, maxPopulation: max });

/** 'Puesto 3 de 120' in Spain: the participants showing a higher percentage, plus one; null where the country is withheld. */
export const positionOf = (above: number, countryWithheld: boolean): number | null => (countryWithheld ? null : above + 1);

/** A publishing entity's place when the edition became final, as the public figures and the open data give it. */
export const publishedPlace = (row: PublishedCampaignRow) => ({
  provinceId: row.provinceId,
  province: row.province,
  communityId: row.communityId,
  community: row.community,
  sizeBand: sizeBandOf(row.sizeBand, row.sizeBandMax),
});
export type PublishedPlace = ReturnType<typeof publishedPlace>;

/** A publishing entity's row of the ranking. */
export function rankingRow(row: PublishedCampaignRow, countryWithheld: boolean): PublicRankingRow {
  return {
    entityId: row.entityId,
    entity: row.entity,
    ...publishedPlace(row),
    percentage: row.percentage,
    position: positionOf(row.above, countryWithheld),
  };
}

/**
 * The means of one group (the global score: scope total, category 0; or an axis) in a place's four territories;
 * a territory is withheld on its participants in the whole questionnaire, as in the reports (withheldTerritories),
 * and, being public, a group on its own participants too.
 */
export function placeMeans(
  rows: readonly GroupSumsRow[],
  group: { scope: 'total' | 'axis'; categoryId: number },
  minGroupSize: number,
  hidden: (territory: GroupSumsRow['territory']) => boolean = () => false,
): PublicMeans {
  const find = (territory: GroupSumsRow['territory'], scope: 'total' | 'axis', categoryId: number) =>
    rows.find((r) => r.territory === territory && r.scope === scope && r.categoryId === categoryId);
  const mean = (territory: GroupSumsRow['territory']): PublicMean => {
    const row = find(territory, group.scope, group.categoryId);
    const participants = row?.participants ?? 0;
    // Public: a group's mean built from fewer participants than MIN_GROUP_SIZE is withheld too.
    const withheld = isWithheld(find(territory, 'total', 0)?.participants ?? 0, minGroupSize) || isWithheld(participants, minGroupSize) || hidden(territory);
    return { participants, mean: withheld || !row ? null : participantsMean(row.percentageSum, participants), withheld };
  };
  return { province: mean('province'), autonomousCommunity: mean('autonomousCommunity'), country: mean('country'), sizeBand: mean('sizeBand') };
}
