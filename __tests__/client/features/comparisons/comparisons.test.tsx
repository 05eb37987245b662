import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { changeOf, groupSizes, radarGroups } from '../../../../src/client/features/comparisons/comparisonModel.js';
import { differencesTable } from '../../../../src/client/features/comparisons/comparisonCsv.js';
import { csvRowsOf } from '../../../../src/client/lib/tableModel.js';
import { comparisonsActions } from '../../../../src/client/features/comparisons/comparisonsSlice.js';
import {
  handleCampaignOpened,
  handleCsvRequested,
  handleEntityChosen,
  handleSharedLinkOpened,
} from '../../../../src/client/features/comparisons/comparisonsSaga.js';
import { DifferencesTable } from '../../../../src/client/features/comparisons/DifferencesTable.js';
import { ComparisonBody, ComparisonOptions } from '../../../../src/client/features/comparisons/ComparisonBody.js';
import { selectComparisonEntityId, selectEntityWithoutCampaigns } from '../../../../src/client/features/comparisons/comparisonsSelectors.js';
import { resultsActions } from '../../../../src/client/features/results/resultsSlice.js';
import { snackbarActions } from '../../../../src/client/features/snackbar/snackbarSlice.js';
import { resultsApi } from '../../../../src/client/api/resultsApi.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import { CAMPAIGN_NOT_SENT, type ComparisonResponse } from '../../../../src/shared/api/results.js';
import { demoUser, renderWithProviders } from '../../../helpers/client.js';
import { localeActions } from '../../../../src/client/features/locale/localeSlice.js';
import { comparisonAbout } from '../../../helpers/resultFixture.js';
import { createSessionTokens } from '../../../../src/client/lib/sessionTokens.js';

const fig = (campaign: number | null, province: number | null, autonomousCommunity: number | null, sizeBand: number | null) => ({
  campaign,
  province,
  autonomousCommunity,
  sizeBand,
});
const comparison: ComparisonResponse = {
  current: [
    {
      axisText: 'Territorio',
      valuesByPolicy: [
        { policyText: 'Agua', percentages: fig(0.8, 0.6, 0.5, 0.55), percentagesComparedToAll: fig(0.8, 0.3, 0.25, 0.2) },
        { policyText: 'Zonas verdes', percentages: fig(0.5, 0.5, null, 0.45), percentagesComparedToAll: fig(0.5, 0.25, null, 0.15) },
        { policyText: 'Suelo', percentages: fig(0.25, 0.4, 0.4, 0.35), percentagesComparedToAll: fig(0.25, 0.2, 0.2, 0.1) },
      ],
    },
  ],
  previous: [
    {
      axisText: 'Territorio',
      valuesByPolicy: [
        { policyText: 'Zonas verdes', percentages: fig(0.4, 0.45, 0.35, 0.4), percentagesComparedToAll: fig(0.4, 0.2, 0.1, 0.15) },
        { policyText: 'Agua', percentages: fig(0.7, 0.5, 0.5, 0.5), percentagesComparedToAll: fig(0.7, 0.25, 0.2, 0.2) },
      ],
    },
    { axisText: 'Eje retirado', valuesByPolicy: [] },
  ],
  ...comparisonAbout(),
};
const options = {
  entityCampaigns: [
    {
      entityId: 4,
      text: 'Ayuntamiento de Prueba - (Valencia/València)',
      archived: false,
      campaigns: [
        { id: 8, text: 'Campaña 2025', campaignNumber: 2025 },
        { id: 12, text: 'Campaña 2026', campaignNumber: 2026 },
      ],
    },
    { entityId: 5, text: 'Nueva - (Teruel)', archived: false, campaigns: [] },
  ],
};

