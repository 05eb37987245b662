import { put, takeLatest, takeLeading } from 'redux-saga/effects';
import { callApi } from '../../app/apiCall.js';
import { keepOnScreen } from '../../app/callPolicies.js';
import { load, loadOnScreen } from '../../app/load.js';
import type { RootState } from '../../app/rootReducer.js';
import type { EditionOpeningApi } from '../../api/editionOpeningApi.js';
import { all, call, select, type Saga } from '../../lib/typedEffects.js';
import type { DownloadContent } from '../../lib/browser.js';
import { FILE_TYPES } from '../../../shared/csv.js';
import { messagesIn } from '../../i18n/messages.js';
import { campaignsActions, mayChangeShownEdition } from '../campaigns/campaignsSlice.js';
import { campaignCycleActions } from '../campaignCycle/campaignCycleSlice.js';
import { editionOpeningActions } from './editionOpeningSlice.js';
import { mailErrorToast, selectEmailsCsvSource } from './editionOpeningSelectors.js';
import { emailsCsvFile } from './emailsCsv.js';
import { selectShownEditionId, selectStatusEditions } from '../campaigns/campaignsSelectors.js';

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

/** The edition the status page shows, as the opening and reminder calls take it (none: the current edition). */
function* shownEdition(): Saga<{ editionId?: number }> {
  const editionId = yield* select(selectShownEditionId);
  return editionId === undefined ? {} : { editionId };
}

export function* handleSummaryRequested(deps: EditionOpeningDependencies, action: ReturnType<typeof editionOpeningActions.summaryRequested>): Saga<void> {
  const query = { ...action.payload, ...(yield* shownEdition()) };
  yield* loadOnScreen(mailErrorToast, editionOpeningActions.summaryLoaded, editionOpeningActions.summaryFailed, deps.editionOpeningApi.openingSummary, query);
}

/** The opening itself (of the edition the page shows); then the table, the deadline card and the reminders show the new campaigns. */
export function* handleOpeningConfirmed(deps: EditionOpeningDependencies, action: ReturnType<typeof editionOpeningActions.openingConfirmed>): Saga<void> {
  const request = { ...action.payload, ...(yield* shownEdition()) };
  yield* loadOnScreen(mailErrorToast, editionOpeningActions.editionOpened, editionOpeningActions.openingFailed, deps.editionOpeningApi.openEdition, request);
  yield put(campaignsActions.statusRequested());
  yield put(campaignCycleActions.editionDeadlineRequested());
  yield put(editionOpeningActions.remindersRequested());
}

/** The pending entities of the edition the page shows. */
export function* handleRemindersRequested(deps: EditionOpeningDependencies): Saga<void> {
  const { editionId } = yield* shownEdition();
  yield* loadOnScreen(
    'OPENING.TOAST.ERROR',
    editionOpeningActions.remindersLoaded,
    editionOpeningActions.remindersFailed,
    deps.editionOpeningApi.reminders,
    editionId,
  );
}

/** Reminds the pending entities of the edition the page shows. */
export function* handleRemindRequested(deps: EditionOpeningDependencies): Saga<void> {
  const { editionId } = yield* shownEdition();
  yield* loadOnScreen(mailErrorToast, editionOpeningActions.remindersSent, editionOpeningActions.remindFailed, deps.editionOpeningApi.remind, editionId);
}

type StatusAction = ReturnType<typeof campaignsActions.statusLoaded | typeof campaignsActions.statusFailed | typeof campaignsActions.statusViewChanged>;

/**
 * The cards follow the edition the status page shows: another edition chosen, or the rows loaded and showing
 * another edition than the cards (the page opened on the current edition, then its default is the one with open
 * campaigns), load the dates and the reminders of that edition again. Cards never loaded (not on screen) stay so.
 */
export function* refreshEditionCards(action: StatusAction): Saga<void> {
  if (!mayChangeShownEdition(action)) return;
  const { shown, dates, reminders } = yield* select((state: RootState) => ({
    shown: selectStatusEditions(state).chosen?.year,
    dates: state.campaignCycle.edition,
    reminders: state.editionOpening.reminders,
  }));
  if (shown === undefined) return;
  if (dates.status !== 'idle' && shown !== dates.deadline?.campaignNumber) yield put(campaignCycleActions.editionDeadlineRequested());
  if (reminders.status !== 'idle' && shown !== reminders.data?.edition) yield put(editionOpeningActions.remindersRequested());
}

/** 'Descargar CSV de correos' in the interface's language. */
export function* handleEmailsCsvRequested(deps: EditionOpeningDependencies): Saga<void> {
  const { language, ...source } = yield* select(selectEmailsCsvSource);
  const file = emailsCsvFile(source, yield* call(messagesIn, language));
  yield* call(deps.download, file.name, file.content, FILE_TYPES.csv);
}

export function* watchEditionOpening(deps: EditionOpeningDependencies): Saga<void> {
  yield takeLeading(editionOpeningActions.territoriesRequested.type, handleTerritoriesRequested, deps);
  yield takeLatest(editionOpeningActions.summaryRequested.type, handleSummaryRequested, deps);
  yield takeLeading(editionOpeningActions.openingConfirmed.type, handleOpeningConfirmed, deps);
  yield takeLatest(editionOpeningActions.remindersRequested.type, handleRemindersRequested, deps);
  yield takeLeading(editionOpeningActions.remindRequested.type, handleRemindRequested, deps);
  yield takeLeading(editionOpeningActions.emailsCsvRequested.type, handleEmailsCsvRequested, deps);
  yield takeLatest([campaignsActions.statusLoaded.type, campaignsActions.statusFailed.type, campaignsActions.statusViewChanged.type], refreshEditionCards);
}
