import { waitFor } from '@testing-library/react';
import { makeStore } from '../../../src/client/app/store.js';
import { authActions } from '../../../src/client/features/auth/authSlice.js';
import { campaignsActions } from '../../../src/client/features/campaigns/campaignsSlice.js';
import { initialCampaignsView } from '../../../src/client/features/campaigns/campaignsView.js';
import { selectMyCampaignsPage } from '../../../src/client/features/campaigns/campaignsSelectors.js';
import { usersActions } from '../../../src/client/features/admin/users/usersSlice.js';
import { entitiesActions } from '../../../src/client/features/admin/entities/entitiesSlice.js';
import { resultsActions } from '../../../src/client/features/results/resultsSlice.js';
import { selectActiveLevels } from '../../../src/client/features/results/resultsSelectors.js';
import { reportFiltersActions } from '../../../src/client/features/reportFilters/reportFiltersSlice.js';
import { resultFixture } from '../../helpers/resultFixture.js';
import { initialTableView } from '../../../src/client/lib/tableView.js';
import type { UserRow } from '../../../src/shared/api/admin.js';
import { ALFA, BETA, fakeBackend, type Account } from '../../helpers/fakeBackend.js';
import { fakeDependencies } from '../../helpers/client.js';

const USERS: UserRow[] = Array.from({ length: 9 }, (_, i) => ({
  id: i + 1,
  email: `persona${i + 1}@ayto.es`,
  name: `Persona ${i + 1}`,
  role: 'USER',
  entities: [],
}));
const ENTITY = {
  id: 4,
  name: 'Mancomunitat de la Safor',
  population: 1000,
  municipalities: [{ munId: '46131', name: 'Gandia' }],
  province: 'Valencia/València',
  autonomousCommunity: 'Comunitat Valenciana',
  campaigns: [],
  archived: false,
};

/** A page load: a store as the app makes it, once redux-persist has read local storage back. */
async function pageLoad(backend = fakeBackend()) {
  const { store, persistor, dependencies } = makeStore({
    persist: true,
    // No page to leave in jsdom: choosing an entity navigates to /results.
    dependencies: { ...fakeDependencies({ authApi: backend.api.authApi }), campaignsApi: backend.api.campaignsApi, navigate: () => undefined },
  });
  await waitFor(() => expect(persistor!.getState().bootstrapped).toBe(true));
  const signIn = async (account: Account) => {
    dependencies.credentials.put({ email: account.email, password: account.password });
    store.dispatch(authActions.loginRequested());
    await waitFor(() => expect(store.getState().auth.user?.email).toBe(account.email));
  };
  return { store, persistor: persistor!, signIn };
}

/** Everything this browser's local storage holds, as text. */
const storedText = () =>
  Object.keys(localStorage)
    .map((key) => `${key}=${localStorage.getItem(key)}`)
    .join('\n');
const stored = (key: string) => {
  const raw = localStorage.getItem(`persist:${key}`);
  return raw === null
    ? null
    : (Object.fromEntries(Object.entries(JSON.parse(raw) as Record<string, string>).map(([k, v]) => [k, JSON.parse(v)])) as Record<string, unknown>);
};

/** Alfa signs in, her lists and the admin lists load, and she searches, filters and pages through them. */
async function alfaWorks() {
  const backend = fakeBackend();
  const page = await pageLoad(backend);
  await page.signIn(ALFA);
  page.store.dispatch(campaignsActions.mineRequested());
  await waitFor(() => expect(page.store.getState().campaigns.mine.status).toBe('succeeded'));
  page.store.dispatch(usersActions.listLoaded(USERS));
  page.store.dispatch(entitiesActions.listLoaded([ENTITY]));
  page.store.dispatch(campaignsActions.mineViewChanged({ search: 'alfa' }));
  page.store.dispatch(
    campaignsActions.statusViewChanged({ search: 'ayto', communities: ['10'], edition: 2, statuses: ['sent'], sortBy: 'deadline', pageSize: 25 }),
  );
  page.store.dispatch(campaignsActions.statusViewChanged({ page: 2 }));
  page.store.dispatch(usersActions.viewChanged({ page: 2 }));
  page.store.dispatch(entitiesActions.viewChanged({ search: 'safor' }));
  page.store.dispatch(campaignsActions.questionnaireRequested(ALFA.campaigns[0].id));
  page.store.dispatch(campaignsActions.questionnaireFiltersChanged({ axes: [2], answered: ['unanswered'], search: 'agua' }));
  page.store.dispatch(resultsActions.campaignOpened(null));
  page.store.dispatch(resultsActions.entitySelected(ENTITY.id));
  page.store.dispatch(resultsActions.viewChanged('global'));
  await page.persistor.flush();
  return { ...page, backend };
}

const ALFAS_VIEWS = {
  mine: { ...initialTableView, search: 'alfa' },
  status: { search: 'ayto', communities: ['10'], sortDescending: false, page: 2, edition: 2, statuses: ['sent'], sortBy: 'deadline', pageSize: 25 },
  questionnaire: { campaignId: ALFA.campaigns[0].id, filters: { axes: [2], policies: [], measures: [], answered: ['unanswered'], search: 'agua' } },
};

