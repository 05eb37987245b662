import { Type, type Static } from 'typebox';
import { EVIDENCE_RULES, MEANS_FROM } from '../constants.js';
import { CATALOGUE_LEVELS, CATALOGUE_PROBLEM_CODES } from '../catalogueProblems.js';
import { TRANSLATION_LANGUAGES } from '../editionTexts.js';
import { apiCall, CalendarDate, Line, NoQuery, Strict } from './schema.js';
import { IndicatorGroup } from './campaigns.js';

/** The editions page's payloads and calls (ADMIN and FEC list; ADMIN alone previews and imports). */

/**
 * One edition: its year, its questionnaire's size, its campaigns per status (and how many of the sent are
 * validated), and which campaigns its means are made from (scoring.md, "Means from validated campaigns").
 */
export const EditionRow = Type.Object({
  id: Type.Integer(),
  year: Type.Integer(),
  title: Type.String(),
  importedAt: Type.String({ format: 'date-time' }),
  axes: Type.Integer(),
  policies: Type.Integer(),
  measures: Type.Integer(),
  questions: Type.Integer(),
  campaigns: Type.Object({ created: Type.Integer(), draft: Type.Integer(), sent: Type.Integer(), validated: Type.Integer() }),
  meansFrom: Type.Enum(MEANS_FROM),
  /** Its provisional results' publication (docs/api.md, "Objections"): when, the last day to object, the objections still open. */
  publication: Type.Object({
    provisionalPublishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    objectionsUntil: Type.Union([CalendarDate, Type.Null()]),
    openObjections: Type.Integer({ minimum: 0 }),
    /** When its results were published as final (scoring.md, "Final results"), null until then. */
    finalPublishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  }),
});
export type EditionRow = Static<typeof EditionRow>;

/** POST editions/settings: an edition's settings (ADMIN); its means' rule changed rebuilds its territorial figures at once. */
export const EditionSettingsBody = Strict({
  campaignNumber: Type.Integer({ minimum: 1, maximum: 9999 }),
  meansFrom: Type.Enum(MEANS_FROM),
});
export type EditionSettingsBody = Static<typeof EditionSettingsBody>;

/** One step of a problem's place (shared/catalogueProblems.ts PlaceStep). */
const PlaceStep = Type.Union([
  Type.Object({ level: Type.Enum(CATALOGUE_LEVELS), code: Type.String() }),
  Type.Object({ level: Type.Enum(CATALOGUE_LEVELS), position: Type.Integer({ minimum: 1 }) }),
  Type.Object({ field: Type.String() }),
]);

/**
 * A problem of an uploaded file: its JSON path (`axes[2].policies[0]...`, empty for the whole file), the same place as
 * steps named by the file's codes (`where`) and in Spanish words (`place`: `medida E3.P1.M2 › code`), what it is as a
 * code with its values (the interface words it in the reader's language, i18n CATALOGUE.PROBLEM.<code>), the same in
 * Spanish (`message`), and line and column for syntax errors.
 */
export const FileProblem = Type.Object({
  path: Type.String(),
  where: Type.Optional(Type.Array(PlaceStep)),
  place: Type.Optional(Type.String()),
  code: Type.Enum(CATALOGUE_PROBLEM_CODES),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  message: Type.String(),
  line: Type.Optional(Type.Integer()),
  column: Type.Optional(Type.Integer()),
});
export type FileProblem = Static<typeof FileProblem>;

/**
 * A problem of an uploaded spreadsheet: its sheet, row (from 1; 0 for the whole sheet or file) and column (its
 * letter, '' for a whole row or sheet) with the column's header, and what it is as FileProblem says.
 */
export const SheetProblem = Type.Object({
  sheet: Type.String(),
  row: Type.Integer({ minimum: 0 }),
  column: Type.String(),
  header: Type.String(),
  code: Type.Enum(CATALOGUE_PROBLEM_CODES),
  params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))),
  message: Type.String(),
});
export type SheetProblem = Static<typeof SheetProblem>;

/** The 422 data of an upload that cannot be imported: every problem found. */
export interface FileProblemsData {
  problems: FileProblem[];
}

const Item = Type.Object({ code: Type.String(), text: Type.String() });
const Renamed = Type.Object({ code: Type.String(), before: Type.String(), after: Type.String() });
const Points = Type.Object({ code: Type.String(), text: Type.String(), before: Type.Number(), after: Type.Number() });

