import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer.js';
import { can, type Action } from '../../../shared/permissions.js';
import { transportErrorMessage } from '../../lib/transportErrors.js';

export const selectAuth = (state: RootState) => state.auth;
export const selectUser = (state: RootState) => state.auth.user;
export const selectRefreshing = (state: RootState) => state.auth.refreshing;
export const selectSessionKnown = (state: RootState) => state.auth.status === 'loaded';
export const selectRole = (state: RootState) => state.auth.user?.role ?? null;
export const selectLoginStatus = (state: RootState) => state.auth.login.status;

/** The message id of a failed login: bad credentials (or a state mismatch), too many tries, or the transport's. */
export const selectLoginErrorMessage = createSelector([(state: RootState) => state.auth.login.error], (error) => {
  if (!error) return null;
  if (error.type === 'INVALID_CREDENTIALS') return { id: 'AUTH.LOGIN.INVALID' };
  if (error.type === 'RATE_LIMITED') return { id: 'AUTH.LOGIN.RATE_LIMITED' };
  return transportErrorMessage(error) ?? { id: 'AUTH.LOGIN.INVALID' };
});

/** Whether the current user's role may perform an action (the rules table of src/shared). */
export const selectCan = (state: RootState, action: Action) => can(selectRole(state), action);