describe('the working views kept in this browser', () => {
  beforeEach(() => localStorage.clear());

  it('are the only new thing stored: no token, no user, nothing the server sent', async () => {
    const { backend } = await alfaWorks();
    expect(Object.keys(localStorage).sort()).toEqual(
      ['LayoutConfig', 'campaignsView', 'comparisonsView', 'entitiesView', 'i18nConfig', 'reportFilters', 'resultsView', 'usersView']
        .map((key) => `persist:${key}`)
        .sort(),
    );
    expect(Object.keys(stored('campaignsView')!).sort()).toEqual(['_persist', 'view']);
    expect(Object.keys(stored('usersView')!).sort()).toEqual(['_persist', 'view']);
    expect(Object.keys(stored('resultsView')!).sort()).toEqual(['_persist', 'selectedEntityId', 'selectedOn', 'view']);
    expect(stored('campaignsView')!.view).toEqual(ALFAS_VIEWS);

    const text = storedText();
    expect(backend.issued.length).toBeGreaterThan(0);
    for (const secret of [...backend.issued, ALFA.email, ALFA.campaigns[0].entity, ENTITY.name, ...USERS.map((u) => u.email)])
      expect(text).not.toContain(secret);
  });

  it('come back on a reload, without the data they were set on, and the page waits for it', async () => {
    await alfaWorks();
    const { store } = await pageLoad();
    const state = store.getState();
    expect(state.campaigns.view).toEqual(ALFAS_VIEWS);
    expect(state.users.view).toEqual({ ...initialTableView, page: 2 });
    expect(state.entities.view).toEqual({ ...initialTableView, search: 'safor' });
    expect(state.results).toMatchObject({ selectedEntityId: ENTITY.id, selectedOn: null, view: 'global' });
    expect([state.campaigns.mine.items, state.users.list.items, state.entities.list.items, state.auth.user]).toEqual([[], [], [], null]);
    // Once her campaigns are back, the search applies to them.
    store.dispatch(campaignsActions.mineLoaded([...ALFA.campaigns, ...BETA.campaigns]));
    expect(selectMyCampaignsPage(store.getState()).rows.map((c) => c.entity)).toEqual([ALFA.campaigns[0].entity]);
  });

  it('are forgotten on logout: the next page load starts fresh', async () => {
    const { store, persistor } = await alfaWorks();
    store.dispatch(authActions.logoutRequested());
    await persistor.flush();
    expect(stored('campaignsView')!.view).toEqual(initialCampaignsView);
    expect(stored('usersView')!.view).toEqual(initialTableView);
    expect(stored('resultsView')).toMatchObject({ selectedEntityId: null, selectedOn: null, view: 'report' });

    const next = (await pageLoad()).store.getState();
    expect([next.campaigns.view, next.users.view, next.entities.view]).toEqual([initialCampaignsView, initialTableView, initialTableView]);
    expect(next.results.selectedEntityId).toBeNull();
    expect(next.results.view).toBe('report');
  });

  it('left by a tab closed without logging out are dropped when someone else signs in', async () => {
    await alfaWorks();
    const next = await pageLoad();
    expect(next.store.getState().users.view.page).toBe(2);
    await next.signIn(BETA);
    expect(next.store.getState().campaigns.view).toEqual(initialCampaignsView);
    expect(next.store.getState().users.view).toEqual(initialTableView);
    await next.persistor.flush();
    expect(stored('campaignsView')!.view).toEqual(initialCampaignsView);
    expect(stored('entitiesView')!.view).toEqual(initialTableView);
  });
});

describe('the report filters kept by an earlier version', () => {
  beforeEach(() => localStorage.clear());

  /** What version 1 stored: four territories, no size band (redux-persist writes each key as JSON). */
  const versionOne = (territory: Record<string, boolean>) =>
    JSON.stringify({
      territory: JSON.stringify(territory),
      includeAnswers: 'false',
      compareWithParticipants: 'true',
      campaignId: '7',
      _persist: JSON.stringify({ version: 1, rehydrated: true }),
    });

  it("come back with the size band's checkbox on and every older choice kept, and are stored in the new shape", async () => {
    localStorage.setItem('persist:reportFilters', versionOne({ entity: true, province: false, autonomousCommunity: true, country: false }));
    const { store, persistor } = await pageLoad();
    const filters = store.getState().reportFilters;
    expect(filters.territory).toEqual({ entity: true, province: false, autonomousCommunity: true, country: false, sizeBand: true });
    expect(filters).toMatchObject({ includeAnswers: false, compareWithParticipants: true, campaignId: 7 });
    // The band is shown on the report of campaign 7, as for a new user.
    store.dispatch(resultsActions.campaignOpened(7));
    store.dispatch(resultsActions.resultLoaded(resultFixture()));
    expect(selectActiveLevels(store.getState()).map((l) => l.level)).toEqual(['campaign', 'autonomousCommunity', 'sizeBand']);
    await persistor.flush();
    expect(stored('reportFilters')).toMatchObject({ territory: { sizeBand: true, province: false }, _persist: { version: 2 } });
  });

  it('keep the size band off once it is turned off', async () => {
    const first = await pageLoad();
    first.store.dispatch(reportFiltersActions.territoryToggled('sizeBand'));
    await first.persistor.flush();
    const { store } = await pageLoad();
    expect(store.getState().reportFilters.territory.sizeBand).toBe(false);
  });
});
