// First: it stands in for the Redux DevTools extension, which @reduxjs/toolkit looks for when it loads.
import { devToolsRecord } from '../helpers/devTools.js';
import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { LoginPage } from '../../src/client/features/auth/LoginPage.js';
import { authActions } from '../../src/client/features/auth/authSlice.js';
import { campaignsActions } from '../../src/client/features/campaigns/campaignsSlice.js';
import { makeStore, type AppStore } from '../../src/client/app/store.js';
import { ALFA, fakeBackend } from '../helpers/fakeBackend.js';
import { fakeDependencies, memoryTokenStore, renderWithProviders } from '../helpers/client.js';

const signedIn = (store: AppStore) => waitFor(() => expect(store.getState().auth.user?.email).toBe(ALFA.email));
const signedOut = (store: AppStore) => waitFor(() => expect(store.getState().auth).toMatchObject({ status: 'loaded', user: null }));
const campaignsLoaded = (store: AppStore) => waitFor(() => expect(store.getState().campaigns.mine.status).toBe('succeeded'));

describe('what Redux DevTools can record', () => {
  beforeEach(() => devToolsRecord.clear());

  it('never holds the password nor any token: start with a kept session, refresh, calls, logout, login from the form, logout', async () => {
    const backend = fakeBackend();
    const kept = backend.existingSession(ALFA);
    backend.expire(kept.accessToken);
    const tokenStore = memoryTokenStore(kept);
    const dependencies = { ...fakeDependencies({ tokenStore, authApi: backend.api.authApi }), campaignsApi: backend.api.campaignsApi, referenceApi: backend.api.referenceApi };
    const user = userEvent.setup();
    const { store } = renderWithProviders(<LoginPage />, { route: '/auth/login', runSagas: true, dependencies });

    act(() => void store.dispatch(authActions.appStarted()));
    // The kept access token has expired: `me` refreshes it first, then the list is read with the new one.
    await signedIn(store);
    act(() => void store.dispatch(campaignsActions.mineRequested()));
    await campaignsLoaded(store);
    act(() => void store.dispatch(authActions.logoutRequested()));
    await signedOut(store);

    await user.type(screen.getByLabelText('Correo electrónico'), ALFA.email);
    await user.type(screen.getByLabelText('Contraseña'), ALFA.password);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await signedIn(store);
    act(() => void store.dispatch(campaignsActions.mineRequested()));
    await campaignsLoaded(store);
    act(() => void store.dispatch(authActions.logoutRequested()));
    await signedOut(store);

    // The secrets did travel, to the API only: the password once, one refresh, two sessions revoked.
    expect(backend.seen.passwords).toEqual([ALFA.password]);
    expect(backend.seen.refreshTokens).toEqual([kept.refreshToken]);
    expect(backend.seen.loggedOut).toHaveLength(2);
    expect(backend.issued).toHaveLength(6);
    expect(tokenStore.current).toBeNull();

    const recorded = devToolsRecord.text();
    // The recorder did see the session (so the search below searches something).
    expect(recorded.some((text) => text.includes(ALFA.email))).toBe(true);
    expect(recorded.some((text) => text.includes('auth/loginSucceeded'))).toBe(true);
    for (const secret of [ALFA.password, ...backend.issued]) {
      expect({ secret, recordedIn: devToolsRecord.holding(secret) }).toEqual({ secret, recordedIn: [] });
    }
  });

  it("never holds a shared link's `at` token, kept in memory for the calls", async () => {
    const backend = fakeBackend();
    const link = backend.existingSession(ALFA, { accessToken: 'tok-from-a-shared-link', refreshToken: 'tok-never-used' });
    const tokenStore = memoryTokenStore();
    const dependencies = { ...fakeDependencies({ tokenStore, authApi: backend.api.authApi, locationSearch: () => `?at=${link.accessToken}` }), campaignsApi: backend.api.campaignsApi };
    const { store } = makeStore({ dependencies });

    store.dispatch(authActions.appStarted());
    await signedIn(store);
    store.dispatch(campaignsActions.mineRequested());
    await campaignsLoaded(store);
    store.dispatch(authActions.logoutRequested());
    await signedOut(store);

    expect(tokenStore.saved).toEqual([]);
    expect(backend.seen.loggedOut).toEqual([link.accessToken]);
    expect(devToolsRecord.text().some((text) => text.includes(ALFA.email))).toBe(true);
    expect(devToolsRecord.holding(link.accessToken)).toEqual([]);
  });
});
