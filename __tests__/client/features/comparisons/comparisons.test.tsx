import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { groupSizes, radarGroups } from '../../../../src/client/features/comparisons/comparisonModel.js';
import { comparisonsActions } from '../../../../src/client/features/comparisons/comparisonsSlice.js';
import { handleCampaignOpened, handleEntityChosen, handleSharedLinkOpened } from '../../../../src/client/features/comparisons/comparisonsSaga.js';
import { ComparisonBody, ComparisonOptions } from '../../../../src/client/features/comparisons/ComparisonBody.js';
import { selectComparisonEntityId, selectEntityWithoutCampaigns } from '../../../../src/client/features/comparisons/comparisonsSelectors.js';
import { resultsActions } from '../../../../src/client/features/results/resultsSlice.js';
import { snackbarActions } from '../../../../src/client/features/snackbar/snackbarSlice.js';
import { resultsApi } from '../../../../src/client/api/resultsApi.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import type { ComparisonResponse } from '../../../../src/shared/api/results.js';
import { renderWithProviders } from '../../../helpers/client.js';
import { comparisonAbout } from '../../../helpers/resultFixture.js';
import { createSessionTokens } from '../../../../src/client/lib/sessionTokens.js';

const fig = (campaign: number | null, province: number | null, autonomousCommunity: number | null) => ({ campaign, province, autonomousCommunity });
const comparison: ComparisonResponse = {
  current: [
    {
      axisText: 'Territorio',
      valuesByPolicy: [
        { policyText: 'Agua', percentages: fig(0.8, 0.6, 0.5), percentagesComparedToAll: fig(0.8, 0.3, 0.25) },
        { policyText: 'Zonas verdes', percentages: fig(0.5, 0.5, null), percentagesComparedToAll: fig(0.5, 0.25, null) },
        { policyText: 'Suelo', percentages: fig(0.25, 0.4, 0.4), percentagesComparedToAll: fig(0.25, 0.2, 0.2) },
      ],
    },
  ],
  previous: [
    {
      axisText: 'Territorio',
      valuesByPolicy: [
        { policyText: 'Zonas verdes', percentages: fig(0.4, 0.45, 0.35), percentagesComparedToAll: fig(0.4, 0.2, 0.1) },
        { policyText: 'Agua', percentages: fig(0.7, 0.5, 0.5), percentagesComparedToAll: fig(0.7, 0.25, 0.2) },
      ],
    },
    { axisText: 'Eje retirado', valuesByPolicy: [] },
  ],
  ...comparisonAbout(),
};
const options = { entityCampaigns: [{ entityId: 4, text: 'Ayuntamiento de Prueba - (Valencia/València)', campaigns: [{ id: 8, text: 'Campaña 2025', campaignNumber: 2025 }, { id: 12, text: 'Campaña 2026', campaignNumber: 2026 }] }, { entityId: 5, text: 'Nueva - (Teruel)', campaigns: [] }] };

describe('comparison radars', () => {
  it('give entity, province and community groups, matching previous policies by name', () => {
    const groups = radarGroups(comparison, true);
    expect(groups.map((g) => g.level)).toEqual(['campaign', 'province', 'autonomousCommunity']);
    expect(groups[0].radars[0]).toEqual({ axisText: 'Territorio', policies: ['Agua', 'Zonas verdes', 'Suelo'], current: [80, 50, 25], previous: [70, 40, null] });
    expect(groups[2].radars[0].current).toEqual([50, null, 40]);
  });

  it('read the compared-to-all figures when asked, and no previous series without a previous campaign', () => {
    expect(radarGroups(comparison, false)[1].radars[0]).toMatchObject({ current: [30, 25, 20], previous: [25, 20, null] });
    expect(radarGroups({ ...comparison, previous: null }, true)[0].radars[0].previous).toBeNull();
  });
});

/** 2026 against 2025, with means of different sizes in each edition and mode. */
const sizedEditions: ComparisonResponse['editions'] = {
  current: { year: 2026, sizes: { participants: { province: 2, autonomousCommunity: 5, country: 0 }, comparedToAll: { province: 6, autonomousCommunity: 20, country: 0 } } },
  previous: { year: 2025, sizes: { participants: { province: 1, autonomousCommunity: 3, country: 0 }, comparedToAll: { province: 7, autonomousCommunity: 19, country: 0 } } },
};

