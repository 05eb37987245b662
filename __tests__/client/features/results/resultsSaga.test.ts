import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { resultsActions, SHARED_CAMPAIGN_ID } from '../../../../src/client/features/results/resultsSlice.js';
import {
  handleCampaignOpened,
  handleCsvRequested,
  handleExcelRequested,
  handleEntitySelected,
  handlePrintRequested,
  handleSharedLinkOpened,
  handleShareRequested,
  handleUnshareAsked,
  handleUnshareConfirmed,
  watchResults,
  type ResultsDependencies,
} from '../../../../src/client/features/results/resultsSaga.js';
import { snackbarActions } from '../../../../src/client/features/snackbar/snackbarSlice.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import { authActions, initialAuthState } from '../../../../src/client/features/auth/authSlice.js';
import { resultsApi } from '../../../../src/client/api/resultsApi.js';
import { reportFiltersActions } from '../../../../src/client/features/reportFilters/reportFiltersSlice.js';
import { demoUser, sessionContext, sessionWith } from '../../../helpers/client.js';
import { createSessionTokens } from '../../../../src/client/lib/sessionTokens.js';
import { createSecretBox } from '../../../../src/client/lib/secretBox.js';
import { planFixture, resultFixture } from '../../../helpers/resultFixture.js';
import { CAMPAIGN_NOT_SENT } from '../../../../src/shared/api/results.js';
import { selectSelectedEntityId } from '../../../../src/client/features/results/resultsSelectors.js';

const result = resultFixture();
const indicators = [
  {
    id: 1,
    text: 'Indicador',
    axisId: 1,
    axisText: 'Territorio',
    policyId: 10,
    policyText: 'Zonas verdes',
    measureId: 100,
    measureText: 'Parques',
    competenceId: null,
    subindicators: [],
  },
];
const signedIn = () => ({
  ...rootReducer(undefined, { type: 'init' }),
  auth: { ...initialAuthState, status: 'loaded' as const, user: demoUser, tokenSource: 'cookie' as const },
});
const fail = (type: ApiError['type'], status: number) => async () => Promise.reject(new ApiError(type, status));

/** A session holder with a shared page's link open, as useSharedLinkOpened leaves it. */
function sharedLinkOf(token: string) {
  const session = createSessionTokens();
  session.openSharedLink(token);
  return session;
}

function deps(api: Partial<typeof resultsApi> = {}, overrides: Partial<ResultsDependencies> = {}) {
  const calls = { shared: [] as string[], downloads: [] as { name: string; content: string; type: string }[], printed: 0 };
  const dependencies: ResultsDependencies = {
    resultsApi: { ...resultsApi, result: async () => result, answers: async () => indicators, ...api },
    navigate: () => undefined,
    print: () => void (calls.printed += 1),
    shareLink: async (url) => {
      calls.shared.push(url);
      return 'copied';
    },
    download: (name, content, type) =>
      void calls.downloads.push({ name, content: typeof content === 'string' ? content : `<${(content as ArrayBuffer).byteLength} bytes>`, type }),
    workbookBytes: async (sheets, active) => new TextEncoder().encode(`${sheets.map((s) => s.name).join('|')}@${active}`).buffer as ArrayBuffer,
    currentUrl: () => 'http://localhost/results/0/shared-token',
    session: createSessionTokens(),
    linkToCopy: createSecretBox(),
    ...overrides,
  };
  return { dependencies, calls };
}
const toastLike = (message: string, severity: string) => ({ action: { type: snackbarActions.toastShown.type, payload: { message, severity } } });

/** When the fake server's new share links expire. */
const EXPIRES_AT = '2026-12-28T16:05:00.000Z';

