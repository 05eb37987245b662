import type { Tx } from '../client.js';
import { allMunicipalities } from './municipalities.js';
import { AUTONOMOUS_COMMUNITIES, PROVINCES } from './territories.js';
import { LANGUAGES } from '../../../shared/constants.js';

const BATCH = 1000;

/** Loads communities, provinces and municipalities once; does nothing when they are already there. */
export async function loadReferenceData(tx: Tx): Promise<boolean> {
  const [{ count }] = await tx.query<{ count: number }>('SELECT count(*)::int AS count FROM autonomous_communities');
  if (count > 0) return false;
  for (const c of AUTONOMOUS_COMMUNITIES) {
    await tx.query('INSERT INTO autonomous_communities (id, name) VALUES ($1, $2)', [c.id, c.name]);
  }
  for (const p of PROVINCES) {
    await tx.query('INSERT INTO provinces (id, name, community_id) VALUES ($1, $2, $3)', [p.id, p.name, p.communityId]);
  }
  const rows = allMunicipalities();
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    await tx.query(
      `INSERT INTO municipalities (id, name, province_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[])`,
      [batch.map((r) => r.id), batch.map((r) => r.name), batch.map((r) => r.provinceId)],
    );
  }
  return true;
}

/** The interface languages of LANGUAGES that the database does not have yet (none are removed: users may keep one). */
export async function loadLanguages(tx: Tx): Promise<void> {
  await tx.query('INSERT INTO languages (code) SELECT unnest($1::text[]) ON CONFLICT (code) DO NOTHING', [[...LANGUAGES]]);
}
