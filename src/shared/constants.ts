/** Limits and defaults shared by the forms, the sagas and the server. */
export const PASSWORD_MAX_LENGTH = 50;
export const EMAIL_MAX_LENGTH = 254;
/**
 * What an e-mail address must look like, the same for the forms, the API and the command line: the pattern browsers
 * use for an e-mail field (WHATWG HTML, "valid e-mail address").
 */
export const EMAIL_PATTERN =
  "^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$";
export const GENERATED_PASSWORD_LENGTH = 20;
export const TABLE_ROWS_PER_PAGE = 7;
export const ENTITY_NAME_MAX_LENGTH = 200;
export const USER_NAME_MAX_LENGTH = 200;
/** Spain has 8,131 municipalities; no entity groups more. */
export const MUNICIPALITIES_PER_ENTITY_MAX = 8131;
/** The most entities one user may belong to (an administrator of a large federation stays far below it). */
export const USER_ENTITIES_MAX = 5000;
/** The population column is a 32-bit integer; no entity comes near it. */
export const POPULATION_MAX = 2_147_483_647;
/** The largest database id (PostgreSQL integer): ids are 1 to ID_MAX. */
export const ID_MAX = 2_147_483_647;
export const ANSWERS_PER_PAGE = 3;
export const DEFAULT_LANGUAGE = 'es';
/**
 * The interface languages: the one list. Everything else follows it: the types make every per-language table
 * (catalogues and locales in src/client/i18n/messages.ts, chart texts in src/client/charts/chartLang.ts) name each
 * one, the API accepts exactly these, the database learns a new one at start (languages table), webpack compiles
 * the catalogue i18n/<code>.json of each (build/languages.mjs reads this line), and the tests go through the list.
 * How to add one: src/client/i18n/README.md.
 */
export const LANGUAGES = ['es', 'en', 'ca', 'va', 'gl', 'eu'] as const;
export type Language = (typeof LANGUAGES)[number];

/** Whether a value is one of the app's languages. */
export const isLanguage = (value: unknown): value is Language => typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
/**
 * The language an edition's questions are written in: an edition holds one text per question, axis, policy and
 * measure, in Spanish. The questionnaire says so to those who use the interface in another language.
 */
export const QUESTIONS_LANGUAGE: Language = 'es';

/**
 * What an edition asks as evidence behind a sub-indicator's answer: nothing, optionally, or (for an answer worth
 * more than 0 points) at least one item. The edition file's `evidenceRule` (catalogue/FORMAT.md).
 */
export const EVIDENCE_RULES = ['none', 'optional', 'required'] as const;
export type EvidenceRule = (typeof EVIDENCE_RULES)[number];

/**
 * Which campaigns an edition's territorial means are made from (scoring.md, "Means from validated campaigns"):
 * every sent campaign (the default), or only those a reviewer validated.
 */
export const MEANS_FROM = ['sent', 'validated'] as const;
export type MeansFrom = (typeof MEANS_FROM)[number];

/** The longest reason a deadline extension or a reopening takes. */
export const REASON_MAX_LENGTH = 500;

/** An entity's comment beside one answer, in characters. */
export const ANSWER_COMMENT_MAX_LENGTH = 2000;
/** The most a reviewer's comment on an answer, or message to the entity, holds (as an entity's comment). */
export const REVIEW_TEXT_MAX_LENGTH = ANSWER_COMMENT_MAX_LENGTH;
/** The reason of a "No aplica" answer, in characters (docs/scoring.md). */
export const NOT_APPLICABLE_REASON = { minLength: 3, maxLength: 500 } as const;
/** A link given as evidence, and its optional title, in characters. */
export const EVIDENCE_URL_MAX_LENGTH = 2000;
export const EVIDENCE_TITLE_MAX_LENGTH = 200;
/** Items of evidence (links and files) behind one answer. */
export const EVIDENCE_MAX_ITEMS = 20;
/**
 * The kinds of file taken as evidence, by the content type the server detects from the file's bytes (never from
 * its name or the type the browser sends): PDF, PNG, JPEG, OpenDocument text and spreadsheet, Word and Excel.
 */
export const EVIDENCE_FILE_TYPES = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpg: 'image/jpeg',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type EvidenceFileType = (typeof EVIDENCE_FILE_TYPES)[keyof typeof EVIDENCE_FILE_TYPES];
/** The longest name a file keeps (characters; longer ones are shortened, keeping their extension). */
export const EVIDENCE_FILE_NAME_MAX_LENGTH = 255;
/** The largest evidence file, and all the files of one campaign together, unless configured (EVIDENCE_MAX_BYTES, EVIDENCE_MAX_TOTAL_BYTES). */
export const EVIDENCE_MAX_BYTES_DEFAULT = 10 * 1024 * 1024;
export const EVIDENCE_MAX_TOTAL_BYTES_DEFAULT = 200 * 1024 * 1024;
/** The largest questionnaire catalogue file an administrator may upload (the demo's is about 110 KB). */
export const EDITION_FILE_MAX_BYTES = 2 * 1024 * 1024;

/** The most population bands an edition's seal may have. */
export const SEAL_THRESHOLDS_MAX = 20;

/**
 * A member's role in an entity's team (docs/api.md, "Team"): the responsible person invites and removes colleagues,
 * assigns the questionnaire's axes and policies, signs and sends; a collaborator answers what is assigned to them.
 */
export const MEMBER_ROLES = ['responsable', 'colaborador'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * Why a sign-in through the OpenID provider ended without a session, as `error` on the app's redirect URI: the
 * e-mail has no account (and accounts are not created), the provider did not vouch for the e-mail, the account is
 * disabled or linked to another identity at the provider, the user or the provider stopped it there, the provider cannot be reached, or a check failed (an
 * expired or replayed sign-in, a wrong nonce, an ID token that does not verify).
 */
export const OIDC_REFUSALS = [
  'NO_ACCOUNT',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_DISABLED',
  'OTHER_IDENTITY',
  'PROVIDER_REFUSED',
  'PROVIDER_UNAVAILABLE',
  'SIGN_IN_FAILED',
] as const;

/** The most characters of the reason a user may give when asking for their data to be erased. */
export const ERASURE_REASON_MAX_LENGTH = 2000;
