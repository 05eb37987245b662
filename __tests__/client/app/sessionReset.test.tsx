// First: it stands in for the Redux DevTools extension, which @reduxjs/toolkit looks for when it loads.
import { devToolsRecord } from '../../helpers/devTools.js';
import { Profiler } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import { AuthLayout } from '../../../src/client/features/auth/AuthLayout.js';
import { LoginPage } from '../../../src/client/features/auth/LoginPage.js';
import { LogoutPage } from '../../../src/client/features/auth/LogoutPage.js';
import MyCampaignsPage from '../../../src/client/features/campaigns/MyCampaignsPage.js';
import { RequireUser, RootRedirect } from '../../../src/client/app/guards.js';
import { authActions } from '../../../src/client/features/auth/authSlice.js';
import { campaignsActions } from '../../../src/client/features/campaigns/campaignsSlice.js';
import { resultsActions } from '../../../src/client/features/results/resultsSlice.js';
import { initialReportFilters, reportFiltersActions } from '../../../src/client/features/reportFilters/reportFiltersSlice.js';
import { makeStore, type AppStore } from '../../../src/client/app/store.js';
import { ALFA, BETA, fakeBackend, type Account } from '../../helpers/fakeBackend.js';
import { fakeDependencies, memoryTokenStore, renderWithProviders } from '../../helpers/client.js';

/** Every committed screen, as the browser could paint it. */
const frames: string[] = [];

/** The routes a user goes through: login, home, their campaigns, and a link to /logout as the menu has. */
function Shell() {
  return (
    <Profiler id="shell" onRender={() => frames.push(document.body.textContent ?? '')}>
      <Link to="/logout">logout-link</Link>
      <Routes>
        <Route path="/" element={<RootRedirect />} />
        <Route path="/auth" element={<AuthLayout />}>
          <Route path="login" element={<LoginPage />} />
        </Route>
        <Route
          path="/my-campaigns"
          element={
            <RequireUser>
              <MyCampaignsPage />
            </RequireUser>
          }
        />
        <Route path="/logout" element={<LogoutPage />} />
      </Routes>
    </Profiler>
  );
}

/** What of Alfa's must never show once she has logged out: her campaigns' entity, her e-mail. */
const alfasData = (text: string) => text.includes(ALFA.campaigns[0].entity) || text.includes(ALFA.email);