describe('comparison radars', () => {
  it('give entity, province, community and size band groups, matching previous policies by name', () => {
    const groups = radarGroups(comparison, true);
    expect(groups.map((g) => g.level)).toEqual(['campaign', 'province', 'autonomousCommunity', 'sizeBand']);
    expect(groups[3].radars[0]).toMatchObject({ current: [55, 45, 35], previous: [50, 40, null] });
    expect(groups[0].radars[0]).toEqual({
      axisText: 'Territorio',
      policies: ['Agua', 'Zonas verdes', 'Suelo'],
      current: [80, 50, 25],
      previous: [70, 40, null],
      changed: [false, false, false],
    });
    expect(groups[2].radars[0].current).toEqual([50, null, 40]);
  });

  it('read the compared-to-all figures when asked, and no previous series without a previous campaign', () => {
    expect(radarGroups(comparison, false)[1].radars[0]).toMatchObject({ current: [30, 25, 20], previous: [25, 20, null] });
    expect(radarGroups({ ...comparison, previous: null }, true)[0].radars[0].previous).toBeNull();
  });
});

/** 2026 against 2025, with means of different sizes in each edition and mode. */
const sizedEditions: ComparisonResponse['editions'] = {
  current: {
    year: 2026,
    sizes: {
      participants: { province: 2, autonomousCommunity: 5, country: 0, sizeBand: 9 },
      comparedToAll: { province: 6, autonomousCommunity: 20, country: 0, sizeBand: 25 },
    },
    withheld: [],
  },
  previous: {
    year: 2025,
    sizes: {
      participants: { province: 1, autonomousCommunity: 3, country: 0, sizeBand: 8 },
      comparedToAll: { province: 7, autonomousCommunity: 19, country: 0, sizeBand: 24 },
    },
    withheld: [],
  },
};

describe('comparison sizes', () => {
  const editions = sizedEditions;

  it("give each territory's n per edition in the chosen mode, none for the entity", () => {
    expect(groupSizes({ editions }, true)).toEqual({
      campaign: [],
      province: [
        { year: 2026, n: 2 },
        { year: 2025, n: 1 },
      ],
      autonomousCommunity: [
        { year: 2026, n: 5 },
        { year: 2025, n: 3 },
      ],
      sizeBand: [
        { year: 2026, n: 9 },
        { year: 2025, n: 8 },
      ],
    });
    expect(groupSizes({ editions }, false).autonomousCommunity).toEqual([
      { year: 2026, n: 20 },
      { year: 2025, n: 19 },
    ]);
    expect(groupSizes({ editions: { ...editions, previous: null } }, true).province).toEqual([{ year: 2026, n: 2 }]);
  });
});

