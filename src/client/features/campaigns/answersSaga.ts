import { delay, put, race, spawn, take } from 'redux-saga/effects';
import { callApi } from '../../app/apiCall.js';
import { handling, KEPT_ON_SCREEN, keepOnScreen } from '../../app/callPolicies.js';
import { askToConfirm } from '../../app/confirmedChange.js';
import { serializeError, type TransportErrorType } from '../../api/ApiError.js';
import type { CampaignsApi } from '../../api/campaignsApi.js';
import { call, select, type Saga } from '../../lib/typedEffects.js';
import { withProgress } from '../../lib/progressChannel.js';
import { dataCode, type RequestError } from '../../lib/remote.js';
import type { RootState } from '../../app/store.js';
import type { AnswerChange, STALE_ANSWER, StaleAnswer } from '../../../shared/api/campaigns.js';
import { campaignsActions } from './campaignsSlice.js';
import { snackbarActions } from '../snackbar/snackbarSlice.js';
import { answerErrorToast, selectCorrecting } from '../campaignCycle/campaignCycleSelectors.js';
import {
  selectAnswersSettled,
  selectCanSubmit,
  selectFailedAnswers,
  selectNextAnswerToSave,
  selectProgress,
  selectSubmitBlockers,
} from './campaignsSelectors.js';

/**
 * Autosave: every choice on screen is saved without a 'Guardar' click. A change waits for a pause in the user's
 * changes (ticking three boxes of one question sends one save, not three), then every unsaved choice is sent one
 * at a time, in questionnaire order, each with the choice on screen when it leaves; a choice changed while its
 * save is on its way is sent again after it, so the last choice always wins. A save that failed for a reason that
 * may pass (no connection, a server error) is tried again after a growing wait; one the server refused (the
 * deadline passed, the campaign was sent) waits for the user. Both show on the question until then.
 */

/** How long the answers wait for the user to stop changing them, and how long at most while the changes go on. */
export const AUTOSAVE_PAUSE_MS = 500;
export const AUTOSAVE_MAX_WAIT_MS = 2_000;
/** The waits before trying a failed save again: 2 s, doubling, at most 30 s. */
export const retryDelayMs = (attempt: number) => Math.min(2_000 * 2 ** attempt, 30_000);

/** Failures that may pass by themselves, so that the same save is tried again. */
const PASSING_FAILURES: readonly TransportErrorType[] = [
  'CONNECTION_FAILED',
  'EMPTY_RESPONSE',
  'HTTP_ERROR',
  'INTERNAL',
  'UNAVAILABLE',
  'RATE_LIMITED',
  'REQUEST_TIMEOUT',
];
const passes = (error: RequestError) => PASSING_FAILURES.includes(error.type);

const staleAnswer: typeof STALE_ANSWER = 'STALE_ANSWER';

/** The answer as someone else saved it, when a save was refused because of it (409 STALE_ANSWER); null for any other failure. */
const staleAnswerOf = (error: RequestError): StaleAnswer['current'] | null =>
  error.type === 'CONFLICT' && dataCode(error) === staleAnswer ? (error.data as StaleAnswer).current : null;

/** A failure that will be retried shows on its question; one that will not also says why in a toast (a stale answer asks on its question instead). */
const saveFailureToast = (error: RequestError) => (passes(error) || staleAnswerOf(error) ? null : answerErrorToast('CAMPAIGNS.TOAST.SAVE_ERROR')(error));

/** A change the signed-in user made now, as the answer's 'Última modificación' shows it. */
function* ownChange(): Saga<AnswerChange> {
  const email = (yield* select((state: RootState) => state.auth.user?.email)) ?? '';
  return { userEmail: email, at: new Date(yield* call(Date.now)).toISOString() };
}

/** An answer's history, if it is open, is read again after a change to the answer (it shows the change). */
function* refreshOpenHistory(campaignId: number, question: number): Saga<void> {
  const histories = yield* select((state: RootState) => state.campaigns.questionnaire.histories);
  if (question in histories) yield put(campaignsActions.historyRequested({ campaignId, question }));
}

