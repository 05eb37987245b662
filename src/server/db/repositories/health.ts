import type { Queryable } from '../client.js';

/** The cheapest statement: resolves once the database answers it (the health call's probe). */
export async function pingDatabase(q: Queryable): Promise<void> {
  await q.query('SELECT 1');
}
