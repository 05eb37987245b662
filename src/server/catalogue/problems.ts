import type { FileProblem } from '../../shared/api/editions.js';
import { placeText, type CatalogueProblemCode, type FormatMessage, type PlaceStep, type ProblemParams } from '../../shared/catalogueProblems.js';
import { intlOf } from '../i18n.js';

/** The app's messages in Spanish, the language of a problem's `message` (the interface words its code in the reader's). */
const spanish: FormatMessage = (id, values) => intlOf('es').formatMessage({ id }, values);

/** A problem of an uploaded file as the API sends it: its code and values, its place, and both in Spanish words. */
export function fileProblem(
  path: string,
  code: CatalogueProblemCode,
  params: ProblemParams = {},
  where?: PlaceStep[],
  at?: { line: number; column: number },
): FileProblem {
  const place = where && where.length > 0 ? { where, place: placeText(spanish, where) } : {};
  const values = Object.keys(params).length > 0 ? { params } : {};
  return { path, ...place, code, ...values, message: spanish(`CATALOGUE.PROBLEM.${code}`, params), ...at };
}
