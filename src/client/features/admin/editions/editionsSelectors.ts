import type { SealThreshold } from '../../../../shared/api/publication.js';
import { createSelector } from '@reduxjs/toolkit';
import { localize } from '../../../../shared/editionTexts.js';
import type { RootState } from '../../../app/rootReducer.js';
import type { RequestError } from '../../../lib/remote.js';
import type { EditionRow, FileProblem } from '../../../../shared/api/editions.js';
import type { FINAL_BLOCKED, FinalBlockedData } from '../../../../shared/api/objections.js';
import type { MeansFrom } from '../../../../shared/constants.js';
import { groupIndicators } from '../../campaigns/campaignsSelectors.js';
import { refusalCode } from '../../../lib/refusals.js';

// Spelled here (typed against the API's) so that the client needs no schema code.
const finalBlocked: typeof FINAL_BLOCKED = 'FINAL_BLOCKED';

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
export const selectPreviewGroups = createSelector(
  [(state: RootState) => state.editions.preview.data, (state: RootState) => state.locale.language],
  (preview, language) => groupIndicators(localize(preview?.indicators ?? [], language)),
);

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

/** Whether an edition's results are final: nothing of it changes, so no publication nor settings are offered. */
export const isFinal = (edition: EditionRow) => edition.publication.finalPublishedAt !== null;

/** Whether 'Publicar resultados definitivos' is offered for an edition: its provisional results published, not final yet. */
export const mayPublishFinal = (edition: EditionRow) => edition.publication.provisionalPublishedAt !== null && !isFinal(edition);

/** What still keeps an edition's results from being final (409 FINAL_BLOCKED's data), null for any other failure. */
export function finalBlockersOf(error: RequestError | null): FinalBlockedData | null {
  return error?.type === 'CONFLICT' && refusalCode(error) === finalBlocked ? (error.data as FinalBlockedData) : null;
}

/** The entities of the objections awaiting a decision, each once with how many it has, in the server's order (oldest first). */
function objectionsByEntity(openObjections: FinalBlockedData['openObjections']) {
  const byEntity = new Map<number, { entityId: number; entityName: string; count: number }>();
  for (const { entityId, entityName } of openObjections) {
    const entity = byEntity.get(entityId) ?? { entityId, entityName, count: 0 };
    entity.count += 1;
    byEntity.set(entityId, entity);
  }
  return [...byEntity.values()];
}

/**
 * Why the final publication was refused, for its dialog: the provisional results not published, the last day to
 * object while it lasts, the campaigns not validated with their review's state, and the objections to decide by entity.
 */
export const selectFinalBlockers = createSelector([(state: RootState) => state.editions.publishingFinal.error], (error) => {
  const data = finalBlockersOf(error);
  if (!data) return null;
  return {
    provisionalPublished: data.provisionalPublished,
    objectionsUntil: data.objectionsPeriodOpen ? data.objectionsUntil : null,
    notValidated: data.notValidated,
    openObjections: data.openObjections.length,
    objectionEntities: objectionsByEntity(data.openObjections),
  };
});

/** The toast of a refused final publication: none when the dialog lists what is still open, else why. */
export function publishFinalFailureToast(error: RequestError): string | null {
  if (finalBlockersOf(error)) return null;
  return error.type === 'FORBIDDEN' ? 'EDITIONS.TOAST.PUBLISH_FORBIDDEN' : 'EDITIONS.TOAST.FINAL_ERROR';
}

/** A seal threshold as the dialog edits it: the band's largest population ('' for no limit) and the percentage (0-100), as typed. */
export interface ThresholdRow {
  maxPopulation: string;
  percent: string;
}

/** A stored threshold as the dialog shows it. */
export const thresholdRow = (t: SealThreshold): ThresholdRow => ({
  maxPopulation: t.maxPopulation === null ? '' : String(t.maxPopulation),
  percent: String(Math.round(t.minPercentage * 1000) / 10),
});

/** What is wrong with each row (a message id, or null), and the thresholds to send when nothing is. */
export function thresholdsOf(rows: readonly ThresholdRow[]): {
  problems: { maxPopulation: string | null; percent: string | null }[];
  thresholds: SealThreshold[] | null;
} {
  const bands = rows.map((r) => r.maxPopulation.trim());
  const problems = rows.map((row, i) => {
    const population = bands[i];
    const validPopulation = population === '' || (/^[1-9][0-9]{0,8}$/.test(population) && Number(population) <= 100_000_000);
    const percent = row.percent.trim().replace(',', '.');
    const validPercent = /^[0-9]{1,3}(\.[0-9])?$/.test(percent) && Number(percent) <= 100;
    return {
      maxPopulation: !validPopulation ? 'EDITIONS.SEAL.INVALID_POPULATION' : bands.indexOf(population) !== i ? 'EDITIONS.SEAL.DUPLICATE' : null,
      percent: validPercent ? null : 'EDITIONS.SEAL.INVALID_PERCENT',
    };
  });
  if (problems.some((p) => p.maxPopulation || p.percent)) return { problems, thresholds: null };
  return {
    problems,
    thresholds: rows.map((r, i) => ({
      maxPopulation: bands[i] === '' ? null : Number(bands[i]),
      // Tenths of a percent, as the percentages are shown: 85.5 % is 0.855.
      minPercentage: Math.round(Number(r.percent.trim().replace(',', '.')) * 10) / 1000,
    })),
  };
}
