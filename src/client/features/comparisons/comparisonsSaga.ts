import { fork, put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { callApi } from '../../app/apiCall.js';
import { keepOnScreen, sharedLink } from '../../app/callPolicies.js';
import { load, loadOnScreen } from '../../app/load.js';
import { serializeError } from '../../api/ApiError.js';
import { call, select, type Saga } from '../../lib/typedEffects.js';
import { openSharedLink, type ResultsDependencies } from '../results/resultsSaga.js';
import type { RootState } from '../../app/rootReducer.js';
import { comparisonsActions } from './comparisonsSlice.js';
import { selectComparisonCsvSource } from './comparisonsSelectors.js';
import { comparisonCsvFile, comparisonWorkbook } from './comparisonCsv.js';
import { XLSX_TYPE } from '../../lib/workbook.js';
import { snackbarActions } from '../snackbar/snackbarSlice.js';
import { reportLoadToast } from '../results/resultsSelectors.js';
import { messagesIn } from '../../i18n/messages.js';
import { PATHS } from '../../app/paths.js';
import type { TrendResponse } from '../../../shared/api/results.js';

/** The comparison sagas need what the report sagas need. */
export type ComparisonsDependencies = Pick<ResultsDependencies, 'resultsApi' | 'navigate' | 'session' | 'download' | 'workbookBytes'>;

const TOAST = 'COMPARISONS.TOAST.LOAD_ERROR';

/**
 * Choosing an entity opens its last sent campaign (the last in its list; the one on screen is opened again).
 * An entity with none stays chosen on /comparisons, and the page says so.
 */
export function* handleEntityChosen(deps: Pick<ComparisonsDependencies, 'navigate'>, action: ReturnType<typeof comparisonsActions.entityChosen>): Saga<void> {
  const campaigns = yield* select((state: RootState) => state.results.options.items.find((e) => e.entityId === action.payload)?.campaigns ?? []);
  const open = yield* select((state: RootState) => state.comparisons.campaignId);
  const last = campaigns.at(-1);
  if (last && last.id === open) yield put(comparisonsActions.campaignOpened(last.id));
  else if (last) yield* call(deps.navigate, `${PATHS.comparisons}/${last.id}`);
  else if (open !== null) yield* call(deps.navigate, PATHS.comparisons);
}

/** 'Descargar CSV' of a group's differences table, in the interface's language. */
export function* handleCsvRequested(deps: Pick<ComparisonsDependencies, 'download'>, action: ReturnType<typeof comparisonsActions.csvRequested>): Saga<void> {
  const { language, ...source } = yield* select(selectComparisonCsvSource);
  const file = comparisonCsvFile(action.payload, source, yield* call(messagesIn, language));
  if (file) yield* call(deps.download, file.name, file.content, 'text/csv;charset=utf-8');
}

/** 'Descargar Excel' of the comparisons: a sheet per group (comparisonCsv.ts); exceljs loads on the first download. */
export function* handleExcelRequested(
  deps: Pick<ComparisonsDependencies, 'download' | 'workbookBytes'>,
  action: ReturnType<typeof comparisonsActions.excelRequested>,
): Saga<void> {
  const { language, ...source } = yield* select(selectComparisonCsvSource);
  const file = comparisonWorkbook(action.payload, source, yield* call(messagesIn, language));
  if (!file) return;
  try {
    const bytes = yield* call(deps.workbookBytes, file.sheets, file.active);
    yield* call(deps.download, file.name, bytes, XLSX_TYPE);
  } catch {
    yield put(snackbarActions.toastShown('RESULTS.TOAST.EXCEL_ERROR', 'error'));
  }
}

/**
 * The trend across editions, beside the comparison: without a toast of its own (the comparison's says the page
 * failed); when it fails the page shows the comparison without its 'Evolución'.
 */
function* loadTrend(request: Saga<TrendResponse>): Saga<void> {
  yield* load(request, comparisonsActions.trendLoaded, comparisonsActions.trendFailed);
}

export function* handleCampaignOpened(
  deps: Pick<ComparisonsDependencies, 'resultsApi' | 'session'>,
  action: ReturnType<typeof comparisonsActions.campaignOpened>,
): Saga<void> {
  const id = action.payload;
  if (id === null) return;
  yield fork(loadTrend, callApi(keepOnScreen(), deps.resultsApi.trend, id));
  yield* loadOnScreen(reportLoadToast(TOAST), comparisonsActions.comparisonLoaded, comparisonsActions.comparisonFailed, deps.resultsApi.comparison, id);
}

/** A shared link's comparison, read with its own token (from the session holder); a broken link fails without a toast. */
export function* handleSharedLinkOpened(deps: Pick<ComparisonsDependencies, 'resultsApi' | 'session'>): Saga<void> {
  let link: { token: string; id: number };
  try {
    link = yield* openSharedLink(deps);
  } catch (err) {
    yield put(comparisonsActions.comparisonFailed(serializeError(err)));
    yield put(comparisonsActions.trendFailed(serializeError(err)));
    return;
  }
  const { token, id } = link;
  yield fork(loadTrend, callApi(sharedLink(token), deps.resultsApi.trend, id));
  yield* load(
    callApi(sharedLink(token, reportLoadToast(TOAST)), deps.resultsApi.comparison, id),
    comparisonsActions.comparisonLoaded,
    comparisonsActions.comparisonFailed,
  );
}

/** Whichever opened last wins: a slower earlier load never overwrites the comparison on screen. */
function* handleOpened(
  deps: ComparisonsDependencies,
  action: ReturnType<typeof comparisonsActions.campaignOpened> | ReturnType<typeof comparisonsActions.sharedLinkOpened>,
) {
  if (comparisonsActions.sharedLinkOpened.match(action)) yield* handleSharedLinkOpened(deps);
  else yield* handleCampaignOpened(deps, action);
}

export function* watchComparisons(deps: ComparisonsDependencies): Saga<void> {
  yield takeEvery(comparisonsActions.entityChosen.type, handleEntityChosen, deps);
  yield takeEvery(comparisonsActions.csvRequested.type, handleCsvRequested, deps);
  yield takeLeading(comparisonsActions.excelRequested.type, handleExcelRequested, deps);
  yield takeLatest([comparisonsActions.campaignOpened.type, comparisonsActions.sharedLinkOpened.type], handleOpened, deps);
}
