import { Receipt } from './receipts.js';
import { Type, type Static } from 'typebox';
import { FILE_TYPES } from '../csv.js';
import { EVIDENCE_RULES, LANGUAGES } from '../constants.js';
import {
  ANSWER_COMMENT_MAX_LENGTH,
  EVIDENCE_FILE_TYPES,
  EVIDENCE_TITLE_MAX_LENGTH,
  EVIDENCE_URL_MAX_LENGTH,
  ID_MAX,
  NOT_APPLICABLE_REASON,
} from '../constants.js';
import { apiCall, CalendarDate, Id, Line, NoQuery, NullableDate, Paragraph, Strict, Success } from './schema.js';

/** Campaign payloads and calls of docs/api.md, shared by the routes, the sagas and the screens. */

export const CampaignStatus = Type.Enum(['created', 'draft', 'sent']);
export type CampaignStatus = Static<typeof CampaignStatus>;

export const QuestionType = Type.Enum(['single', 'multiple']);
export type QuestionType = Static<typeof QuestionType>;

/**
 * An edition's texts in other languages on the node that shows them (shared/editionTexts.ts): language, then the
 * node's field, then the text; absent when there is none. The client reads the node in the reader's language.
 */
export const TextTranslations = Type.Optional(Type.Record(Type.String(), Type.Record(Type.String(), Type.String())));

export const ResponseOption = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  translations: TextTranslations,
  /** Points the response is worth. */
  value: Type.Number(),
  /** Kept for old answers; never offered as a new choice. */
  obsolete: Type.Boolean(),
  /** Chosen, it is the whole answer ("Ninguno de los anteriores"): it cannot be joined to another response. */
  exclusive: Type.Boolean(),
});
export type ResponseOption = Static<typeof ResponseOption>;

/** The chosen response ids of one question, or null when it is not answered. */
const Answer = Type.Union([Type.Array(Type.Integer()), Type.Null()]);
/** One question's answer everywhere: its chosen response ids, or null when it is not answered (or is cleared). */
export type Answer = Static<typeof Answer>;

/** One item of evidence behind an answer: a link, or a file (downloaded with campaigns/evidence/file). */
export const EvidenceItem = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum(['link', 'file']),
  url: Type.Optional(Type.String()),
  title: Type.Optional(Type.String()),
  fileName: Type.Optional(Type.String()),
  contentType: Type.Optional(Type.String()),
  /** Bytes. */
  size: Type.Optional(Type.Integer()),
  /** The e-mail of who added it; null once that account is gone. */
  addedBy: Type.Union([Type.String(), Type.Null()]),
  addedAt: Type.String({ format: 'date-time' }),
});
export type EvidenceItem = Static<typeof EvidenceItem>;

/** "No aplica" and its reason (only where the sub-indicator allows it; the answer is then null). */
const NotApplicable = Type.Object({ reason: Type.String() });

/** What the entity put beside one answer: comment, "No aplica", evidence, and whether it awaits confirmation. */
export const AnswerNotes = Type.Object({
  comment: Type.Union([Type.String(), Type.Null()]),
  notApplicable: Type.Union([NotApplicable, Type.Null()]),
  evidence: Type.Array(EvidenceItem),
  /** True while an answer copied from the previous edition (campaigns/prefill) awaits the user's confirmation. */
  prefilled: Type.Boolean(),
});
export type AnswerNotes = Static<typeof AnswerNotes>;

/** Who made a change to an answer (their e-mail as it was then) and when. */
export const AnswerChange = Type.Object({ userEmail: Type.String(), at: Type.String({ format: 'date-time' }) });
export type AnswerChange = Static<typeof AnswerChange>;

/**
 * Where an answer's history stands (campaigns/get only; 0 and null elsewhere): `version` is the id of its latest change
 * of the answer, comment or "No aplica" (0 before any), which saveAnswer's `expectedVersion` names; `lastChange` who
 * made its latest change of any kind, evidence included, and when (null before any).
 */
export const AnswerVersion = Type.Object({ version: Type.Integer({ minimum: 0 }), lastChange: Type.Union([AnswerChange, Type.Null()]) });
export type AnswerVersion = Static<typeof AnswerVersion>;

/** The version of an answer nobody has changed yet. */
export const NO_VERSION: AnswerVersion = { version: 0, lastChange: null };

