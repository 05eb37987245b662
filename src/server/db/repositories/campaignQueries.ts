import { namedStatement, type Queryable } from '../client.js';
import type {
  AnswerVersion,
  CampaignStateResponse,
  CampaignStatus,
  CampaignStatusRow,
  CampaignSummary,
  EntityCampaigns,
  ReviewMark,
  ReviewStatus,
} from '../../../shared/api/campaigns.js';
import type { CurrentUser } from '../../../shared/api/auth.js';
import type { SessionKey } from '../../services/auth/tokenKinds.js';
import { AWAITING_DECISION_SQL } from './objections.js';
import { CAMPAIGN_DATES, EFFECTIVE_CLOSING_SQL, toCampaignDates, type CampaignDatesColumns, type CampaignDatesRow } from './deadlines.js';
import { readSessionUserAnd, sessionUserAnd } from './sessions.js';
import { PREFILL_FROM_SQL } from './prefill.js';
import { ENTITY_PLACE_COLUMNS, ENTITY_PLACE_JOINS, entityPlaceOf, type EntityPlaceRow } from './entityPlace.js';
import { FLAGGED_QUESTIONS_SQL, REVIEW_MARKS_JSON, reviewMarksMap, type ReviewMarksJson } from './review.js';
import { CAMPAIGN_ANSWERS_COLUMNS, campaignAnswersOf, CATALOGUE_VERSION_SQL, type CampaignAnswers, type CampaignAnswersRow } from './questionnaires.js';
import { ANSWER_VERSIONS_JSON, answerVersionsMap, type AnswerVersionsJson } from './answerHistory.js';

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** Campaign lists name a campaign by its edition: "Campaña 2026". */
export const CAMPAIGN_TEXT = "'Campaña ' || ed.campaign_number";

/** A campaign summary's tables: the campaign aliased c, its edition ed, its entity en and province p, its entity's extension x. */
const SUMMARY_FROM = `campaigns c
    JOIN editions ed ON ed.id = c.edition_id
    JOIN entities en ON en.id = c.entity_id
    JOIN provinces p ON p.id = en.province_id
    LEFT JOIN deadline_extensions x ON x.entity_id = c.entity_id AND x.edition_id = c.edition_id`;
/** The latest reopening of a campaign not sent again, as JSON ({ at, reason }); null otherwise. */
const REOPENING_JSON = `CASE WHEN c.status <> 'sent' THEN (SELECT json_build_object('at', r.at, 'reason', r.reason) FROM campaign_reopenings r
    WHERE r.campaign_id = c.id ORDER BY r.at DESC, r.id DESC LIMIT 1) END`;
/** The review status of the campaign aliased c as the API says it: `none` while it is not sent (migration 019). */
export const REVIEW_STATUS_SQL = "CASE WHEN c.status = 'sent' THEN c.review_status ELSE 'none' END";
/** When the campaign aliased c was validated; null unless it is sent and validated. */
export const VALIDATED_AT_SQL = `CASE WHEN ${REVIEW_STATUS_SQL} = 'validated' THEN c.validated_at END`;
/** A summary's columns but the campaign's id. */
const SUMMARY_COLUMNS = `ed.campaign_number, ${CAMPAIGN_TEXT} AS text, c.entity_id, en.name AS entity, c.status, c.start_date, c.end_date,
    ${EFFECTIVE_CLOSING_SQL} AS deadline, ${REOPENING_JSON} AS reopening, p.community_id, ${REVIEW_STATUS_SQL} AS review_status`;
const SUMMARY_SELECT = `SELECT c.id, ${SUMMARY_COLUMNS} FROM ${SUMMARY_FROM}`;

