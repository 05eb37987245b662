import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../../app/rootReducer.js';
import { pageOf, textMatches } from '../../../lib/tableView.js';
import type { RequestError } from '../../../lib/remote.js';
import { ROLES, USER_CREATE_PERMISSIONS, canManageUser, type Role } from '../../../../shared/roles.js';

const selectList = (state: RootState) => state.users.list;
export const selectUsersView = (state: RootState) => state.users.view;
const selectMe = (state: RootState) => state.auth.user;

/**
 * The users table: searched by e-mail, one page of 7 (clamped), each row saying whether the caller may manage it and
 * erase its data (ADMIN only, as users/erase).
 */
export const selectUsersPage = createSelector([selectList, selectUsersView, selectMe], (list, view, me) => {
  const rows = list.items
    .filter((user) => textMatches(user.email, view.search))
    .map((user) => {
      const manageable = !!me && canManageUser(me, user);
      return { ...user, manageable, erasable: manageable && me?.role === 'ADMIN' };
    });
  return { ...pageOf(rows, view.page), total: rows.length };
});

/** The roles the signed-in user may give (USER_CREATE_PERMISSIONS), with their integers. */
export const selectAssignableRoles = createSelector([selectMe], (me): { role: Role; value: number }[] =>
  (me ? USER_CREATE_PERMISSIONS[me.role] : []).map((role) => ({ role, value: ROLES[role] })),
);

/** The message of a failed creation (spec section 8): the e-mail in use, or the generic one. */
export function userCreateErrorMessage(error: RequestError | null): string | null {
  if (!error) return null;
  return error.type === 'EMAIL_EXISTS' ? 'USERS.TOAST.EMAIL_EXISTS' : 'USERS.TOAST.CREATE_ERROR';
}

export const selectUserCreateError = (state: RootState) => userCreateErrorMessage(state.users.create.error);

/** The message of a failed edit: the e-mail in use, or the generic one. */
export function userUpdateErrorMessage(error: RequestError | null): string | null {
  if (!error) return null;
  return error.type === 'EMAIL_EXISTS' ? 'USERS.TOAST.EMAIL_EXISTS' : 'USERS.TOAST.UPDATE_ERROR';
}

export const selectUserUpdateError = (state: RootState) => userUpdateErrorMessage(state.users.update.error);

/** The user the edit page (/manage/users/{id}/edit) shows, once the list has it. */
export const selectUserById = (state: RootState, id: number) => state.users.list.items.find((user) => user.id === id);
