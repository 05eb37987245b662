import { jest } from '@jest/globals';
import { waitFor } from '@testing-library/react';
import { makeStore } from '../../../src/client/app/store.js';
import { migrateView, VIEWS_VERSION } from '../../../src/client/app/persistence.js';
import type { PersistedState } from 'redux-persist';
import { campaignsActions } from '../../../src/client/features/campaigns/campaignsSlice.js';
import { initialCampaignsView } from '../../../src/client/features/campaigns/campaignsView.js';
import { selectStatusPage } from '../../../src/client/features/campaigns/campaignsSelectors.js';
import { usersActions } from '../../../src/client/features/admin/users/usersSlice.js';
import { selectUsersPage } from '../../../src/client/features/admin/users/usersSelectors.js';
import { resultsActions } from '../../../src/client/features/results/resultsSlice.js';
import { comparisonsActions } from '../../../src/client/features/comparisons/comparisonsSlice.js';
import { initialTableView, readTableView } from '../../../src/client/lib/tableView.js';
import type { UserRow } from '../../../src/shared/api/admin.js';
import type { CampaignStatusRow } from '../../../src/shared/api/campaigns.js';

/** A page load (no sagas), once redux-persist has read local storage back. */
async function pageLoad() {
  const { store, persistor } = makeStore({ persist: true, runSagas: false });
  await waitFor(() => expect(persistor!.getState().bootstrapped).toBe(true));
  return { store, persistor: persistor! };
}

/** What redux-persist writes: each key's value as JSON, inside a JSON object. `version` undefined: no version at all. */
function putStored(key: string, fields: Record<string, unknown>, version?: number) {
  const all = { ...fields, ...(version === undefined ? {} : { _persist: { version, rehydrated: true } }) };
  localStorage.setItem(`persist:${key}`, JSON.stringify(Object.fromEntries(Object.entries(all).map(([k, v]) => [k, JSON.stringify(v)]))));
}

const USERS: UserRow[] = Array.from({ length: 9 }, (_, i) => ({ id: i + 1, email: `persona${i + 1}@ayto.es`, name: '', role: 'USER', entities: [] }));
const statusRow = (i: number): CampaignStatusRow => ({
  campaignId: i,
  campaignNumber: 2026,
  entityId: i,
  entity: `Ayuntamiento ${i}`,
  province: 'Valencia/València',
  provinceId: '46',
  autonomousCommunity: 'Comunitat Valenciana',
  autonomousCommunityId: '10',
  status: 'draft',
  startDate: null,
  endDate: null,
  currentEdition: true,
  openObjections: 0,
  reviewStatus: 'none',
  editionId: 3,
  deadline: null,
});

describe('a stored view of an older shape, or a bad one', () => {
  beforeEach(() => localStorage.clear());

  it('is brought to version 1 by the first migration: only the view, each field read or the initial one', async () => {
    const migrate = migrateView((stored) => ({ view: readTableView(stored.view) }));
    const unversioned = { list: { items: USERS, view: { page: 3 } }, view: { search: 'ayto', page: 'dos', communities: 'AN' } } as unknown as PersistedState;
    expect(await migrate(unversioned, VIEWS_VERSION)).toEqual({ view: { ...initialTableView, search: 'ayto' }, _persist: undefined });
    const version0 = { view: null, _persist: { version: 0, rehydrated: true } } as unknown as PersistedState;
    expect(await migrate(version0, VIEWS_VERSION)).toEqual({ view: initialTableView, _persist: { version: 0, rehydrated: true } });
  });

  it('is read field by field (migration to version 1): what fits is kept, the rest is the initial view', async () => {
    // Before version 1 nothing was versioned, and the view lived inside the lists beside their rows.
    putStored('campaignsView', {
      mine: { status: 'succeeded', items: [{ id: 3, entity: 'Ayuntamiento de Otro' }], view: { search: 'otro' } },
      view: {
        mine: { search: 42, communities: 'AN', sortDescending: 'yes', page: -3 },
        status: { search: 'ayto', communities: ['10', 7, null], page: 2 },
        questionnaire: { filters: { axes: [1] } },
      },
    });
    putStored('usersView', { list: { items: [{ email: 'persona1@ayto.es' }], view: { page: 4 } }, view: 'page 2' }, 0);
    putStored('resultsView', { selectedEntityId: '7', selectedOn: 5 });
    const { store } = await pageLoad();
    const state = store.getState();
    expect(state.campaigns.view).toEqual({
      mine: initialTableView,
      status: { search: 'ayto', communities: ['10'], sortDescending: false, page: 2, edition: null, statuses: [], sortBy: 'entity', pageSize: 7 },
      // Filters without the campaign they were set on would land on whichever questionnaire opens next.
      questionnaire: initialCampaignsView.questionnaire,
    });
    expect(state.campaigns.mine).toMatchObject({ status: 'idle', items: [] });
    expect(state.users.view).toEqual(initialTableView);
    expect(state.users.list.items).toEqual([]);
    expect(state.results).toMatchObject({ selectedEntityId: null, selectedOn: null });
  });

  it('of the current version but damaged, unreadable or from a newer version, gives the initial view and nothing breaks', async () => {
    putStored('campaignsView', { view: { mine: null, status: [], questionnaire: { campaignId: 'x', filters: 3 } } }, VIEWS_VERSION);
    localStorage.setItem('persist:usersView', '{"view": not json');
    putStored('entitiesView', { view: { search: 'safor', page: 'two' } }, VIEWS_VERSION + 1);
    putStored('comparisonsView', { selectedEntityId: 4, selectedOn: 'x' }, VIEWS_VERSION);
    // A tab the results page does not have (an edited copy, a tab since removed) opens the report.
    putStored('resultsView', { selectedEntityId: null, selectedOn: null, view: 'mapas' }, VIEWS_VERSION);
    // redux-persist says it cannot downgrade, and the copy is still read as this version reads a view.
    const downgrade = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { store } = await pageLoad();
    expect(downgrade).toHaveBeenCalledWith(expect.stringContaining('downgrading version is not supported'));
    downgrade.mockRestore();
    const state = store.getState();
    expect(state.campaigns.view).toEqual(initialCampaignsView);
    expect(state.users.view).toEqual(initialTableView);
    expect(state.entities.view).toEqual({ ...initialTableView, search: 'safor' });
    expect(state.comparisons).toMatchObject({ selectedEntityId: 4, selectedOn: null });
    expect(state.results.view).toBe('report');
  });
});