/** What changed from the previous edition (matched by code, FORMAT.md). */
/** What a question asks beyond its answer (catalogue/FORMAT.md): evidence, what it must show, and "No aplica". */
const QuestionAsks = Type.Object({
  evidenceRule: Type.Enum(EVIDENCE_RULES),
  evidenceCriteria: Type.Union([Type.String(), Type.Null()]),
  allowsNotApplicable: Type.Boolean(),
});
/** A question that asks something else beyond its answer than in the previous edition. */
const AsksChanged = Type.Object({ code: Type.String(), text: Type.String(), before: QuestionAsks, after: QuestionAsks });

export const EditionDiff = Type.Object({
  measures: Type.Object({ added: Type.Array(Item), removed: Type.Array(Item), renamed: Type.Array(Renamed) }),
  questions: Type.Object({
    added: Type.Array(Item),
    removed: Type.Array(Item),
    renamed: Type.Array(Renamed),
    pointsChanged: Type.Array(Points),
    asksChanged: Type.Array(AsksChanged),
  }),
  changedPolicies: Type.Array(Type.String()),
});
export type EditionDiff = Static<typeof EditionDiff>;

/** POST editions/preview: the file checked, the questionnaire as an entity will see it, and the differences from the previous edition. */
export const EditionPreview = Type.Object({
  year: Type.Integer(),
  title: Type.String(),
  counts: Type.Object({ axes: Type.Integer(), policies: Type.Integer(), measures: Type.Integer(), questions: Type.Integer() }),
  indicators: Type.Array(IndicatorGroup),
  previousYear: Type.Union([Type.Integer(), Type.Null()]),
  diff: Type.Union([EditionDiff, Type.Null()]),
});
export type EditionPreview = Static<typeof EditionPreview>;

export const ImportedEdition = Type.Object({ id: Type.Integer(), year: Type.Integer() });
export type ImportedEdition = Static<typeof ImportedEdition>;

/**
 * The file calls take a multipart/form-data body with one part, `file`, the catalogue (FORMAT.md) of at most
 * EDITION_FILE_MAX_BYTES. Documented here as the OpenAPI multipart body; the route reads the part itself.
 */
export const EditionFileBody = Type.Object(
  { file: Type.String({ format: 'binary', description: 'The catalogue JSON file (FORMAT.md)' }) },
  { additionalProperties: false },
);

/** A year an edition or a draft may have. */
const Year = Type.Integer({ minimum: 2000, maximum: 2100 });
/** The levels an operation names (a catalogue's, without competences). */
export const TREE_LEVELS = ['axis', 'policy', 'measure', 'indicator', 'subindicator', 'response'] as const;
export type TreeLevel = (typeof TREE_LEVELS)[number];
const Level = Type.Enum(TREE_LEVELS);
const Code = Line(64, { minLength: 1 });
/** A response is named by its sub-indicator's code and its own (response codes repeat across questions). */
const NodeRef = { level: Level, code: Code, subindicator: Type.Optional(Code) };
/**
 * A node's translations as FORMAT.md writes them (`{ ca: { text } }`, a question's `evidenceCriteria`, the
 * edition's `title`): an update replaces them whole.
 */
const NodeTranslations = Strict(
  Object.fromEntries(
    TRANSLATION_LANGUAGES.map((language) => [
      language,
      Type.Optional(Strict({ text: Type.Optional(Line(2000)), evidenceCriteria: Type.Optional(Line(2000)), title: Type.Optional(Line(2000)) })),
    ]),
  ),
);
/** What an update may change of a node: each field as FORMAT.md writes it; null takes an optional field away. */
const NodeChanges = Strict({
  code: Type.Optional(Code),
  text: Type.Optional(Line(2000)),
  type: Type.Optional(Type.Enum(['single', 'multiple'])),
  value: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
  obsolete: Type.Optional(Type.Boolean()),
  exclusive: Type.Optional(Type.Boolean()),
  allowsNotApplicable: Type.Optional(Type.Boolean()),
  evidenceRule: Type.Optional(Type.Enum(EVIDENCE_RULES)),
  evidenceCriteria: Type.Optional(Type.Union([Line(2000), Type.Null()])),
  competence: Type.Optional(Type.Union([Code, Type.Null()])),
  translations: Type.Optional(Type.Union([NodeTranslations, Type.Null()])),
});
/**
 * One change of a draft: its title (and the title's translations); a node's fields; a node added under its parent (null for an axis; for a
 * response, its sub-indicator) at a position (the end when absent), written as FORMAT.md writes it, children
 * included; a node removed; a node moved under another parent (or the same) at a position.
 */