const RESTARTS_SAVES = [campaignsActions.answersSaveNow.type, campaignsActions.answerRetryRequested.type, campaignsActions.staleAnswerReplaced.type];
/** A change on screen the autosave waits for a pause after: a choice, a comment, a "No aplica", a copied answer confirmed. */
const CHANGES: string[] = [campaignsActions.answerChosen.type, campaignsActions.noteChanged.type, campaignsActions.answerConfirmed.type];

/** Until the user pauses (or a save is asked now, or the longest wait is over). */
function* waitForPause(): Saga<void> {
  const until = (yield* call(Date.now)) + AUTOSAVE_MAX_WAIT_MS;
  for (;;) {
    const { changed } = (yield race({ changed: take(CHANGES), now: take(RESTARTS_SAVES), pause: delay(AUTOSAVE_PAUSE_MS) })) as {
      changed?: unknown;
    };
    if (!changed || (yield* call(Date.now)) >= until) return;
  }
}

/** Tries a failed save again after its wait, unless something else saved it meanwhile. */
function* retryLater(question: number, attempt: number): Saga<void> {
  yield delay(retryDelayMs(attempt));
  yield put(campaignsActions.answerRetryRequested(question));
}

/** Sends every unsaved choice, one at a time, until none is left that can be sent now. */
function* saveUnsaved(api: Pick<CampaignsApi, 'saveAnswer'>, attempts: Map<number, number>): Saga<void> {
  for (;;) {
    const next = yield* select(selectNextAnswerToSave);
    if (!next) return;
    const { question } = next;
    yield put(campaignsActions.answerSaveRequested(next));
    try {
      const result = yield* callApi(keepOnScreen(saveFailureToast), api.saveAnswer, next);
      attempts.delete(question);
      yield put(campaignsActions.answerSaved({ saved: next, result, change: yield* ownChange() }));
      yield* refreshOpenHistory(next.campaignId, question);
    } catch (err) {
      const error = serializeError(err);
      const current = staleAnswerOf(error);
      if (current) yield put(campaignsActions.answerStale({ campaignId: next.campaignId, question, current }));
      else yield put(campaignsActions.answerSaveFailed({ question, error }));
      if (passes(error)) {
        const attempt = attempts.get(question) ?? 0;
        attempts.set(question, attempt + 1);
        // Detached: this loop goes on with the other questions meanwhile.
        yield spawn(retryLater, question, attempt);
      }
    }
  }
}

/** The one saga that saves answers, so that two saves of one question never race. */
export function* autosaveAnswers(api: Pick<CampaignsApi, 'saveAnswer'>): Saga<void> {
  const attempts = new Map<number, number>();
  for (;;) {
    const first = (yield take([...CHANGES, ...RESTARTS_SAVES])) as { type: string };
    if (CHANGES.includes(first.type)) yield* waitForPause();
    yield* saveUnsaved(api, attempts);
  }
}

/** Until every choice on screen is saved or failed. */
function* waitForSaves(): Saga<void> {
  while (!(yield* select(selectAnswersSettled))) {
    yield take([
      campaignsActions.answerSaved.type,
      campaignsActions.answerSaveFailed.type,
      campaignsActions.answerStale.type,
      campaignsActions.questionnaireRequested.type,
    ]);
  }
}

/** At most this many questions are named in a toast; the others are counted. */
const NAMED = 3;

/** A toast's values naming questions: how many, the first NAMED in «», and how many more. */
const named = (subs: readonly { text: string }[]) => ({
  count: subs.length,
  questions: subs
    .slice(0, NAMED)
    .map((s) => `«${s.text}»`)
    .join(', '),
  more: Math.max(0, subs.length - NAMED),
});

