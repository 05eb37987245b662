// First: it stands in for the Redux DevTools extension, which @reduxjs/toolkit looks for when it loads.
import { devToolsRecord } from '../../helpers/devTools.js';
import { StrictMode } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { LoginPage } from '../../../src/client/features/auth/LoginPage.js';
import CreateUserPage from '../../../src/client/features/admin/users/CreateUserPage.js';
import UsersPage from '../../../src/client/features/admin/users/UsersPage.js';
import SharedResultsPage from '../../../src/client/features/results/SharedResultsPage.js';
import SharedComparisonsPage from '../../../src/client/features/comparisons/SharedComparisonsPage.js';
import { AlertHost } from '../../../src/client/features/alerts/AlertHost.js';
import { authActions } from '../../../src/client/features/auth/authSlice.js';
import { campaignsActions } from '../../../src/client/features/campaigns/campaignsSlice.js';
import { makeStore, type AppStore } from '../../../src/client/app/store.js';
import { entitiesApi, usersApi } from '../../../src/client/api/adminApi.js';
import { ApiError } from '../../../src/client/api/ApiError.js';
import { resultsApi } from '../../../src/client/api/resultsApi.js';
import type { UserRow } from '../../../src/shared/api/admin.js';
import { ALFA, fakeBackend } from '../../helpers/fakeBackend.js';
import { demoUser, fakeDependencies, memoryTokenStore, renderWithProviders } from '../../helpers/client.js';
import { comparisonAbout, resultFixture } from '../../helpers/resultFixture.js';

const signedIn = (store: AppStore) => waitFor(() => expect(store.getState().auth.user?.email).toBe(ALFA.email));
const signedOut = (store: AppStore) => waitFor(() => expect(store.getState().auth).toMatchObject({ status: 'loaded', user: null }));
const campaignsLoaded = (store: AppStore) => waitFor(() => expect(store.getState().campaigns.mine.status).toBe('succeeded'));

