import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { trendModel } from '../../../../src/client/features/comparisons/trendModel.js';
import { comparisonsActions } from '../../../../src/client/features/comparisons/comparisonsSlice.js';
import { handleCampaignOpened, handleSharedLinkOpened } from '../../../../src/client/features/comparisons/comparisonsSaga.js';
import { ComparisonOptions } from '../../../../src/client/features/comparisons/ComparisonBody.js';
import { TrendSection } from '../../../../src/client/features/comparisons/TrendSection.js';
import { snackbarActions } from '../../../../src/client/features/snackbar/snackbarSlice.js';
import { resultsApi } from '../../../../src/client/api/resultsApi.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import type { ComparisonResponse, TrendEdition, TrendResponse } from '../../../../src/shared/api/results.js';
import { renderWithProviders } from '../../../helpers/client.js';
import { comparisonAbout } from '../../../helpers/resultFixture.js';
import { createSessionTokens } from '../../../../src/client/lib/sessionTokens.js';

const all = (campaign: number | null, province: number | null, autonomousCommunity: number | null, country: number | null) => ({ campaign, province, autonomousCommunity, country });
const sizes = (n: number) => ({ participants: { province: n, autonomousCommunity: 2 * n, country: 4 * n }, comparedToAll: { province: 10, autonomousCommunity: 20, country: 40 } });
/** Compared to all, every territory's mean is half the participants' one here. */
const edition = (year: number, global: number[], axes: [string, number[]][]): TrendEdition => {
  const figures = ([c, p, a, s]: number[]) => ({ percentages: all(c, p, a, s), percentagesComparedToAll: all(c, p / 2, a / 2, s / 2) });
  return { year, campaignId: year - 2000, global: figures(global), axes: axes.map(([axisText, f]) => ({ axisText, ...figures(f) })), sizes: sizes(year - 2022) };
};
const names = { campaign: 'Ayuntamiento de Prueba', province: 'Valencia/València', autonomousCommunity: 'Comunitat Valenciana', country: 'España' };
const trend: TrendResponse = {
  territoryTexts: names,
  axisTexts: ['Agua', 'Energía', 'Residuos'],
  editions: [
    edition(2024, [0.4, 0.5, 0.3, 0.2], [['Agua', [0.1, 0.2, 0.3, 0.4]], ['Residuos', [0.5, 0.5, 0.5, 0.5]]]),
    edition(2025, [0.55, 0.6, 0.4, 0.3], [['Agua', [0.2, 0.2, 0.3, 0.4]], ['Energía', [0.6, 0.5, 0.4, 0.3]]]),
  ],
};

describe('trend model', () => {
  it("gives each level's global percentage per edition, and every axis matched by name (a dash where an edition lacks it)", () => {
    const model = trendModel(trend, true)!;
    expect(model.years).toEqual([2024, 2025]);
    expect(model.global).toEqual({ campaign: [40, 55], province: [50, 60], autonomousCommunity: [30, 40], country: [20, 30] });
    expect(model.rows.map((r) => r.axisText)).toEqual([null, 'Agua', 'Energía', 'Residuos']);
    expect(model.rows[2].values.campaign).toEqual([null, 60]);
    expect(model.rows[3].values.country).toEqual([50, null]);
    expect(model.sizes).toEqual([{ province: 2, autonomousCommunity: 4, country: 8 }, { province: 3, autonomousCommunity: 6, country: 12 }]);
  });

  it('reads the compared-to-all figures when asked, and is nothing with a single edition', () => {
    const model = trendModel(trend, false)!;
    expect(model.global).toEqual({ campaign: [40, 55], province: [25, 30], autonomousCommunity: [15, 20], country: [10, 15] });
    expect(model.sizes[0]).toEqual({ province: 10, autonomousCommunity: 20, country: 40 });
    expect(trendModel({ ...trend, editions: trend.editions.slice(0, 1) }, true)).toBeNull();
  });
});

