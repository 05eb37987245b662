import { Type, type Static } from 'typebox';
import { REVIEW_TEXT_MAX_LENGTH } from '../constants.js';
import { CampaignEntityPlace, CampaignStateResponse, CampaignIdBody, ReviewMark, ReviewStatus, ReviewVerdict } from './campaigns.js';
import { apiCall, Id, NoQuery, Paragraph, Strict } from './schema.js';

/** The review of sent campaigns (docs/api.md, "Review"), shared by the routes, the sagas and the screens. ADMIN and FEC. */

/** The 409 of a change to an answer a reviewer did not mark `fix`, while corrections are asked. */
export const NOT_FLAGGED = 'NOT_FLAGGED';
/** The 409 of a review call the campaign's review status does not allow (data: { code, reviewStatus }). */
export const REVIEW_STATE = 'REVIEW_STATE';
/** The 409 of asking for corrections with no answer marked `fix`. */
export const NOTHING_FLAGGED = 'NOTHING_FLAGGED';
/** The 409 of validating while answers are marked `fix` (data: { code, questions }). */
export const ANSWERS_TO_FIX = 'ANSWERS_TO_FIX';

const ReviewText = Paragraph(REVIEW_TEXT_MAX_LENGTH);

/** POST campaigns/review/mark: the comment is required with `fix` (what to correct) and optional with `ok`. */
export const MarkRequest = Strict({
  id: Id,
  question: Id,
  verdict: ReviewVerdict,
  comment: Type.Optional(Type.Union([ReviewText, Type.Null()])),
});
export type MarkRequest = Static<typeof MarkRequest>;

/** POST campaigns/review/requestChanges: the message the entity reads with the marked answers. */
export const RequestChangesRequest = Strict({ id: Id, message: ReviewText });
export type RequestChangesRequest = Static<typeof RequestChangesRequest>;

const TerritoryCode = Type.String({ pattern: '^[0-9]{2}$', maxLength: 2 });

/** The rows of one page of the review queue. */
export const REVIEW_PAGE_SIZE = 50;

/** GET campaigns/review/queue: the sent campaigns of one edition (the current one unless named), narrowed at will, a page at a time (the first unless named). */
export const ReviewQueueQuery = Strict({
  editionId: Type.Optional(Id),
  communityId: Type.Optional(TerritoryCode),
  provinceId: Type.Optional(TerritoryCode),
  reviewStatus: Type.Optional(Type.Enum(['pending', 'changesRequested', 'validated'])),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
});
export type ReviewQueueQuery = Static<typeof ReviewQueueQuery>;

export const ReviewQueueRow = Type.Object({
  campaignId: Type.Integer(),
  campaignNumber: Type.Integer(),
  ...CampaignEntityPlace,
  reviewStatus: ReviewStatus,
  /** When it was sent (last sent, after corrections). */
  sentAt: Type.String({ format: 'date-time' }),
  /** How many answers the reviewers marked so far, by verdict. */
  marked: Type.Object({ ok: Type.Integer({ minimum: 0 }), fix: Type.Integer({ minimum: 0 }) }),
});
export type ReviewQueueRow = Static<typeof ReviewQueueRow>;

const Place = Type.Object({ id: Type.String(), name: Type.String() });

/**
 * One page of the queue, oldest sending first; `total` rows match the whole narrowing. The counts by review status
 * are those of the edition and territory asked (whatever the status asked), and `territories` the communities and
 * provinces where the edition has sent campaigns (what the filters offer), by name.
 */
export const ReviewQueue = Type.Object({
  editionId: Type.Integer(),
  campaignNumber: Type.Integer(),
  counts: Type.Object({ pending: Type.Integer(), changesRequested: Type.Integer(), validated: Type.Integer() }),
  page: Type.Integer({ minimum: 1 }),
  pageSize: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0 }),
  campaigns: Type.Array(ReviewQueueRow),
  territories: Type.Object({
    communities: Type.Array(Place),
    provinces: Type.Array(Type.Object({ ...Place.properties, communityId: Type.String() })),
  }),
});
export type ReviewQueue = Static<typeof ReviewQueue>;

export const reviewCalls = {
  queue: apiCall({
    method: 'GET',
    url: '/campaigns/review/queue',
    access: 'user',
    querystring: ReviewQueueQuery,
    response: ReviewQueue,
    summary:
      "ADMIN, FEC: an edition's sent campaigns and where their review stands, oldest sending first, 50 a page, with the counts by review status and the territories to narrow by",
  }),
  mark: apiCall({
    method: 'POST',
    url: '/campaigns/review/mark',
    access: 'user',
    querystring: NoQuery,
    body: MarkRequest,
    response: ReviewMark,
    summary:
      'ADMIN, FEC: marks one answer of a campaign awaiting review `ok` or `fix` (a `fix` needs its comment); 409 REVIEW_STATE when it is not awaiting review',
  }),
  requestChanges: apiCall({
    method: 'POST',
    url: '/campaigns/review/requestChanges',
    access: 'user',
    querystring: NoQuery,
    body: RequestChangesRequest,
    response: CampaignStateResponse,
    summary:
      'ADMIN, FEC: sends a campaign awaiting review back to its entity, with a message, for the answers marked `fix` (409 NOTHING_FLAGGED without one); its scores stay counted until it is sent again',
  }),
  validate: apiCall({
    method: 'POST',
    url: '/campaigns/review/validate',
    access: 'user',
    querystring: NoQuery,
    body: CampaignIdBody,
    response: CampaignStateResponse,
    summary: 'ADMIN, FEC: validates a campaign awaiting review (409 with data { code: ANSWERS_TO_FIX, questions } while an answer is marked `fix`)',
  }),
};
