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
});
export type EditionPublication = Static<typeof EditionPublication>;

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
