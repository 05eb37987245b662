import { put, takeLatest, takeLeading } from 'redux-saga/effects';
import { callApi } from '../../app/apiCall.js';
import { keepOnScreen } from '../../app/callPolicies.js';
import { load } from '../../app/load.js';
import { serializeError } from '../../api/ApiError.js';
import type { PrivacyApi } from '../../api/privacyApi.js';
import type { DownloadContent } from '../../lib/browser.js';
import { call, type Saga } from '../../lib/typedEffects.js';
import { snackbarActions } from '../snackbar/snackbarSlice.js';
import { privacyActions } from './privacySlice.js';

/** What the privacy page's sagas reach outside the store. */
export interface PrivacyDependencies {
  privacyApi: PrivacyApi;
  download: (fileName: string, content: DownloadContent, type: string) => void;
}

/** The page asks how long the log is kept; without an answer it says so in general terms. */
export function handleOpened(deps: PrivacyDependencies) {
  return load(call(deps.privacyApi.retentionDays), privacyActions.retentionLoaded, privacyActions.retentionFailed);
}

/** 'Descargar mis datos': the JSON the server gives, saved as a file (it never enters the store). */
export function* handleDownloadRequested(deps: PrivacyDependencies): Saga<void> {
  try {
    const data = yield* callApi(keepOnScreen('PRIVACY.DOWNLOAD_ERROR'), deps.privacyApi.exportMine);
    yield* call(deps.download, 'mis-datos.json', JSON.stringify(data, null, 2), 'application/json');
    yield put(privacyActions.downloaded());
  } catch (err) {
    yield put(privacyActions.downloadFailed(serializeError(err)));
  }
}

/** The request to erase one's data, with its reason; the page then says when it was filed. */
export function* handleErasureRequested(deps: PrivacyDependencies, action: ReturnType<typeof privacyActions.erasureRequested>): Saga<void> {
  try {
    const { requestedAt } = yield* callApi(keepOnScreen('PRIVACY.ERASURE.ERROR'), deps.privacyApi.requestErasure, action.payload);
    yield put(privacyActions.erasureFiled(requestedAt));
    yield put(snackbarActions.toastShown('PRIVACY.ERASURE.FILED_TOAST', 'success'));
  } catch (err) {
    yield put(privacyActions.erasureFailed(serializeError(err)));
  }
}

export function* watchPrivacy(deps: PrivacyDependencies): Saga<void> {
  yield takeLatest(privacyActions.opened.type, handleOpened, deps);
  yield takeLeading(privacyActions.downloadRequested.type, handleDownloadRequested, deps);
  yield takeLeading(privacyActions.erasureRequested.type, handleErasureRequested, deps);
}