export const TreeOperation = Type.Union([
  Strict({ op: Type.Literal('setTitle'), title: Line(2000), translations: Type.Optional(Type.Union([NodeTranslations, Type.Null()])) }),
  Strict({ op: Type.Literal('update'), ...NodeRef, changes: NodeChanges }),
  Strict({
    op: Type.Literal('add'),
    level: Level,
    parent: Type.Union([Code, Type.Null()]),
    index: Type.Optional(Type.Integer({ minimum: 0, maximum: 1000 })),
    node: Type.Record(Type.String({ maxLength: 64 }), Type.Unknown(), { maxProperties: 12 }),
  }),
  Strict({ op: Type.Literal('remove'), ...NodeRef }),
  Strict({ op: Type.Literal('move'), ...NodeRef, parent: Type.Union([Code, Type.Null()]), index: Type.Integer({ minimum: 0, maximum: 1000 }) }),
]);
export type TreeOperation = Static<typeof TreeOperation>;

/** A draft edition as its editor shows it: the catalogue being written, its version, what its checks find, and its differences. */
export const EditionDraft = Type.Object({
  campaignNumber: Type.Integer(),
  /** Raised by every change: an update names the version it was made on (409 CONFLICT when another came first). */
  version: Type.Integer({ minimum: 1 }),
  /** The catalogue as FORMAT.md writes it; it may not pass its checks yet. */
  document: Type.Unknown(),
  /** What the import's checks find in it: publishing waits until there is nothing. */
  problems: Type.Array(FileProblem),
  /** The edition it was copied from, null for one uploaded as a spreadsheet. */
  basedOn: Type.Union([Type.Integer(), Type.Null()]),
  updatedAt: Type.String({ format: 'date-time' }),
  /** Who changed it last (their e-mail), null once that account is gone. */
  updatedBy: Type.Union([Type.String(), Type.Null()]),
  /** The differences with the newest earlier edition, when it passes its checks and there is one. */
  previousYear: Type.Union([Type.Integer(), Type.Null()]),
  diff: Type.Union([EditionDiff, Type.Null()]),
  /** Its questionnaire as an entity will see it, once it passes its checks (null until then). */
  indicators: Type.Union([Type.Array(IndicatorGroup), Type.Null()]),
});
export type EditionDraft = Static<typeof EditionDraft>;

export const DraftQuery = Strict({ campaignNumber: Year });
export type DraftQuery = Static<typeof DraftQuery>;
export const CreateDraftBody = Strict({ from: Year, campaignNumber: Year });
export type CreateDraftBody = Static<typeof CreateDraftBody>;
/** The version of a draft its editor read (compared in the server, never written). */
const DraftVersion = Type.Integer({ minimum: 1 });
export const UpdateDraftBody = Strict({
  campaignNumber: Year,
  version: DraftVersion,
  operations: Type.Array(TreeOperation, { minItems: 1, maxItems: 200 }),
});
export type UpdateDraftBody = Static<typeof UpdateDraftBody>;
export const PublishDraftBody = Strict({ campaignNumber: Year });
export type PublishDraftBody = Static<typeof PublishDraftBody>;
/** A draft thrown away as its editor last read it: a change made since (another version) is not thrown away unseen. */
export const DeleteDraftBody = Strict({ campaignNumber: Year, version: DraftVersion });
export type DeleteDraftBody = Static<typeof DeleteDraftBody>;

/** The 422 data of a spreadsheet that cannot become a draft: every problem at its sheet, row and column. */
export interface SheetProblemsData {
  problems: SheetProblem[];
}

/** The content type of an edition's spreadsheet. */
export const SPREADSHEET_FILE_TYPES = { xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } as const;

/** POST editions/spreadsheet: the year of the draft to make, then the .xlsx (multipart, in that order). */
export const SpreadsheetFileBody = Type.Object(
  {
    campaignNumber: Type.String({ description: 'The year of the new draft' }),
    file: Type.String({ format: 'binary', description: 'The edition as .xlsx (FORMAT.md, "As a spreadsheet")' }),
  },
  { additionalProperties: false },
);

