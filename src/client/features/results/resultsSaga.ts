import { all, call, put, select, takeEvery, takeLatest, takeLeading, type Effect } from 'redux-saga/effects';
import { isAnyOf } from '@reduxjs/toolkit';
import { apiCall, apiCallHandling } from '../../api/apiCall.js';
import { KEEP_ON_SCREEN, load } from '../../api/load.js';
import { ApiError, serializeError } from '../../api/ApiError.js';
import { alertsActions } from '../alerts/alertsSlice.js';
import type { ResultsApi } from '../../api/resultsApi.js';
import type { ShareResponse } from '../../../shared/api/results.js';
import { resultsActions, SHARED_CAMPAIGN_ID } from './resultsSlice.js';
import { selectReportCsvSource } from './resultsSelectors.js';
import { reportCsvFile } from './reportCsv.js';
import { snackbarActions } from '../snackbar/snackbarSlice.js';
import { messageFor } from '../../i18n/messages.js';
import type { SessionTokens } from '../../lib/sessionTokens.js';
import { clearSecret, type SecretBox } from '../../lib/secretBox.js';
import { isSessionChange } from '../auth/authSlice.js';

/** What the report sagas reach outside the store. */
export interface ResultsDependencies {
  resultsApi: ResultsApi;
  navigate: (path: string) => void;
  print: () => void | Promise<void>;
  shareLink: (url: string) => Promise<'shared' | 'copied' | 'cancelled'>;
  download: (fileName: string, content: string, type: string) => void;
  /** The page's address: a shared report shares itself. */
  currentUrl: () => string;
  /** Where a shared page leaves its link's token (sharedLink.ts): never in an action or the state. */
  session: Pick<SessionTokens, 'sharedLink'>;
  /** Where a share link the browser would not take waits for its dialog: it carries a token, so never in the store. */
  linkToCopy: SecretBox;
}

const toast = snackbarActions.toastShown;

export function handleOptionsRequested(deps: ResultsDependencies) {
  return load(() => apiCall(deps.resultsApi.entityCampaigns), resultsActions.optionsLoaded, resultsActions.optionsFailed, 'CAMPAIGNS.TOAST.LOAD_ANSWERS_ERROR');
}

export function* handleCampaignChosen(deps: ResultsDependencies, action: ReturnType<typeof resultsActions.campaignChosen>): Generator<Effect, void, unknown> {
  yield call(deps.navigate, `/results/${action.payload}`);
}

/** The result and the answers load side by side, each with its own spinner, failure and toast. */
export function* handleCampaignOpened(deps: ResultsDependencies, action: ReturnType<typeof resultsActions.campaignOpened>): Generator<Effect, void, unknown> {
  const id = action.payload;
  if (id === null) return;
  yield all([
    load(() => apiCallHandling(KEEP_ON_SCREEN, deps.resultsApi.result, id), resultsActions.resultLoaded, resultsActions.resultFailed, 'RESULTS.TOAST.LOAD_ERROR'),
    load(() => apiCallHandling(KEEP_ON_SCREEN, deps.resultsApi.answers, id), resultsActions.answersLoaded, resultsActions.answersFailed, 'CAMPAIGNS.TOAST.LOAD_ANSWERS_ERROR'),
  ]);
}

/** A call with a shared link's token: no refresh, no session to end. */
export function* readShared<R>(fn: (token: string, id: number) => Promise<R>, token: string, id: number): Generator<Effect, R, unknown> {
  return (yield call(fn, token, id)) as R;
}

/**
 * The shared link on screen: its token, from the session holder, and the campaign it names. No token (the
 * page was left, or the action was replayed from DevTools) is a broken link.
 */
export function* openSharedLink(deps: Pick<ResultsDependencies, 'resultsApi' | 'session'>): Generator<Effect, { token: string; id: number }, unknown> {
  const token = deps.session.sharedLink();
  if (!token) throw new ApiError('INVALID_TOKEN', 401);
  return { token, id: (yield call(deps.resultsApi.sharedCampaign, token)) as number };
}

/**
 * A shared link: its token (never in the store nor the cookie) names one campaign, read as it is. A token
 * that is broken, expired or revoked shows 'Link compartido incorrecto.' in place of the report.
 */
export function* handleSharedLinkOpened(deps: ResultsDependencies): Generator<Effect, void, unknown> {
  let link: { token: string; id: number };
  try {
    link = yield* openSharedLink(deps);
  } catch (err) {
    yield put(resultsActions.resultFailed(serializeError(err)));
    yield put(resultsActions.answersFailed(serializeError(err)));
    return;
  }
  const { token, id } = link;
  yield all([
    load(() => readShared(deps.resultsApi.result, token, id), resultsActions.resultLoaded, resultsActions.resultFailed, 'RESULTS.TOAST.LOAD_ERROR'),
    load(() => readShared(deps.resultsApi.answers, token, id), resultsActions.answersLoaded, resultsActions.answersFailed, 'CAMPAIGNS.TOAST.LOAD_ANSWERS_ERROR'),
  ]);
}

/**
 * Share: a new read-only link for the campaign (a shared report passes on its own address), handed to
 * the browser's share sheet or copied to the clipboard.
 */
