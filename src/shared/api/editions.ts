import { Type, type Static } from 'typebox';
import { EVIDENCE_RULES, MEANS_FROM } from '../constants.js';
import { CATALOGUE_LEVELS, CATALOGUE_PROBLEM_CODES } from '../catalogueProblems.js';
import { apiCall, CalendarDate, NoQuery, Strict } from './schema.js';
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
};