/** The editions calls, under /api/secure/v1. */
export const editionCalls = {
  listEditions: apiCall({
    method: 'GET',
    url: '/editions/list',
    access: 'user',
    querystring: NoQuery,
    response: Type.Array(EditionRow),
    summary: 'Every questionnaire edition with its size and campaigns per status (ADMIN, FEC)',
  }),
  editionSettings: apiCall({
    method: 'POST',
    url: '/editions/settings',
    access: 'user',
    querystring: NoQuery,
    body: EditionSettingsBody,
    response: EditionRow,
    summary: "Sets which campaigns an edition's means are made from, sent or validated (ADMIN); answers the edition as listed",
    description:
      "Changing it rebuilds the edition's territorial sums and ranks in the same transaction, so every report of the edition shows the new means at once. An edition that does not exist answers 422 VALIDATION.",
  }),
  previewEdition: apiCall({
    method: 'POST',
    url: '/editions/preview',
    access: 'user',
    querystring: NoQuery,
    body: EditionFileBody,
    response: EditionPreview,
    summary: 'Checks a catalogue file (multipart) and previews it with its differences from the previous edition; imports nothing (ADMIN)',
    description: 'A file with problems answers 422 VALIDATION with data { problems: [{ path, message, line?, column? }] }.',
  }),
  importEdition: apiCall({
    method: 'POST',
    url: '/editions/import',
    access: 'user',
    querystring: NoQuery,
    body: EditionFileBody,
    response: ImportedEdition,
    summary: 'Checks a catalogue file (multipart) again and imports it as a new edition (ADMIN); 409 CONFLICT when the year exists',
  }),
  spreadsheet: apiCall({
    method: 'GET',
    url: '/editions/spreadsheet',
    access: 'user',
    querystring: DraftQuery,
    response: Type.String({ format: 'binary' }),
    file: SPREADSHEET_FILE_TYPES,
    summary: 'An edition, or a draft of that year when there is no edition, as .xlsx: one row per response, Spanish headers (ADMIN, FEC)',
    description: 'A file download, not the JSON envelope. 404 NOT_FOUND when the year has neither an edition nor a draft.',
  }),
  uploadSpreadsheet: apiCall({
    method: 'POST',
    url: '/editions/spreadsheet',
    operationId: 'editionsSpreadsheetUpload',
    access: 'user',
    querystring: NoQuery,
    body: SpreadsheetFileBody,
    response: EditionDraft,
    summary: 'Makes a draft of that year from an .xlsx as GET editions/spreadsheet writes it (ADMIN, FEC)',
    description:
      'A file with problems answers 422 VALIDATION with data { problems: [{ sheet, row, column, header, code, params?, message }] } and makes no draft; ' +
      '409 CONFLICT when the year has an edition or a draft.',
  }),
  draft: apiCall({
    method: 'GET',
    url: '/editions/draft',
    access: 'user',
    querystring: DraftQuery,
    response: EditionDraft,
    summary: 'The draft of that year with its problems and differences (ADMIN, FEC); 404 NOT_FOUND when there is none',
  }),
  drafts: apiCall({
    method: 'GET',
    url: '/editions/drafts',
    access: 'user',
    querystring: NoQuery,
    response: Type.Array(Type.Object({ campaignNumber: Type.Integer(), version: Type.Integer(), updatedAt: Type.String({ format: 'date-time' }) })),
    summary: 'Every draft, newest year first (ADMIN, FEC)',
  }),
  createDraft: apiCall({
    method: 'POST',
    url: '/editions/draft/create',
    access: 'user',
    querystring: NoQuery,
    body: CreateDraftBody,
    response: EditionDraft,
    summary: 'A draft of a new year copied from an edition (ADMIN, FEC); 409 CONFLICT when the year has an edition or a draft, 422 when `from` has none',
  }),
  updateDraft: apiCall({
    method: 'POST',
    url: '/editions/draft/update',
    access: 'user',
    querystring: NoQuery,
    body: UpdateDraftBody,
    response: EditionDraft,
    summary: 'Applies changes to a draft, all or none (ADMIN, FEC); 409 CONFLICT with the current draft in data when `version` is not the current one',
    description: 'An operation that names a node the draft does not have answers 422 VALIDATION with data { operation: <its index>, reason }.',
  }),
  publishDraft: apiCall({
    method: 'POST',
    url: '/editions/publish',
    access: 'user',
    querystring: NoQuery,
    body: PublishDraftBody,
    response: ImportedEdition,
    summary: 'Turns a draft into the edition of its year, as editions/import makes one, and removes the draft (ADMIN, FEC)',
    description: 'A draft with problems answers 422 VALIDATION with data { problems }; 409 CONFLICT when the year has an edition.',
  }),
  deleteDraft: apiCall({
    method: 'POST',
    url: '/editions/draft/delete',
    access: 'user',
    querystring: NoQuery,
    body: DeleteDraftBody,
    response: Type.Object({ campaignNumber: Year }),
    summary: 'Throws a draft away (ADMIN, FEC); published editions do not change',
    description: '404 NOT_FOUND when the year has no draft; 409 CONFLICT with the current draft in data when `version` is not the current one.',
  }),
};