/** An upload keeps every failure of its own on screen, a file too large (413) included. */
const UPLOAD_FAILURES = [...KEPT_ON_SCREEN, 'PAYLOAD_TOO_LARGE' as const];

/** The toast of a refused evidence call: the server's reason where the user can act on it. */
const evidenceErrorToast = (error: RequestError) => (error.type === 'VALIDATION' ? 'EVIDENCE.TOAST.INVALID' : answerErrorToast('EVIDENCE.TOAST.ERROR')(error));

/** 'Añadir enlace': the link is sent, and shows under the question once the server has it. */
export function* handleEvidenceLinkRequested(
  api: Pick<CampaignsApi, 'addEvidenceLink'>,
  action: ReturnType<typeof campaignsActions.evidenceLinkRequested>,
): Saga<void> {
  const { question } = action.payload;
  try {
    const item = yield* callApi(keepOnScreen(evidenceErrorToast), api.addEvidenceLink, action.payload);
    yield put(campaignsActions.evidenceAdded({ question, item, change: yield* ownChange() }));
    yield* refreshOpenHistory(action.payload.campaignId, question);
  } catch {
    yield put(campaignsActions.evidenceFailed({ question }));
  }
}

/** The toast of a refused file: too large, the campaign's files full, a kind of file not taken, or else. */
const uploadErrorToast = (error: RequestError) => {
  const code = dataCode(error);
  if (error.type === 'PAYLOAD_TOO_LARGE' || code === 'EVIDENCE_FILE_TOO_LARGE') return 'EVIDENCE.TOAST.TOO_LARGE';
  if (code === 'EVIDENCE_TOTAL_TOO_LARGE') return 'EVIDENCE.TOAST.TOTAL_TOO_LARGE';
  if (code === 'EVIDENCE_TYPE_NOT_ALLOWED') return 'EVIDENCE.TOAST.TYPE_NOT_ALLOWED';
  return evidenceErrorToast(error);
};

/**
 * 'Adjuntar archivo': the file is sent, the question saying how much of it has gone, and it shows under the
 * question once the server has all of it.
 */
export function* handleEvidenceUploadRequested(
  api: Pick<CampaignsApi, 'uploadEvidence'>,
  action: ReturnType<typeof campaignsActions.evidenceUploadRequested>,
): Saga<void> {
  const { campaignId, question } = action.payload;
  const { file } = action.meta;
  try {
    const item = yield* withProgress(
      (percent) => campaignsActions.evidenceUploadProgressed({ question, percent }),
      (report) => callApi(handling(UPLOAD_FAILURES, uploadErrorToast), api.uploadEvidence, { campaignId, question }, file, file.name, report),
    );
    yield put(campaignsActions.evidenceAdded({ question, item, change: yield* ownChange() }));
    yield* refreshOpenHistory(action.payload.campaignId, question);
  } catch {
    yield put(campaignsActions.evidenceFailed({ question }));
  }
}

/** A file given as evidence, saved under its name. */
export function* handleEvidenceDownloadRequested(
  deps: { campaignsApi: Pick<CampaignsApi, 'evidenceFile'>; download: (fileName: string, content: Blob, type: string) => void },
  action: ReturnType<typeof campaignsActions.evidenceDownloadRequested>,
): Saga<void> {
  const { campaignId, evidenceId, fileName } = action.payload;
  try {
    const file = yield* callApi(keepOnScreen('EVIDENCE.TOAST.DOWNLOAD_ERROR'), deps.campaignsApi.evidenceFile, campaignId, evidenceId, fileName);
    yield* call(deps.download, fileName, file.blob, file.blob.type);
  } catch {
    // callApi showed the toast.
  }
}

/** 'Ver historial': one answer's history, newest first. */
export function* handleHistoryRequested(api: Pick<CampaignsApi, 'history'>, action: ReturnType<typeof campaignsActions.historyRequested>): Saga<void> {
  try {
    const entries = yield* callApi(keepOnScreen('QUESTIONNAIRE.HISTORY.LOAD_ERROR'), api.history, action.payload);
    yield put(campaignsActions.historyLoaded({ ...action.payload, entries }));
  } catch (err) {
    yield put(campaignsActions.historyFailed({ ...action.payload, error: serializeError(err) }));
  }
}

