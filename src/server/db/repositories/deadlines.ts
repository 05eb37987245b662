import type { Queryable } from '../client.js';

/** Editions' deadlines and per-entity extensions (migration 007). Dates travel as 'YYYY-MM-DD' text. */

export interface EditionDeadlineRow {
  id: number;
  campaignNumber: number;
  opensOn: string | null;
  closesOn: string | null;
  /** Whether its results are final (migration 022): then nothing of it changes. */
  final: boolean;
}

/** A campaign's edition dates and its entity's extension in that edition if any, as read; cycle.ts decides from them. */
export interface CampaignDatesRow {
  opensOn: string | null;
  closesOn: string | null;
  extendedTo: string | null;
}

/**
 * A campaign's dates as columns (opens_on, closes_on, extended_to) of the campaign aliased c, its edition ed and
 * its entity's extension x, and the joins they need; read back with toCampaignDates.
 */
export const CAMPAIGN_DATES = {
  columns: 'ed.opens_on::text, ed.closes_on::text, x.closes_on::text AS extended_to',
  from: `campaigns c JOIN editions ed ON ed.id = c.edition_id
       LEFT JOIN deadline_extensions x ON x.entity_id = c.entity_id AND x.edition_id = c.edition_id`,
} as const;
/**
 * The effective closing date ('Plazo') of a campaign as text, of its edition ed and its entity's extension x (the
 * joins of CAMPAIGN_DATES): the later of the two, and none when the edition has none (effectiveClosing, in SQL).
 */
export const EFFECTIVE_CLOSING_SQL = 'CASE WHEN ed.closes_on IS NOT NULL THEN GREATEST(ed.closes_on, x.closes_on)::text END';

export type CampaignDatesColumns = { opens_on: string | null; closes_on: string | null; extended_to: string | null };
export const toCampaignDates = (row: CampaignDatesColumns): CampaignDatesRow => ({
  opensOn: row.opens_on,
  closesOn: row.closes_on,
  extendedTo: row.extended_to,
});

/** The dates that apply to one campaign: its edition's, and its entity's extension in that edition if any. */
export async function findCampaignDeadline(q: Queryable, campaignId: number): Promise<CampaignDatesRow | undefined> {
  const [row] = await q.query<CampaignDatesColumns>(`SELECT ${CAMPAIGN_DATES.columns} FROM ${CAMPAIGN_DATES.from} WHERE c.id = $1`, [campaignId]);
  return row && toCampaignDates(row);
}

/** An edition with its dates: the one of that id, or without one the edition new campaigns go to (the newest). */
export async function findEditionDeadline(q: Queryable, editionId?: number): Promise<EditionDeadlineRow | undefined> {
  const [row] = await q.query<{ id: number; campaign_number: number; opens_on: string | null; closes_on: string | null; final: boolean }>(
    `SELECT id, campaign_number, opens_on::text, closes_on::text, final_published_at IS NOT NULL AS final
       FROM editions WHERE ($1::int IS NULL OR id = $1) ORDER BY campaign_number DESC LIMIT 1`,
    [editionId ?? null],
  );
  return row && { id: row.id, campaignNumber: row.campaign_number, opensOn: row.opens_on, closesOn: row.closes_on, final: row.final };
}

/** Sets an edition's dates (by its campaign number); false when there is no such edition. */
export async function updateEditionDeadline(
  q: Queryable,
  campaignNumber: number,
  opensOn: string | null,
  closesOn: string | null,
): Promise<EditionDeadlineRow | undefined> {
  const [row] = await q.query<{ id: number; previous_opens_on: string | null; previous_closes_on: string | null }>(
    `UPDATE editions ed SET opens_on = $2::date, closes_on = $3::date
       FROM (SELECT id, opens_on::text AS previous_opens_on, closes_on::text AS previous_closes_on FROM editions WHERE campaign_number = $1 FOR UPDATE) old
      WHERE ed.id = old.id
      RETURNING ed.id, old.previous_opens_on, old.previous_closes_on`,
    [campaignNumber, opensOn, closesOn],
  );
  return row && { id: row.id, campaignNumber, opensOn: row.previous_opens_on, closesOn: row.previous_closes_on, final: false };
}

/**
 * Gives an entity its own closing date in an edition (replacing an earlier extension); the entity is kept from
 * removal meanwhile (FOR KEY SHARE), so a removal in progress reads as none. Returns the previous date, or
 * undefined when the entity does not exist.
 */
export async function upsertExtension(
  q: Queryable,
  ext: { entityId: number; editionId: number; closesOn: string; reason: string; actorId: number; actorEmail: string },
): Promise<{ previous: string | null } | undefined> {
  const entity = await q.query('SELECT 1 FROM entities WHERE id = $1 FOR KEY SHARE', [ext.entityId]);
  if (entity.length === 0) return undefined;
  const [old] = await q.query<{ closes_on: string }>('SELECT closes_on::text FROM deadline_extensions WHERE entity_id = $1 AND edition_id = $2 FOR UPDATE', [
    ext.entityId,
    ext.editionId,
  ]);
  await q.query(
    `INSERT INTO deadline_extensions (entity_id, edition_id, closes_on, reason, actor_id, actor_email) VALUES ($1, $2, $3::date, $4, $5, $6)
     ON CONFLICT (entity_id, edition_id) DO UPDATE
        SET closes_on = EXCLUDED.closes_on, reason = EXCLUDED.reason, actor_id = EXCLUDED.actor_id, actor_email = EXCLUDED.actor_email, at = now()`,
    [ext.entityId, ext.editionId, ext.closesOn, ext.reason, ext.actorId, ext.actorEmail],
  );
  return { previous: old?.closes_on ?? null };
}

/** Every entity's campaign state in an edition ('none' without a campaign) and its extension, by entity name. */
export async function listEditionParticipation(
  q: Queryable,
  editionId: number,
): Promise<{ entityId: number; entity: string; status: 'created' | 'draft' | 'sent' | 'none'; extendedTo: string | null }[]> {
  const rows = await q.query<{ entity_id: number; entity: string; status: 'created' | 'draft' | 'sent' | null; extended_to: string | null }>(
    `SELECT en.id AS entity_id, en.name AS entity, c.status, x.closes_on::text AS extended_to
       FROM entities en
       LEFT JOIN campaigns c ON c.entity_id = en.id AND c.edition_id = $1
       LEFT JOIN deadline_extensions x ON x.entity_id = en.id AND x.edition_id = $1
      ORDER BY en.name, en.id`,
    [editionId],
  );
  return rows.map((r) => ({ entityId: r.entity_id, entity: r.entity, status: r.status ?? 'none', extendedTo: r.extended_to }));
}
