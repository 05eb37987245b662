import { Type, type Static } from 'typebox';
import { apiCall, CalendarDate, Id, Name, NoQuery, Strict } from './schema.js';
import { CampaignIdQuery, CampaignStateResponse } from './campaigns.js';
import { REASON_MAX_LENGTH } from '../constants.js';

/** Deadlines of an edition, per-entity extensions and reopened campaigns, shared by the routes, the sagas and the screens. */

const NullableCalendarDate = Type.Union([CalendarDate, Type.Null()]);

const Reason = Name(REASON_MAX_LENGTH);

/** The data of the 409 refusing a save or a submit outside the entity's dates. */
export const EDITION_CLOSED = 'EDITION_CLOSED';
export const EDITION_NOT_OPEN = 'EDITION_NOT_OPEN';
/** The data of the 422 refusing a closing date before the opening date. */
export const CLOSING_BEFORE_OPENING = 'CLOSING_BEFORE_OPENING';

export const DeadlineState = Type.Enum(['open', 'notOpen', 'closed']);
export type DeadlineState = Static<typeof DeadlineState>;

/**
 * The dates that apply to one campaign (its edition's, its entity's extension if later): whether it can be
 * answered now, and the calendar days left (today included; null without a closing date).
 */
export const CampaignDeadline = Type.Object({
  opensOn: NullableCalendarDate,
  closesOn: NullableCalendarDate,
  extended: Type.Boolean(),
  state: DeadlineState,
  daysLeft: Type.Union([Type.Integer(), Type.Null()]),
});
export type CampaignDeadline = Static<typeof CampaignDeadline>;

/** An entity of the current edition that has not sent its campaign after its closing date ('Retrasada'). */
const LateEntity = Type.Object({
  entityId: Type.Integer(),
  entity: Type.String(),
  status: Type.Enum(['created', 'draft', 'none']),
  closesOn: CalendarDate,
});

/** GET campaigns/deadline: the current edition's dates, days left, extensions and late entities. */
export const EditionDeadline = Type.Object({
  /** The edition these dates are of (the one asked for, or the current one). */
  editionId: Type.Integer(),
  campaignNumber: Type.Integer(),
  opensOn: NullableCalendarDate,
  closesOn: NullableCalendarDate,
  state: DeadlineState,
  daysLeft: Type.Union([Type.Integer(), Type.Null()]),
  extensions: Type.Array(Type.Object({ entityId: Type.Integer(), closesOn: CalendarDate })),
  late: Type.Array(LateEntity),
});
export type EditionDeadline = Static<typeof EditionDeadline>;

export const SetDeadlineRequest = Strict({
  edition: Type.Integer({ minimum: 1, maximum: 9999 }),
  opensOn: NullableCalendarDate,
  closesOn: NullableCalendarDate,
});
export type SetDeadlineRequest = Static<typeof SetDeadlineRequest>;

/** The edition a status-page call is about; without it, the current (newest) edition. 422 for one that does not exist. */
export const EditionChoice = { editionId: Type.Optional(Id) };
export const EditionQuery = Strict(EditionChoice);
export type EditionQuery = Static<typeof EditionQuery>;

export const ExtendDeadlineRequest = Strict({ entityId: Id, closesOn: CalendarDate, reason: Reason, ...EditionChoice });
export type ExtendDeadlineRequest = Static<typeof ExtendDeadlineRequest>;

export const ReopenRequest = Strict({ id: Id, reason: Reason });
export type ReopenRequest = Static<typeof ReopenRequest>;

/** One reopening of a campaign: when, by whom (null for a shared link's reader) and why. */
export const Reopening = Type.Object({ at: Type.String({ format: 'date-time' }), actorEmail: Type.Union([Type.String(), Type.Null()]), reason: Type.String() });
export type Reopening = Static<typeof Reopening>;

/** GET campaigns/reopenings: the history, and for a shared link whether it was made before the last reopening. */
export const Reopenings = Type.Object({ reopenings: Type.Array(Reopening), linkBeforeReopening: Type.Boolean() });
export type Reopenings = Static<typeof Reopenings>;

/** The deadline, extension and reopening calls under /api/secure/v1. */
export const campaignCycleCalls = {
  deadline: apiCall({
    method: 'GET',
    url: '/campaigns/deadline',
    access: 'user',
    querystring: EditionQuery,
    response: EditionDeadline,
    summary: "ADMIN, FEC: an edition's dates, days left, extensions and late entities (the current edition unless editionId names one)",
  }),
  campaignDeadline: apiCall({
    method: 'GET',
    url: '/campaigns/campaignDeadline',
    access: 'user',
    querystring: CampaignIdQuery,
    response: CampaignDeadline,
    summary: "The dates that apply to a campaign (its entity's extension included) and whether it can be answered now",
  }),
  setDeadline: apiCall({
    method: 'POST',
    url: '/campaigns/setDeadline',
    access: 'user',
    querystring: NoQuery,
    body: SetDeadlineRequest,
    response: EditionDeadline,
    summary: "ADMIN: sets an edition's opening and closing dates (null: no limit; 422 CLOSING_BEFORE_OPENING)",
  }),
  extendDeadline: apiCall({
    method: 'POST',
    url: '/campaigns/extendDeadline',
    access: 'user',
    querystring: NoQuery,
    body: ExtendDeadlineRequest,
    response: EditionDeadline,
    summary: 'ADMIN: a later closing date for one entity in an edition (the current one unless editionId names one), with a reason',
  }),
  reopen: apiCall({
    method: 'POST',
    url: '/campaigns/reopen',
    access: 'user',
    querystring: NoQuery,
    body: ReopenRequest,
    response: CampaignStateResponse,
    summary: 'ADMIN: a sent campaign back to draft with its answers, out of the territorial figures until sent again (409 when not sent)',
  }),
  reopenings: apiCall({
    method: 'GET',
    url: '/campaigns/reopenings',
    access: 'userOrShare',
    querystring: CampaignIdQuery,
    response: Reopenings,
    summary: "A campaign's reopenings, oldest first (a shared link: without who, and whether the link predates the last one)",
  }),
};