export function* handleShareRequested(deps: ResultsDependencies, action: ReturnType<typeof resultsActions.shareRequested>): Generator<Effect, void, unknown> {
  const { campaignId, target } = action.payload;
  if (campaignId === null) {
    yield put(toast('RESULTS.TOAST.NO_CAMPAIGN', 'warning'));
    yield put(resultsActions.shareFailed({ type: 'VALIDATION', status: 422 }));
    return;
  }
  let url: string | undefined;
  try {
    if (campaignId === SHARED_CAMPAIGN_ID) url = (yield call(deps.currentUrl)) as string;
    else url = ((yield* apiCallHandling(KEEP_ON_SCREEN, deps.resultsApi.share, campaignId)) as ShareResponse)[target];
    if (!url) throw new ApiError('EMPTY_RESPONSE', 200);
  } catch (err) {
    yield put(toast('RESULTS.TOAST.SHARE_ERROR'));
    yield put(resultsActions.shareFailed(serializeError(err)));
    return;
  }
  try {
    const outcome = (yield call(deps.shareLink, url)) as 'shared' | 'copied' | 'cancelled';
    if (outcome === 'copied') yield put(toast('RESULTS.TOAST.LINK_COPIED', 'info'));
  } catch {
    // The browser would neither share nor copy (no clipboard over plain http, an expired gesture): the link
    // is not lost, it is shown to be copied by hand (LinkToCopyDialog).
    deps.linkToCopy.put(url);
    yield put(resultsActions.linkToCopyShown());
  }
  yield put(resultsActions.shareFinished());
}

/** Revoking the shared links asks first: they stop working for everyone who has them. */
export function* handleUnshareAsked(action: ReturnType<typeof resultsActions.unshareAsked>): Generator<Effect, void, unknown> {
  if (action.payload === null) {
    yield put(toast('RESULTS.TOAST.NO_CAMPAIGN', 'warning'));
    return;
  }
  yield put(
    alertsActions.alertShown({
      title: 'RESULTS.UNSHARE.TITLE',
      message: 'RESULTS.UNSHARE.MESSAGE',
      confirm: { label: 'RESULTS.UNSHARE.CONFIRM', action: resultsActions.unshareConfirmed(action.payload) },
      cancel: { label: 'COMMON.CANCEL' },
    }),
  );
}

export function* handleUnshareConfirmed(deps: ResultsDependencies, action: ReturnType<typeof resultsActions.unshareConfirmed>): Generator<Effect, void, unknown> {
  yield put(alertsActions.alertLoading(true));
  try {
    const { revoked } = (yield* apiCallHandling(KEEP_ON_SCREEN, deps.resultsApi.unshare, action.payload)) as { revoked: number };
    yield put(toast('RESULTS.TOAST.UNSHARED', 'success', { count: revoked }));
  } catch {
    yield put(toast('RESULTS.TOAST.UNSHARE_ERROR'));
  } finally {
    yield put(alertsActions.alertHidden());
  }
}

export function* handlePrintRequested(deps: ResultsDependencies): Generator<Effect, void, unknown> {
  yield call(deps.print);
}

/** 'Descargar CSV' of a comparison table or of the detail-by-measures table, in the interface's language (reportCsv.ts). */
export function* handleCsvRequested(deps: ResultsDependencies, action: ReturnType<typeof resultsActions.csvRequested>): Generator<Effect, void, unknown> {
  const { language, ...source } = (yield select(selectReportCsvSource)) as ReturnType<typeof selectReportCsvSource>;
  const file = reportCsvFile(action.payload, source, (id) => messageFor(language, id));
  if (file) yield call(deps.download, file.name, file.content, 'text/csv;charset=utf-8');
}

/** Whichever opened last wins: a slower earlier load never overwrites the report on screen. */
function* handleOpened(deps: ResultsDependencies, action: ReturnType<typeof resultsActions.campaignOpened> | ReturnType<typeof resultsActions.sharedLinkOpened>) {
  if (resultsActions.sharedLinkOpened.match(action)) yield* handleSharedLinkOpened(deps);
  else yield* handleCampaignOpened(deps, action);
}

export function* watchResults(deps: ResultsDependencies): Generator<Effect, void, unknown> {
  yield takeLatest(resultsActions.optionsRequested.type, handleOptionsRequested, deps);
  yield takeEvery(resultsActions.campaignChosen.type, handleCampaignChosen, deps);
  yield takeLatest([resultsActions.campaignOpened.type, resultsActions.sharedLinkOpened.type], handleOpened, deps);
  yield takeLeading(resultsActions.shareRequested.type, handleShareRequested, deps);
  yield takeEvery(resultsActions.unshareAsked.type, handleUnshareAsked);
  yield takeLeading(resultsActions.unshareConfirmed.type, handleUnshareConfirmed, deps);
  yield takeEvery(resultsActions.printRequested.type, handlePrintRequested, deps);
  yield takeEvery(resultsActions.csvRequested.type, handleCsvRequested, deps);
  yield takeEvery(isAnyOf(resultsActions.linkToCopyClosed, isSessionChange), clearSecret, deps.linkToCopy);
}
