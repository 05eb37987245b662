import { localeActions } from '../../../../src/client/features/locale/localeSlice.js';
import { screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { trendAxisRange, trendModel } from '../../../../src/client/features/comparisons/trendModel.js';
import { comparisonsActions } from '../../../../src/client/features/comparisons/comparisonsSlice.js';
import { handleCampaignOpened, handleSharedLinkOpened } from '../../../../src/client/features/comparisons/comparisonsSaga.js';
import { ComparisonBody, ComparisonOptions } from '../../../../src/client/features/comparisons/ComparisonBody.js';
import { TrendSection } from '../../../../src/client/features/comparisons/TrendSection.js';
import { snackbarActions } from '../../../../src/client/features/snackbar/snackbarSlice.js';
import { resultsApi } from '../../../../src/client/api/resultsApi.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import type { ComparisonResponse, TrendEdition, TrendResponse } from '../../../../src/shared/api/results.js';
import { renderWithProviders } from '../../../helpers/client.js';
import { comparisonAbout } from '../../../helpers/resultFixture.js';
import { createSessionTokens } from '../../../../src/client/lib/sessionTokens.js';

type Figure = number | null;
const all = (campaign: Figure, province: Figure, autonomousCommunity: Figure, country: Figure, sizeBand: Figure) => ({
  campaign,
  province,
  autonomousCommunity,
  country,
  sizeBand,
});
const half = (n: Figure) => (n === null ? null : n / 2);
const sizes = (n: number) => ({
  participants: { province: n, autonomousCommunity: 2 * n, country: 4 * n, sizeBand: 3 * n },
  comparedToAll: { province: 10, autonomousCommunity: 20, country: 40, sizeBand: 30 },
});
/** Compared to all, every territory's mean is half the participants' one here. */
const edition = (year: number, global: Figure[], axes: [string, Figure[]][], withheld: TrendEdition['withheld'] = []): TrendEdition => {
  const figures = ([c, p, a, s, b]: Figure[]) => ({ percentages: all(c, p, a, s, b), percentagesComparedToAll: all(c, half(p), half(a), half(s), half(b)) });
  return {
    year,
    campaignId: year - 2000,
    global: figures(global),
    axes: axes.map(([axisText, f]) => ({ axisText, ...figures(f) })),
    sizes: sizes(year - 2022),
    withheld,
  };
};
const BAND = 'Entidades de hasta 5.000 habitantes';
const names = { campaign: 'Ayuntamiento de Prueba', province: 'Valencia/València', autonomousCommunity: 'Comunitat Valenciana', country: 'España' };
const trend: TrendResponse = {
  territoryTexts: names,
  sizeBand: { minPopulation: 1, maxPopulation: 5000 },
  minGroupSize: 1,
  axisTexts: ['Agua', 'Energía', 'Residuos'],
  axisNames: { Agua: 'Agua', Energía: 'Energía', Residuos: 'Residuos' },
  editions: [
    edition(
      2024,
      [0.4, 0.5, 0.3, 0.2, 0.35],
      [
        ['Agua', [0.1, 0.2, 0.3, 0.4, 0.25]],
        ['Residuos', [0.5, 0.5, 0.5, 0.5, 0.45]],
      ],
    ),
    edition(
      2025,
      [0.55, 0.6, 0.4, 0.3, 0.45],
      [
        ['Agua', [0.2, 0.2, 0.3, 0.4, 0.3]],
        ['Energía', [0.6, 0.5, 0.4, 0.3, 0.2]],
      ],
    ),
  ],
};

describe('trend model', () => {
  it("gives each level's global percentage per edition, and every axis matched by name (a dash where an edition lacks it)", () => {
    const model = trendModel(trend, true)!;
    expect(model.years).toEqual([2024, 2025]);
    expect(model.global).toEqual({ campaign: [40, 55], province: [50, 60], autonomousCommunity: [30, 40], country: [20, 30], sizeBand: [35, 45] });
    expect(model.rows.map((r) => r.axisText)).toEqual([null, 'Agua', 'Energía', 'Residuos']);
    expect(model.rows[2].values.campaign).toEqual([null, 60]);
    expect(model.rows[3].values.country).toEqual([50, null]);
    expect(model.sizes).toEqual([
      { province: 2, autonomousCommunity: 4, country: 8, sizeBand: 6 },
      { province: 3, autonomousCommunity: 6, country: 12, sizeBand: 9 },
    ]);
  });

  it('reads the compared-to-all figures when asked, and is nothing with a single edition', () => {
    const model = trendModel(trend, false)!;
    expect(model.global).toEqual({ campaign: [40, 55], province: [25, 30], autonomousCommunity: [15, 20], country: [10, 15], sizeBand: [17.5, 22.5] });
    expect(model.sizes[0]).toEqual({ province: 10, autonomousCommunity: 20, country: 40, sizeBand: 30 });
    expect(trendModel({ ...trend, editions: trend.editions.slice(0, 1) }, true)).toBeNull();
  });
});

describe("the trend chart's scale", () => {
  it('fits the figures: a round ten below the lowest and above the highest, five points of room at least', () => {
    expect(trendAxisRange([72.4, 84.9, null, 79.4])).toEqual({ min: 60, max: 90, tickInterval: 5 });
    expect(trendAxisRange([65, 75])).toEqual({ min: 60, max: 80, tickInterval: 5 });
    expect(trendAxisRange([12, 88])).toEqual({ min: 0, max: 100, tickInterval: 20 });
    expect(trendAxisRange([40, 80])).toEqual({ min: 30, max: 90, tickInterval: 10 });
  });

  it('stays within 0-100%, at least twenty points wide, and is the whole scale without figures', () => {
    expect(trendAxisRange([98, 100])).toEqual({ min: 80, max: 100, tickInterval: 5 });
    expect(trendAxisRange([0, 2])).toEqual({ min: 0, max: 20, tickInterval: 5 });
    expect(trendAxisRange([50, 50])).toEqual({ min: 40, max: 60, tickInterval: 5 });
    expect(trendAxisRange([null, null])).toEqual({ min: 0, max: 100, tickInterval: 25 });
    expect(trendAxisRange([])).toEqual({ min: 0, max: 100, tickInterval: 25 });
  });
});

describe('trend sagas', () => {
  const comparison = { current: [], previous: null, ...comparisonAbout(false) } as ComparisonResponse;

  it('load the trend beside the comparison, and a failed trend shows no toast of its own', async () => {
    const seen: string[] = [];
    const deps = {
      resultsApi: { ...resultsApi, comparison: async () => comparison, trend: async (_t: string | null, id: number) => (seen.push(`trend:${id}`), trend) },
      session: createSessionTokens(),
    };
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
    const deps = {
      resultsApi: {
        ...resultsApi,
        sharedCampaign: async () => 12,
        comparison: async () => comparison,
        trend: async (t: string | null, id: number) => (seen.push(`${t}:${id}`), trend),
      },
      navigate: () => undefined,
      session,
    };
    const { storeState } = await expectSaga(handleSharedLinkOpened, deps).withReducer(rootReducer).run();
    expect(seen).toEqual(['tok:12']);
    expect(storeState.comparisons.trend.status).toBe('succeeded');
  });
});

describe("'Evolución'", () => {
  const loaded = (data: TrendResponse) =>
    [comparisonsActions.campaignOpened(12), comparisonsActions.trendLoaded(data)].reduce(rootReducer, rootReducer(undefined, { type: 'init' }));

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
    expect(
      within(chart)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([...Object.values(names), BAND]);
    expect(within(chart).getByRole('rowheader', { name: '2025' }).parentElement).toHaveTextContent('202555,0%60,0%40,0%30,0%45,0%');
    const table = within(within(section).getByTestId('trend-table')).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['2024', '2025']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .filter((th) => th.getAttribute('scope') === 'rowgroup')
        .map((th) => th.textContent),
    ).toEqual(['Resultado global', 'Agua', 'Energía', 'Residuos', 'Entidades en cada media (n)']);
    const energy = within(table).getAllByRole('rowgroup')[3];
    expect(
      within(energy)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['Energía', 'Ayuntamiento de Prueba—60,0%', 'Valencia/València—50,0%', 'Comunitat Valenciana—40,0%', 'España—30,0%', `${BAND}—20,0%`]);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Comparar solo con los participantes de la campaña' }));
    expect(within(energy).getAllByRole('row')[2]).toHaveTextContent('Valencia/València—25,0%');
    const sizeRows = within(within(table).getAllByRole('rowgroup').at(-1)!).getAllByRole('row');
    expect(sizeRows[1]).toHaveTextContent('Valencia/València1010');
    expect(sizeRows.at(-1)).toHaveTextContent(`${BAND}3030`);
  });

  it("shows a dash for an edition's withheld mean, and the comparisons page says why, naming the edition", () => {
    const withheld: TrendResponse = {
      ...trend,
      minGroupSize: 3,
      editions: [edition(2024, [0.4, 0.5, 0.3, 0.2, null], [['Agua', [0.1, 0.2, 0.3, 0.4, null]]], ['sizeBand']), trend.editions[1]],
    };
    const state = [
      comparisonsActions.campaignOpened(12),
      comparisonsActions.comparisonLoaded({ current: [], previous: null, ...comparisonAbout(false), sizeBand: withheld.sizeBand, minGroupSize: 3 }),
      comparisonsActions.trendLoaded(withheld),
    ].reduce(rootReducer, rootReducer(undefined, { type: 'init' }));
    renderWithProviders(<ComparisonBody />, { preloadedState: state });
    const global = within(within(screen.getByTestId('trend-table')).getByRole('table')).getAllByRole('rowgroup')[1];
    expect(within(global).getAllByRole('row').at(-1)).toHaveTextContent(`${BAND}—45,0%`);
    expect(screen.getByTestId('withheld-note')).toHaveTextContent(
      `No se muestra la media de «${BAND}» (Campaña 2024: n = 6): se muestran solo las medias de al menos 3 entidades, para que nadie pueda deducir la puntuación de otra entidad.`,
    );
  });

  it("names the axes in the reader's language, matched across editions by their Spanish names", () => {
    const translated: TrendResponse = {
      ...trend,
      translations: { ca: { axisNames: { Agua: 'Aigua', Energía: 'Energia', Residuos: 'Residus' } } },
    };
    // Valencian reads the Catalan names; English, which has none, the Spanish ones.
    for (const [language, heads] of [
      ['va', ['Aigua', 'Energia', 'Residus']],
      ['en', ['Agua', 'Energía', 'Residuos']],
    ] as const) {
      const { unmount } = renderWithProviders(<TrendSection />, {
        preloadedState: rootReducer(loaded(translated), localeActions.languageChanged(language)),
      });
      const groups = within(within(screen.getByTestId('trend-table')).getByRole('table'))
        .getAllByRole('rowheader')
        .filter((th) => th.getAttribute('scope') === 'rowgroup')
        .map((th) => th.textContent);
      expect(groups.slice(1, 4)).toEqual(heads);
      // The figures stay with their axis: Energía is 60% in 2025 and absent in 2024.
      const energy = within(within(screen.getByTestId('trend-table')).getByRole('table')).getAllByRole('rowgroup')[3];
      expect(within(energy).getAllByRole('row')[1]).toHaveTextContent(/—60[,.]0%/);
      unmount();
    }
  });

  it('is not shown with a single edition, nor while it loads', () => {
    const { unmount } = renderWithProviders(<TrendSection />, { preloadedState: loaded({ ...trend, editions: trend.editions.slice(1) }) });
    expect(screen.queryByTestId('trend')).toBeNull();
    unmount();
    renderWithProviders(<TrendSection />, { preloadedState: rootReducer(undefined, comparisonsActions.campaignOpened(12)) });
    expect(screen.queryByTestId('trend')).toBeNull();
  });
});
