import type { Db, Queryable } from '../client.js';
import { rebuildTerritoryScores } from './territoryScores.js';

/** The stored bands' smallest populations, ascending (migration 006). */
export async function readSizeBands(q: Queryable): Promise<number[]> {
  const rows = await q.query<{ min_population: number }>('SELECT min_population FROM size_bands ORDER BY min_population');
  return rows.map((r) => r.min_population);
}

/**
 * Makes the stored bands the configured ones (SIZE_BANDS, config.ts parseSizeBands), at start: when they differ,
 * every entity moves to its new band (the entities trigger recounts territory_entities) and the territorial sums
 * and counts are rebuilt, in one transaction; the report versions change with them (migration 004). Returns
 * whether anything changed. Concurrent starts wait for each other on the table lock.
 */
export async function applySizeBands(db: Db, minPopulations: readonly number[]): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE size_bands IN EXCLUSIVE MODE');
    const stored = await readSizeBands(tx);
    if (stored.length === minPopulations.length && stored.every((min, i) => min === minPopulations[i])) return false;
    await tx.query('INSERT INTO size_bands (min_population) SELECT unnest($1::int[]) ON CONFLICT DO NOTHING', [minPopulations]);
    // Bands from the new list only: the old ones are still stored until no entity refers to them.
    await tx.query(
      `UPDATE entities SET size_band = new.band
         FROM (SELECT e.id, (SELECT max(m) FROM unnest($1::int[]) AS m WHERE m <= e.population) AS band FROM entities e) AS new
        WHERE entities.id = new.id AND entities.size_band <> new.band`,
      [minPopulations],
    );
    await tx.query('DELETE FROM size_bands WHERE NOT (min_population = ANY($1::int[]))', [minPopulations]);
    // Counts of bands no entity is in any more stay as zeros; nothing reads them.
    await tx.query("DELETE FROM territory_entities WHERE territory = 'sizeBand' AND registered = 0");
    await rebuildTerritoryScores(tx);
    return true;
  });
}
