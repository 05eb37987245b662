import { createContext, useContext, useEffect } from 'react';
import type { Action } from '@reduxjs/toolkit';
import { useAppDispatch } from '../../app/hooks.js';
import type { SessionTokens } from '../../lib/sessionTokens.js';

/** What a shared page may do with the store's session holder: hand it the token of its address. */
export type SharedLinkHolder = Pick<SessionTokens, 'openSharedLink' | 'closeSharedLink'>;

/** The store's session holder, given to the components by App (and by the tests' renderWithProviders). */
export const SharedLinkContext = createContext<SharedLinkHolder | null>(null);

/**
 * Opens the shared link of the page's address. The token goes to the session holder, where the saga reads
 * it, and the store hears only `opened()`: an action would put the token in DevTools. Leaving the page
 * forgets it (it is set again if the page mounts again, as React's strict mode does).
 */
export function useSharedLinkOpened(token: string, opened: () => Action) {
  const holder = useContext(SharedLinkContext);
  const dispatch = useAppDispatch();
  if (!holder) throw new Error('useSharedLinkOpened needs a SharedLinkContext provider');
  useEffect(() => {
    holder.openSharedLink(token);
    dispatch(opened());
    return () => holder.closeSharedLink();
  }, [holder, dispatch, token, opened]);
}