async function signIn(user: ReturnType<typeof userEvent.setup>, account: Account) {
  await user.type(await screen.findByLabelText('Correo electrónico'), account.email);
  await user.type(screen.getByLabelText('Contraseña'), account.password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
}

describe('the next user of the browser', () => {
  beforeEach(() => {
    devToolsRecord.clear();
    frames.length = 0;
  });

  it("never sees the previous user's data, in any state or any frame, even while their own loads slowly", async () => {
    const backend = fakeBackend();
    const dependencies = {
      ...fakeDependencies({ authApi: backend.api.authApi }),
      campaignsApi: backend.api.campaignsApi,
      referenceApi: backend.api.referenceApi,
    };
    const user = userEvent.setup();
    const { store } = renderWithProviders(<Shell />, { route: '/auth/login', runSagas: true, dependencies });
    store.dispatch(authActions.appStarted());

    await signIn(user, ALFA);
    expect(await screen.findByText(ALFA.campaigns[0].entity)).toBeVisible();
    const releaseBeta = backend.hold(BETA);
    const fromLogout = devToolsRecord.entries.length;
    frames.length = 0;

    await user.click(screen.getByRole('link', { name: 'logout-link' }));
    await signIn(user, BETA);
    await waitFor(() => expect(store.getState().campaigns.mine.status).toBe('loading'));
    expect(screen.getByRole('status')).toHaveTextContent('Cargando');
    releaseBeta();
    expect(await screen.findByText(BETA.campaigns[0].entity)).toBeVisible();

    const recorded = devToolsRecord.entries.slice(fromLogout);
    expect(JSON.parse(recorded[0].action).type).toBe(authActions.logoutRequested.type);
    expect(recorded.filter((entry) => alfasData(entry.state))).toEqual([]);
    expect(frames.length).toBeGreaterThan(3);
    expect(frames.filter(alfasData)).toEqual([]);
  });
});

/** Lets every promise already settled run its continuations (the sagas' included); no timer is involved. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const signedInAs = (store: AppStore, account: Account) => waitFor(() => expect(store.getState().auth.user?.email).toBe(account.email));

describe('a call of the previous session that answers late', () => {
  beforeEach(() => devToolsRecord.clear());

  /** Alfa is signed in from her cookie with her list on its way; she logs out and Beta signs in before it arrives. */
  async function alfaLeavesWithHerListOnItsWay(revokeOnLogout: boolean) {
    const backend = fakeBackend({ revokeOnLogout });
    const tokenStore = memoryTokenStore(backend.existingSession(ALFA));
    const { store, dependencies } = makeStore({
      dependencies: { ...fakeDependencies({ tokenStore, authApi: backend.api.authApi }), campaignsApi: backend.api.campaignsApi },
    });
    store.dispatch(authActions.appStarted());
    await signedInAs(store, ALFA);
    const releaseAlfa = backend.hold(ALFA);
    store.dispatch(campaignsActions.mineRequested());
    const fromLogout = devToolsRecord.entries.length;
    store.dispatch(authActions.logoutRequested());
    dependencies.credentials.put({ email: BETA.email, password: BETA.password });
    store.dispatch(authActions.loginRequested());
    await signedInAs(store, BETA);
    releaseAlfa();
    await settle();
    return { store, statesSinceLogout: devToolsRecord.entries.slice(fromLogout).map((entry) => entry.state) };
  }

  it("is dropped: Alfa's list never reaches Beta's state", async () => {
    const { store, statesSinceLogout } = await alfaLeavesWithHerListOnItsWay(false);
    expect(store.getState().campaigns.mine).toMatchObject({ status: 'idle', items: [] });
    expect(statesSinceLogout.filter(alfasData)).toEqual([]);
  });

  it("is dropped when it fails too: Alfa's revoked token does not sign Beta out nor raise the error page", async () => {
    const { store } = await alfaLeavesWithHerListOnItsWay(true);
    expect(store.getState().auth.user?.email).toBe(BETA.email);
    expect(store.getState().errors.globalError).toBeNull();
    expect(store.getState().snackbar.current).toBeNull();
  });
});

describe('the persisted report filters', () => {
  beforeEach(() => localStorage.clear());

  /** A store as a page load makes it, once redux-persist has read local storage back. */
  async function pageLoad() {
    const { store, persistor } = makeStore({ persist: true, runSagas: false });
    await waitFor(() => expect(persistor!.getState().bootstrapped).toBe(true));
    return { store, persistor: persistor! };
  }
  const storedCampaignId = () => JSON.parse((JSON.parse(localStorage.getItem('persist:reportFilters')!) as { campaignId: string }).campaignId) as number | null;

  async function alfaSetsHerFilters() {
    const page = await pageLoad();
    page.store.dispatch(authActions.loginSucceeded({ user: ALFA.user }));
    page.store.dispatch(resultsActions.campaignOpened(ALFA.campaigns[0].id));
    page.store.dispatch(reportFiltersActions.territoryToggled('province'));
    await page.persistor.flush();
    expect(storedCampaignId()).toBe(ALFA.campaigns[0].id);
    return page;
  }

  it('are not brought back by a reload after a logout', async () => {
    const page = await alfaSetsHerFilters();
    page.store.dispatch(authActions.logoutRequested());
    await page.persistor.flush();
    expect(storedCampaignId()).toBeNull();
    expect((await pageLoad()).store.getState().reportFilters).toMatchObject(initialReportFilters);
  });

  it('left by a tab closed without logging out are dropped when someone else signs in', async () => {
    await alfaSetsHerFilters();
    const next = await pageLoad();
    expect(next.store.getState().reportFilters.campaignId).toBe(ALFA.campaigns[0].id);
    next.store.dispatch(authActions.loginSucceeded({ user: BETA.user }));
    expect(next.store.getState().reportFilters).toMatchObject(initialReportFilters);
    await next.persistor.flush();
    expect(storedCampaignId()).toBeNull();
  });
});
