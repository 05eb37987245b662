import { put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { isAnyOf } from '@reduxjs/toolkit';
import { callApi } from '../../../app/apiCall.js';
import { errorPage, keepOnScreen } from '../../../app/callPolicies.js';
import { load } from '../../../app/load.js';
import { askToConfirm, confirmedChange } from '../../../app/confirmedChange.js';
import { serializeError } from '../../../api/ApiError.js';
import { call, type Saga } from '../../../lib/typedEffects.js';
import type { UsersApi } from '../../../api/adminApi.js';
import { usersActions } from './usersSlice.js';
import { userCreateErrorMessage, userUpdateErrorMessage } from './usersSelectors.js';
import { PATHS } from '../../../app/paths.js';
import { snackbarActions } from '../../snackbar/snackbarSlice.js';
import { isSessionChange } from '../../auth/authSlice.js';
import { clearSecret, type SecretBox } from '../../../lib/secretBox.js';
import type { RegeneratePasswordResponse } from '../../../../shared/api/admin.js';

/** What the user sagas reach outside the store. */
export interface UsersDependencies {
  usersApi: UsersApi;
  /** Where a generated password waits for its dialog (generatedPassword.ts): never in an action or the state. */
  generatedPassword: SecretBox;
  navigate: (path: string) => void;
}

type PasswordShown = typeof usersActions.created | typeof usersActions.passwordRegenerated;

/** Leaves a generated password in the box for its dialog and answers the event that opens it, which names only the user. */
function showPassword(deps: UsersDependencies, shown: PasswordShown, email: string, password: string) {
  deps.generatedPassword.put(password);
  return shown({ email });
}

const toast = snackbarActions.toastShown;

export function handleListRequested(deps: UsersDependencies) {
  return load(callApi(errorPage('USERS.TOAST.LOAD_ERROR'), deps.usersApi.list), usersActions.listLoaded, usersActions.listFailed);
}

/** Creates the user; its generated password goes to the dialog that shows it once. */
export function* handleCreate(deps: UsersDependencies, action: ReturnType<typeof usersActions.createRequested>): Saga<void> {
  try {
    const result = yield* callApi(
      keepOnScreen((error) => userCreateErrorMessage(error) as string),
      deps.usersApi.create,
      action.payload,
    );
    yield put(showPassword(deps, usersActions.created, result.user.email, result.generatedPassword));
    yield put(toast('USERS.TOAST.CREATED', 'success'));
  } catch (err) {
    yield put(usersActions.createFailed(serializeError(err)));
  }
}

/** Saves the edit form and goes back to the list; a refusal keeps the form with its message. */
export function* handleUpdate(deps: UsersDependencies, action: ReturnType<typeof usersActions.updateRequested>): Saga<void> {
  try {
    yield* callApi(
      keepOnScreen((error) => userUpdateErrorMessage(error) as string),
      deps.usersApi.update,
      action.payload,
    );
    yield put(usersActions.updated());
    yield put(toast('USERS.TOAST.UPDATED', 'success'));
    yield* call(deps.navigate, PATHS.users);
  } catch (err) {
    yield put(usersActions.updateFailed(serializeError(err)));
  }
}

/** Removing and regenerating ask first (spec section 9: confirmation dialogs). */
export function* handleRemoveAsked(action: ReturnType<typeof usersActions.removeAsked>): Saga<void> {
  const { id, email } = action.payload;
  yield put(askToConfirm({ title: 'USERS.DELETE.TITLE', message: 'USERS.DELETE.MESSAGE', values: { email }, action: usersActions.removeConfirmed(id) }));
}

export function* handleEraseAsked(action: ReturnType<typeof usersActions.eraseAsked>): Saga<void> {
  const { id, email } = action.payload;
  yield put(
    askToConfirm({
      title: 'USERS.ERASE.TITLE',
      message: 'USERS.ERASE.MESSAGE',
      values: { email },
      confirmLabel: 'USERS.ERASE.CONFIRM',
      action: usersActions.eraseConfirmed(id),
    }),
  );
}

export function* handleRegenerateAsked(action: ReturnType<typeof usersActions.regenerateAsked>): Saga<void> {
  const { id, email } = action.payload;
  yield put(
    askToConfirm({
      title: 'USERS.REGENERATE.TITLE',
      message: 'USERS.REGENERATE.MESSAGE',
      values: { email },
      confirmLabel: 'USERS.REGENERATE.CONFIRM',
      action: usersActions.regenerateConfirmed(id),
    }),
  );
}

export function handleRemoveConfirmed(deps: UsersDependencies, action: ReturnType<typeof usersActions.removeConfirmed>) {
  const outcome = { success: 'USERS.TOAST.DELETED', failure: 'USERS.TOAST.DELETE_ERROR', done: () => usersActions.removed(action.payload) };
  return confirmedChange(outcome, deps.usersApi.remove, action.payload);
}

export function handleEraseConfirmed(deps: UsersDependencies, action: ReturnType<typeof usersActions.eraseConfirmed>) {
  const outcome = { success: 'USERS.TOAST.ERASED', failure: 'USERS.TOAST.ERASE_ERROR', done: () => usersActions.removed(action.payload) };
  return confirmedChange(outcome, deps.usersApi.erase, action.payload);
}

export function handleRegenerateConfirmed(deps: UsersDependencies, action: ReturnType<typeof usersActions.regenerateConfirmed>) {
  const done = ({ email, password }: RegeneratePasswordResponse) => showPassword(deps, usersActions.passwordRegenerated, email, password);
  return confirmedChange(
    { success: 'USERS.TOAST.REGENERATED', failure: 'USERS.TOAST.REGENERATE_ERROR', done },
    deps.usersApi.regeneratePassword,
    action.payload,
  );
}

export function* watchUsers(deps: UsersDependencies): Saga<void> {
  yield takeLatest(usersActions.listRequested.type, handleListRequested, deps);
  yield takeLeading(usersActions.createRequested.type, handleCreate, deps);
  yield takeLeading(usersActions.updateRequested.type, handleUpdate, deps);
  yield takeEvery(usersActions.removeAsked.type, handleRemoveAsked);
  yield takeLeading(usersActions.removeConfirmed.type, handleRemoveConfirmed, deps);
  yield takeEvery(usersActions.eraseAsked.type, handleEraseAsked);
  yield takeLeading(usersActions.eraseConfirmed.type, handleEraseConfirmed, deps);
  yield takeEvery(usersActions.regenerateAsked.type, handleRegenerateAsked);
  yield takeLeading(usersActions.regenerateConfirmed.type, handleRegenerateConfirmed, deps);
  // The password shown once is gone when its dialog closes or the session changes.
  yield takeEvery(isAnyOf(usersActions.passwordDialogClosed, isSessionChange), clearSecret, deps.generatedPassword);
}
