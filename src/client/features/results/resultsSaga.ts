import { put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { isAnyOf } from '@reduxjs/toolkit';
import { callApi } from '../../app/apiCall.js';
import { errorPage, keepOnScreen, sharedLink } from '../../app/callPolicies.js';
import { load, loadOnScreen } from '../../app/load.js';
import { askToConfirm, confirmedChange } from '../../app/confirmedChange.js';
import { ApiError, serializeError } from '../../api/ApiError.js';
import type { ResultsApi } from '../../api/resultsApi.js';
import { all, call, select, type Saga } from '../../lib/typedEffects.js';
import { resultsActions, SHARED_CAMPAIGN_ID, type ShareExpiry } from './resultsSlice.js';
import { reportLoadToast, selectOpenCampaignNames, selectReportCsvSource } from './resultsSelectors.js';
import { reportCsvFile, reportWorkbook } from './reportCsv.js';
import type { DownloadContent } from '../../lib/browser.js';
import { XLSX_TYPE, type SheetSource } from '../../lib/workbook.js';
import { snackbarActions } from '../snackbar/snackbarSlice.js';
import { messagesIn } from '../../i18n/messages.js';
import type { SessionTokens } from '../../lib/sessionTokens.js';
import { clearSecret, type SecretBox } from '../../lib/secretBox.js';
import { isSessionChange } from '../auth/authSlice.js';
import { PATHS } from '../../app/paths.js';
import type { RootState } from '../../app/rootReducer.js';

/** What the report sagas reach outside the store. */
export interface ResultsDependencies {
  resultsApi: ResultsApi;
  navigate: (path: string) => void;
  print: () => void | Promise<void>;
  shareLink: (url: string) => Promise<'shared' | 'copied' | 'cancelled'>;
  download: (fileName: string, content: DownloadContent, type: string) => void;
  /** An Excel workbook's bytes (workbook.ts: loads exceljs on first use). */
  workbookBytes: (sheets: readonly SheetSource[], active: number) => Promise<ArrayBuffer>;
  /** The page's address: a shared report shares itself. */
  currentUrl: () => string;
  /** Where a shared page leaves its link's token (sharedLink.ts): never in an action or the state. */
  session: Pick<SessionTokens, 'sharedLink'>;
  /** Where a share link the browser would not take waits for its dialog: it carries a token, so never in the store. */
  linkToCopy: SecretBox;
}

const toast = snackbarActions.toastShown;

export function handleOptionsRequested(deps: ResultsDependencies) {
  return load(
    callApi(errorPage('CAMPAIGNS.TOAST.LOAD_ANSWERS_ERROR'), deps.resultsApi.entityCampaigns),
    resultsActions.optionsLoaded,
    resultsActions.optionsFailed,
  );
}

/**
 * Another entity closed the report (resultsActions.entitySelected): its address leaves the old entity's
 * campaign for /results, where the new entity's campaign is chosen. The same entity again changes nothing.
 */
export function* handleEntitySelected(deps: ResultsDependencies): Saga<void> {
  if ((yield* select((state: RootState) => state.results.campaignId)) !== null) return;
  if (new URL(yield* call(deps.currentUrl)).pathname !== PATHS.results) yield* call(deps.navigate, PATHS.results);
}

export function* handleCampaignChosen(deps: ResultsDependencies, action: ReturnType<typeof resultsActions.campaignChosen>): Saga<void> {
  yield* call(deps.navigate, `/results/${action.payload}`);
}

/**
 * The result and the answers load side by side, each with its own spinner, failure and toast; a campaign not
 * sent yet has no result and no toast: the page says so.
 */
export function* handleCampaignOpened(deps: ResultsDependencies, action: ReturnType<typeof resultsActions.campaignOpened>): Saga<void> {
  const id = action.payload;
  if (id === null) return;
  yield* all(
    loadOnScreen(reportLoadToast('RESULTS.TOAST.LOAD_ERROR'), resultsActions.resultLoaded, resultsActions.resultFailed, deps.resultsApi.result, id),
    loadOnScreen('CAMPAIGNS.TOAST.LOAD_ANSWERS_ERROR', resultsActions.answersLoaded, resultsActions.answersFailed, deps.resultsApi.answers, id),
    // No toast of its own: without it the printed summary leaves out the trend and the improvements.
    loadOnScreen(undefined, resultsActions.trendLoaded, resultsActions.trendFailed, deps.resultsApi.trend, id),
  );
}

/**
 * The shared link on screen: its token, from the session holder, and the campaign it names. No token (the
 * page was left, or the action was replayed from DevTools) is a broken link.
 */
export function* openSharedLink(deps: Pick<ResultsDependencies, 'resultsApi' | 'session'>): Saga<{ token: string; id: number }> {
  const token = deps.session.sharedLink();
  if (!token) throw new ApiError('INVALID_TOKEN', 401);
  return { token, id: yield* call(deps.resultsApi.sharedCampaign, token) };
}

/**
 * A shared link: its token (never in the store nor the cookie) names one campaign, read as it is. A token
 * that is broken, expired or revoked shows 'Link compartido incorrecto.' in place of the report.
 */
export function* handleSharedLinkOpened(deps: ResultsDependencies): Saga<void> {
  let link: { token: string; id: number };
  try {
    link = yield* openSharedLink(deps);
  } catch (err) {
    yield put(resultsActions.resultFailed(serializeError(err)));
    yield put(resultsActions.answersFailed(serializeError(err)));
    yield put(resultsActions.trendFailed(serializeError(err)));
    return;
  }
  const { token, id } = link;
  // A campaign reopened since it was shared has neither (409): the page says it is not sent, with no toast.
  yield* all(
    load(
      callApi(sharedLink(token, reportLoadToast('RESULTS.TOAST.LOAD_ERROR')), deps.resultsApi.result, id),
      resultsActions.resultLoaded,
      resultsActions.resultFailed,
    ),
    load(
      callApi(sharedLink(token, reportLoadToast('CAMPAIGNS.TOAST.LOAD_ANSWERS_ERROR')), deps.resultsApi.answers, id),
      resultsActions.answersLoaded,
      resultsActions.answersFailed,
    ),
    load(callApi(sharedLink(token), deps.resultsApi.trend, id), resultsActions.trendLoaded, resultsActions.trendFailed),
  );
}

/**
 * Share: a new read-only link for the campaign (a shared report passes on its own address), handed to
 * the browser's share sheet or copied to the clipboard.
 */
export function* handleShareRequested(deps: ResultsDependencies, action: ReturnType<typeof resultsActions.shareRequested>): Saga<void> {
  const { campaignId, target } = action.payload;
  if (campaignId === null) {
    yield put(toast('RESULTS.TOAST.NO_CAMPAIGN', 'warning'));
    yield put(resultsActions.shareFailed({ type: 'VALIDATION', status: 422 }));
    return;
  }
  let url: string | undefined;
  // A new link says when it expires; a shared report passing its own address on does not know.
  let expiry: ShareExpiry | undefined;
  try {
    if (campaignId === SHARED_CAMPAIGN_ID) url = yield* call(deps.currentUrl);
    else {
      const links = yield* callApi(keepOnScreen(), deps.resultsApi.share, campaignId);
      url = links[target];
      expiry = { campaignId, expiresAt: links.expiresAt };
    }
    if (!url) throw new ApiError('EMPTY_RESPONSE', 200);
  } catch (err) {
    yield put(toast('RESULTS.TOAST.SHARE_ERROR'));
    yield put(resultsActions.shareFailed(serializeError(err)));
    return;
  }
  try {
    const outcome = yield* call(deps.shareLink, url);
    if (outcome === 'copied') yield put(toast('RESULTS.TOAST.LINK_COPIED', 'info'));
  } catch {
    // The browser would neither share nor copy (no clipboard over plain http, an expired gesture): the link
    // is not lost, it is shown to be copied by hand (LinkToCopyDialog).
    deps.linkToCopy.put(url);
    yield put(resultsActions.linkToCopyShown());
  }
  yield put(resultsActions.shareFinished(expiry));
}

/** Revoking the shared links asks first: they stop working for everyone who has them. */
export function* handleUnshareAsked(action: ReturnType<typeof resultsActions.unshareAsked>): Saga<void> {
  if (action.payload === null) {
    yield put(toast('RESULTS.TOAST.NO_CAMPAIGN', 'warning'));
    return;
  }
  const names = yield* select(selectOpenCampaignNames);
  const confirm = { confirmLabel: 'RESULTS.UNSHARE.CONFIRM', action: resultsActions.unshareConfirmed(action.payload) };
  const message = names
    ? { message: 'RESULTS.UNSHARE.MESSAGE_NAMED', values: { entity: names.entity, year: String(names.year) } }
    : { message: 'RESULTS.UNSHARE.MESSAGE' };
  yield put(askToConfirm({ title: 'RESULTS.UNSHARE.TITLE', ...message, ...confirm }));
}

export function handleUnshareConfirmed(deps: ResultsDependencies, action: ReturnType<typeof resultsActions.unshareConfirmed>) {
  const outcome = {
    success: 'RESULTS.TOAST.UNSHARED',
    successValues: ({ revoked }: { revoked: number }) => ({ count: revoked }),
    failure: 'RESULTS.TOAST.UNSHARE_ERROR',
  };
  return confirmedChange(outcome, deps.resultsApi.unshare, action.payload);
}

/** 'Imprimir en PDF': the browser's print dialog; with no campaign chosen there is no report to print, so it warns as share does. */
export function* handlePrintRequested(deps: ResultsDependencies, action: ReturnType<typeof resultsActions.printRequested>): Saga<void> {
  if (action.payload === null) {
    yield put(toast('RESULTS.TOAST.NO_CAMPAIGN', 'warning'));
    return;
  }
  yield* call(deps.print);
}

/** 'Descargar CSV' of a comparison table, the ranks, the detail by measures, the plan or 'Mis Respuestas', in the interface's language (reportCsv.ts). */
export function* handleCsvRequested(deps: ResultsDependencies, action: ReturnType<typeof resultsActions.csvRequested>): Saga<void> {
  const { language, ...source } = yield* select(selectReportCsvSource);
  const file = reportCsvFile(action.payload, source, yield* call(messagesIn, language));
  if (file) yield* call(deps.download, file.name, file.content, 'text/csv;charset=utf-8');
}

/**
 * 'Descargar Excel': the whole report in the interface's language, a sheet per table (reportCsv.ts). exceljs
 * loads on the first download; a failure to load it (offline) says so.
 */
export function* handleExcelRequested(
  deps: Pick<ResultsDependencies, 'download' | 'workbookBytes'>,
  action: ReturnType<typeof resultsActions.excelRequested>,
): Saga<void> {
  const { language, ...source } = yield* select(selectReportCsvSource);
  const file = reportWorkbook(action.payload, source, yield* call(messagesIn, language));
  if (!file) return;
  try {
    const bytes = yield* call(deps.workbookBytes, file.sheets, file.active);
    yield* call(deps.download, file.name, bytes, XLSX_TYPE);
  } catch {
    yield put(toast('RESULTS.TOAST.EXCEL_ERROR', 'error'));
  }
}

/** Whichever opened last wins: a slower earlier load never overwrites the report on screen. */
function* handleOpened(
  deps: ResultsDependencies,
  action: ReturnType<typeof resultsActions.campaignOpened> | ReturnType<typeof resultsActions.sharedLinkOpened>,
) {
  if (resultsActions.sharedLinkOpened.match(action)) yield* handleSharedLinkOpened(deps);
  else yield* handleCampaignOpened(deps, action);
}

export function* watchResults(deps: ResultsDependencies): Saga<void> {
  yield takeLatest(resultsActions.optionsRequested.type, handleOptionsRequested, deps);
  yield takeEvery(resultsActions.entitySelected.type, handleEntitySelected, deps);
  yield takeEvery(resultsActions.campaignChosen.type, handleCampaignChosen, deps);
  yield takeLatest([resultsActions.campaignOpened.type, resultsActions.sharedLinkOpened.type], handleOpened, deps);
  yield takeLeading(resultsActions.shareRequested.type, handleShareRequested, deps);
  yield takeEvery(resultsActions.unshareAsked.type, handleUnshareAsked);
  yield takeLeading(resultsActions.unshareConfirmed.type, handleUnshareConfirmed, deps);
  yield takeEvery(resultsActions.printRequested.type, handlePrintRequested, deps);
  yield takeEvery(resultsActions.csvRequested.type, handleCsvRequested, deps);
  yield takeLeading(resultsActions.excelRequested.type, handleExcelRequested, deps);
  yield takeEvery(isAnyOf(resultsActions.linkToCopyClosed, isSessionChange), clearSecret, deps.linkToCopy);
}