describe('comparison differences', () => {
  it('give each policy both years and the change in points as shown, under its axis', () => {
    const [entity, province] = radarGroups(comparison, true).map((g) => g.differences);
    expect(entity.years).toEqual({ current: 2026, previous: 2025 });
    expect(entity.axes).toEqual([
      {
        axisText: 'Territorio',
        rows: [
          { policyText: 'Agua', previous: 70, current: 80, change: 10, direction: 'up' },
          { policyText: 'Zonas verdes', previous: 40, current: 50, change: 10, direction: 'up' },
          { policyText: 'Suelo', previous: null, current: 25, change: null, direction: null },
        ],
      },
    ]);
    expect(province.axes[0].rows[0]).toEqual({ policyText: 'Agua', previous: 50, current: 60, change: 10, direction: 'up' });
    expect(radarGroups(comparison, false)[1].differences.axes[0].rows[1]).toEqual({
      policyText: 'Zonas verdes',
      previous: 20,
      current: 25,
      change: 5,
      direction: 'up',
    });
  });

  it('compute the change from the one-decimal figures, without floating-point dust, and name its direction', () => {
    expect(changeOf(70.3, 70.1)).toEqual({ change: -0.2, direction: 'down' });
    expect(changeOf(33.3, 33.3)).toEqual({ change: 0, direction: 'same' });
    expect(changeOf(0.1, 0.3)).toEqual({ change: 0.2, direction: 'up' });
    expect(changeOf(null, 12.5)).toEqual({ change: null, direction: null });
    expect(changeOf(12.5, null)).toEqual({ change: null, direction: null });
  });

  it('have no previous year nor change without a previous campaign', () => {
    const alone = radarGroups({ ...comparison, previous: null, editions: { ...comparison.editions, previous: null } }, true)[0].differences;
    expect(alone.years).toEqual({ current: 2026, previous: null });
    expect(alone.axes[0].rows[0]).toEqual({ policyText: 'Agua', previous: null, current: 80, change: null, direction: null });
  });

  it('become CSV rows with the axis on each line, and the current year alone without a previous campaign', () => {
    const labels = { axis: 'Eje', policy: 'Política', change: 'Cambio (p. p.)' };
    expect(csvRowsOf(differencesTable(radarGroups(comparison, true)[0].differences, labels))).toEqual([
      ['Eje', 'Política', '2025 (%)', '2026 (%)', 'Cambio (p. p.)'],
      ['Territorio', 'Agua', 70, 80, 10],
      ['Territorio', 'Zonas verdes', 40, 50, 10],
      ['Territorio', 'Suelo', null, 25, null],
    ]);
    const alone = radarGroups({ ...comparison, previous: null }, true)[0].differences;
    expect(csvRowsOf(differencesTable(alone, labels))).toEqual([
      ['Eje', 'Política', '2026 (%)'],
      ['Territorio', 'Agua', 80],
      ['Territorio', 'Zonas verdes', 50],
      ['Territorio', 'Suelo', 25],
    ]);
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

  it('open no report while another entity is on its way: the comparison goes at once, the choice stays on /comparisons', async () => {
    const paths: string[] = [];
    const deps = { navigate: (p: string) => void paths.push(p) };
    const open = [comparisonsActions.campaignOpened(8), comparisonsActions.comparisonLoaded(comparison)].reduce(rootReducer, withOptions());
    const chosen = rootReducer(open, comparisonsActions.entityChosen(5));
    expect(chosen.comparisons.comparison).toEqual({ status: 'idle', error: null, data: null });
    await expectSaga(handleEntityChosen, deps, comparisonsActions.entityChosen(5)).withReducer(rootReducer, chosen).run();
    expect(paths).toEqual(['/comparisons']);
    // /comparisons opened (and reloaded) keeps the entity without campaigns chosen.
    const there = rootReducer(chosen, comparisonsActions.campaignOpened(null));
    expect([selectComparisonEntityId(there), selectEntityWithoutCampaigns(there)]).toEqual([5, true]);
    // Already on /comparisons, choosing again goes nowhere.
    await expectSaga(handleEntityChosen, deps, comparisonsActions.entityChosen(5))
      .withReducer(rootReducer, rootReducer(there, comparisonsActions.entityChosen(5)))
      .run();
    expect(paths).toEqual(['/comparisons']);
    // The entity whose last campaign is on screen has it opened again, where a navigation would not reopen it.
    const last = [comparisonsActions.campaignOpened(12), comparisonsActions.comparisonLoaded(comparison), comparisonsActions.entityChosen(4)].reduce(
      rootReducer,
      withOptions(),
    );
    await expectSaga(handleEntityChosen, deps, comparisonsActions.entityChosen(4))
      .withReducer(rootReducer, last)
      .put(comparisonsActions.campaignOpened(12))
      .run();
    expect(paths).toEqual(['/comparisons']);
  });

  it("download a group's differences as CSV named after the entity, the group and the year, in the interface's language", async () => {
    const downloads: { name: string; content: string; type: string }[] = [];
    const deps = { download: (name: string, content: unknown, type: string) => void downloads.push({ name, content: String(content), type }) };
    const state = [comparisonsActions.campaignOpened(12), comparisonsActions.comparisonLoaded(comparison)].reduce(
      rootReducer,
      rootReducer(undefined, { type: 'init' }),
    );
    await expectSaga(handleCsvRequested, deps, comparisonsActions.csvRequested('province')).withReducer(rootReducer, state).run();
    await expectSaga(handleCsvRequested, deps, comparisonsActions.csvRequested('campaign'))
      .withReducer(rootReducer, rootReducer(state, localeActions.languageChanged('en')))
      .run();
    const [province, english] = downloads;
    expect(province.name).toBe('ayuntamiento-de-prueba-comparativas-provincia-2026.csv');
    expect(province.type).toBe('text/csv;charset=utf-8');
    expect(province.content).toBe(
      '\uFEFFEje;Política;2025 (%);2026 (%);Cambio (p. p.)\r\nTerritorio;Agua;50;60;10\r\nTerritorio;Zonas verdes;45;50;5\r\nTerritorio;Suelo;;40;\r\n',
    );
    expect(english.name).toBe('ayuntamiento-de-prueba-comparisons-entity-2026.csv');
    expect(english.content.split('\r\n')[0]).toBe('\uFEFFAxis;Policy;2025 (%);2026 (%);Change (p.p.)');
    // Nothing on screen, nothing downloaded.
    await expectSaga(handleCsvRequested, deps, comparisonsActions.csvRequested('province')).withReducer(rootReducer).run();
    expect(downloads).toHaveLength(2);
  });

  it('load a comparison, with the spec toast when it fails', async () => {
    const ok = { resultsApi: { ...resultsApi, comparison: async () => comparison }, navigate: () => undefined, session: createSessionTokens() };
    const { storeState } = await expectSaga(handleCampaignOpened, ok, comparisonsActions.campaignOpened(12))
      .withReducer(rootReducer, rootReducer(undefined, comparisonsActions.campaignOpened(12)))
      .run();
    expect(storeState.comparisons.comparison).toEqual({ status: 'succeeded', error: null, data: comparison });
    const failing = {
      resultsApi: { ...resultsApi, comparison: async () => Promise.reject(new ApiError('INTERNAL', 500)) },
      navigate: () => undefined,
      session: createSessionTokens(),
    };
    await expectSaga(handleCampaignOpened, failing, comparisonsActions.campaignOpened(12))
      .withReducer(rootReducer)
      .put.like({ action: { type: snackbarActions.toastShown.type, payload: { message: 'COMPARISONS.TOAST.LOAD_ERROR', severity: 'error' } } })
      .run();
  });

  it('show no toast for a campaign not sent yet: the page says so in place of the comparison', async () => {
    const notSent = {
      resultsApi: { ...resultsApi, comparison: async () => Promise.reject(new ApiError('CONFLICT', 409, CAMPAIGN_NOT_SENT)) },
      session: createSessionTokens(),
    };
    const { storeState } = await expectSaga(handleCampaignOpened, notSent, comparisonsActions.campaignOpened(31))
      .withReducer(rootReducer, rootReducer(undefined, comparisonsActions.campaignOpened(31)))
      .not.put.like({ action: { type: snackbarActions.toastShown.type } })
      .run();
    expect(storeState.comparisons.comparison).toMatchObject({ status: 'failed', error: { type: 'CONFLICT', data: CAMPAIGN_NOT_SENT } });
    expect(storeState.errors.globalError).toBeNull();
    // Another conflict still has its toast.
    const other = { ...notSent, resultsApi: { ...resultsApi, comparison: async () => Promise.reject(new ApiError('CONFLICT', 409, 'OTHER')) } };
    await expectSaga(handleCampaignOpened, other, comparisonsActions.campaignOpened(31))
      .withReducer(rootReducer)
      .put.like({ action: { type: snackbarActions.toastShown.type, payload: { message: 'COMPARISONS.TOAST.LOAD_ERROR' } } })
      .run();
  });

  it("read a shared link's comparison with its token from the session holder, failing quietly on a broken one", async () => {
    const seen: string[] = [];
    const session = createSessionTokens();
    session.openSharedLink('tok');
    const deps = {
      resultsApi: { ...resultsApi, sharedCampaign: async () => 12, comparison: async (t: string | null, id: number) => (seen.push(`${t}:${id}`), comparison) },
      navigate: () => undefined,
      session,
    };
    const { storeState } = await expectSaga(handleSharedLinkOpened, deps).withReducer(rootReducer).run();
    expect(seen).toEqual(['tok:12']);
    expect(storeState.comparisons.comparison.status).toBe('succeeded');
    const broken = { ...deps, resultsApi: { ...deps.resultsApi, sharedCampaign: async () => Promise.reject(new ApiError('INVALID_TOKEN', 401)) } };
    const failed = await expectSaga(handleSharedLinkOpened, broken)
      .withReducer(rootReducer)
      .not.put.like({ action: { type: snackbarActions.toastShown.type } })
      .run();
    expect(failed.storeState.comparisons.comparison.status).toBe('failed');
    session.closeSharedLink();
    const left = await expectSaga(handleSharedLinkOpened, deps).withReducer(rootReducer).run();
    expect(left.storeState.comparisons.comparison.status).toBe('failed');
    expect(seen).toEqual(['tok:12']);
  });
});

describe('comparisons page body', () => {
  const loaded = (data: ComparisonResponse) =>
    [comparisonsActions.campaignOpened(12), comparisonsActions.comparisonLoaded(data)].reduce(rootReducer, rootReducer(undefined, { type: 'init' }));

  it('asks for an entity when none is chosen', () => {
    renderWithProviders(<ComparisonBody />);
    expect(screen.getByTestId('empty-state')).toHaveTextContent(
      'Por favor, selecciona una entidad específica para que pueda mostrarse su comparativa detallada.',
    );
  });

  it("draws 'Entidad', 'Provincia', 'CCAA' and 'Entidades de tamaño similar' with both series, and says when there is no previous campaign", async () => {
    const { unmount } = renderWithProviders(
      <>
        <ComparisonOptions />
        <ComparisonBody />
      </>,
      { preloadedState: loaded(comparison) },
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Ayuntamiento de Prueba',
      'Entidad',
      'Provincia',
      'CCAA',
      'Entidades de tamaño similar',
    ]);
    // Whether the current campaign's figures are final, as on its results.
    expect(screen.getByTestId('report-review')).toHaveTextContent('Validada el 12/03/2026');
    const radar = () => within(screen.getByTestId('group-province')).getAllByTestId('radar')[0];
    expect(
      within(radar())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Campaña actual', 'Campaña anterior']);
    expect(within(radar()).getByRole('rowheader', { name: 'Agua' }).parentElement).toHaveTextContent('Agua60,0%50,0%');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Comparar solo con los participantes de la campaña' }));
    expect(within(radar()).getByRole('rowheader', { name: 'Agua' }).parentElement).toHaveTextContent('Agua30,0%25,0%');
    unmount();

    renderWithProviders(<ComparisonBody />, { preloadedState: loaded({ ...comparison, previous: null }) });
    expect(screen.getAllByTestId('no-previous')).toHaveLength(4);
    expect(
      within(within(screen.getByTestId('group-campaign')).getAllByTestId('radar')[0])
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Campaña actual']);
  });

  it("says the current campaign's results are final once its edition's are, as its results do", () => {
    renderWithProviders(<ComparisonBody />, { preloadedState: loaded({ ...comparison, finalPublishedAt: '2026-06-29T22:30:00.000Z' }) });
    expect(screen.getByTestId('report-review')).toHaveTextContent(/^Resultados definitivos · publicados el 30\/06\/2026$/);
  });

  it('gives each group a table of every policy under its axis: both years and the change with an arrow and its word', async () => {
    renderWithProviders(
      <>
        <ComparisonOptions />
        <ComparisonBody />
      </>,
      { preloadedState: loaded(comparison) },
    );
    const table = () => within(screen.getByTestId('differences-province')).getByRole('table');
    const rows = () =>
      within(table())
        .getAllByRole('row')
        .map((tr) => [...tr.children].map((c) => c.textContent));
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Política', '2025', '2026', 'Cambio (p. p.)']);
    expect(rows().slice(1)).toEqual([
      ['Territorio'],
      ['Agua', '50,0%', '60,0%', '▲sube +10,0'],
      ['Zonas verdes', '45,0%', '50,0%', '▲sube +5,0'],
      ['Suelo', '—', '40,0%', '—'],
    ]);
    expect(within(table()).getAllByText('▲')[0]).toHaveAttribute('aria-hidden', 'true');
    expect(within(table()).getAllByText('sube')[0]).toHaveClass('visually-hidden');
    expect(within(table()).getByRole('rowheader', { name: 'Territorio' })).toHaveAttribute('scope', 'rowgroup');
    // The table follows the comparison mode, as the radars do.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Comparar solo con los participantes de la campaña' }));
    expect(rows()[2]).toEqual(['Agua', '25,0%', '30,0%', '▲sube +5,0']);
    expect(rows()[3]).toEqual(['Zonas verdes', '20,0%', '25,0%', '▲sube +5,0']);
    const community = within(screen.getByTestId('differences-autonomousCommunity'))
      .getAllByRole('row')
      .map((tr) => [...tr.children].map((c) => c.textContent));
    expect(community.slice(2)).toEqual([
      ['Agua', '20,0%', '25,0%', '▲sube +5,0'],
      ['Zonas verdes', '10,0%', '—', '—'],
      ['Suelo', '—', '20,0%', '—'],
    ]);
  });

  it("shows a withheld mean as dashes in its group, and says why once, naming each edition's participants", () => {
    const withheld: ComparisonResponse = {
      ...comparison,
      current: comparison.current.map((axis) => ({
        ...axis,
        valuesByPolicy: axis.valuesByPolicy.map((p) => ({
          ...p,
          percentages: { ...p.percentages, province: null },
          percentagesComparedToAll: { ...p.percentagesComparedToAll, province: null },
        })),
      })),
      editions: { current: { ...sizedEditions.current, withheld: ['province'] }, previous: sizedEditions.previous },
      minGroupSize: 3,
    };
    renderWithProviders(<ComparisonBody />, { preloadedState: loaded(withheld) });
    const rows = within(within(screen.getByTestId('differences-province')).getByRole('table'))
      .getAllByRole('row')
      .map((tr) => [...tr.children].map((c) => c.textContent));
    expect(rows.slice(2).map((r) => r[2])).toEqual(['—', '—', '—']);
    expect(screen.getByTestId('withheld-note')).toHaveTextContent(
      'No se muestra la media de Provincia de Valencia/València (Campaña 2026: n = 2): se muestran solo las medias de al menos 3 entidades, para que nadie pueda deducir la puntuación de otra entidad.',
    );
    expect(screen.getAllByTestId('withheld-note')).toHaveLength(1);
  });

  it('says nothing of withheld means when none is', () => {
    renderWithProviders(<ComparisonBody />, { preloadedState: loaded(comparison) });
    expect(screen.queryByTestId('withheld-note')).toBeNull();
  });

  it('marks a fall and an unchanged figure with their arrows and words', () => {
    const table = {
      years: { current: 2026, previous: 2025 },
      axes: [
        {
          axisText: 'Eje',
          rows: [
            { policyText: 'Baja', previous: 50, current: 46.5, change: -3.5, direction: 'down' as const },
            { policyText: 'Igual', previous: 20, current: 20, change: 0, direction: 'same' as const },
          ],
        },
      ],
    };
    renderWithProviders(<DifferencesTable level="campaign" title="Entidad" table={table} />);
    const cells = screen
      .getAllByRole('row')
      .slice(2)
      .map((tr) => tr.lastElementChild);
    expect(cells.map((c) => c?.textContent)).toEqual(['▼baja -3,5', '=igual 0,0']);
    expect(cells[0]).toHaveClass('difference-down');
    expect(screen.getByRole('button', { name: /^Descargar CSV\s*: Entidad$/ })).toBeInTheDocument();
  });

  it("marks the policies whose content changed since the previous campaign's edition, with the legend, and only when there is one", () => {
    const changed: ComparisonResponse = {
      ...comparison,
      current: [{ ...comparison.current[0], valuesByPolicy: comparison.current[0].valuesByPolicy.map((p, i) => ({ ...p, contentChanged: i === 1 })) }],
    };
    expect(radarGroups(changed, true)[0].radars[0].changed).toEqual([false, true, false]);
    renderWithProviders(<ComparisonBody />, { preloadedState: loaded(changed) });
    const group = within(screen.getByTestId('differences-campaign'));
    expect(group.getByRole('rowheader', { name: /Zonas verdes/ })).toHaveTextContent('Zonas verdes*(Contenido modificado respecto a 2025)');
    expect(group.getByRole('rowheader', { name: 'Agua' })).toBeInTheDocument();
    expect(group.getByTestId('content-changed-legend-campaign')).toHaveTextContent('* Contenido modificado respecto a 2025');
    const alone = radarGroups({ ...changed, previous: null, editions: { ...changed.editions, previous: null } }, true)[0];
    expect(alone.radars[0].changed).toEqual([false, false, false]);
  });

  it('shows the current year alone without a previous campaign', () => {
    renderWithProviders(<ComparisonBody />, {
      preloadedState: loaded({ ...comparison, previous: null, editions: { ...comparison.editions, previous: null } }),
    });
    const table = within(screen.getByTestId('differences-campaign')).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Política', '2026']);
    expect(within(table).getByRole('rowheader', { name: 'Agua' }).parentElement).toHaveTextContent(/^Agua80,0%$/);
  });

  it("says a campaign not sent yet without the load failure, with the questionnaire's link for who may open it", () => {
    const notSent = new ApiError('CONFLICT', 409, CAMPAIGN_NOT_SENT).toJSON();
    const state = [comparisonsActions.campaignOpened(31), comparisonsActions.comparisonFailed(notSent)].reduce(
      rootReducer,
      rootReducer(undefined, { type: 'init' }),
    );
    const { unmount } = renderWithProviders(<ComparisonBody />, { preloadedState: { ...state, auth: { ...state.auth, status: 'loaded', user: demoUser } } });
    expect(screen.getByTestId('not-sent')).toHaveTextContent('Esta campaña aún no se ha enviado');
    expect(screen.getByRole('link', { name: 'Abrir el cuestionario' })).toHaveAttribute('href', '/my-campaigns/31');
    expect(screen.queryByRole('alert')).toBeNull();
    unmount();
    renderWithProviders(<ComparisonBody />, { preloadedState: { ...state, auth: { ...state.auth, status: 'loaded', user: { ...demoUser, role: 'FEC' } } } });
    expect(screen.getByTestId('not-sent')).toHaveTextContent('Esta campaña aún no se ha enviado');
    expect(screen.queryByRole('link')).toBeNull();
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
    expect(within(screen.getByTestId('group-province')).getByTestId('group-sizes')).toHaveTextContent(
      'Valencia/València · Campaña 2026: n = 2 · Campaña 2025: n = 1',
    );
    await userEvent.click(screen.getByRole('checkbox', { name: 'Comparar solo con los participantes de la campaña' }));
    expect(within(screen.getByTestId('group-autonomousCommunity')).getByTestId('group-sizes')).toHaveTextContent(
      'Comunitat Valenciana · Campaña 2026: n = 20 · Campaña 2025: n = 19',
    );
    expect(within(screen.getByTestId('group-sizeBand')).getByTestId('group-sizes')).toHaveTextContent(
      'Entidades de 5.001 a 20.000 habitantes · Campaña 2026: n = 25 · Campaña 2025: n = 24',
    );
    act(() => void window.dispatchEvent(new Event('beforeprint')));
    expect(screen.getByTestId('report-mode')).toHaveTextContent('las entidades que no participaron cuentan como 0');
    expect(screen.getByTestId('report-territories')).toHaveTextContent(
      'Entidad · Provincia: Valencia/València · CCAA: Comunitat Valenciana · Entidades de tamaño similar: Entidades de 5.001 a 20.000 habitantes',
    );
    act(() => void window.dispatchEvent(new Event('afterprint')));
    unmount();
    expect(document.title).toBe('Campañas');

    renderWithProviders(<ComparisonBody />, { preloadedState: loaded({ ...comparison, ...comparisonAbout(false), previous: null }) });
    expect(screen.getByTestId('report-campaign')).toHaveTextContent('Campaña 2026, sin campaña anterior enviada con la que comparar');
    expect(within(screen.getByTestId('group-province')).getByTestId('group-sizes')).toHaveTextContent(/^Valencia\/València · Campaña 2026: n = 1$/);
  });
});
