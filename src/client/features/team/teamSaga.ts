import { put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { callApi } from '../../app/apiCall.js';
import { keepOnScreen } from '../../app/callPolicies.js';
import { askToConfirm, confirmedChange } from '../../app/confirmedChange.js';
import { loadOnScreen } from '../../app/load.js';
import { serializeError } from '../../api/ApiError.js';
import type { TeamApi } from '../../api/teamApi.js';
import type { SecretBox } from '../../lib/secretBox.js';
import { actionChannel, all, call, fork, takeFrom, type Saga } from '../../lib/typedEffects.js';
import { snackbarActions } from '../snackbar/snackbarSlice.js';
import { usersActions } from '../admin/users/usersSlice.js';
import { teamActions, type AssignChoice } from './teamSlice.js';
import { teamErrorMessage } from './teamSelectors.js';

/** What the team's sagas reach outside the store. */
export interface TeamDependencies {
  teamApi: TeamApi;
  /** Where a new account's temporary password waits for the users' password dialog: never in an action or the state. */
  generatedPassword: SecretBox;
  /** The browser's print dialog (the receipt's 'Imprimir o guardar en PDF'). */
  print: () => void | Promise<void>;
}

export function handleMembersRequested(deps: TeamDependencies, action: ReturnType<typeof teamActions.membersRequested>) {
  const entityId = action.payload;
  return loadOnScreen(
    'TEAM.TOAST.LOAD_ERROR',
    (members) => teamActions.membersLoaded({ entityId, members }),
    teamActions.membersFailed,
    deps.teamApi.members,
    entityId,
  );
}

/** The axes' and policies' names; without them the page shows those assigned by number (the policy's toast says why). */
export function* handlePartNamesRequested(deps: TeamDependencies): Saga<void> {
  try {
    const [axes, policies] = yield* all(
      callApi(keepOnScreen('TEAM.TOAST.LOAD_ERROR'), deps.teamApi.categories, 'axis'),
      callApi(keepOnScreen('TEAM.TOAST.LOAD_ERROR'), deps.teamApi.categories, 'policy'),
    );
    yield put(teamActions.partNamesLoaded({ axes, policies }));
  } catch {
    // Shown by number.
  }
}

/** Invites; a new account's temporary password goes to the dialog that shows it once; the list is read again. */
export function* handleInviteAsked(deps: TeamDependencies, action: ReturnType<typeof teamActions.inviteAsked>): Saga<void> {
  const request = action.payload;
  try {
    const result = yield* callApi(keepOnScreen(teamErrorMessage), deps.teamApi.invite, request);
    if (result.temporaryPassword) {
      deps.generatedPassword.put(result.temporaryPassword);
      yield put(usersActions.passwordRegenerated({ email: request.email }));
    }
    yield put(teamActions.invited());
    yield put(snackbarActions.toastShown('TEAM.TOAST.INVITED', 'success', { email: request.email }));
    yield put(teamActions.membersRequested(request.entityId));
  } catch (err) {
    yield put(teamActions.inviteFailed(serializeError(err)));
  }
}

export function* handleRoleAsked(deps: TeamDependencies, action: ReturnType<typeof teamActions.roleAsked>): Saga<void> {
  const { entityId, userId, role } = action.payload;
  try {
    yield* callApi(keepOnScreen(teamErrorMessage), deps.teamApi.role, entityId, userId, role);
    yield put(snackbarActions.toastShown('TEAM.TOAST.ROLE_CHANGED', 'success'));
  } catch {
    // The toast says why; the list read again shows the role as it stays.
  } finally {
    yield put(teamActions.changeEnded());
    yield put(teamActions.membersRequested(entityId));
  }
}

/** Taking a member out asks first (spec section 9: confirmation dialogs). */
export function* handleRemoveAsked(action: ReturnType<typeof teamActions.removeAsked>): Saga<void> {
  const { entityId, userId, email } = action.payload;
  yield put(
    askToConfirm({
      title: 'TEAM.REMOVE.TITLE',
      message: 'TEAM.REMOVE.MESSAGE',
      values: { email },
      confirmLabel: 'TEAM.REMOVE.CONFIRM',
      action: teamActions.removeConfirmed({ entityId, userId }),
    }),
  );
}

export function* handleRemoveConfirmed(deps: TeamDependencies, action: ReturnType<typeof teamActions.removeConfirmed>): Saga<void> {
  const { entityId, userId } = action.payload;
  yield* confirmedChange({ success: 'TEAM.TOAST.REMOVED', failure: teamErrorMessage }, deps.teamApi.remove, entityId, userId);
  yield put(teamActions.changeEnded());
  yield put(teamActions.membersRequested(entityId));
}

export function handleAssignmentsRequested(deps: TeamDependencies, action: ReturnType<typeof teamActions.assignmentsRequested>) {
  const campaignId = action.payload;
  return loadOnScreen(
    'TEAM.TOAST.ASSIGNMENTS_LOAD_ERROR',
    (assignments) => teamActions.assignmentsLoaded({ campaignId, assignments }),
    teamActions.assignmentsFailed,
    deps.teamApi.assignments,
    campaignId,
  );
}

/** The receipt page's campaign's receipt. */
export function handleReceiptRequested(deps: TeamDependencies, action: ReturnType<typeof teamActions.receiptRequested>) {
  const campaignId = action.payload;
  return loadOnScreen(
    'RECEIPT.LOAD_ERROR',
    (receipt) => teamActions.receiptLoaded({ campaignId, receipt }),
    teamActions.receiptFailed,
    deps.teamApi.receipt,
    campaignId,
  );
}

/** 'Imprimir o guardar en PDF' on the receipt page. */
export function* handleReceiptPrintRequested(deps: TeamDependencies): Saga<void> {
  yield* call(deps.print);
}

/** The toast of an assignment saved: an axis's or a policy's, to a member or to nobody. */
export function assignedToast({ policyId, userId }: Pick<AssignChoice, 'policyId' | 'userId'>): string {
  if (policyId === undefined) return userId === null ? 'TEAM.TOAST.UNASSIGNED' : 'TEAM.TOAST.ASSIGNED';
  return userId === null ? 'TEAM.TOAST.POLICY_UNASSIGNED' : 'TEAM.TOAST.POLICY_ASSIGNED';
}

/**
 * Assigns an axis or one policy of it; the answer is the campaign's assignments as they stand. Taken one at a time
 * (watchAssignments), so that an earlier answer never overwrites a later one.
 */
export function* handleAssignAsked(deps: TeamDependencies, action: ReturnType<typeof teamActions.assignAsked>): Saga<void> {
  const { campaignId, ...choice } = action.payload;
  try {
    const assignments = yield* callApi(keepOnScreen('TEAM.TOAST.ASSIGN_ERROR'), deps.teamApi.assign, { id: campaignId, ...choice });
    yield put(teamActions.assignmentsLoaded({ campaignId, assignments }));
    yield put(snackbarActions.toastShown(assignedToast(choice), 'success'));
  } catch {
    // The toast says why; the choice shows the assignment as it stays.
  } finally {
    yield put(teamActions.assignEnded(action.payload));
  }
}

/** The assignments chosen, sent in the order chosen, each once the one before has its answer. */
export function* watchAssignments(deps: TeamDependencies): Saga<void> {
  const asked = yield* actionChannel(teamActions.assignAsked.type);
  while (true) yield* call(handleAssignAsked, deps, yield* takeFrom<ReturnType<typeof teamActions.assignAsked>>(asked));
}

export function* watchTeam(deps: TeamDependencies): Saga<void> {
  yield takeLatest(teamActions.assignmentsRequested.type, handleAssignmentsRequested, deps);
  yield* fork(watchAssignments, deps);
  yield takeLatest(teamActions.receiptRequested.type, handleReceiptRequested, deps);
  yield takeLeading(teamActions.receiptPrintRequested.type, handleReceiptPrintRequested, deps);
  yield takeLatest(teamActions.membersRequested.type, handleMembersRequested, deps);
  yield takeLatest(teamActions.partNamesRequested.type, handlePartNamesRequested, deps);
  yield takeLeading(teamActions.inviteAsked.type, handleInviteAsked, deps);
  yield takeLeading(teamActions.roleAsked.type, handleRoleAsked, deps);
  yield takeEvery(teamActions.removeAsked.type, handleRemoveAsked);
  yield takeLeading(teamActions.removeConfirmed.type, handleRemoveConfirmed, deps);
}