/** The notes of an answer the entity has put nothing beside, and has not changed yet (NO_VERSION). */
export const NO_NOTES: AnswerNotes & AnswerVersion = { comment: null, notApplicable: null, evidence: [], prefilled: false, ...NO_VERSION };

/**
 * Where the review of a campaign stands: `none` while it is not sent, `pending` once sent (and again once corrections
 * are sent), `changesRequested` while it is back with the entity for the sub-indicators a reviewer marked `fix`,
 * `validated` once a reviewer validated it.
 */
export const REVIEW_STATUSES = ['none', 'pending', 'changesRequested', 'validated'] as const;
export const ReviewStatus = Type.Enum(REVIEW_STATUSES);
export type ReviewStatus = Static<typeof ReviewStatus>;

/** A reviewer's verdict on one answer: `ok`, or `fix` with the comment saying what to correct. */
export const ReviewVerdict = Type.Enum(['ok', 'fix']);
export type ReviewVerdict = Static<typeof ReviewVerdict>;

/** A reviewer's mark on one answer (the entity reads it once corrections are asked or the campaign is validated). */
export const ReviewMark = Type.Object({
  verdict: ReviewVerdict,
  comment: Type.Union([Type.String(), Type.Null()]),
  /** The reviewer's e-mail. */
  reviewer: Type.String(),
  markedAt: Type.String({ format: 'date-time' }),
});
export type ReviewMark = Static<typeof ReviewMark>;

/** A question of the questionnaire with the campaign's answer. */
export const Subindicator = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  /** Its text and evidence criteria in other languages. */
  translations: TextTranslations,
  type: QuestionType,
  responses: Type.Array(ResponseOption),
  /** Whether the edition lets an entity answer "No aplica" (with a reason). */
  allowsNotApplicable: Type.Boolean(),
  /** What the edition asks as evidence behind the answer (required: an answer worth more than 0 points needs an item). */
  evidenceRule: Type.Enum(EVIDENCE_RULES),
  /** What the evidence must show for the answer to be accepted; null when the edition says nothing. */
  evidenceCriteria: Type.Union([Type.String(), Type.Null()]),
  answer: Answer,
  ...AnswerNotes.properties,
  /** The reviewer's mark on this answer; null when there is none or the caller may not see it yet (campaigns/get only). */
  review: Type.Union([ReviewMark, Type.Null()]),
  ...AnswerVersion.properties,
});
export type Subindicator = Static<typeof Subindicator>;

/** An indicator with its place in the axis / policy / measure tree (spec section 3, Indicator group). */
export const IndicatorGroup = Type.Object({
  id: Type.Integer(),
  text: Type.String(),
  /** Its text, and its axis's, policy's and measure's (axisText...), in other languages. */
  translations: TextTranslations,
  axisId: Type.Integer(),
  axisText: Type.String(),
  policyId: Type.Integer(),
  policyText: Type.String(),
  measureId: Type.Integer(),
  measureText: Type.String(),
  competenceId: Type.Union([Type.Integer(), Type.Null()]),
  subindicators: Type.Array(Subindicator),
});
export type IndicatorGroup = Static<typeof IndicatorGroup>;

/** A campaign as lists show it. Dates are ISO strings; endDate is the date of submission. */
export const CampaignSummary = Type.Object({
  id: Type.Integer(),
  campaignNumber: Type.Integer(),
  text: Type.String(),
  entityId: Type.Integer(),
  entity: Type.String(),
  status: CampaignStatus,
  startDate: NullableDate,
  endDate: NullableDate,
  /** The campaign's effective deadline ('Plazo'): its entity's extension in the edition, else the edition's closing date; null when neither is set. */
  deadline: Type.Union([CalendarDate, Type.Null()]),
  /** While a reopened campaign is not sent again: when it was reopened and why (the latest reopening); else null. */
  reopening: Type.Union([Type.Object({ at: Type.String({ format: 'date-time' }), reason: Type.String() }), Type.Null()]),
  /** Autonomous community id (INE code) of the entity. */
  autonomousCommunity: Type.String(),
  reviewStatus: ReviewStatus,
});
export type CampaignSummary = Static<typeof CampaignSummary>;