describe('trend sagas', () => {
  const comparison = { current: [], previous: null, ...comparisonAbout(false) } as ComparisonResponse;

  it('load the trend beside the comparison, and a failed trend shows no toast of its own', async () => {
    const seen: string[] = [];
    const deps = { resultsApi: { ...resultsApi, comparison: async () => comparison, trend: async (_t: string | null, id: number) => (seen.push(`trend:${id}`), trend) }, session: createSessionTokens() };
    const start = rootReducer(undefined, comparisonsActions.campaignOpened(12));
    expect(start.comparisons.trend.status).toBe('loading');
    const { storeState } = await expectSaga(handleCampaignOpened, deps, comparisonsActions.campaignOpened(12)).withReducer(rootReducer, start).run();
    expect(seen).toEqual(['trend:12']);
    expect(storeState.comparisons.trend).toEqual({ status: 'succeeded', error: null, data: trend });
    const failing = { ...deps, resultsApi: { ...deps.resultsApi, trend: async () => Promise.reject(new ApiError('INTERNAL', 500)) } };
    const failed = await expectSaga(handleCampaignOpened, failing, comparisonsActions.campaignOpened(12))
      .withReducer(rootReducer, start)
      .not.put.like({ action: { type: snackbarActions.toastShown.type } })
      .run();
    expect(failed.storeState.comparisons.trend.status).toBe('failed');
    expect(failed.storeState.comparisons.comparison.status).toBe('succeeded');
  });

  it("read a shared link's trend with the link's token", async () => {
    const seen: string[] = [];
    const session = createSessionTokens();
    session.openSharedLink('tok');
    const deps = { resultsApi: { ...resultsApi, sharedCampaign: async () => 12, comparison: async () => comparison, trend: async (t: string | null, id: number) => (seen.push(`${t}:${id}`), trend) }, navigate: () => undefined, session };
    const { storeState } = await expectSaga(handleSharedLinkOpened, deps).withReducer(rootReducer).run();
    expect(seen).toEqual(['tok:12']);
    expect(storeState.comparisons.trend.status).toBe('succeeded');
  });
});

describe("'Evolución'", () => {
  const loaded = (data: TrendResponse) => [comparisonsActions.campaignOpened(12), comparisonsActions.trendLoaded(data)].reduce(rootReducer, rootReducer(undefined, { type: 'init' }));

  it('charts the global percentage per edition and tables the global score and each axis, in the chosen mode', async () => {
    renderWithProviders(
      <>
        <ComparisonOptions />
        <TrendSection />
      </>,
      { preloadedState: loaded(trend) },
    );
    const section = screen.getByRole('region', { name: 'Evolución' });
    // The chart's data table, for screen readers: a row per edition, a column per level.
    const chart = within(within(section).getByTestId('trend-chart')).getByRole('table', { hidden: true });
    expect(within(chart).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(Object.values(names));
    expect(within(chart).getByRole('rowheader', { name: '2025' }).parentElement).toHaveTextContent('202555,0%60,0%40,0%30,0%');
    const table = within(within(section).getByTestId('trend-table')).getByRole('table');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['2024', '2025']);
    expect(within(table).getAllByRole('rowheader').filter((th) => th.getAttribute('scope') === 'rowgroup').map((th) => th.textContent)).toEqual([
      'Resultado global',
      'Agua',
      'Energía',
      'Residuos',
      'Entidades en cada media (n)',
    ]);
    const energy = within(table).getAllByRole('rowgroup')[3];
    expect(within(energy).getAllByRole('row').map((r) => r.textContent)).toEqual(['Energía', 'Ayuntamiento de Prueba—60,0%', 'Valencia/València—50,0%', 'Comunitat Valenciana—40,0%', 'España—30,0%']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Comparar solo con los participantes de la campaña' }));
    expect(within(energy).getAllByRole('row')[2]).toHaveTextContent('Valencia/València—25,0%');
    expect(within(within(table).getAllByRole('rowgroup').at(-1)!).getAllByRole('row')[1]).toHaveTextContent('Valencia/València1010');
  });

  it('is not shown with a single edition, nor while it loads', () => {
    const { unmount } = renderWithProviders(<TrendSection />, { preloadedState: loaded({ ...trend, editions: trend.editions.slice(1) }) });
    expect(screen.queryByTestId('trend')).toBeNull();
    unmount();
    renderWithProviders(<TrendSection />, { preloadedState: rootReducer(undefined, comparisonsActions.campaignOpened(12)) });
    expect(screen.queryByTestId('trend')).toBeNull();
  });
});
