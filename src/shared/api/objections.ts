import { Type, type Static } from 'typebox';
import { REVIEW_TEXT_MAX_LENGTH } from '../constants.js';
import { apiCall, CalendarDate, Id, NoQuery, Paragraph, Strict } from './schema.js';

/**
 * Objections to provisional results (docs/api.md, "Objections"): ADMIN publishes an edition's provisional results
 * with a last day to object; until then the entity's members object to an answer's review; a reviewer (ADMIN,
 * FEC) accepts (the answer goes back to the entity to correct) or refuses, with a reason the entity reads.
 */

/** The 409 of an objection outside the period (data: { code, objectionsUntil }, null before publication). */
export const OBJECTIONS_CLOSED = 'OBJECTIONS_CLOSED';
/** The 409 of a second objection to an answer while the first is open. */
export const OBJECTION_OPEN = 'OBJECTION_OPEN';
/** The 409 of resolving an objection already resolved. */
export const OBJECTION_RESOLVED = 'OBJECTION_RESOLVED';
/** The 409 of every call that would change an edition whose results are published as final (data: { code }). */
export const EDITION_FINAL = 'EDITION_FINAL';
/** The 409 of publishing final results while something is still open (data: FinalBlockedData). */
export const FINAL_BLOCKED = 'FINAL_BLOCKED';

const ObjectionText = Paragraph(REVIEW_TEXT_MAX_LENGTH);
const Year = Type.Integer({ minimum: 1, maximum: 9999 });

/** POST editions/publishProvisional: entities may object until that day (Madrid's calendar), today or later. */
export const PublishProvisionalRequest = Strict({ campaignNumber: Year, objectionsUntil: CalendarDate });
export type PublishProvisionalRequest = Static<typeof PublishProvisionalRequest>;

/** Where an edition's publication stands. */
export const EditionPublication = Type.Object({
  campaignNumber: Type.Integer(),
  provisionalPublishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  objectionsUntil: Type.Union([CalendarDate, Type.Null()]),
  openObjections: Type.Integer({ minimum: 0 }),
  /** When its results were published as final (scoring.md, "Final results"): from then on nothing of the edition changes. */
  finalPublishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type EditionPublication = Static<typeof EditionPublication>;

/** POST editions/publishFinal: freezes the edition's results (ADMIN). */
export const PublishFinalRequest = Strict({ campaignNumber: Year });
export type PublishFinalRequest = Static<typeof PublishFinalRequest>;

/** A campaign named in a refusal, with its entity. */
const BlockingCampaign = { campaignId: Type.Integer(), entityId: Type.Integer(), entityName: Type.String() };

/**
 * Why final results cannot be published yet: the provisional results not published, the period to object not over
 * (today is no later than objectionsUntil), sent campaigns not validated (awaiting review or back with their
 * entity for corrections), objections awaiting a decision. Each list in full, oldest first.
 */
export const FinalBlockedData = Type.Object({
  code: Type.Literal(FINAL_BLOCKED),
  provisionalPublished: Type.Boolean(),
  objectionsUntil: Type.Union([CalendarDate, Type.Null()]),
  objectionsPeriodOpen: Type.Boolean(),
  notValidated: Type.Array(Type.Object({ ...BlockingCampaign, reviewStatus: Type.Enum(['pending', 'changesRequested'] as const) })),
  openObjections: Type.Array(Type.Object({ ...BlockingCampaign, objectionId: Type.Integer() })),
});
export type FinalBlockedData = Static<typeof FinalBlockedData>;

/** POST campaigns/objection: the entity's objection to one answer's review. */
export const ObjectionRequest = Strict({ id: Id, question: Id, text: ObjectionText });
export type ObjectionRequest = Static<typeof ObjectionRequest>;

export const OBJECTION_STATUSES = ['open', 'accepted', 'refused'] as const;
export type ObjectionStatus = (typeof OBJECTION_STATUSES)[number];

export const Objection = Type.Object({
  id: Type.Integer(),
  campaignId: Type.Integer(),
  question: Type.Integer(),
  text: Type.String(),
  author: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  status: Type.Enum(OBJECTION_STATUSES),
  /** The reviewer's reason, once resolved. */
  reason: Type.Union([Type.String(), Type.Null()]),
  resolvedBy: Type.Union([Type.String(), Type.Null()]),
  resolvedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});
export type Objection = Static<typeof Objection>;

/** POST campaigns/objection/resolve: accepted (the answer goes back to the entity) or refused, with the reason the entity reads. */
export const ResolveObjectionRequest = Strict({ objectionId: Id, accepted: Type.Boolean(), reason: ObjectionText });
export type ResolveObjectionRequest = Static<typeof ResolveObjectionRequest>;

export const ObjectionsQuery = Strict({ id: Id });

/** The objection calls, under /api/secure/v1. */
export const objectionCalls = {
  publishProvisional: apiCall({
    method: 'POST',
    url: '/editions/publishProvisional',
    access: 'user',
    querystring: NoQuery,
    body: PublishProvisionalRequest,
    response: EditionPublication,
    summary: "Publishes an edition's provisional results with the last day entities may object (ADMIN); again, it moves that day",
  }),
  publishFinal: apiCall({
    method: 'POST',
    url: '/editions/publishFinal',
    access: 'user',
    querystring: NoQuery,
    body: PublishFinalRequest,
    response: EditionPublication,
    summary: "Publishes an edition's results as final and freezes them (ADMIN)",
    description:
      `409 with data.code ${FINAL_BLOCKED} (and what is still open) before the provisional results are published, while the period to object lasts, ` +
      `while a sent campaign is not validated or an objection awaits a decision; ${EDITION_FINAL} when they are final already. ` +
      `From then on every call that would change the edition answers 409 ${EDITION_FINAL}.`,
  }),
  object: apiCall({
    method: 'POST',
    url: '/campaigns/objection',
    access: 'user',
    querystring: NoQuery,
    body: ObjectionRequest,
    response: Objection,
    summary: "Objects to one answer's review of a sent campaign while the edition's objections are open (the entity's members, ADMIN)",
    description: `409 with data.code ${OBJECTIONS_CLOSED} outside the period, ${OBJECTION_OPEN} when that answer has an open objection.`,
  }),
  resolve: apiCall({
    method: 'POST',
    url: '/campaigns/objection/resolve',
    access: 'user',
    querystring: NoQuery,
    body: ResolveObjectionRequest,
    response: Objection,
    summary: 'Accepts (the answer goes back to the entity to correct) or refuses an open objection, with the reason the entity reads (ADMIN, FEC)',
  }),
  list: apiCall({
    method: 'GET',
    url: '/campaigns/objections',
    access: 'user',
    querystring: ObjectionsQuery,
    response: Type.Array(Objection),
    summary: "A campaign's objections, newest first (whoever may read the campaign)",
  }),
};
