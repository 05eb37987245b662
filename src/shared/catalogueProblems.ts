/**
 * What can be wrong with a questionnaire catalogue (an uploaded file or one being written), as codes with their
 * values: the interface says each in the reader's language (i18n `CATALOGUE.PROBLEM.<code>`), the server's own
 * `message` is the Spanish one, and the command line prints the English. Where it is, `where`, is a list of steps
 * the same catalogues name ('subindicador E1.P1.M1.I1.S1 › respuesta R2 › value').
 */

export const CATALOGUE_PROBLEM_CODES = [
  'REQUIRED',
  'LIST_REQUIRED',
  'LIST_EMPTY',
  'NOT_A_NUMBER',
  'TOO_SMALL',
  'TOO_LARGE',
  'TYPE_UNKNOWN',
  'NOT_A_YEAR',
  'YEAR_OUT_OF_RANGE',
  'TOO_LONG',
  'WRONG_TYPE',
  'CONTROL_CHARACTER',
  'EVIDENCE_RULE_UNKNOWN',
  'EVIDENCE_CRITERIA_EMPTY',
  'CRITERIA_WITHOUT_RULE',
  'CODE_REPEATED',
  'COMPETENCE_UNKNOWN',
  'EXCLUSIVE_ON_SINGLE',
  'TOO_FEW_RESPONSES',
  'SINGLE_WITHOUT_POINTS',
  'EDITION_EXISTS',
  'NOT_UTF8',
  'EMPTY_FILE',
  'TOO_DEEP',
  'JSON_SYNTAX',
  'TOO_MANY_VALUES',
  'TOO_MANY_PROBLEMS',
  'MORE_PROBLEMS',
  'UNREADABLE',
  'NOT_A_SPREADSHEET',
  'SHEET_MISSING',
  'HEADER_WRONG',
  'DIFFERS',
  'NOT_AN_OPTION',
  'LANGUAGE_UNKNOWN',
  'TRANSLATION_EMPTY',
  'TRANSLATION_WITHOUT_TEXT',
  'NOT_IN_QUESTIONNAIRE',
  'SPANISH_DIFFERS',
  'INVALID',
] as const;
export type CatalogueProblemCode = (typeof CATALOGUE_PROBLEM_CODES)[number];

/** A problem's values, named in its message: a field of the file, a level, a code, a limit. */
export type ProblemParams = Record<string, string | number>;

/** The levels of a catalogue, as a place and the messages name them (i18n `CATALOGUE.LEVEL.<level>`). */
export const CATALOGUE_LEVELS = ['competence', 'axis', 'policy', 'measure', 'indicator', 'subindicator', 'response'] as const;
export type CatalogueLevel = (typeof CATALOGUE_LEVELS)[number];

/** One step of a place: an element of a level by its code (or its position from 1 when it has no usable code), or a field. */
export type PlaceStep = { level: CatalogueLevel; code: string } | { level: CatalogueLevel; position: number } | { field: string };

/** A formatter of the app's messages by id: the client's `intl.formatMessage`, the server's `intlOf(language)`. */
export type FormatMessage = (id: string, values?: ProblemParams) => string;

/** A problem in words: its code's message with its values, or `fallback` (the server's message) for a code this client does not know. */
export function problemText(format: FormatMessage, code: string, params: ProblemParams | undefined, fallback: string): string {
  return (CATALOGUE_PROBLEM_CODES as readonly string[]).includes(code) ? format(`CATALOGUE.PROBLEM.${code}`, params ?? {}) : fallback;
}

/** A place in words: 'subindicador E1.P1.M1.I1.S1 › respuesta R2 › value', or 'medida n.º 2' for an element without a code. */
export function placeText(format: FormatMessage, where: readonly PlaceStep[]): string {
  return where
    .map((step) => {
      if ('field' in step) return step.field;
      const level = format(`CATALOGUE.LEVEL.${step.level}`);
      return 'code' in step ? `${level} ${step.code}` : format('CATALOGUE.LEVEL_POSITION', { level, position: step.position });
    })
    .join(' › ');
}