describe('results sagas', () => {
  it('loads the result and the answers of an opened campaign with the session token', async () => {
    const seen: (string | null)[] = [];
    const { dependencies } = deps({
      result: async (token, id) => (seen.push(`${token}:${id}`), result),
      answers: async (token, id) => (seen.push(`${token}:${id}`), indicators),
    });
    const { storeState } = await expectSaga(handleCampaignOpened, dependencies, resultsActions.campaignOpened(3))
      .withReducer(rootReducer, rootReducer(signedIn(), resultsActions.campaignOpened(3)))
      .provide(sessionContext(sessionWith({ accessToken: 'access' })))
      .run();
    expect(seen).toEqual(['access:3', 'access:3']);
    expect(storeState.results.result).toEqual({ status: 'succeeded', error: null, data: result });
    expect(storeState.results.answers).toEqual({ status: 'succeeded', error: null, indicators });
  });

  it('keeps the answers when the result fails, with its own toast and failed state', async () => {
    const { dependencies } = deps({ result: fail('CONFLICT', 409) });
    const { storeState } = await expectSaga(handleCampaignOpened, dependencies, resultsActions.campaignOpened(3))
      .withReducer(rootReducer, rootReducer(signedIn(), resultsActions.campaignOpened(3)))
      .put.like(toastLike('RESULTS.TOAST.LOAD_ERROR', 'error'))
      .run();
    expect(storeState.results.result.status).toBe('failed');
    expect(storeState.results.answers.status).toBe('succeeded');
    expect(storeState.errors.globalError).toBeNull();
  });

  it('shows no toast when the campaign is not sent yet: the page says so, and retrying cannot help', async () => {
    const { dependencies } = deps({ result: async () => Promise.reject(new ApiError('CONFLICT', 409, CAMPAIGN_NOT_SENT)) });
    const { storeState } = await expectSaga(handleCampaignOpened, dependencies, resultsActions.campaignOpened(3))
      .withReducer(rootReducer, rootReducer(signedIn(), resultsActions.campaignOpened(3)))
      .not.put.like({ action: { type: snackbarActions.toastShown.type } })
      .run();
    expect(storeState.results.result).toEqual({ status: 'failed', error: { type: 'CONFLICT', status: 409, data: CAMPAIGN_NOT_SENT }, data: null });
    expect(storeState.errors.globalError).toBeNull();
  });

  it("clears the report at once when another entity is chosen, and leaves the old campaign's address for /results", async () => {
    const options = {
      entityCampaigns: [
        {
          entityId: 1,
          text: 'Ayuntamiento de Prueba - (Valencia/València)',
          archived: false,
          campaigns: [{ id: 3, text: 'Campaña 2026', campaignNumber: 2026 }],
        },
        { entityId: 2, text: 'Otra - (Teruel)', archived: false, campaigns: [{ id: 9, text: 'Campaña 2026', campaignNumber: 2026 }] },
      ],
    };
    const open = [
      resultsActions.optionsLoaded(options),
      resultsActions.campaignOpened(3),
      resultsActions.resultLoaded(result),
      resultsActions.answersLoaded(indicators),
    ].reduce(rootReducer, signedIn());
    // The entity on screen chosen again keeps its report, and the page stays.
    const paths: string[] = [];
    const { dependencies } = deps({}, { navigate: (p) => void paths.push(p), currentUrl: () => 'http://localhost/results/3' });
    const same = rootReducer(open, resultsActions.entitySelected(1));
    expect(same.results).toEqual(open.results);
    await expectSaga(handleEntitySelected, dependencies).withReducer(rootReducer, same).run();
    expect(paths).toEqual([]);

    const other = rootReducer(open, resultsActions.entitySelected(2));
    expect(other.results).toMatchObject({
      campaignId: null,
      selectedEntityId: 2,
      selectedOn: null,
      result: { status: 'idle', data: null },
      answers: { status: 'idle', indicators: null },
    });
    await expectSaga(handleEntitySelected, dependencies).withReducer(rootReducer, other).run();
    expect(paths).toEqual(['/results']);
    // /results opening (and every reload of it) keeps the choice; a campaign opened later follows its entity.
    const there = rootReducer(other, resultsActions.campaignOpened(null));
    expect(selectSelectedEntityId(there)).toBe(2);
    expect(rootReducer(there, resultsActions.campaignOpened(9)).results).toMatchObject({ selectedEntityId: null, campaignId: 9 });
    expect(selectSelectedEntityId(rootReducer(there, resultsActions.campaignOpened(9)))).toBe(2);
    // Already on /results, another choice goes nowhere.
    const onResults = deps({}, { navigate: (p) => void paths.push(p), currentUrl: () => 'http://localhost/results' }).dependencies;
    await expectSaga(handleEntitySelected, onResults)
      .withReducer(rootReducer, rootReducer(there, resultsActions.entitySelected(1)))
      .run();
    expect(paths).toEqual(['/results']);
  });

  it('reads a shared link with its own token from the session holder, and marks a broken or missing one as failed without a toast', async () => {
    const seen: string[] = [];
    const ok = deps(
      { sharedCampaign: async (token) => (seen.push(token), 9), result: async (token, id) => (seen.push(`${token}:${id}`), result) },
      { session: sharedLinkOf('link-token') },
    );
    const { storeState } = await expectSaga(handleSharedLinkOpened, ok.dependencies)
      .withReducer(rootReducer, rootReducer(undefined, resultsActions.sharedLinkOpened()))
      .run();
    expect(seen).toEqual(['link-token', 'link-token:9']);
    expect(storeState.results).toMatchObject({ campaignId: SHARED_CAMPAIGN_ID, result: { status: 'succeeded' } });

    const broken = deps({ sharedCampaign: fail('INVALID_TOKEN', 401) }, { session: sharedLinkOf('bad') });
    // No token at all (the page was left, or the action replayed from DevTools): broken too, without a call.
    const missing = deps({ sharedCampaign: async (token) => (seen.push(token), 9) });
    for (const { dependencies } of [broken, missing]) {
      const run = await expectSaga(handleSharedLinkOpened, dependencies)
        .withReducer(rootReducer, rootReducer(undefined, resultsActions.sharedLinkOpened()))
        .not.put.like({ action: { type: snackbarActions.toastShown.type } })
        .run();
      expect(run.storeState.results.result).toMatchObject({ status: 'failed', error: { type: 'INVALID_TOKEN' } });
      expect(run.storeState.results.answers.status).toBe('failed');
      expect(run.storeState.auth.user).toBeNull();
    }
    expect(seen).toHaveLength(2);
  });

  it('says nothing but the page when a shared campaign has been reopened since (result and answers refused 409)', async () => {
    const notSent = async () => Promise.reject(new ApiError('CONFLICT', 409, 'CAMPAIGN_NOT_SENT'));
    const { dependencies } = deps({ sharedCampaign: async () => 9, result: notSent, answers: notSent }, { session: sharedLinkOf('link-token') });
    const run = await expectSaga(handleSharedLinkOpened, dependencies)
      .withReducer(rootReducer, rootReducer(undefined, resultsActions.sharedLinkOpened()))
      .not.put.like({ action: { type: snackbarActions.toastShown.type } })
      .run();
    expect(run.storeState.results.result).toMatchObject({ status: 'failed', error: { type: 'CONFLICT', data: 'CAMPAIGN_NOT_SENT' } });
    // Any other failure still says so.
    const other = deps({ sharedCampaign: async () => 9, answers: fail('UNAVAILABLE', 503) }, { session: sharedLinkOf('link-token') });
    await expectSaga(handleSharedLinkOpened, other.dependencies)
      .withReducer(rootReducer, rootReducer(undefined, resultsActions.sharedLinkOpened()))
      .put.like(toastLike('CAMPAIGNS.TOAST.LOAD_ANSWERS_ERROR', 'error'))
      .run();
  });

  it('warns when sharing with no campaign selected', async () => {
    const { dependencies, calls } = deps();
    await expectSaga(handleShareRequested, dependencies, resultsActions.shareRequested({ campaignId: null, target: 'urlResults' }))
      .withReducer(rootReducer, signedIn())
      .put.like(toastLike('RESULTS.TOAST.NO_CAMPAIGN', 'warning'))
      .run();
    expect(calls.shared).toEqual([]);
  });

  it("prints the chosen campaign's report, and warns instead of printing an empty page with none chosen", async () => {
    const { dependencies, calls } = deps();
    await expectSaga(handlePrintRequested, dependencies, resultsActions.printRequested(null))
      .withReducer(rootReducer, signedIn())
      .put.like(toastLike('RESULTS.TOAST.NO_CAMPAIGN', 'warning'))
      .run();
    expect(calls.printed).toBe(0);
    await expectSaga(handlePrintRequested, dependencies, resultsActions.printRequested(3))
      .withReducer(rootReducer, signedIn())
      .not.put.like({ action: { type: snackbarActions.toastShown.type } })
      .run();
    expect(calls.printed).toBe(1);
  });

  it('shares a new link, telling the user when it was copied to the clipboard', async () => {
    const { dependencies, calls } = deps({
      share: async () => ({ urlResults: 'http://x/results/0/t', urlComparisons: 'http://x/comparisons/0/t', expiresAt: EXPIRES_AT }),
    });
    const { storeState } = await expectSaga(handleShareRequested, dependencies, resultsActions.shareRequested({ campaignId: 3, target: 'urlResults' }))
      .withReducer(rootReducer, signedIn())
      .put.like(toastLike('RESULTS.TOAST.LINK_COPIED', 'info'))
      .run();
    expect(calls.shared).toEqual(['http://x/results/0/t']);
    expect(storeState.results.share.status).toBe('succeeded');
    // When the new link stops working, for the page to say it.
    expect(storeState.results.shareExpiry).toEqual({ campaignId: 3, expiresAt: EXPIRES_AT });

    const native = deps(
      { share: async () => ({ urlResults: 'a', urlComparisons: 'http://x/comparisons/0/t', expiresAt: EXPIRES_AT }) },
      { shareLink: async () => 'shared' },
    );
    await expectSaga(handleShareRequested, native.dependencies, resultsActions.shareRequested({ campaignId: 3, target: 'urlComparisons' }))
      .withReducer(rootReducer, signedIn())
      .not.put.like({ action: { type: snackbarActions.toastShown.type } })
      .run();
  });

  it("passes a shared report's own address on, and says when no link could be had", async () => {
    const { dependencies, calls } = deps({ share: fail('FORBIDDEN', 403) });
    const passedOn = await expectSaga(
      handleShareRequested,
      dependencies,
      resultsActions.shareRequested({ campaignId: SHARED_CAMPAIGN_ID, target: 'urlResults' }),
    )
      .withReducer(rootReducer, signedIn())
      .run();
    expect(calls.shared).toEqual(['http://localhost/results/0/shared-token']);
    // Its own address's expiry is not known here: nothing is said.
    expect(passedOn.storeState.results.shareExpiry).toBeNull();
    const { storeState } = await expectSaga(handleShareRequested, dependencies, resultsActions.shareRequested({ campaignId: 3, target: 'urlResults' }))
      .withReducer(rootReducer, signedIn())
      .put.like(toastLike('RESULTS.TOAST.SHARE_ERROR', 'error'))
      .run();
    expect(storeState.results.share.status).toBe('failed');
    const empty = deps({ share: async () => ({ urlResults: '', urlComparisons: '', expiresAt: EXPIRES_AT }) });
    await expectSaga(handleShareRequested, empty.dependencies, resultsActions.shareRequested({ campaignId: 3, target: 'urlResults' }))
      .withReducer(rootReducer, signedIn())
      .put.like(toastLike('RESULTS.TOAST.SHARE_ERROR', 'error'))
      .run();
  });

  it('shows the link to copy by hand when the browser will neither share nor copy it, keeping it out of the store', async () => {
    const { dependencies } = deps(
      { share: async () => ({ urlResults: 'http://x/results/0/t', urlComparisons: '', expiresAt: EXPIRES_AT }) },
      { shareLink: async () => Promise.reject(new TypeError('no clipboard')) },
    );
    const { storeState } = await expectSaga(handleShareRequested, dependencies, resultsActions.shareRequested({ campaignId: 3, target: 'urlResults' }))
      .withReducer(rootReducer, signedIn())
      .put(resultsActions.linkToCopyShown())
      .not.put.like(toastLike('RESULTS.TOAST.SHARE_ERROR', 'error'))
      .run();
    expect(dependencies.linkToCopy.read()).toBe('http://x/results/0/t');
    expect(storeState.results).toMatchObject({ copyByHand: true, share: { status: 'succeeded' } });
    expect(JSON.stringify(storeState)).not.toContain('results/0/t');
  });

  it.each([
    ['its dialog closes', resultsActions.linkToCopyClosed()],
    ['the session ends', authActions.loggedOut()],
  ])('forgets the link to copy by hand when %s', async (_when, event) => {
    const { dependencies } = deps();
    dependencies.linkToCopy.put('http://x/results/0/t');
    await expectSaga(watchResults, dependencies).withReducer(rootReducer, signedIn()).dispatch(resultsActions.viewChanged('global')).silentRun(20);
    expect(dependencies.linkToCopy.read()).toBe('http://x/results/0/t');
    await expectSaga(watchResults, dependencies).withReducer(rootReducer, signedIn()).dispatch(event).silentRun(20);
    expect(dependencies.linkToCopy.read()).toBeNull();
  });

  it('asks before revoking the shared links, then says how many stopped working', async () => {
    const asked = await expectSaga(handleUnshareAsked, resultsActions.unshareAsked(3)).withReducer(rootReducer, signedIn()).run();
    const withDialog = asked.storeState as ReturnType<typeof signedIn>;
    expect(withDialog.alerts.queue[0]).toMatchObject({ title: 'RESULTS.UNSHARE.TITLE', confirm: { action: resultsActions.unshareConfirmed(3), danger: true } });
    // Once the page knows the campaign, the question names it.
    const open = rootReducer(
      rootReducer(signedIn(), resultsActions.campaignOpened(3)),
      resultsActions.optionsLoaded({
        entityCampaigns: [
          { entityId: 1, text: 'Ayuntamiento de Prueba - (Ávila)', archived: false, campaigns: [{ id: 3, text: 'Campaña 2026', campaignNumber: 2026 }] },
        ],
      }),
    );
    const named = await expectSaga(handleUnshareAsked, resultsActions.unshareAsked(3)).withReducer(rootReducer, open).run();
    expect((named.storeState as typeof open).alerts.queue[0]).toMatchObject({
      message: 'RESULTS.UNSHARE.MESSAGE_NAMED',
      values: { year: '2026', entity: 'Ayuntamiento de Prueba - (Ávila)' },
    });
    await expectSaga(handleUnshareAsked, resultsActions.unshareAsked(null))
      .withReducer(rootReducer, signedIn())
      .put.like(toastLike('RESULTS.TOAST.NO_CAMPAIGN', 'warning'))
      .run();

    const revokedFor: number[] = [];
    const { dependencies } = deps({ unshare: async (_token, id) => (revokedFor.push(id), { revoked: 2 }) });
    await expectSaga(handleUnshareConfirmed, dependencies, resultsActions.unshareConfirmed(3))
      .withReducer(rootReducer, withDialog)
      .put.like({
        action: { type: snackbarActions.toastShown.type, payload: { message: 'RESULTS.TOAST.UNSHARED', severity: 'success', values: { count: 2 } } },
      })
      .run();
    expect(revokedFor).toEqual([3]);
    const failing = deps({ unshare: fail('INTERNAL', 500) });
    const { storeState } = await expectSaga(handleUnshareConfirmed, failing.dependencies, resultsActions.unshareConfirmed(3))
      .withReducer(rootReducer, withDialog)
      .put.like(toastLike('RESULTS.TOAST.UNSHARE_ERROR', 'error'))
      .run();
    expect(storeState.alerts.queue).toEqual([]);
  });

  it('forgets every report on logout, and the filters with them', () => {
    let state = rootReducer(rootReducer(signedIn(), resultsActions.campaignOpened(3)), resultsActions.resultLoaded(result));
    state = rootReducer(state, reportFiltersActions.territoryToggled('country'));
    const after = rootReducer(state, authActions.loggedOut());
    expect(after.results.result.data).toBeNull();
    expect(after.results.campaignId).toBeNull();
    expect(after.reportFilters.territory.country).toBe(true);
  });

  it('downloads the shown comparison table and the measures table as Spanish CSV', async () => {
    const { dependencies, calls } = deps();
    let state = rootReducer(rootReducer(signedIn(), resultsActions.campaignOpened(3)), resultsActions.resultLoaded(result));
    state = rootReducer(state, reportFiltersActions.territoryToggled('country'));
    await expectSaga(handleCsvRequested, dependencies, resultsActions.csvRequested({ table: 'comparison', blockKey: 'axis-0' }))
      .withReducer(rootReducer, state)
      .run();
    await expectSaga(handleCsvRequested, dependencies, resultsActions.csvRequested({ table: 'measures' }))
      .withReducer(rootReducer, state)
      .run();
    const [comparison, measures] = calls.downloads;
    expect(comparison.name).toBe('ayuntamiento-de-prueba-campana-2026-territorio.csv');
    expect(comparison.type).toBe('text/csv;charset=utf-8');
    expect(comparison.content.split('\r\n')[0]).toBe(
      '\uFEFFPolítica;Ayuntamiento de Prueba (puntos);Ayuntamiento de Prueba (%);Valencia/València (n = 1) (puntos);Valencia/València (n = 1) (%);Comunitat Valenciana (n = 4) (puntos);Comunitat Valenciana (n = 4) (%);Entidades de 5.001 a 20.000 habitantes (n = 6) (puntos);Entidades de 5.001 a 20.000 habitantes (n = 6) (%)',
    );
    expect(comparison.content).toContain('\r\nAgua;7;75;7;75;6;60;5,6;60\r\n');
    expect(measures.name).toBe('ayuntamiento-de-prueba-campana-2026-detalle-por-medidas.csv');
    expect(measures.content).toContain('\r\nTotal general;12;7;19;60;70\r\n');
  });

  it('downloads the whole report as one Excel workbook open at the table asked for, and says so when exceljs cannot load', async () => {
    const { dependencies, calls } = deps();
    const state = rootReducer(rootReducer(signedIn(), resultsActions.campaignOpened(3)), resultsActions.resultLoaded(result));
    await expectSaga(handleExcelRequested, dependencies, resultsActions.excelRequested({ table: 'measures' }))
      .withReducer(rootReducer, state)
      .run();
    const [workbook] = calls.downloads;
    expect(workbook.name).toBe('ayuntamiento-de-prueba-campana-2026-resultados.xlsx');
    expect(workbook.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    // The fake writer's bytes name the sheets and the one open first: global, the ranks, one per axis, the measures, the plan.
    const measuresSheet = result.axisDetails.length + 2;
    const sheets = [
      'Resultado global',
      'Puesto entre los participantes',
      ...result.axisDetails.map((a) => a.axisText),
      'Detalle por medidas',
      'Plan de mejora',
    ];
    expect(workbook.content).toBe(`<${new TextEncoder().encode(sheets.join('|') + `@${measuresSheet}`).byteLength} bytes>`);

    const failing = deps({}, { workbookBytes: () => Promise.reject(new Error('ChunkLoadError')) });
    const run = await expectSaga(handleExcelRequested, failing.dependencies, resultsActions.excelRequested({ table: 'measures' }))
      .withReducer(rootReducer, state)
      .run();
    expect(failing.calls.downloads).toEqual([]);
    expect(run.storeState.snackbar.current?.message).toBe('RESULTS.TOAST.EXCEL_ERROR');
  });

  it("downloads 'Mis Respuestas' as CSV, one row per question, and as a sheet of the workbook, from the result on screen", async () => {
    const { dependencies, calls } = deps();
    const opened = rootReducer(signedIn(), resultsActions.campaignOpened(3));
    await expectSaga(handleCsvRequested, dependencies, resultsActions.csvRequested({ table: 'answers' }))
      .withReducer(rootReducer, opened)
      .run();
    expect(calls.downloads).toEqual([]);
    const fixture = planFixture();
    const loaded = rootReducer(opened, resultsActions.resultLoaded(fixture));
    await expectSaga(handleCsvRequested, dependencies, resultsActions.csvRequested({ table: 'answers' }))
      .withReducer(rootReducer, loaded)
      .run();
    await expectSaga(handleExcelRequested, dependencies, resultsActions.excelRequested({ table: 'answers' }))
      .withReducer(rootReducer, loaded)
      .run();
    const [csv, workbook] = calls.downloads;
    expect(csv.name).toBe('ayuntamiento-de-prueba-campana-2026-mis-respuestas.csv');
    expect(csv.type).toBe('text/csv;charset=utf-8');
    const lines = csv.content.split('\r\n');
    expect(lines[0]).toBe('\uFEFFEje;Política;Medida;Indicador;Pregunta;Respuesta;Puntos;Máximo;Motivo de «No aplica»;Comentario;Evidencias');
    expect(lines[1]).toBe('Territorio;Zonas verdes;Parques;Parques urbanos;Parque accesible;Sin contestar;0;2;;;');
    expect(lines.slice(1, -1)).toHaveLength(fixture.answers.campaign.indicators.flatMap((i) => i.subindicators).length);
    // The answers' sheet comes last, and the workbook opens at it.
    const sheets = [
      'Resultado global',
      'Puesto entre los participantes',
      ...fixture.axisDetails.map((a) => a.axisText),
      'Detalle por medidas',
      'Plan de mejora',
      'Mis Respuestas',
    ];
    expect(workbook.content).toBe(`<${new TextEncoder().encode(sheets.join('|') + `@${sheets.length - 1}`).byteLength} bytes>`);
  });

  it("downloads the 'Plan de mejora' as CSV in the interface's language, and nothing before the result is in", async () => {
    const { dependencies, calls } = deps();
    const opened = rootReducer(signedIn(), resultsActions.campaignOpened(3));
    await expectSaga(handleCsvRequested, dependencies, resultsActions.csvRequested({ table: 'plan' }))
      .withReducer(rootReducer, opened)
      .run();
    expect(calls.downloads).toEqual([]);
    const loaded = rootReducer(opened, resultsActions.resultLoaded(planFixture()));
    await expectSaga(handleCsvRequested, dependencies, resultsActions.csvRequested({ table: 'plan' }))
      .withReducer(rootReducer, loaded)
      .run();
    const english = { ...loaded, locale: { ...loaded.locale, language: 'en' as const } };
    await expectSaga(handleCsvRequested, dependencies, resultsActions.csvRequested({ table: 'plan' }))
      .withReducer(rootReducer, english)
      .run();
    const [spanishPlan, englishPlan] = calls.downloads;
    expect(spanishPlan.name).toBe('ayuntamiento-de-prueba-campana-2026-plan-de-mejora.csv');
    expect(spanishPlan.type).toBe('text/csv;charset=utf-8');
    const lines = spanishPlan.content.split('\r\n');
    expect(lines[1]).toBe('Territorio;Zonas verdes;Arbolado;Bajo;2;8;25;6;Arbolado urbano;Cuidados;1;5;Riego;Riego / Poda / Inventario');
    expect(lines.slice(1, -1).map((line) => line.split(';')[2])).toEqual(['Arbolado', 'Arbolado', 'Depuración', 'Parques']);
    expect(englishPlan.name).toBe('ayuntamiento-de-prueba-campaign-2026-improvement-plan.csv');
    expect(englishPlan.content).toContain(';Not answered;');
  });
});
