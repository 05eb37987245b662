import type { Queryable } from '../client.js';
import type { CampaignStatus, CampaignStatusRow, CampaignSummary, EntityCampaigns } from '../../../shared/api/campaigns.js';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Campaign lists name a campaign by its edition: "Campaña 2026". */
export const CAMPAIGN_TEXT = "'Campaña ' || ed.campaign_number";

const SUMMARY_SELECT = `
  SELECT c.id, ed.campaign_number, ${CAMPAIGN_TEXT} AS text, c.entity_id, en.name AS entity, c.status,
         c.start_date, c.end_date, p.community_id
    FROM campaigns c
    JOIN editions ed ON ed.id = c.edition_id
    JOIN entities en ON en.id = c.entity_id
    JOIN provinces p ON p.id = en.province_id`;

type SummaryRow = {
  id: number; campaign_number: number; text: string; entity_id: number; entity: string; status: CampaignStatus;
  start_date: Date | null; end_date: Date | null; community_id: string;
};

const toSummary = (r: SummaryRow): CampaignSummary => ({
  id: r.id,
  campaignNumber: r.campaign_number,
  text: r.text,
  entityId: r.entity_id,
  entity: r.entity,
  status: r.status,
  startDate: iso(r.start_date),
  endDate: iso(r.end_date),
  autonomousCommunity: r.community_id,
});

/** Campaigns of the given entities (null: all), oldest edition first, then by entity name. */
export async function listCampaigns(q: Queryable, entityIds: number[] | null, entityId?: number): Promise<CampaignSummary[]> {
  const rows = await q.query<SummaryRow>(
    `${SUMMARY_SELECT}
      WHERE ($1::int[] IS NULL OR c.entity_id = ANY($1::int[])) AND ($2::int IS NULL OR c.entity_id = $2)
      ORDER BY ed.campaign_number, en.name`,
    [entityIds, entityId ?? null],
  );
  return rows.map(toSummary);
}

export async function findCampaignSummary(q: Queryable, id: number): Promise<CampaignSummary | undefined> {
  const [row] = await q.query<SummaryRow>(`${SUMMARY_SELECT} WHERE c.id = $1`, [id]);
  return row && toSummary(row);
}

export interface CampaignRow {
  id: number;
  entityId: number;
  editionId: number;
  status: CampaignStatus;
  startDate: string | null;
  endDate: string | null;
}

/** The campaign's row; with lock, locked until the transaction ends so that saves and submits take turns. */
export async function findCampaign(q: Queryable, id: number, lock = false): Promise<CampaignRow | undefined> {
  const [row] = await q.query<{ id: number; entity_id: number; edition_id: number; status: CampaignStatus; start_date: Date | null; end_date: Date | null }>(
    `SELECT id, entity_id, edition_id, status, start_date, end_date FROM campaigns WHERE id = $1${lock ? ' FOR UPDATE' : ''}`,
    [id],
  );
  return row && { id: row.id, entityId: row.entity_id, editionId: row.edition_id, status: row.status, startDate: iso(row.start_date), endDate: iso(row.end_date) };
}

/** Entities with their campaigns, oldest first (the last is the newest); entityIds null means every entity. */
export async function listEntityCampaigns(q: Queryable, entityIds: number[] | null, options: { nameWithProvince: boolean; onlySent: boolean }): Promise<EntityCampaigns> {
  const rows = await q.query<{ entity_id: number; name: string; province: string; campaigns: { id: number; text: string; campaignNumber: number }[] }>(
    `SELECT en.id AS entity_id, en.name, p.name AS province,
            COALESCE((SELECT json_agg(json_build_object('id', c.id, 'text', ${CAMPAIGN_TEXT}, 'campaignNumber', ed.campaign_number) ORDER BY ed.campaign_number)
                        FROM campaigns c JOIN editions ed ON ed.id = c.edition_id
                       WHERE c.entity_id = en.id AND (NOT $2::boolean OR c.status = 'sent')), '[]'::json) AS campaigns
       FROM entities en JOIN provinces p ON p.id = en.province_id
      WHERE $1::int[] IS NULL OR en.id = ANY($1::int[])
      ORDER BY en.name`,
    [entityIds, options.onlySent],
  );
  return {
    entityCampaigns: rows.map((r) => ({ entityId: r.entity_id, text: options.nameWithProvince ? `${r.name} - (${r.province})` : r.name, campaigns: r.campaigns })),
  };
}

/** Every campaign with its entity, province and community, for the status page; currentEdition marks the edition new campaigns go to. */
export async function listCampaignStatus(q: Queryable): Promise<CampaignStatusRow[]> {
  const rows = await q.query<{
    id: number; campaign_number: number; entity_id: number; entity: string; province: string; province_id: string; community: string; community_id: string;
    status: CampaignStatus; start_date: Date | null; end_date: Date | null; current_edition: boolean;
  }>(
    `SELECT c.id, ed.campaign_number, en.id AS entity_id, en.name AS entity, p.name AS province, p.id AS province_id, ac.name AS community, ac.id AS community_id,
            c.status, c.start_date, c.end_date, ed.campaign_number = (SELECT max(campaign_number) FROM editions) AS current_edition
       FROM campaigns c
       JOIN editions ed ON ed.id = c.edition_id
       JOIN entities en ON en.id = c.entity_id
       JOIN provinces p ON p.id = en.province_id
       JOIN autonomous_communities ac ON ac.id = p.community_id
      ORDER BY en.name, ed.campaign_number`,
  );
  return rows.map((r) => ({
    campaignId: r.id, campaignNumber: r.campaign_number, entityId: r.entity_id, entity: r.entity, province: r.province, provinceId: r.province_id,
    autonomousCommunity: r.community, autonomousCommunityId: r.community_id, status: r.status, startDate: iso(r.start_date), endDate: iso(r.end_date),
    currentEdition: r.current_edition,
  }));
}
