import { useCallback } from 'react';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useAppDispatch } from '../../app/hooks.js';
import { useSecretBox, type SecretBoxes } from '../../lib/secretBox.js';
import { authActions } from './authSlice.js';
import { passwordResetActions } from './passwordResetSlice.js';

export type { Credentials, PasswordChange } from '../../lib/secretBox.js';

type HandOffBox = 'credentials' | 'passwordChange' | 'newPassword';
type Secret<K extends HandOffBox> = SecretBoxes[K] extends { put(secret: infer T): void } ? T : never;

/**
 * A form's submit that hands its secret to a saga: the secret goes into the store's box (outside Redux), and the
 * store only hears `requested`, an action without it. The one exception to "components only dispatch", because an
 * action would put a password in DevTools.
 */
function useHandOff<K extends HandOffBox>(name: K, requested: () => UnknownAction) {
  const box = useSecretBox(name) as { put(secret: Secret<K>): void };
  const dispatch = useAppDispatch();
  return useCallback(
    (secret: Secret<K>) => {
      box.put(secret);
      dispatch(requested());
    },
    [box, dispatch, requested],
  );
}

/** The login form's submit. */
export const useLoginSubmit = () => useHandOff('credentials', authActions.loginRequested);

/** The change-password form's submit. */
export const usePasswordChangeSubmit = () => useHandOff('passwordChange', authActions.passwordChangeRequested);

/** The reset form's submit. */
export const useNewPasswordSubmit = () => useHandOff('newPassword', passwordResetActions.newPasswordRequested);
