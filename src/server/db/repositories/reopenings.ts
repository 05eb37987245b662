import type { Queryable } from '../client.js';

/** The history of reopened campaigns (migration 007). */

export interface ReopeningRow {
  at: string;
  actorEmail: string | null;
  reason: string;
}

export async function insertReopening(q: Queryable, r: { campaignId: number; actorId: number; actorEmail: string; reason: string }): Promise<void> {
  await q.query('INSERT INTO campaign_reopenings (campaign_id, actor_id, actor_email, reason) VALUES ($1, $2, $3, $4)', [
    r.campaignId,
    r.actorId,
    r.actorEmail,
    r.reason,
  ]);
}

/** A campaign's reopenings, oldest first. */
export async function listReopenings(q: Queryable, campaignId: number): Promise<ReopeningRow[]> {
  const rows = await q.query<{ at: Date | string; actor_email: string | null; reason: string }>(
    'SELECT at, actor_email, reason FROM campaign_reopenings WHERE campaign_id = $1 ORDER BY at, id',
    [campaignId],
  );
  return rows.map((r) => ({ at: new Date(r.at).toISOString(), actorEmail: r.actor_email, reason: r.reason }));
}

/** When a share link was made; undefined when it is not a link of that campaign. */
export async function findShareLinkCreatedAt(q: Queryable, shareId: string, campaignId: number): Promise<string | undefined> {
  const [row] = await q.query<{ created_at: Date | string }>('SELECT created_at FROM share_links WHERE id = $1 AND campaign_id = $2', [shareId, campaignId]);
  return row && new Date(row.created_at).toISOString();
}
