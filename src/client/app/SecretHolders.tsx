import type { ReactNode } from 'react';
import type { Dependencies } from './rootSaga.js';
import { SecretBoxesContext } from '../lib/secretBox.js';
import { SharedLinkContext } from '../features/results/sharedLink.js';

/**
 * The store's holders that components share with the sagas outside Redux, so that no password or token
 * ever enters an action or the state: the secret boxes (lib/secretBox.ts: the forms' passwords, what dialogs show)
 * and the session holder, where a shared page leaves its link's token.
 */
export type SecretHolders = Pick<Dependencies, 'credentials' | 'passwordChange' | 'newPassword' | 'generatedPassword' | 'linkToCopy' | 'session'>;

/** Gives the components the store's holders (App, and the tests' renderWithProviders). */
export function SecretHoldersProvider({ holders, children }: { holders: SecretHolders; children: ReactNode }) {
  return (
    <SecretBoxesContext.Provider value={holders}>
      <SharedLinkContext.Provider value={holders.session}>{children}</SharedLinkContext.Provider>
    </SecretBoxesContext.Provider>
  );
}