type SummaryRow = {
  id: number;
  campaign_number: number;
  text: string;
  entity_id: number;
  entity: string;
  status: CampaignStatus;
  start_date: Date | null;
  end_date: Date | null;
  deadline: string | null;
  reopening: { at: string; reason: string } | null;
  community_id: string;
  review_status: ReviewStatus;
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
  deadline: r.deadline,
  reopening: r.reopening && { at: new Date(r.reopening.at).toISOString(), reason: r.reopening.reason },
  autonomousCommunity: r.community_id,
  reviewStatus: r.review_status,
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

/** A campaign to show with its questionnaire (campaigns/get): its summary, edition, the catalogue version, its answers and notes. */
export interface CampaignToRead extends CampaignAnswers {
  summary: CampaignSummary;
  /** The year campaigns/prefill would copy from, while the campaign is not sent; else null. */
  prefillFrom: number | null;
  /** The reviewer's message while corrections are asked, and when it was validated while it is (else null). */
  reviewMessage: string | null;
  validatedAt: string | null;
  /** A sent campaign's last day to object once its edition's provisional results are published; else null. */
  objectionsUntil: string | null;
  /** The reviewers' marks, by sub-indicator (the route decides who reads them). */
  marks: Map<number, ReviewMark>;
  /** Each answer's version and latest change, by sub-indicator (those never changed absent: NO_VERSION). */
  versions: Map<number, AnswerVersion>;
  editionId: number;
  /** What its edition's cached questionnaire is checked against (QuestionnaireCache). */
  catalogueVersion: string;
}

const TO_READ_COLUMNS = `c.id AS campaign_id, ${SUMMARY_COLUMNS}, c.edition_id, ${CATALOGUE_VERSION_SQL} AS catalogue_version,
       ${CAMPAIGN_ANSWERS_COLUMNS('c.id')}, CASE WHEN c.status <> 'sent' THEN ${PREFILL_FROM_SQL} END AS prefill_from,
       CASE WHEN ${REVIEW_STATUS_SQL} = 'changesRequested' THEN c.review_message END AS review_message,
       ${VALIDATED_AT_SQL} AS validated_at, ${REVIEW_MARKS_JSON('c.id')} AS marks, ${ANSWER_VERSIONS_JSON('c.id')} AS versions,
       CASE WHEN c.status = 'sent' THEN ed.objections_until::text END AS objections_until`;
type ToReadRow = Omit<SummaryRow, 'id'> & {
  campaign_id: number;
  edition_id: number;
  catalogue_version: string;
  prefill_from: number | null;
  review_message: string | null;
  validated_at: Date | null;
  marks: ReviewMarksJson;
  versions: AnswerVersionsJson;
  objections_until: string | null;
} & CampaignAnswersRow;

const toCampaignToRead = ({
  campaign_id: id,
  edition_id,
  catalogue_version,
  answers,
  notes,
  prefill_from,
  review_message,
  validated_at,
  marks,
  versions,
  objections_until,
  ...summary
}: ToReadRow): CampaignToRead => ({
  summary: toSummary({ id, ...summary }),
  prefillFrom: prefill_from,
  reviewMessage: review_message,
  validatedAt: iso(validated_at),
  objectionsUntil: objections_until,
  marks: reviewMarksMap(marks),
  versions: answerVersionsMap(versions),
  editionId: edition_id,
  catalogueVersion: catalogue_version,
  ...campaignAnswersOf({ answers, notes }),
});

const CAMPAIGN_TO_READ = namedStatement('campaign_to_read', `SELECT ${TO_READ_COLUMNS} FROM ${SUMMARY_FROM} WHERE c.id = $1`);

/** A campaign with what showing its questionnaire needs, in one statement; undefined when there is none. */
export async function findCampaignToRead(q: Queryable, id: number): Promise<CampaignToRead | undefined> {
  const [row] = await q.query<ToReadRow>(CAMPAIGN_TO_READ, [id]);
  return row && toCampaignToRead(row);
}

// The session check and the campaign to read in one statement: loading a questionnaire is then one round trip.
const SESSION_USER_AND_CAMPAIGN_TO_READ = sessionUserAnd('session_user_and_campaign_to_read', `SELECT ${TO_READ_COLUMNS} FROM ${SUMMARY_FROM} WHERE c.id = $3`);

/**
 * findCampaignToRead with the access token's session checked in the same statement (sessionCheckedByRoute):
 * user undefined when the session is revoked or gone, read undefined when there is no such campaign.
 */
export async function findSessionUserAndCampaignToRead(
  q: Queryable,
  session: SessionKey,
  id: number,
): Promise<{ user: CurrentUser | undefined; read: CampaignToRead | undefined }> {
  const { user, read } = await readSessionUserAnd<ToReadRow>(q, SESSION_USER_AND_CAMPAIGN_TO_READ, session, [id], 'campaign_id');
  return { user, read: read && toCampaignToRead(read) };
}

export interface CampaignRow {
  id: number;
  entityId: number;
  editionId: number;
  status: CampaignStatus;
  reviewStatus: ReviewStatus;
  startDate: string | null;
  endDate: string | null;
}

const CAMPAIGN_COLUMNS = ['id', 'entity_id', 'edition_id', 'status', 'review_status', 'start_date', 'end_date'];
const CAMPAIGN_ROW = CAMPAIGN_COLUMNS.map((column) => `c.${column}`).join(', ');
export type CampaignRowRead = {
  id: number;
  entity_id: number;
  edition_id: number;
  status: CampaignStatus;
  /** The stored column (read only while sent: toCampaignRow). */
  review_status: Exclude<ReviewStatus, 'none'>;
  start_date: Date | null;
  end_date: Date | null;
};

/** A campaign's row as read with its columns (CAMPAIGN_ROW or RETURNING them). */
export const toCampaignRow = (row: CampaignRowRead): CampaignRow => ({
  id: row.id,
  entityId: row.entity_id,
  editionId: row.edition_id,
  status: row.status,
  reviewStatus: row.status === 'sent' ? row.review_status : 'none',
  startDate: iso(row.start_date),
  endDate: iso(row.end_date),
});

/** What the calls that change a campaign's state answer (CampaignStateResponse), from its row as now. */
export const stateOf = (c: CampaignRow): CampaignStateResponse => ({
  success: true,
  campaign: { id: c.id, status: c.status, reviewStatus: c.reviewStatus, startDate: c.startDate, endDate: c.endDate },
});

/** The columns of CampaignRow, for a statement that writes a campaign and answers its row (RETURNING). */
export const RETURNING_CAMPAIGN_ROW = `RETURNING ${CAMPAIGN_COLUMNS.join(', ')}`;

/** The campaign's row; with lock, locked until the transaction ends so that saves and submits take turns. */
export async function findCampaign(q: Queryable, id: number, lock = false): Promise<CampaignRow | undefined> {
  const [row] = await q.query<CampaignRowRead>(`SELECT ${CAMPAIGN_ROW} FROM campaigns c WHERE c.id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return row && toCampaignRow(row);
}

/** The edition of a campaign (undefined when there is none). */
export async function findCampaignEdition(q: Queryable, id: number): Promise<number | undefined> {
  const [row] = await q.query<{ edition_id: number }>('SELECT edition_id FROM campaigns WHERE id = $1', [id]);
  return row?.edition_id;
}

/** A campaign about to be answered or submitted (findCampaignToAnswer). */
export interface CampaignToAnswer {
  campaign: CampaignRow;
  /** Its edition's dates and its entity's extension: whether it may still change (cycle.ts). */
  dates: CampaignDatesRow;
  /** What its edition's cached questionnaire is checked against (QuestionnaireCache). */
  catalogueVersion: string;
  /** While corrections are asked, the sub-indicators a reviewer marked `fix`: the only ones the entity may change. */
  flagged: number[];
  /** Whether its edition's results are final (migration 022): then nothing of it changes. */
  editionFinal: boolean;
}

/** The columns of CampaignToAnswer, of the campaign aliased c and the tables CAMPAIGN_DATES joins to it. */
const TO_ANSWER_COLUMNS = `c.id AS campaign_id, c.entity_id, c.edition_id, c.status, c.review_status, c.start_date, c.end_date, ${CAMPAIGN_DATES.columns},
       ${CATALOGUE_VERSION_SQL} AS catalogue_version, ${FLAGGED_QUESTIONS_SQL('c')} AS flagged, ed.final_published_at IS NOT NULL AS edition_final`;
type ToAnswerRow = Omit<CampaignRowRead, 'id'> &
  CampaignDatesColumns & { campaign_id: number; catalogue_version: string; flagged: number[] | null; edition_final: boolean };

const toCampaignToAnswer = ({
  campaign_id: id,
  opens_on,
  closes_on,
  extended_to,
  catalogue_version,
  flagged,
  edition_final,
  ...row
}: ToAnswerRow): CampaignToAnswer => ({
  campaign: toCampaignRow({ id, ...row }),
  dates: toCampaignDates({ opens_on, closes_on, extended_to }),
  catalogueVersion: catalogue_version,
  flagged: flagged ?? [],
  editionFinal: edition_final,
});

const CAMPAIGN_TO_ANSWER = namedStatement('campaign_to_answer', `SELECT ${TO_ANSWER_COLUMNS} FROM ${CAMPAIGN_DATES.from} WHERE c.id = $1 FOR UPDATE OF c`);

/**
 * The campaign locked until the transaction ends (saves and submits take turns), with its dates and the catalogue
 * version, in one statement: the calls of the weeks campaigns are being sent take one round trip for all three.
 * Only the campaign's row is locked; the rest is read as of the statement's start, like any read before the lock.
 */
export async function findCampaignToAnswer(q: Queryable, id: number): Promise<CampaignToAnswer | undefined> {
  const [row] = await q.query<ToAnswerRow>(CAMPAIGN_TO_ANSWER, [id]);
  return row && toCampaignToAnswer(row);
}

// The session check and the campaign to answer in one statement: a save is then this, the write and COMMIT.
const SESSION_USER_AND_CAMPAIGN_TO_ANSWER = sessionUserAnd(
  'session_user_and_campaign_to_answer',
  `SELECT ${TO_ANSWER_COLUMNS} FROM ${CAMPAIGN_DATES.from} WHERE c.id = $3 FOR UPDATE OF c`,
);

/**
 * findCampaignToAnswer with the access token's session checked in the same statement (sessionCheckedByRoute):
 * user undefined when the session is revoked or gone, read undefined when there is no such campaign.
 */
export async function findSessionUserAndCampaignToAnswer(
  q: Queryable,
  session: SessionKey,
  id: number,
): Promise<{ user: CurrentUser | undefined; read: CampaignToAnswer | undefined }> {
  const { user, read } = await readSessionUserAnd<ToAnswerRow>(q, SESSION_USER_AND_CAMPAIGN_TO_ANSWER, session, [id], 'campaign_id');
  return { user, read: read && toCampaignToAnswer(read) };
}

/** Entities with their campaigns, oldest first (the last is the newest); entityIds null means every entity. */
export async function listEntityCampaigns(
  q: Queryable,
  entityIds: number[] | null,
  options: { nameWithProvince: boolean; onlySent: boolean },
): Promise<EntityCampaigns> {
  const rows = await q.query<{
    entity_id: number;
    name: string;
    province: string;
    archived: boolean;
    campaigns: { id: number; text: string; campaignNumber: number }[];
  }>(
    `SELECT en.id AS entity_id, en.name, p.name AS province, en.archived_at IS NOT NULL AS archived,
            COALESCE((SELECT json_agg(json_build_object('id', c.id, 'text', ${CAMPAIGN_TEXT}, 'campaignNumber', ed.campaign_number) ORDER BY ed.campaign_number)
                        FROM campaigns c JOIN editions ed ON ed.id = c.edition_id
                       WHERE c.entity_id = en.id AND (NOT $2::boolean OR c.status = 'sent')), '[]'::json) AS campaigns
       FROM entities en JOIN provinces p ON p.id = en.province_id
      WHERE $1::int[] IS NULL OR en.id = ANY($1::int[])
      ORDER BY en.name`,
    [entityIds, options.onlySent],
  );
  return {
    entityCampaigns: rows.map((r) => ({
      entityId: r.entity_id,
      text: options.nameWithProvince ? `${r.name} - (${r.province})` : r.name,
      archived: r.archived,
      campaigns: r.campaigns,
    })),
  };
}

/**
 * Every campaign with its entity, province and community, for the status page; currentEdition marks the edition new
 * campaigns go to, openObjections how many of its objections await a decision.
 */
export async function listCampaignStatus(q: Queryable): Promise<CampaignStatusRow[]> {
  const rows = await q.query<
    EntityPlaceRow & {
      id: number;
      campaign_number: number;
      status: CampaignStatus;
      review_status: ReviewStatus;
      start_date: Date | null;
      end_date: Date | null;
      current_edition: boolean;
      edition_id: number;
      deadline: string | null;
      open_objections: number;
    }
  >(
    `SELECT c.id, ed.campaign_number, ed.id AS edition_id, ${EFFECTIVE_CLOSING_SQL} AS deadline, ${ENTITY_PLACE_COLUMNS},
            c.status, ${REVIEW_STATUS_SQL} AS review_status, c.start_date, c.end_date,
            (SELECT count(*)::int FROM objections o WHERE o.campaign_id = c.id AND ${AWAITING_DECISION_SQL}) AS open_objections,
            ed.campaign_number = (SELECT max(campaign_number) FROM editions) AS current_edition
       FROM campaigns c
       JOIN editions ed ON ed.id = c.edition_id
       LEFT JOIN deadline_extensions x ON x.entity_id = c.entity_id AND x.edition_id = c.edition_id
       ${ENTITY_PLACE_JOINS}
      ORDER BY en.name, ed.campaign_number`,
  );
  return rows.map((r) => ({
    campaignId: r.id,
    campaignNumber: r.campaign_number,
    editionId: r.edition_id,
    ...entityPlaceOf(r),
    status: r.status,
    reviewStatus: r.review_status,
    startDate: iso(r.start_date),
    endDate: iso(r.end_date),
    deadline: r.deadline,
    currentEdition: r.current_edition,
    openObjections: r.open_objections,
  }));
}