/** 'Quitar' on an item of evidence. */
export function* handleEvidenceRemoveRequested(
  api: Pick<CampaignsApi, 'removeEvidence'>,
  action: ReturnType<typeof campaignsActions.evidenceRemoveRequested>,
): Saga<void> {
  const { campaignId, question, evidenceId } = action.payload;
  try {
    yield* callApi(keepOnScreen(evidenceErrorToast), api.removeEvidence, campaignId, evidenceId);
    yield put(campaignsActions.evidenceRemoved({ question, evidenceId, change: yield* ownChange() }));
    yield* refreshOpenHistory(campaignId, question);
  } catch {
    yield put(campaignsActions.evidenceFailed({ question }));
  }
}

/**
 * 'Enviar Encuesta' sends what is on screen: it first saves every choice not saved yet, and if one cannot be saved
 * (or a question is left without an answer) it says which and sends nothing. Then it asks the user to sign
 * ('Firmar y enviar'), naming the entity, the campaign and the signer, since sending freezes the answers for good
 * and makes the receipt.
 */
export function* handleSubmitAsked(action: ReturnType<typeof campaignsActions.submitAsked>): Saga<void> {
  yield put(campaignsActions.answersSaveNow());
  yield* waitForSaves();
  const failed = yield* select(selectFailedAnswers);
  // Answers someone else changed meanwhile wait for the user's choice under each of them, not for 'reintentar'.
  const stale = yield* select((state: RootState) => state.campaigns.questionnaire.stale);
  const changedByOthers = failed.filter((s) => s.id in stale);
  if (changedByOthers.length > 0) {
    yield put(snackbarActions.toastShown('QUESTIONNAIRE.TOAST.STALE', 'warning', named(changedByOthers)));
    return;
  }
  if (failed.length > 0) {
    yield put(snackbarActions.toastShown('QUESTIONNAIRE.TOAST.NOT_SAVED', 'error', named(failed)));
    return;
  }
  if (!(yield* select(selectCanSubmit))) {
    const { answered, total } = yield* select(selectProgress);
    const { withoutEvidence, unconfirmed } = yield* select(selectSubmitBlockers);
    if (answered < total) yield put(snackbarActions.toastShown('QUESTIONNAIRE.TOAST.MISSING', 'warning', { count: total - answered }));
    else if (withoutEvidence.length > 0) yield put(snackbarActions.toastShown('QUESTIONNAIRE.TOAST.EVIDENCE_MISSING', 'warning', named(withoutEvidence)));
    else if (unconfirmed.length > 0) yield put(snackbarActions.toastShown('QUESTIONNAIRE.TOAST.UNCONFIRMED', 'warning', named(unconfirmed)));
    return;
  }
  const { id, entity, year } = action.payload;
  const confirm = campaignsActions.submitConfirmed(id);
  // Corrections asked by a reviewer are sent back the same way, said as such.
  const corrections = yield* select(selectCorrecting);
  const texts = corrections ? 'QUESTIONNAIRE.REVIEW.SUBMIT_CONFIRM' : 'QUESTIONNAIRE.SUBMIT_CONFIRM';
  // A primary button, not a danger one: sending is what the questionnaire is for.
  const signer = (yield* select((state: RootState) => state.auth.user?.email)) ?? '';
  const asked = { title: `${texts}.TITLE`, message: `${texts}.MESSAGE`, values: { entity, year: String(year), signer } };
  const confirmLabel = corrections ? 'QUESTIONNAIRE.REVIEW.SUBMIT_CORRECTIONS' : 'QUESTIONNAIRE.SIGN_AND_SEND';
  yield put(askToConfirm({ ...asked, confirmLabel, danger: false, action: confirm }));
}
