/**
 * The means withheld for small groups (MIN_GROUP_SIZE): the shown territories whose mean a report does not
 * send, with how many participants each has in the editions where it is withheld, for the one sentence that
 * says why (reportText.withheldNote). Their figures are null already, so they show as dashes. Pure.
 */
import type { MeanSizes, SizeBand, TerritoryLevel } from '../../../shared/api/results.js';
import type { ActiveLevel } from './reportModel.js';

/** An edition's sizes and the means withheld in it (a result's, a comparison's or a trend's edition). */
export interface WithheldEdition {
  year: number;
  sizes: MeanSizes;
  withheld: readonly TerritoryLevel[];
}

export interface WithheldTerritory {
  level: TerritoryLevel;
  /** Named as ActiveLevel is: the server's name, or the band's bounds. */
  label: string;
  band: SizeBand | null;
  /** Its participants in each edition where its mean is withheld; year null on a page of one edition. */
  sizes: { year: number | null; participants: number }[];
}

export interface WithheldNote {
  minGroupSize: number;
  territories: WithheldTerritory[];
}

/**
 * The shown levels withheld in any of the editions, in the levels' order, or null when none is (nothing to
 * say). nameYears: the page shows several editions, so each size says which one it is.
 */
export function withheldNote(
  levels: readonly ActiveLevel[],
  editions: readonly WithheldEdition[],
  minGroupSize: number,
  nameYears: boolean,
): WithheldNote | null {
  const territories = levels.flatMap((l): WithheldTerritory[] => {
    const level = l.level;
    if (level === 'campaign') return [];
    const sizes = editions
      .filter((e) => e.withheld.includes(level))
      .map((e) => ({ year: nameYears ? e.year : null, participants: e.sizes.participants[level] }));
    return sizes.length > 0 ? [{ level, label: l.label, band: l.band, sizes }] : [];
  });
  return territories.length > 0 ? { minGroupSize, territories } : null;
}
