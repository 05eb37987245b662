import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/rootReducer.js';
import type { RequestError } from '../../../lib/remote.js';
import type { FileProblem } from '../../../../shared/api/editions.js';
import type { MeansFrom } from '../../../../shared/constants.js';
import { groupIndicators } from '../../campaigns/campaignsSelectors.js';

export const selectEditions = (state: RootState) => state.editions;

/** The problems of the file the server refused (422 with data.problems), in file order; empty otherwise. */
export function problemsOf(error: RequestError | null): FileProblem[] {
  const problems = error?.type === 'VALIDATION' ? (error.data as { problems?: unknown } | undefined)?.problems : undefined;
  return Array.isArray(problems) ? (problems as FileProblem[]) : [];
}

export const selectFileProblems = createSelector(
  [(state: RootState) => state.editions.preview.error, (state: RootState) => state.editions.import.error],
  (preview, imported) => [...problemsOf(preview), ...problemsOf(imported)],
);

/** The previewed questionnaire grouped as the questionnaire page groups it. */
export const selectPreviewGroups = createSelector([(state: RootState) => state.editions.preview.data], (preview) => groupIndicators(preview?.indicators ?? []));

/** The toast of a failed preview or import: none for a file's problems (the page lists them), else what went wrong. */
export function editionFailureToast(error: RequestError): string | null {
  if (problemsOf(error).length > 0) return null;
  if (error.type === 'CONFLICT') return 'EDITIONS.TOAST.EXISTS';
  if (error.type === 'PAYLOAD_TOO_LARGE') return 'EDITIONS.TOAST.TOO_LARGE';
  if (error.type === 'FORBIDDEN') return 'EDITIONS.TOAST.FORBIDDEN';
  return 'EDITIONS.TOAST.UPLOAD_ERROR';
}

/** The rule an edition's means would change to: the other one. */
export const otherMeansFrom = (meansFrom: MeansFrom): MeansFrom => (meansFrom === 'sent' ? 'validated' : 'sent');

/** The toast of a failed change of an edition's means. */
export function meansFailureToast(error: RequestError): string {
  return error.type === 'FORBIDDEN' ? 'EDITIONS.TOAST.MEANS_FORBIDDEN' : 'EDITIONS.TOAST.MEANS_ERROR';
}

/** The toast of a refused publication of provisional results: a day past or not a date, not allowed, or another failure. */
export function publishFailureToast(error: RequestError): string {
  if (error.type === 'VALIDATION') return 'EDITIONS.TOAST.PUBLISH_INVALID';
  return error.type === 'FORBIDDEN' ? 'EDITIONS.TOAST.PUBLISH_FORBIDDEN' : 'EDITIONS.TOAST.PUBLISH_ERROR';
}
