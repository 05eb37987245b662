import { Type, type Static } from 'typebox';
import { apiCall, NoQuery, Strict } from './schema.js';
import { EditionChoice, EditionQuery } from './campaignCycle.js';

/**
 * Opening the current edition for many entities at once, and e-mailing their users,
 * shared by the routes, the sagas and the status page.
 */

/** The data of the 409 answering a call that needs e-mail when the server has no SMTP_URL. */
export const SMTP_NOT_CONFIGURED = 'SMTP_NOT_CONFIGURED';

/** Which entities: all, those of one autonomous community, or those of one province (INE codes, two digits). */
export const OpeningScope = Type.Enum(['all', 'community', 'province']);
export type OpeningScope = Static<typeof OpeningScope>;
const TerritoryId = Type.String({ pattern: '^[0-9]{2}$', maxLength: 2, description: "the community's or the province's INE code; absent for 'all'" });

/** GET campaigns/openingSummary: the scope in the query string. */
export const OpeningQuery = Strict({ scope: OpeningScope, id: Type.Optional(TerritoryId), ...EditionChoice });
export type OpeningQuery = Static<typeof OpeningQuery>;

/** What opening the scope would do now: campaigns to create, entities that already have one. */
export const OpeningSummary = Type.Object({
  edition: Type.Integer(),
  toCreate: Type.Integer(),
  existing: Type.Integer(),
});
export type OpeningSummary = Static<typeof OpeningSummary>;

/** POST campaigns/openEdition: the scope, and whether to e-mail the users of the entities whose campaign is created. */
export const OpenEditionRequest = Strict({ scope: OpeningScope, id: Type.Optional(TerritoryId), notify: Type.Boolean(), ...EditionChoice });
export type OpenEditionRequest = Static<typeof OpenEditionRequest>;

/** POST campaigns/remind: nothing (the current edition), or the edition whose pending entities to remind. */
export const RemindRequest = Type.Union([Type.Null(), EditionQuery]);
export type RemindRequest = Static<typeof RemindRequest>;

/** How a batch of e-mails went: one message per user; the refused ones with the server's reason. */
export const MailSummary = Type.Object({
  sent: Type.Integer(),
  failed: Type.Array(Type.Object({ email: Type.String(), reason: Type.String() })),
});
export type MailSummary = Static<typeof MailSummary>;

export const OpenEditionResult = Type.Object({
  edition: Type.Integer(),
  created: Type.Integer(),
  existing: Type.Integer(),
  /** null when no e-mail was asked for. */
  mail: Type.Union([MailSummary, Type.Null()]),
});
export type OpenEditionResult = Static<typeof OpenEditionResult>;

/** An entity of the current edition that has not started (no campaign, or created) or not finished (draft). */
const PendingEntity = Type.Object({
  entityId: Type.Integer(),
  entity: Type.String(),
  province: Type.String(),
  status: Type.Enum(['none', 'created', 'draft']),
  users: Type.Integer(),
});

/** GET campaigns/reminders: the pending entities, their users' addresses, and whether the server can send e-mail. */
export const Reminders = Type.Object({
  edition: Type.Integer(),
  smtpConfigured: Type.Boolean(),
  entities: Type.Array(PendingEntity),
  recipients: Type.Array(Type.Object({ email: Type.String(), name: Type.String(), entities: Type.Array(Type.String()) })),
});
export type Reminders = Static<typeof Reminders>;

/** The calls under /api/secure/v1. */
export const editionOpeningCalls = {
  openingSummary: apiCall({
    method: 'GET',
    url: '/campaigns/openingSummary',
    access: 'user',
    querystring: OpeningQuery,
    response: OpeningSummary,
    summary:
      'ADMIN: how many campaigns opening an edition (the current one unless editionId names one) for the scope would create, and how many entities already have one',
  }),
  openEdition: apiCall({
    method: 'POST',
    url: '/campaigns/openEdition',
    access: 'user',
    querystring: NoQuery,
    body: OpenEditionRequest,
    response: OpenEditionResult,
    summary:
      "ADMIN: creates an edition's campaign (the current one unless editionId names one) for every entity of the scope that has none (repeating creates nothing); optionally e-mails their users (409 SMTP_NOT_CONFIGURED without SMTP_URL)",
  }),
  reminders: apiCall({
    method: 'GET',
    url: '/campaigns/reminders',
    access: 'user',
    querystring: EditionQuery,
    response: Reminders,
    summary: 'ADMIN, FEC: the entities of an edition (the current one unless editionId names one) not started or not finished, and their users',
  }),
  remind: apiCall({
    method: 'POST',
    url: '/campaigns/remind',
    access: 'user',
    querystring: NoQuery,
    body: RemindRequest,
    response: MailSummary,
    summary: 'ADMIN, FEC: e-mails a reminder to each user of those entities, one message each (409 SMTP_NOT_CONFIGURED without SMTP_URL)',
  }),
};