describe('comparison sizes', () => {
  const editions = sizedEditions;

  it("give each territory's n per edition in the chosen mode, none for the entity", () => {
    expect(groupSizes({ editions }, true)).toEqual({
      campaign: [],
      province: [{ year: 2026, n: 2 }, { year: 2025, n: 1 }],
      autonomousCommunity: [{ year: 2026, n: 5 }, { year: 2025, n: 3 }],
    });
    expect(groupSizes({ editions }, false).autonomousCommunity).toEqual([{ year: 2026, n: 20 }, { year: 2025, n: 19 }]);
    expect(groupSizes({ editions: { ...editions, previous: null } }, true).province).toEqual([{ year: 2026, n: 2 }]);
  });
});

describe('comparison sagas', () => {
  const withOptions = () => rootReducer(undefined, resultsActions.optionsLoaded(options));

  it("open the chosen entity's last campaign, or say it has none", async () => {
    const paths: string[] = [];
    const deps = { resultsApi, navigate: (p: string) => void paths.push(p), session: createSessionTokens() };
    await expectSaga(handleEntityChosen, deps, comparisonsActions.entityChosen(4)).withReducer(rootReducer, withOptions()).run();
    const chosen = comparisonsActions.entityChosen(5);
    const { storeState } = await expectSaga(handleEntityChosen, deps, chosen).withReducer(rootReducer, rootReducer(withOptions(), chosen)).run();
    expect(paths).toEqual(['/comparisons/12']);
    expect(selectEntityWithoutCampaigns(storeState)).toBe(true);
    expect(selectComparisonEntityId(storeState)).toBe(5);
    // Opening a campaign (a deep link) forgets that choice: the selector follows the campaign.
    const opened = rootReducer(storeState, comparisonsActions.campaignOpened(8));
    expect([selectEntityWithoutCampaigns(opened), selectComparisonEntityId(opened)]).toEqual([false, 4]);
    // The address it was chosen on, opened again (a reload, the menu), keeps it.
    expect(selectComparisonEntityId(rootReducer(storeState, comparisonsActions.campaignOpened(null)))).toBe(5);
  });

  it('load a comparison, with the spec toast when it fails', async () => {
    const ok = { resultsApi: { ...resultsApi, comparison: async () => comparison }, navigate: () => undefined, session: createSessionTokens() };
    const { storeState } = await expectSaga(handleCampaignOpened, ok, comparisonsActions.campaignOpened(12)).withReducer(rootReducer, rootReducer(undefined, comparisonsActions.campaignOpened(12))).run();
    expect(storeState.comparisons.comparison).toEqual({ status: 'succeeded', error: null, data: comparison });
    const failing = { resultsApi: { ...resultsApi, comparison: async () => Promise.reject(new ApiError('INTERNAL', 500)) }, navigate: () => undefined, session: createSessionTokens() };
    await expectSaga(handleCampaignOpened, failing, comparisonsActions.campaignOpened(12))
      .withReducer(rootReducer)
      .put.like({ action: { type: snackbarActions.toastShown.type, payload: { message: 'COMPARISONS.TOAST.LOAD_ERROR', severity: 'error' } } })
      .run();
  });

  it("read a shared link's comparison with its token from the session holder, failing quietly on a broken one", async () => {
    const seen: string[] = [];
    const session = createSessionTokens();
    session.openSharedLink('tok');
    const deps = { resultsApi: { ...resultsApi, sharedCampaign: async () => 12, comparison: async (t: string | null, id: number) => (seen.push(`${t}:${id}`), comparison) }, navigate: () => undefined, session };
    const { storeState } = await expectSaga(handleSharedLinkOpened, deps).withReducer(rootReducer).run();
    expect(seen).toEqual(['tok:12']);
    expect(storeState.comparisons.comparison.status).toBe('succeeded');
    const broken = { ...deps, resultsApi: { ...deps.resultsApi, sharedCampaign: async () => Promise.reject(new ApiError('INVALID_TOKEN', 401)) } };
    const failed = await expectSaga(handleSharedLinkOpened, broken).withReducer(rootReducer).not.put.like({ action: { type: snackbarActions.toastShown.type } }).run();
    expect(failed.storeState.comparisons.comparison.status).toBe('failed');
    session.closeSharedLink();
    const left = await expectSaga(handleSharedLinkOpened, deps).withReducer(rootReducer).run();
    expect(left.storeState.comparisons.comparison.status).toBe('failed');
    expect(seen).toEqual(['tok:12']);
  });
});