/** GET campaigns/get: the campaign with its questionnaire and answers. */
export const CampaignDetail = Type.Object({
  ...CampaignSummary.properties,
  /** The year of the entity's latest sent campaign of an earlier edition, which campaigns/prefill copies from; null when there is none. */
  prefillFrom: Type.Union([Type.Integer(), Type.Null()]),
  /** What the reviewer wrote asking for corrections, while they are asked; else null. */
  reviewMessage: Type.Union([Type.String(), Type.Null()]),
  /** When a reviewer validated the campaign, while it is validated; else null. */
  validatedAt: NullableDate,
  /**
   * A sent campaign's last day to object to its review (Madrid's calendar) once its edition's provisional results
   * are published (docs/api.md, "Objections"), past or not; else null.
   */
  objectionsUntil: Type.Union([CalendarDate, Type.Null()]),
  indicators: Type.Array(IndicatorGroup),
});
export type CampaignDetail = Static<typeof CampaignDetail>;

/** GET campaigns/getByUser. */
export const EntityCampaigns = Type.Object({
  entityCampaigns: Type.Array(
    Type.Object({
      entityId: Type.Integer(),
      text: Type.String(),
      /** Archived entities keep their history (reported) but get no new campaign. */
      archived: Type.Boolean(),
      /** text is the Spanish "Campaña 2026" of spec section 3; clients build their own label from campaignNumber. */
      campaigns: Type.Array(Type.Object({ id: Type.Integer(), text: Type.String(), campaignNumber: Type.Integer() })),
    }),
  ),
});
export type EntityCampaigns = Static<typeof EntityCampaigns>;

/** GET campaigns/export: which edition (its campaign number, the year) and which file. */
export const EditionExportQuery = Strict({
  edition: Type.Integer({ minimum: 1, maximum: 9999 }),
  format: Type.Enum(['csv', 'xlsx']),
  /** The language of its headers, words and questionnaire texts (Spanish when absent). */
  language: Type.Optional(Type.Enum(LANGUAGES)),
});
export type EditionExportQuery = Static<typeof EditionExportQuery>;

/** The content types of GET campaigns/export, by format. */
export const EXPORT_FILE_TYPES = FILE_TYPES;

/** The entity of a campaign in a list of campaigns (the status page, the review queue), and its province and autonomous community: names and INE codes. */
export const CampaignEntityPlace = {
  entityId: Type.Integer(),
  entity: Type.String(),
  province: Type.String(),
  provinceId: Type.String(),
  autonomousCommunity: Type.String(),
  autonomousCommunityId: Type.String(),
};

/** One row of GET campaigns/status. */
export const CampaignStatusRow = Type.Object({
  campaignId: Type.Integer(),
  campaignNumber: Type.Integer(),
  /** The campaign's edition (its id: the status page's edition selector and the participation map's editionId). */
  editionId: Type.Integer(),
  ...CampaignEntityPlace,
  status: CampaignStatus,
  reviewStatus: ReviewStatus,
  startDate: NullableDate,
  endDate: NullableDate,
  /** The campaign's effective deadline ('Plazo'): its entity's extension in the edition, else the edition's closing date; null when neither is set. */
  deadline: Type.Union([CalendarDate, Type.Null()]),
  /** Of the current edition, the one 'Nueva Campaña' creates in: its entity cannot get another. */
  currentEdition: Type.Boolean(),
  /** How many of its objections to the provisional results await a reviewer's decision. */
  openObjections: Type.Integer({ minimum: 0 }),
});
export type CampaignStatusRow = Static<typeof CampaignStatusRow>;

/** What saveAnswer and submit answer: the campaign's new state. */
export const CampaignStateResponse = Type.Object({
  success: Type.Literal(true),
  campaign: Type.Object({ id: Type.Integer(), status: CampaignStatus, reviewStatus: ReviewStatus, startDate: NullableDate, endDate: NullableDate }),
});
export type CampaignStateResponse = Static<typeof CampaignStateResponse>;

/** POST campaigns/submit: the campaign sent, and the receipt of its signed submission. */
export const SubmitResponse = Type.Object({ ...CampaignStateResponse.properties, receipt: Receipt });
export type SubmitResponse = Static<typeof SubmitResponse>;

