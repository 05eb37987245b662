/**
 * 'Puesto entre los participantes': where the campaign stands among each shown territory's participants, for
 * the global score and each axis ('Puesto 4 de 12'). The server ranks among participants whatever the
 * comparison mode; a null rank (a withheld mean, or no participant) is a dash. Pure.
 */
import type { Ranks, ResultResponse } from '../../../shared/api/results.js';
import type { ActiveLevel } from './reportModel.js';

/** The global score (axisText null) or an axis, with its rank in each territory. */
export interface RankRow {
  /** 'global' or 'axis-<n>', as the report's blocks. */
  key: string;
  axisText: string | null;
  ranks: Ranks;
}

/** The rank table's rows: the global score, then each axis in the result's order. */
export function rankRows(result: ResultResponse): RankRow[] {
  return [
    { key: 'global', axisText: null, ranks: result.global.rank },
    ...result.axisDetails.map((axis, i) => ({ key: `axis-${i}`, axisText: axis.axisText, ranks: axis.rank })),
  ];
}

/** The rank table's columns: the shown territories (the entity has no rank of its own). */
export const rankLevels = (levels: readonly ActiveLevel[]) => levels.filter((l): l is ActiveLevel & { level: keyof Ranks } => l.level !== 'campaign');
