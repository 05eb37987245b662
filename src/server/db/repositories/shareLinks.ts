import type { Queryable } from '../client.js';

/** Share links: read-only links to one campaign's reports (docs/api.md, "Shared links"). */

/**
 * Stores a share link of the campaign; false when the campaign is gone. The campaign (and the creating user)
 * are locked against removal for the insert, so a removal in progress is waited for and then reads as none,
 * instead of a foreign-key error (a 500).
 */
export async function insertShareLink(q: Queryable, link: { id: string; campaignId: number; createdBy: number; expiresAt: Date }): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO share_links (id, campaign_id, created_by, expires_at)
     SELECT $1, c.id, (SELECT u.id FROM users u WHERE u.id = $3 FOR KEY SHARE), $4 FROM campaigns c WHERE c.id = $2 FOR KEY SHARE OF c
     RETURNING id`,
    [link.id, link.campaignId, link.createdBy, link.expiresAt],
  );
  return rows.length > 0;
}

/** Whether a share link still opens its campaign, or why not (undefined: no such link of that campaign). */
export type ShareLinkState = 'open' | 'revoked' | 'expired';

/** The state of the share link of a share token (the auth guard, on every call). */
export async function findShareLinkState(q: Queryable, shareId: string, campaignId: number): Promise<ShareLinkState | undefined> {
  const [link] = await q.query<{ state: ShareLinkState }>(
    `SELECT CASE WHEN revoked_at IS NOT NULL THEN 'revoked' WHEN expires_at <= now() THEN 'expired' ELSE 'open' END AS state
     FROM share_links WHERE id = $1 AND campaign_id = $2`,
    [shareId, campaignId],
  );
  return link?.state;
}

/** Revokes every live link of the campaign; returns how many. */
export async function revokeShareLinks(q: Queryable, campaignId: number): Promise<number> {
  const revoked = await q.query<{ id: string }>(
    'UPDATE share_links SET revoked_at = now() WHERE campaign_id = $1 AND revoked_at IS NULL AND expires_at > now() RETURNING id',
    [campaignId],
  );
  return revoked.length;
}
