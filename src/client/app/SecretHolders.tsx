import type { ReactNode } from 'react';
import type { Dependencies } from './rootSaga.js';
import { CredentialsContext, NewPasswordContext, PasswordChangeContext } from '../features/auth/credentials.js';
import { SecretBoxesContext } from '../lib/secretBox.js';
import { SharedLinkContext } from '../features/results/sharedLink.js';

/**
 * The store's holders that components share with the sagas outside Redux, so that no password or token
 * ever enters an action or the state: the login form's credentials, the change-password form's passwords, the boxes of the secrets dialogs show
 * (a generated password, a share link to copy by hand), and the session holder, where a shared page
 * leaves its link's token.
 */
export type SecretHolders = Pick<Dependencies, 'credentials' | 'passwordChange' | 'newPassword' | 'generatedPassword' | 'linkToCopy' | 'session'>;

/** Gives the components the store's holders (App, and the tests' renderWithProviders). */
export function SecretHoldersProvider({ holders, children }: { holders: SecretHolders; children: ReactNode }) {
  return (
    <CredentialsContext.Provider value={holders.credentials}>
      <PasswordChangeContext.Provider value={holders.passwordChange}>
        <NewPasswordContext.Provider value={holders.newPassword}>
          <SecretBoxesContext.Provider value={holders}>
            <SharedLinkContext.Provider value={holders.session}>{children}</SharedLinkContext.Provider>
          </SecretBoxesContext.Provider>
        </NewPasswordContext.Provider>
      </PasswordChangeContext.Provider>
    </CredentialsContext.Provider>
  );
}
