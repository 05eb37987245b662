import { namedStatement, type Queryable } from '../client.js';
import { CAMPAIGN_ANSWERS_COLUMNS, campaignAnswersOf, type CampaignAnswers, type CampaignAnswersRow } from './questionnaires.js';
import { scoresVersionSql } from './resultQueries.js';
import type { Territory } from '../../reports/territories.js';

/**
 * The reads of the parts a report is assembled from (reports/reportParts.ts). Each part is read with its
 * version in one statement, so that the rows are exactly the state that version names (one snapshot).
 */

const TERRITORY_PART = namedStatement(
  'territory_part',
  `SELECT coalesce((SELECT tv.version::text FROM territory_versions tv WHERE tv.edition_id = $1 AND tv.territory = $2 AND tv.territory_id = $3), 'initial') AS version,
          (SELECT r.version::text FROM registered_entities_version r) AS registered_version,
          (SELECT te.registered FROM edition_territory_entities te WHERE te.edition_id = $1 AND te.territory = $2 AND te.territory_id = $3) AS registered,
          (SELECT json_agg(json_build_array(t.scope, t.category_id, t.participants, t.percentage_sum, t.value_sum))
             FROM territory_scores t WHERE t.edition_id = $1 AND t.territory = $2 AND t.territory_id = $3) AS sums,
          (SELECT json_agg(json_build_array(h.scope, h.category_id, h.shown_percentage, h.participants))
             FROM territory_score_counts h WHERE h.edition_id = $1 AND h.territory = $2 AND h.territory_id = $3) AS counts`,
);

/** One territory of one edition as read: its version, the registered entities (and their version), sums and rank counts. */
export interface TerritoryPartRows {
  version: string;
  registeredVersion: string;
  registered: number;
  /** [scope, category, participants, percentage sum, value sum] */
  sums: [string, number, number, number, number][];
  /** [scope, category, shown percentage (tenths), participants] of the global and axis groups. */
  counts: [string, number, number, number][];
}

export async function readTerritoryPart(q: Queryable, editionId: number, territory: Territory, territoryId: string): Promise<TerritoryPartRows> {
  type Row = {
    version: string;
    registered_version: string;
    registered: number | null;
    sums: TerritoryPartRows['sums'] | null;
    counts: TerritoryPartRows['counts'] | null;
  };
  const [row] = await q.query<Row>(TERRITORY_PART, [editionId, territory, territoryId]);
  return { version: row.version, registeredVersion: row.registered_version, registered: row.registered ?? 0, sums: row.sums ?? [], counts: row.counts ?? [] };
}

const CAMPAIGN_PART = namedStatement(
  'campaign_part',
  `SELECT ${scoresVersionSql('$1')} AS version,
          (SELECT json_agg(json_build_array(cs.scope, cs.category_id, cs.percentage, cs.value, shown_percentage(cs.percentage)))
             FROM campaign_scores cs WHERE cs.campaign_id = $1) AS own,
          ${CAMPAIGN_ANSWERS_COLUMNS('$1')}`,
);

const CAMPAIGN_SCORES = namedStatement(
  'campaign_scores_part',
  `SELECT ${scoresVersionSql('$1')} AS version,
          (SELECT json_agg(json_build_array(cs.scope, cs.category_id, cs.percentage, cs.value, shown_percentage(cs.percentage)))
             FROM campaign_scores cs WHERE cs.campaign_id = $1) AS own`,
);

/** A campaign's own scores as read, without its answers: its scores' version and scores, as in CampaignPartRows. */
export async function readCampaignScores(q: Queryable, campaignId: number): Promise<Pick<CampaignPartRows, 'version' | 'own'>> {
  const [row] = await q.query<{ version: string; own: CampaignPartRows['own'] | null }>(CAMPAIGN_SCORES, [campaignId]);
  return { version: row.version, own: row.own ?? [] };
}

/** A campaign's own part as read: its scores' version, its scores [scope, category, percentage, value, shown percentage], answers and notes. */
export interface CampaignPartRows extends CampaignAnswers {
  version: string;
  own: [string, number, number, number, number][];
}

export async function readCampaignPart(q: Queryable, campaignId: number): Promise<CampaignPartRows> {
  type Row = { version: string; own: CampaignPartRows['own'] | null } & CampaignAnswersRow;
  const [row] = await q.query<Row>(CAMPAIGN_PART, [campaignId]);
  return { version: row.version, own: row.own ?? [], ...campaignAnswersOf(row) };
}

/** One edition's territories with participants, as ReportParts.warm reads them ahead. */
export interface WarmableEdition {
  editionId: number;
  territories: { territory: Territory; territoryId: string }[];
}

/** The newest editions (at most `editions`) with sent campaigns, newest first, each with its territories that have participants. */
export async function warmableEditions(q: Queryable, editions: number): Promise<WarmableEdition[]> {
  const ids = await q.query<{ id: number }>(
    `SELECT e.id FROM editions e WHERE EXISTS (SELECT 1 FROM campaigns c WHERE c.edition_id = e.id AND c.status = 'sent')
      ORDER BY e.campaign_number DESC LIMIT $1`,
    [editions],
  );
  const found: WarmableEdition[] = [];
  for (const { id } of ids) {
    const territories = await q.query<{ territory: Territory; territory_id: string }>(
      'SELECT DISTINCT territory, territory_id FROM territory_scores WHERE edition_id = $1 ORDER BY territory, territory_id',
      [id],
    );
    found.push({ editionId: id, territories: territories.map((t) => ({ territory: t.territory, territoryId: t.territory_id })) });
  }
  return found;
}

/** An edition's sent campaigns, in id order. */
export async function sentCampaignIds(q: Queryable, editionId: number): Promise<number[]> {
  const rows = await q.query<{ id: number }>("SELECT id FROM campaigns WHERE edition_id = $1 AND status = 'sent' ORDER BY id", [editionId]);
  return rows.map((r) => r.id);
}