/** The data of create's 409 when the entity has its campaign of the current edition already. */
export const CAMPAIGN_EXISTS = 'CAMPAIGN_EXISTS';
/** The data of create's 409 when the entity is archived (it is restored first). */
export const ENTITY_ARCHIVED = 'ENTITY_ARCHIVED';

export const CreateCampaignResponse = Type.Object({ campaign: Type.Object({ id: Type.Integer() }) });
export type CreateCampaignResponse = Static<typeof CreateCampaignResponse>;

/** The most responses a multiple-choice answer can name (no question comes near it). */
const ANSWER_MAX_RESPONSES = 100;

/** POST campaigns/saveAnswer: answer is the chosen response ids (the rules of the question, distinct ids included, are checked by the server's campaign rules), or null to clear. */
const SaveAnswerRequest = Strict({
  id: Id,
  question: Id,
  answer: Type.Union([Type.Array(Id, { minItems: 1, maxItems: ANSWER_MAX_RESPONSES }), Type.Null()]),
  /** The entity's comment; null removes it; left out, it stays as it is. */
  comment: Type.Optional(Type.Union([Paragraph(ANSWER_COMMENT_MAX_LENGTH), Type.Null()])),
  /** "No aplica" with its reason (answer null); null takes it back; left out, an answer given replaces it. */
  notApplicable: Type.Optional(
    Type.Union([Strict({ reason: Paragraph(NOT_APPLICABLE_REASON.maxLength, { minLength: NOT_APPLICABLE_REASON.minLength }) }), Type.Null()]),
  ),
  /** The answer's version the change was made on (campaigns/get, or the previous save's answer): another one is 409 STALE_ANSWER. */
  expectedVersion: Type.Optional(Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
});
export type SaveAnswerRequest = Static<typeof SaveAnswerRequest>;

/** What saveAnswer answers: the campaign's new state, and the answer's version now (the expectedVersion of its next save). */
export const SaveAnswerResponse = Type.Object({ ...CampaignStateResponse.properties, version: Type.Integer({ minimum: 0 }) });
export type SaveAnswerResponse = Static<typeof SaveAnswerResponse>;

/**
 * The data of saveAnswer's 409 when `expectedVersion` is not the answer's version: someone changed it meanwhile.
 * `current` is the answer as it is (answer, comment, "No aplica", version) and who made the change that version names
 * and when (null when unknown: version 0, a change made before history was kept). Nothing was written.
 */
export const STALE_ANSWER = 'STALE_ANSWER';
export const StaleAnswer = Type.Object({
  code: Type.Literal(STALE_ANSWER),
  current: Type.Object({
    answer: Answer,
    comment: Type.Union([Type.String(), Type.Null()]),
    notApplicable: Type.Union([NotApplicable, Type.Null()]),
    version: Type.Integer({ minimum: 0 }),
    userEmail: Type.Union([Type.String(), Type.Null()]),
    at: NullableDate,
  }),
});
export type StaleAnswer = Static<typeof StaleAnswer>;

/** The kinds of change an answer's history records (migration 027, answer_history). */
export const ANSWER_HISTORY_KINDS = ['answer', 'comment', 'notApplicable', 'evidenceAdded', 'evidenceRemoved'] as const;
export type AnswerHistoryKind = (typeof ANSWER_HISTORY_KINDS)[number];

/** The item of evidence an evidenceAdded or evidenceRemoved entry names. */
export interface EvidenceChange {
  evidenceId: number;
  kind: 'link' | 'file';
  url?: string;
  title?: string;
  fileName?: string;
  /** Copied from the previous edition by campaigns/prefill. */
  prefilled?: true;
}

/**
 * What one entry of an answer's history holds, by kind: `answer` the response ids chosen, in increasing order (null:
 * cleared), `comment` its text (null: removed), `notApplicable` `{ reason }` (null: taken back), `evidenceAdded` and
 * `evidenceRemoved` the item. What campaigns/prefill copied is an object with `prefilled: true`: `{ answer,
 * prefilled }`, `{ comment, prefilled }`, `{ reason, prefilled }` and the item with `prefilled`.
 */
export type AnswerHistoryValue =
  | number[]
  | string
  | { reason: string; prefilled?: true }
  | { answer: number[]; prefilled: true }
  | { comment: string; prefilled: true }
  | EvidenceChange
  | null;

/** One entry of GET campaigns/history: a change to an answer, who made it (their e-mail as it was then) and when. */
export const AnswerHistoryEntry = Type.Object({
  kind: Type.Enum(ANSWER_HISTORY_KINDS),
  value: Type.Unsafe<AnswerHistoryValue>({
    description:
      'By kind: answer, the response ids in increasing order or null (cleared); comment, the text or null; notApplicable, { reason } or null; ' +
      'evidenceAdded and evidenceRemoved, { evidenceId, kind, url?, title?, fileName? }. Copied by campaigns/prefill: an object with prefilled: true ' +
      '({ answer, prefilled }, { comment, prefilled }, { reason, prefilled }, the item with prefilled).',
  }),
  userEmail: Type.String(),
  at: Type.String({ format: 'date-time' }),
});
export type AnswerHistoryEntry = Static<typeof AnswerHistoryEntry>;

/** GET campaigns/history: one answer (question) of a campaign. */
export const AnswerHistoryQuery = Strict({ id: Id, question: Id });

/** The data of submit's 422 when answers lack the evidence their sub-indicator requires, or copied answers await confirmation. */
export const EVIDENCE_MISSING = 'EVIDENCE_MISSING';
export const PREFILL_UNCONFIRMED = 'PREFILL_UNCONFIRMED';
export const SubmitRefusal = Type.Object({ code: Type.Enum([EVIDENCE_MISSING, PREFILL_UNCONFIRMED]), questions: Type.Array(Type.Integer()) });
export type SubmitRefusal = Static<typeof SubmitRefusal>;

/** POST campaigns/evidence/addLink: an http(s) address behind one answer. */
const AddEvidenceLinkRequest = Strict({
  id: Id,
  question: Id,
  url: Line(EVIDENCE_URL_MAX_LENGTH, { minLength: 1, description: 'An http:// or https:// address' }),
  title: Type.Optional(Type.Union([Line(EVIDENCE_TITLE_MAX_LENGTH, { minLength: 1 }), Type.Null()])),
});
export type AddEvidenceLinkRequest = Static<typeof AddEvidenceLinkRequest>;

/** What POST campaigns/prefill did: how many questions it copied from which year, and how many it left because they changed. */
export const PrefillResponse = Type.Object({
  fromYear: Type.Integer(),
  copied: Type.Integer({ minimum: 0 }),
  changed: Type.Integer({ minimum: 0 }),
  campaign: CampaignStateResponse.properties.campaign,
});
export type PrefillResponse = Static<typeof PrefillResponse>;

/** The data of prefill's 409 when the entity has sent no campaign of an earlier edition. */
export const NO_PREVIOUS_CAMPAIGN = 'NO_PREVIOUS_CAMPAIGN';

/** POST campaigns/evidence/remove. */
const RemoveEvidenceRequest = Strict({ id: Id, evidenceId: Id });

/**
 * An id sent as a multipart text field: its decimal digits alone, 1 to 2147483647 ("12"; not " 12", "012", "1e1" or
 * "12.0"). The route checks it (ID_TEXT_PATTERN and ID_MAX) with no coercion, as the JSON calls check their ids.
 */
export const ID_TEXT_PATTERN = '^[1-9][0-9]{0,9}$';
const IdText = (description: string) => Type.String({ pattern: ID_TEXT_PATTERN, maxLength: String(ID_MAX).length, description });

/**
 * POST campaigns/evidence/upload: a multipart/form-data body of three parts in this order, the text fields `id` and
 * `question` and one file part `file` (nothing after it). Documented here as the OpenAPI multipart body; the route
 * reads the parts itself, as they arrive, receives the file into a temporary file and then copies it into the database.
 */
export const EvidenceUploadBody = Strict({
  id: IdText('The campaign id, as a text field'),
  question: IdText('The sub-indicator id, as a text field'),
  file: Type.String({
    format: 'binary',
    description: `The file (PDF, PNG, JPEG, ODT, ODS, DOCX or XLSX: its type is read from its content, not its name), at most EVIDENCE_MAX_BYTES`,
  }),
});

/** The `data.code` of an upload's refusals (docs/api.md, "Evidence"). */
export const EVIDENCE_FILE_TOO_LARGE = 'EVIDENCE_FILE_TOO_LARGE';
export const EVIDENCE_TOTAL_TOO_LARGE = 'EVIDENCE_TOTAL_TOO_LARGE';
export const EVIDENCE_TYPE_NOT_ALLOWED = 'EVIDENCE_TYPE_NOT_ALLOWED';
/**
 * The data of those refusals: 413 with the file limit (maxBytes); 422 with the campaign's limit and what its files
 * already take (maxTotalBytes, usedBytes); 422 with the type detected (null when none is recognised) and those taken.
 */
export type EvidenceFileRefusal =
  | { code: typeof EVIDENCE_FILE_TOO_LARGE; maxBytes: number }
  | { code: typeof EVIDENCE_TOTAL_TOO_LARGE; maxTotalBytes: number; usedBytes: number }
  | { code: typeof EVIDENCE_TYPE_NOT_ALLOWED; detected: string | null; allowed: string[] };

/** GET campaigns/evidence/file. */
const EvidenceFileQuery = Strict({ id: Id, evidenceId: Id });

/** The query of the calls that read one campaign (get, result, answers, comparison). */
export const CampaignIdQuery = Strict({ id: Id });
/** The body of the calls that act on one campaign (submit, delete, share, unshare). */
export const CampaignIdBody = Strict({ id: Id });

const Flag = (description: string) => Type.Optional(Type.Boolean({ default: false, description }));

/** The campaign calls of docs/api.md, under /api/secure/v1. */
export const campaignCalls = {
  all: apiCall({
    method: 'GET',
    url: '/campaigns/all',
    access: 'user',
    querystring: NoQuery,
    response: Type.Array(CampaignSummary),
    summary: 'Campaigns the caller may see',
  }),
  get: apiCall({
    method: 'GET',
    url: '/campaigns/get',
    access: 'user',
    querystring: CampaignIdQuery,
    response: CampaignDetail,
    summary: 'A campaign with its questionnaire and answers',
  }),
  getByUser: apiCall({
    method: 'GET',
    url: '/campaigns/getByUser',
    access: 'user',
    querystring: Strict({
      nameWithProvince: Flag('Name entities "<name> - (<province>)"'),
      includeAllEntities: Flag('Administrators: every entity instead of their own'),
      onlySent: Flag('Only sent campaigns'),
    }),
    response: EntityCampaigns,
    summary: "The caller's entities with their campaigns, oldest first",
  }),
  getByEntity: apiCall({
    method: 'GET',
    url: '/campaigns/getByEntity',
    access: 'user',
    querystring: Strict({ entityId: Id }),
    response: Type.Array(CampaignSummary),
    summary: "An entity's campaigns",
  }),
  create: apiCall({
    method: 'POST',
    url: '/campaigns/create',
    access: 'user',
    querystring: NoQuery,
    body: Strict({ entityId: Id }),
    response: CreateCampaignResponse,
    summary: "ADMIN, FEC: creates the entity's campaign of the current edition (409 CAMPAIGN_EXISTS when it has one, ENTITY_ARCHIVED when it is archived)",
  }),
  saveAnswer: apiCall({
    method: 'POST',
    url: '/campaigns/saveAnswer',
    access: 'user',
    querystring: NoQuery,
    body: SaveAnswerRequest,
    response: SaveAnswerResponse,
    summary:
      'Saves or clears one answer, with its comment and "No aplica" (409 once the campaign is sent; 409 with data.code STALE_ANSWER and data.current when expectedVersion is not the answer\'s version)',
  }),
  history: apiCall({
    method: 'GET',
    url: '/campaigns/history',
    access: 'user',
    querystring: AnswerHistoryQuery,
    response: Type.Array(AnswerHistoryEntry),
    summary:
      'Every change to one answer (answer, comment, "No aplica", evidence), newest first, with who made it and when (whoever may read the campaign; 422 for a question not in the campaign\'s edition)',
  }),
  addEvidenceLink: apiCall({
    method: 'POST',
    url: '/campaigns/evidence/addLink',
    access: 'user',
    querystring: NoQuery,
    body: AddEvidenceLinkRequest,
    response: EvidenceItem,
    summary: 'Adds a link (http or https) as evidence behind one answer (409 once the campaign is sent)',
  }),
  prefill: apiCall({
    method: 'POST',
    url: '/campaigns/prefill',
    access: 'user',
    querystring: NoQuery,
    body: CampaignIdBody,
    response: PrefillResponse,
    summary:
      'Copies into a created or draft campaign the entity\'s answers, comments, "No aplica" and evidence links of its latest sent campaign of an earlier edition, for the questions that did not change and are not answered yet; each copied answer awaits confirmation (409 when sent, 409 NO_PREVIOUS_CAMPAIGN)',
  }),
  uploadEvidence: apiCall({
    method: 'POST',
    url: '/campaigns/evidence/upload',
    access: 'user',
    querystring: NoQuery,
    body: EvidenceUploadBody,
    response: EvidenceItem,
    summary: 'Adds a file (multipart: id, question, file) as evidence behind one answer, its type checked from its content (409 once the campaign is sent)',
    description:
      'Refusals: 413 PAYLOAD_TOO_LARGE with data { code: EVIDENCE_FILE_TOO_LARGE, maxBytes } for a file over EVIDENCE_MAX_BYTES; ' +
      "422 with data { code: EVIDENCE_TOTAL_TOO_LARGE, maxTotalBytes, usedBytes } when the campaign's files would exceed EVIDENCE_MAX_TOTAL_BYTES; " +
      '422 with data { code: EVIDENCE_TYPE_NOT_ALLOWED, detected, allowed } for any other kind of file; 422 naming the part for a body not of ' +
      'the form id, question, file. Nothing is stored unless the whole file is.',
  }),
  evidenceFile: apiCall({
    method: 'GET',
    url: '/campaigns/evidence/file',
    access: 'userOrShare',
    querystring: EvidenceFileQuery,
    response: Type.String({ format: 'binary' }),
    file: EVIDENCE_FILE_TYPES,
    summary: 'Downloads a file given as evidence (whoever may read the campaign, and a share link of that campaign while it is sent)',
    description:
      'A file download, not the JSON envelope: the stored bytes with the content type detected at upload, Content-Disposition: attachment ' +
      '(filename* for names beyond ASCII), X-Content-Type-Options: nosniff and Content-Security-Policy: sandbox. Errors in the envelope.',
  }),
  removeEvidence: apiCall({
    method: 'POST',
    url: '/campaigns/evidence/remove',
    access: 'user',
    querystring: NoQuery,
    body: RemoveEvidenceRequest,
    response: Success,
    summary: 'Removes one item of evidence, link or file (409 once the campaign is sent)',
  }),
  submit: apiCall({
    method: 'POST',
    url: '/campaigns/submit',
    access: 'user',
    querystring: NoQuery,
    body: CampaignIdBody,
    response: SubmitResponse,
    summary:
      "Signs and sends a fully answered campaign (the entity's responsible members, ADMIN): answers frozen, scores stored, a receipt made (422 NOT_ALL_ANSWERED, or with data.code EVIDENCE_MISSING or PREFILL_UNCONFIRMED and data.questions; 409 when sent)",
  }),
  delete: apiCall({
    method: 'POST',
    url: '/campaigns/delete',
    access: 'user',
    querystring: NoQuery,
    body: CampaignIdBody,
    response: Success,
    summary: 'ADMIN, FEC: deletes a campaign that is not sent',
  }),
  exportEdition: apiCall({
    method: 'GET',
    url: '/campaigns/export',
    access: 'user',
    querystring: EditionExportQuery,
    response: Type.String({ format: 'binary' }),
    file: EXPORT_FILE_TYPES,
    summary: 'ADMIN, FEC: a whole edition as a CSV or Excel file (campaigns, scores per axis/policy/measure, answers)',
    description:
      'A file download, not the JSON envelope: the body is streamed as it is read (CSV: one table with a Tipo column; Excel: a sheet each for Campañas, Puntuaciones and Respuestas). ' +
      'Errors found before the first byte (permission 403, query 422, unknown edition 404) still answer with the error envelope.',
  }),
  status: apiCall({
    method: 'GET',
    url: '/campaigns/status',
    access: 'user',
    querystring: NoQuery,
    response: Type.Array(CampaignStatusRow),
    summary: 'ADMIN, FEC: every campaign with its entity, province, community and status',
  }),
};