describe('comparisons page body', () => {
  const loaded = (data: ComparisonResponse) => [comparisonsActions.campaignOpened(12), comparisonsActions.comparisonLoaded(data)].reduce(rootReducer, rootReducer(undefined, { type: 'init' }));

  it('asks for an entity when none is chosen', () => {
    renderWithProviders(<ComparisonBody />);
    expect(screen.getByTestId('empty-state')).toHaveTextContent('Por favor, selecciona una entidad específica para que pueda mostrarse su comparativa detallada.');
  });

  it("draws 'Entidad', 'Provincia' and 'CCAA' with both series, and says when there is no previous campaign", async () => {
    const { unmount } = renderWithProviders(
      <>
        <ComparisonOptions />
        <ComparisonBody />
      </>,
      { preloadedState: loaded(comparison) },
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Ayuntamiento de Prueba', 'Entidad', 'Provincia', 'CCAA']);
    const province = screen.getByTestId('group-province');
    const headers = () => within(province).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers()).toEqual(['Campaña actual', 'Campaña anterior']);
    expect(within(province).getByRole('rowheader', { name: 'Agua' }).parentElement).toHaveTextContent('Agua60,0%50,0%');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Comparar solo con los participantes de la campaña' }));
    expect(within(screen.getByTestId('group-province')).getByRole('rowheader', { name: 'Agua' }).parentElement).toHaveTextContent('Agua30,0%25,0%');
    unmount();

    renderWithProviders(<ComparisonBody />, { preloadedState: loaded({ ...comparison, previous: null }) });
    expect(screen.getAllByTestId('no-previous')).toHaveLength(3);
    expect(within(screen.getByTestId('group-campaign')).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Campaña actual']);
  });

  it('starts with the entity, the year it compares with the previous one, the mode, and each group its n per edition', async () => {
    document.title = 'Campañas';
    const { unmount } = renderWithProviders(
      <>
        <ComparisonOptions />
        <ComparisonBody />
      </>,
      { preloadedState: loaded({ ...comparison, editions: sizedEditions }) },
    );
    expect(document.title).toBe('Comparativas - Ayuntamiento de Prueba - Campaña 2026');
    expect(screen.getByTestId('report-campaign')).toHaveTextContent('Campaña 2026 comparada con la Campaña 2025');
    expect(within(screen.getByTestId('group-campaign')).getByTestId('group-sizes')).toHaveTextContent(/^Ayuntamiento de Prueba$/);
    expect(within(screen.getByTestId('group-province')).getByTestId('group-sizes')).toHaveTextContent('Valencia/València · Campaña 2026: n = 2 · Campaña 2025: n = 1');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Comparar solo con los participantes de la campaña' }));
    expect(within(screen.getByTestId('group-autonomousCommunity')).getByTestId('group-sizes')).toHaveTextContent('Comunitat Valenciana · Campaña 2026: n = 20 · Campaña 2025: n = 19');
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(screen.getByTestId('report-mode')).toHaveTextContent('las entidades que no participaron cuentan como 0');
    expect(screen.getByTestId('report-territories')).toHaveTextContent('Entidad · Provincia: Valencia/València · CCAA: Comunitat Valenciana');
    act(() => void window.dispatchEvent(new Event('afterprint')));
    unmount();
    expect(document.title).toBe('Campañas');

    renderWithProviders(<ComparisonBody />, { preloadedState: loaded({ ...comparison, ...comparisonAbout(false), previous: null }) });
    expect(screen.getByTestId('report-campaign')).toHaveTextContent('Campaña 2026, sin campaña anterior enviada con la que comparar');
    expect(within(screen.getByTestId('group-province')).getByTestId('group-sizes')).toHaveTextContent(/^Valencia\/València · Campaña 2026: n = 1$/);
  });
});
