import { put, takeLatest, takeLeading } from 'redux-saga/effects';
import { callApi } from '../../../app/apiCall.js';
import { keepOnScreen } from '../../../app/callPolicies.js';
import { loadOnScreen } from '../../../app/load.js';
import type { RootState } from '../../../app/rootReducer.js';
import { call, select, type Saga } from '../../../lib/typedEffects.js';
import type { AuditApi } from '../../../api/auditApi.js';
import type { DownloadContent } from '../../../lib/browser.js';
import { auditActions } from './auditSlice.js';
import { auditQuery, isBackwardsRange } from './auditModel.js';

/** What the activity log's sagas reach outside the store. */
export interface AuditDependencies {
  auditApi: AuditApi;
  download: (fileName: string, content: DownloadContent, type: string) => void;
}

const filtersOf = (state: RootState) => state.audit.filters;

/** The first page of the filtered log; a backwards range is not sent (the page says why). The failure stays on the page, in Spanish. */
export function* handleFirstPage(deps: AuditDependencies): Saga<void> {
  const filters = yield* select(filtersOf);
  if (isBackwardsRange(filters)) {
    yield put(auditActions.firstPageLoaded({ rows: [], next: null }));
    return;
  }
  yield* loadOnScreen('AUDIT.LOAD_ERROR', auditActions.firstPageLoaded, auditActions.firstPageFailed, deps.auditApi.list, auditQuery(filters));
}

/** The next page, after the last row on screen. */
export function* handleMoreRequested(deps: AuditDependencies): Saga<void> {
  const { filters, next } = yield* select((state: RootState) => ({ filters: state.audit.filters, next: state.audit.list.next }));
  if (!next) return;
  yield* loadOnScreen(
    'AUDIT.LOAD_ERROR',
    (page) => auditActions.moreLoaded({ after: next, page }),
    auditActions.moreFailed,
    deps.auditApi.list,
    auditQuery(filters, next),
  );
}

/** The filtered log as CSV, saved under the server's name. */
export function* handleExportRequested(deps: AuditDependencies): Saga<void> {
  try {
    const filters = yield* select(filtersOf);
    const file = yield* callApi(keepOnScreen('AUDIT.EXPORT_ERROR'), deps.auditApi.exportCsv, auditQuery(filters));
    yield* call(deps.download, file.name, file.blob, file.blob.type);
  } catch {
    // callApi showed the toast.
  } finally {
    yield put(auditActions.exportFinished());
  }
}

export function* watchAudit(deps: AuditDependencies): Saga<void> {
  // A newer filter wins: the page in flight for the old filters is cancelled.
  yield takeLatest([auditActions.pageOpened.type, auditActions.filtersChanged.type, auditActions.filtersCleared.type], handleFirstPage, deps);
  yield takeLeading(auditActions.moreRequested.type, handleMoreRequested, deps);
  yield takeLeading(auditActions.exportRequested.type, handleExportRequested, deps);
}