describe('what Redux DevTools can record', () => {
  beforeEach(() => devToolsRecord.clear());

  it('never holds the password nor any token: start with a kept session, refresh, calls, logout, login from the form, logout', async () => {
    const backend = fakeBackend();
    const kept = backend.existingSession(ALFA);
    const keptRefresh = backend.refreshCookie();
    backend.expire(kept.accessToken);
    const tokenStore = memoryTokenStore(kept);
    const dependencies = {
      ...fakeDependencies({ tokenStore, authApi: backend.api.authApi }),
      campaignsApi: backend.api.campaignsApi,
      referenceApi: backend.api.referenceApi,
    };
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
    expect(backend.seen.refreshTokens).toEqual([keptRefresh]);
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
    const link = backend.existingSession(ALFA, { accessToken: 'tok-from-a-shared-link' });
    const tokenStore = memoryTokenStore();
    const dependencies = {
      ...fakeDependencies({ tokenStore, authApi: backend.api.authApi, locationSearch: () => `?at=${link.accessToken}` }),
      campaignsApi: backend.api.campaignsApi,
    };
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

  it('never holds a generated password: an administrator creates a user, then regenerates its password', async () => {
    const generated: string[] = [];
    const rows: UserRow[] = [];
    const newPassword = () => (generated.push(`Gen-${generated.length}-Xk7qWm2pRt9v`), generated.at(-1)!);
    const api = {
      ...usersApi,
      list: async () => rows,
      create: async (_token: string | null, { email, role }: { email: string; role: number }) => {
        rows.push({ id: 5, email, name: '', role: role === 1 ? 'USER' : 'FEC', entities: [] });
        return { user: { id: 5, email }, generatedPassword: newPassword() };
      },
      regeneratePassword: async (_token: string | null, id: number) => ({ email: rows.find((r) => r.id === id)!.email, password: newPassword() }),
    };
    const admin = { ...demoUser, role: 'ADMIN' as const };
    const auth = { ...makeStore({ runSagas: false }).store.getState().auth, status: 'loaded' as const, user: admin, tokenSource: 'cookie' as const };
    const user = userEvent.setup();
    const pages = (
      <>
        <Routes>
          <Route path="/manage/users/create" element={<CreateUserPage />} />
          <Route path="/manage/users" element={<UsersPage />} />
        </Routes>
        <AlertHost />
      </>
    );
    const { store, dependencies } = renderWithProviders(pages, {
      route: '/manage/users/create',
      runSagas: true,
      preloadedState: { auth },
      dependencies: { usersApi: api, entitiesApi: { ...entitiesApi, list: async () => [] } },
    });

    await user.type(screen.getByLabelText('Email'), 'nueva@ayto.es');
    await user.selectOptions(screen.getByLabelText('Rol'), 'Administrador');
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
    const created = await screen.findByRole('dialog', { name: 'Contraseña generada' });
    expect(within(created).getByLabelText('Contraseña')).toHaveValue(generated[0]);
    // The footer's 'Cerrar' (the header's × has the same name).
    await user.click(within(created).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Contraseña generada' })).not.toBeInTheDocument());
    expect(dependencies.generatedPassword.read()).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Regenerar contraseña: nueva@ayto.es' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Regenerar contraseña' })).getByRole('button', { name: 'Regenerar' }));
    const regenerated = await screen.findByRole('dialog', { name: 'Contraseña generada' });
    expect(within(regenerated).getByLabelText('Contraseña')).toHaveValue(generated[1]);
    expect(regenerated).toHaveTextContent('nueva@ayto.es');
    // A session change, not a click, closes this one: the box is emptied all the same.
    act(() => void store.dispatch(authActions.logoutRequested()));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Contraseña generada' })).not.toBeInTheDocument());
    expect(dependencies.generatedPassword.read()).toBeNull();

    expect(generated).toHaveLength(2);
    expect(devToolsRecord.text().some((text) => text.includes('nueva@ayto.es'))).toBe(true);
    for (const secret of generated) expect({ secret, recordedIn: devToolsRecord.holding(secret) }).toEqual({ secret, recordedIn: [] });
  });

  it("never holds a shared link's token: a viewer opens a shared report and a shared comparison, and shares it by hand", async () => {
    const token = 'tok-share-Qm3v8Zr1Lp0a';
    const seen: string[] = [];
    const checked = (given: string | null) => {
      seen.push(given ?? '');
      if (given !== token) throw new ApiError('INVALID_TOKEN', 401);
    };
    const api = {
      ...resultsApi,
      sharedCampaign: async (given: string) => (checked(given), 9),
      result: async (given: string | null) => (checked(given), resultFixture()),
      answers: async (given: string | null) => (checked(given), []),
      comparison: async (given: string | null) => (checked(given), { current: [], previous: null, ...comparisonAbout(false) }),
    };
    // In strict mode, as the app runs: the page's effect runs twice, and the second opening must still find the token.
    const pages = (
      <StrictMode>
        <Routes>
          <Route path="/results/0/:token" element={<SharedResultsPage />} />
          <Route path="/comparisons/0/:token" element={<SharedComparisonsPage />} />
        </Routes>
        <AlertHost />
      </StrictMode>
    );
    // A browser that will neither share nor copy (no clipboard over plain http): the address is shown to copy by hand.
    const browser = { shareLink: async () => Promise.reject(new TypeError('no clipboard')) };
    const user = userEvent.setup();
    for (const route of [`/results/0/${token}`, `/comparisons/0/${token}`]) {
      const url = `http://localhost${route}`;
      const { store, unmount, dependencies } = renderWithProviders(pages, {
        route,
        runSagas: true,
        dependencies: { resultsApi: api, ...browser, currentUrl: () => url },
      });
      await waitFor(() => expect([store.getState().results.result.status, store.getState().comparisons.comparison.status]).toContain('succeeded'));
      expect(dependencies.session.sharedLink()).toBe(token);
      await user.click(screen.getByRole('button', { name: 'Compartir' }));
      const dialog = await screen.findByRole('dialog', { name: 'Compartir el informe' });
      expect(within(dialog).getByRole('link', { name: url })).toHaveAttribute('href', url);
      unmount();
      expect(dependencies.session.sharedLink()).toBeNull();
    }

    expect(seen.length).toBeGreaterThanOrEqual(5);
    expect(seen.every((given) => given === token)).toBe(true);
    expect(devToolsRecord.text().some((text) => text.includes('results/sharedLinkOpened'))).toBe(true);
    expect(devToolsRecord.text().some((text) => text.includes('comparisons/sharedLinkOpened'))).toBe(true);
    expect(devToolsRecord.holding(token)).toEqual([]);
  });
});