describe('a reloaded view', () => {
  beforeEach(() => localStorage.clear());

  it('on a page beyond the pages of the data that comes back, shows the last page, not an empty one', async () => {
    putStored('usersView', { view: { ...initialTableView, page: 5 } }, VIEWS_VERSION);
    putStored('campaignsView', { view: { ...initialCampaignsView, status: { ...initialCampaignsView.status, page: 3 } } }, VIEWS_VERSION);
    const { store } = await pageLoad();
    store.dispatch(usersActions.listLoaded(USERS));
    store.dispatch(campaignsActions.statusLoaded([1, 2, 3].map(statusRow)));
    expect(selectUsersPage(store.getState())).toMatchObject({ page: 2, pages: 2, total: 9 });
    expect(selectUsersPage(store.getState()).rows.map((u) => u.email)).toEqual(['persona8@ayto.es', 'persona9@ayto.es']);
    expect(selectStatusPage(store.getState())).toMatchObject({ page: 1, pages: 1 });
    expect(selectStatusPage(store.getState()).rows).toHaveLength(3);
  });

  it("keeps the questionnaire's filters for the campaign they were set on, and another campaign starts without them", async () => {
    const first = await pageLoad();
    first.store.dispatch(campaignsActions.questionnaireRequested(12));
    first.store.dispatch(campaignsActions.questionnaireFiltersChanged({ measures: [3], search: 'residuos' }));
    await first.persistor.flush();

    const { store } = await pageLoad();
    store.dispatch(campaignsActions.questionnaireRequested(12));
    expect(store.getState().campaigns.view.questionnaire.filters).toMatchObject({ measures: [3], search: 'residuos' });
    store.dispatch(campaignsActions.questionnaireRequested(13));
    expect(store.getState().campaigns.view.questionnaire).toEqual({ campaignId: 13, filters: initialCampaignsView.questionnaire.filters });
  });

  it("keeps the report pages' chosen entity while the page without a campaign it leads to opens again", async () => {
    const first = await pageLoad();
    // Another entity closes the campaign on screen: the choice is made on none (the page goes to /results).
    first.store.dispatch(resultsActions.campaignOpened(12));
    first.store.dispatch(resultsActions.entitySelected(4));
    first.store.dispatch(comparisonsActions.campaignOpened(null));
    first.store.dispatch(comparisonsActions.entityChosen(6));
    await first.persistor.flush();

    const { store } = await pageLoad();
    store.dispatch(resultsActions.campaignOpened(null));
    store.dispatch(comparisonsActions.campaignOpened(null));
    expect([store.getState().results.selectedEntityId, store.getState().comparisons.selectedEntityId]).toEqual([4, 6]);
    store.dispatch(resultsActions.campaignOpened(13));
    store.dispatch(comparisonsActions.campaignOpened(8));
    expect([store.getState().results.selectedEntityId, store.getState().comparisons.selectedEntityId]).toEqual([null, null]);
  });

  it("keeps the results page's tab ('Puntuación Global', 'Plan de mejora') across a reload, whichever campaign opens", async () => {
    const first = await pageLoad();
    first.store.dispatch(resultsActions.campaignOpened(12));
    first.store.dispatch(resultsActions.viewChanged('plan'));
    await first.persistor.flush();

    const { store } = await pageLoad();
    expect(store.getState().results.view).toBe('plan');
    store.dispatch(resultsActions.campaignOpened(12));
    expect(store.getState().results.view).toBe('plan');
  });
});
