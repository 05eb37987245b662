import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../context.js';
import type { Queryable } from '../../db/client.js';
import { notFound } from '../../errors.js';
import { recordAudit } from '../../db/repositories/audit.js';
import { insertShareLink, revokeShareLinks } from '../../db/repositories/shareLinks.js';
import type { ShareResponse } from '../../../shared/api/results.js';
import { auditedBy, type Actor } from '../actor.js';

/**
 * A read-only link to a sent campaign's reports, valid SHARE_TOKEN_TTL seconds and bound to the campaign:
 * stored, audited, and signed as a share token. NOT_FOUND when the campaign is gone meanwhile.
 */
export async function shareCampaign(ctx: Pick<AppContext, 'db' | 'signer' | 'config'>, actor: Actor, campaignId: number): Promise<ShareResponse> {
  const shareId = randomUUID();
  const ttl = ctx.config.ttl.shareToken;
  const expiresAt = new Date(Date.now() + ttl * 1000);
  if (!(await insertShareLink(ctx.db, { id: shareId, campaignId, createdBy: actor.user.id, expiresAt }))) throw notFound('Campaign');
  await recordAudit(ctx.db, { ...auditedBy(actor), action: 'campaign.share', targetType: 'campaign', targetId: campaignId });
  const token = await ctx.signer.signShare({ shareId, campaignId }, ttl);
  const base = ctx.config.publicUrl;
  return { urlResults: `${base}/results/0/${token}`, urlComparisons: `${base}/comparisons/0/${token}`, expiresAt: expiresAt.toISOString() };
}

/** Every live link shared for the campaign stops working at once (a link sent to the wrong person); audited. */
export async function unshareCampaign(db: Queryable, actor: Actor, campaignId: number): Promise<{ revoked: number }> {
  const revoked = await revokeShareLinks(db, campaignId);
  await recordAudit(db, { ...auditedBy(actor), action: 'campaign.unshare', targetType: 'campaign', targetId: campaignId, details: { revoked } });
  return { revoked };
}
