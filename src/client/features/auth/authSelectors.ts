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

/** "Too many attempts", with the wait when the server gave it (error.data.retryAfterSeconds, as Retry-After). */
function rateLimitedMessage(data: unknown): { id: string; values?: Record<string, number> } {
  const seconds = (data as { retryAfterSeconds?: unknown } | undefined)?.retryAfterSeconds;
  if (typeof seconds !== 'number' || !(seconds > 0)) return { id: 'AUTH.LOGIN.RATE_LIMITED' };
  if (seconds < 60) return { id: 'AUTH.LOGIN.RATE_LIMITED_SECONDS', values: { count: Math.ceil(seconds) } };
  return { id: 'AUTH.LOGIN.RATE_LIMITED_MINUTES', values: { count: Math.ceil(seconds / 60) } };
}

/** The message id of a failed login: bad credentials (or a state mismatch), too many tries, or the transport's. */
export const selectLoginErrorMessage = createSelector([(state: RootState) => state.auth.login.error], (error) => {
  if (!error) return null;
  if (error.type === 'INVALID_CREDENTIALS') return { id: 'AUTH.LOGIN.INVALID' };
  // A 429 of the token endpoint (RFC 6749 body, no API error type) is the same advice.
  if (error.type === 'RATE_LIMITED' || error.status === 429) return rateLimitedMessage(error.data);
  return transportErrorMessage(error) ?? { id: 'AUTH.LOGIN.INVALID' };
});

/** How users sign in here: with a password, and through the OpenID provider of this name (null: none). */
export const selectSignInMethods = (state: RootState) => state.auth.methods;
export const selectSingleSignOn = (state: RootState) => state.auth.singleSignOn;
/** Why the last sign-in through the provider ended without a session, as a message id. */
export const selectSingleSignOnMessage = (state: RootState) => {
  const { refusal } = state.auth.singleSignOn;
  return refusal && `AUTH.SSO.${refusal}`;
};

/** Whether the current user's role may perform an action (the rules table of src/shared). */
export const selectCan = (state: RootState, action: Action) => can(selectRole(state), action);

export const selectPasswordChangeStatus = (state: RootState) => state.auth.passwordChange.status;
/** Whether the signed-in user must change a temporary password before anything else. */
export const selectMustChangePassword = (state: RootState) => state.auth.user?.mustChangePassword === true;

/** A message id the server put in a 422's data for a field (ACCOUNT.PASSWORD.*), if any. */
function fieldMessage(data: unknown, field: string): string | null {
  const value = (data as Record<string, unknown> | undefined)?.[field];
  return typeof value === 'string' && value.startsWith('ACCOUNT.PASSWORD.') ? value : null;
}

/**
 * What the change-password form says about a refused change: the reason the server gave for one of its fields
 * (the wrong current password, a policy rule), or the throttle's wait; null for other failures (the toast says them).
 */
export const selectPasswordChangeError = createSelector([(state: RootState) => state.auth.passwordChange.error], (error) => {
  if (!error) return null;
  if (error.type === 'RATE_LIMITED' || error.status === 429) return rateLimitedMessage(error.data);
  if (error.status !== 422) return null;
  const id = fieldMessage(error.data, 'currentPassword') ?? fieldMessage(error.data, 'newPassword');
  return { id: id ?? 'ACCOUNT.PASSWORD.ERROR' };
});

/** Whether the forgotten-password page may offer a link ('unknown' until the server says). */
export const selectMailAvailability = (state: RootState) => state.passwordReset.mail;
export const selectLinkRequestStatus = (state: RootState) => state.passwordReset.request.status;
export const selectNewPasswordStatus = (state: RootState) => state.passwordReset.reset.status;

/** Why a link request failed: the throttle's wait, no e-mail after all, or the transport's message. */
export const selectLinkRequestError = createSelector([(state: RootState) => state.passwordReset.request.error], (error) => {
  if (!error) return null;
  if (error.type === 'RATE_LIMITED' || error.status === 429) return rateLimitedMessage(error.data);
  if (error.status === 409) return { id: 'AUTH.FORGOT.NO_MAIL' };
  return transportErrorMessage(error) ?? { id: 'AUTH.FORGOT.ERROR' };
});

/** Why a new password was refused: the link (used, expired, unknown), the policy's reason, the throttle, or the transport. */
export const selectNewPasswordError = createSelector([(state: RootState) => state.passwordReset.reset.error], (error) => {
  if (!error) return null;
  if (error.type === 'RATE_LIMITED' || error.status === 429) return rateLimitedMessage(error.data);
  if (error.status === 422) {
    const data = error.data as Record<string, unknown> | undefined;
    if (data?.token) return { id: 'AUTH.RESET.INVALID_LINK' };
    return { id: fieldMessage(data, 'password') ?? 'ACCOUNT.PASSWORD.ERROR' };
  }
  return transportErrorMessage(error) ?? { id: 'ACCOUNT.PASSWORD.ERROR' };
});
