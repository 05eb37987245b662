import { put, takeLatest, takeLeading } from 'redux-saga/effects';
import { callApi } from '../../app/apiCall.js';
import { keepOnScreen } from '../../app/callPolicies.js';
import { load } from '../../app/load.js';
import type { RootState } from '../../app/rootReducer.js';
import type { EditionOpeningApi } from '../../api/editionOpeningApi.js';
import { all, call, select, type Saga } from '../../lib/typedEffects.js';
import type { DownloadContent } from '../../lib/browser.js';
import { FILE_TYPES } from '../../../shared/csv.js';
import { messageFor } from '../../i18n/messages.js';
import { campaignsActions } from '../campaigns/campaignsSlice.js';
import { campaignCycleActions } from '../campaignCycle/campaignCycleSlice.js';
import { editionOpeningActions } from './editionOpeningSlice.js';
import { mailErrorToast, selectEmailsCsvSource } from './editionOpeningSelectors.js';
import { emailsCsvFile } from './emailsCsv.js';

/** What the opening and reminder sagas reach outside the store. */
export interface EditionOpeningDependencies {
  editionOpeningApi: EditionOpeningApi;
  download: (fileName: string, content: DownloadContent, type: string) => void;
}

/** Communities and provinces for the scope's lists, once per session. */
export function* handleTerritoriesRequested(deps: EditionOpeningDependencies): Saga<void> {
  const loaded = yield* select((state: RootState) => state.editionOpening.territories.communities.length > 0);
  if (loaded) return;
  const policy = keepOnScreen('OPENING.TOAST.ERROR');
  yield* load(
    (function* both() {
      const [communities, provinces] = yield* all(callApi(policy, deps.editionOpeningApi.communities), callApi(policy, deps.editionOpeningApi.provinces));
      return { communities, provinces };
    })(),
    editionOpeningActions.territoriesLoaded,
    editionOpeningActions.territoriesFailed,
  );
}

export function handleSummaryRequested(deps: EditionOpeningDependencies, action: ReturnType<typeof editionOpeningActions.summaryRequested>) {
  return load(callApi(keepOnScreen(mailErrorToast), deps.editionOpeningApi.openingSummary, action.payload), editionOpeningActions.summaryLoaded, editionOpeningActions.summaryFailed);
}

/** The opening itself; then the table, the deadline card and the reminders show the new campaigns. */
export function* handleOpeningConfirmed(deps: EditionOpeningDependencies, action: ReturnType<typeof editionOpeningActions.openingConfirmed>): Saga<void> {
  yield* load(callApi(keepOnScreen(mailErrorToast), deps.editionOpeningApi.openEdition, action.payload), editionOpeningActions.editionOpened, editionOpeningActions.openingFailed);
  yield put(campaignsActions.statusRequested());
  yield put(campaignCycleActions.editionDeadlineRequested());
  yield put(editionOpeningActions.remindersRequested());
}

export function handleRemindersRequested(deps: EditionOpeningDependencies) {
  return load(callApi(keepOnScreen('OPENING.TOAST.ERROR'), deps.editionOpeningApi.reminders), editionOpeningActions.remindersLoaded, editionOpeningActions.remindersFailed);
}

export function handleRemindRequested(deps: EditionOpeningDependencies) {
  return load(callApi(keepOnScreen(mailErrorToast), deps.editionOpeningApi.remind), editionOpeningActions.remindersSent, editionOpeningActions.remindFailed);
}

/** 'Descargar CSV de correos' in the interface's language. */
export function* handleEmailsCsvRequested(deps: EditionOpeningDependencies): Saga<void> {
  const { language, ...source } = yield* select(selectEmailsCsvSource);
  const file = emailsCsvFile(source, (id) => messageFor(language, id));
  yield* call(deps.download, file.name, file.content, FILE_TYPES.csv);
}

export function* watchEditionOpening(deps: EditionOpeningDependencies): Saga<void> {
  yield takeLeading(editionOpeningActions.territoriesRequested.type, handleTerritoriesRequested, deps);
  yield takeLatest(editionOpeningActions.summaryRequested.type, handleSummaryRequested, deps);
  yield takeLeading(editionOpeningActions.openingConfirmed.type, handleOpeningConfirmed, deps);
  yield takeLatest(editionOpeningActions.remindersRequested.type, handleRemindersRequested, deps);
  yield takeLeading(editionOpeningActions.remindRequested.type, handleRemindRequested, deps);
  yield takeLeading(editionOpeningActions.emailsCsvRequested.type, handleEmailsCsvRequested, deps);
}
