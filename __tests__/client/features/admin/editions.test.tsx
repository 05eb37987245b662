import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice.js';
import EditionsPage from '../../../../src/client/features/admin/editions/EditionsPage.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import type { EditionsApi } from '../../../../src/client/api/editionsApi.js';
import { publicationApi, type PublicationApi } from '../../../../src/client/api/publicationApi.js';
import { thresholdsOf } from '../../../../src/client/features/admin/editions/editionsSelectors.js';
import type { EditionPreview, EditionRow } from '../../../../src/shared/api/editions.js';
import { demoUser, renderWithProviders } from '../../../helpers/client.js';
import { AlertHost } from '../../../../src/client/features/alerts/AlertHost.js';
import { SnackbarHost } from '../../../../src/client/features/snackbar/SnackbarHost.js';
import { ASKS_NOTHING } from '../../../helpers/questions.js';
import { NO_NOTES } from '../../../../src/shared/api/campaigns.js';
import { madridDate } from '../../../../src/shared/dates.js';
import type { EditionPublication, FinalBlockedData } from '../../../../src/shared/api/objections.js';

const row: EditionRow = {
  id: 3,
  year: 2026,
  title: 'Campaña 2026',
  importedAt: '2026-01-10T10:00:00.000Z',
  axes: 5,
  policies: 16,
  measures: 34,
  questions: 133,
  campaigns: { created: 2, draft: 5, sent: 20, validated: 7 },
  meansFrom: 'sent',
  publication: { provisionalPublishedAt: null, objectionsUntil: null, openObjections: 0, finalPublishedAt: null },
};
/** Its provisional results published, the period to object over: final results may be published. */
const provisional: EditionRow = {
  ...row,
  publication: { provisionalPublishedAt: '2026-03-20T10:00:00.000Z', objectionsUntil: '2026-04-10', openObjections: 0, finalPublishedAt: null },
};
/** An older edition whose results are final. */
const final: EditionRow = {
  ...row,
  id: 2,
  year: 2025,
  title: 'Campaña 2025',
  publication: {
    provisionalPublishedAt: '2025-03-20T10:00:00.000Z',
    objectionsUntil: '2025-04-10',
    openObjections: 0,
    finalPublishedAt: '2025-05-02T08:00:00.000Z',
  },
};
/** What the server answers while something still keeps the results from being final (409 FINAL_BLOCKED). */
const blocked: FinalBlockedData = {
  code: 'FINAL_BLOCKED',
  provisionalPublished: true,
  objectionsUntil: '2099-03-31',
  objectionsPeriodOpen: true,
  notValidated: [
    { campaignId: 31, entityId: 1, entityName: 'Ayuntamiento de Alzira', reviewStatus: 'pending' },
    { campaignId: 32, entityId: 2, entityName: 'Mancomunitat de la Ribera Alta', reviewStatus: 'changesRequested' },
  ],
  openObjections: [
    { campaignId: 33, entityId: 3, entityName: 'Ayuntamiento de Xàtiva', objectionId: 7 },
    { campaignId: 34, entityId: 4, entityName: 'Diputación de Valencia', objectionId: 8 },
    { campaignId: 33, entityId: 3, entityName: 'Ayuntamiento de Xàtiva', objectionId: 9 },
  ],
};
const preview: EditionPreview = {
  year: 2027,
  title: 'Campaña 2027',
  counts: { axes: 1, policies: 1, measures: 1, questions: 1 },
  previousYear: 2026,
  indicators: [
    {
      id: 4,
      text: 'La entidad recoge biorresiduos.',
      axisId: 1,
      axisText: 'Residuos',
      policyId: 2,
      policyText: 'Recogida',
      measureId: 3,
      measureText: 'Biorresiduos',
      competenceId: null,
      subindicators: [
        {
          id: 5,
          text: '¿Tiene ordenanza?',
          type: 'single',
          answer: null,
          allowsNotApplicable: true,
          evidenceRule: 'required',
          evidenceCriteria: 'La ordenanza publicada en el boletín.',
          ...NO_NOTES,
          review: null,
          responses: [
            { id: 6, text: 'Sí', value: 3, obsolete: false, exclusive: false },
            { id: 7, text: 'No', value: 0, obsolete: false, exclusive: false },
            { id: 8, text: 'Vieja', value: 0, obsolete: true, exclusive: false },
          ],
        },
      ],
    },
  ],
  diff: {
    measures: { added: [], removed: [{ code: 'E9.P1.M1', text: 'Medida retirada' }], renamed: [] },
    questions: {
      added: [{ code: 'Q9', text: '¿Nueva?' }],
      removed: [],
      renamed: [{ code: 'Q1', before: '¿Antes?', after: '¿Después?' }],
      pointsChanged: [{ code: 'Q2', text: '¿Puntos?', before: 3, after: 4 }],
      asksChanged: [
        {
          code: 'Q3',
          text: '¿Evidencia?',
          before: { ...ASKS_NOTHING },
          after: { evidenceRule: 'required', evidenceCriteria: 'El acta.', allowsNotApplicable: true },
        },
      ],
    },
    changedPolicies: ['E1.P1'],
  },
};

const unused = async (): Promise<never> => {
  throw new Error('not called by the editions page');
};

/** The page with its sagas running against a fake editions API, signed in with the role. */
function renderPage(role: 'ADMIN' | 'FEC', api: Partial<EditionsApi> = {}, seals: Partial<PublicationApi> = {}) {
  const calls: string[] = [];
  const editionsApi: EditionsApi = {
    list: async () => (calls.push('list'), [row]),
    preview: async () => (calls.push('preview'), preview),
    import: async () => (calls.push('import'), { id: 4, year: 2027 }),
    spreadsheet: async (_token, year) => (
      calls.push(`spreadsheet ${year}`),
      { name: `edicion-${year}.xlsx`, blob: new Blob(['xlsx'], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }) }
    ),
    settings: async (_token, body) => (calls.push(`settings ${JSON.stringify(body)}`), { ...row, meansFrom: body.meansFrom }),
    publishProvisional: async (_token, body) => (
      calls.push(`publish ${JSON.stringify(body)}`),
      {
        campaignNumber: body.campaignNumber,
        provisionalPublishedAt: '2026-03-20T10:00:00.000Z',
        objectionsUntil: body.objectionsUntil,
        openObjections: 0,
        finalPublishedAt: null,
      }
    ),
    publishFinal: async (_token, body) => (
      calls.push(`publishFinal ${JSON.stringify(body)}`),
      // 22:30 UTC on 29 June is already 30 June in Madrid.
      { campaignNumber: body.campaignNumber, ...provisional.publication, finalPublishedAt: '2026-06-29T22:30:00.000Z' }
    ),
    // The drafts' calls (editionDrafts.test.tsx tests them): none here.
    drafts: async () => [],
    draft: unused,
    createDraft: unused,
    updateDraft: unused,
    publishDraft: unused,
    deleteDraft: unused,
    uploadSpreadsheet: unused,
    ...api,
  };
  const preloadedState = {
    ...rootReducer(undefined, { type: 'init' }),
    auth: { ...initialAuthState, status: 'loaded' as const, user: { ...demoUser, role }, tokenSource: 'cookie' as const },
  };
  renderWithProviders(
    <>
      <EditionsPage />
      <AlertHost />
      <SnackbarHost />
    </>,
    {
      preloadedState,
      runSagas: true,
      dependencies: {
        editionsApi,
        download: (name: string, _content: unknown, type: string) => calls.push(`download ${name} ${type}`),
        publicationApi: {
          ...publicationApi,
          thresholds: async (_token, campaignNumber) => (calls.push(`thresholds ${campaignNumber}`), { campaignNumber, thresholds: [] }),
          setThresholds: async (_token, campaignNumber, thresholds) => (
            calls.push(`setThresholds ${JSON.stringify(thresholds)}`),
            { campaignNumber, thresholds }
          ),
          ...seals,
        },
      },
    },
  );
  return calls;
}
const file = (text: string) => new File([text], 'edicion-2027.json', { type: 'application/json' });

describe('editions page', () => {
  it('lists the editions to FEC, with no upload', async () => {
    renderPage('FEC');
    const table = await screen.findByTestId('editions-table');
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      /2026Campaña 20265 ejes, 16 políticas, 34 medidas, 133 preguntasDescargar en Excel2520Campañas enviadas7 de 20 validadasResultados sin publicar/,
    );
    expect(screen.queryByRole('button', { name: /Publicar resultados provisionales/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Fichero de la edición (JSON)')).not.toBeInTheDocument();
    // FEC reads the rule; ADMIN alone changes it.
    expect(screen.queryByRole('button', { name: /Cambiar con qué campañas/ })).not.toBeInTheDocument();
  });

  it("changes an edition's means to validated campaigns once the consequence is read and confirmed", async () => {
    const calls = renderPage('ADMIN');
    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar con qué campañas se calculan las medias de la edición 2026' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('¿Cambiar cómo se calculan las medias?');
    expect(dialog).toHaveTextContent('Las medias de la edición 2026 se calcularán solo con las campañas validadas: hoy, 7 campañas de las 20 enviadas.');
    expect(dialog).toHaveTextContent('Todos los informes de la edición cambian en ese momento');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual(['list']);
    await userEvent.click(screen.getByRole('button', { name: /Cambiar con qué campañas/ }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cambiar las medias' }));
    expect(await screen.findByText('Medias de la edición 2026 cambiadas: los informes ya las muestran.')).toBeInTheDocument();
    expect(screen.getByTestId('edition-means-2026')).toHaveTextContent('Solo campañas validadas');
    expect(calls).toEqual(['list', 'settings {"campaignNumber":2026,"meansFrom":"validated"}']);
  });

  it("keeps an edition's means as they were when the change is refused, and says why", async () => {
    renderPage('ADMIN', { settings: async () => Promise.reject(new ApiError('FORBIDDEN', 403)) });
    await userEvent.click(await screen.findByRole('button', { name: /Cambiar con qué campañas/ }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cambiar las medias' }));
    expect(await screen.findByText('Solo un administrador puede cambiar cómo se calculan las medias.')).toBeInTheDocument();
    expect(screen.getByTestId('edition-means-2026')).toHaveTextContent('Campañas enviadas');
  });

  it("publishes an edition's provisional results with a last day to object, never one already past", async () => {
    const calls = renderPage('ADMIN');
    await userEvent.click(await screen.findByRole('button', { name: 'Publicar resultados provisionales de la edición 2026' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Publicar resultados provisionales · Edición 2026');
    expect(dialog).toHaveTextContent('podrán presentar alegaciones a cualquier respuesta hasta el último día, incluido');
    const lastDay = within(dialog).getByLabelText('Último día para presentar alegaciones');
    // Ten days on by default, and the calendar starts today.
    const today = madridDate(new Date());
    expect(lastDay).toHaveValue(madridDate(new Date(Date.now() + 10 * 86_400_000)));
    expect(lastDay).toHaveAttribute('min', today);
    const yesterday = madridDate(new Date(Date.now() - 86_400_000));
    fireEvent.change(lastDay, { target: { value: yesterday } });
    expect(within(dialog).getByText('El último día no puede ser anterior a hoy.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Publicar' })).toBeDisabled();
    fireEvent.change(lastDay, { target: { value: '2099-03-31' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Resultados provisionales de la edición 2026 publicados')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('edition-objections-2026')).toHaveTextContent('Hasta el 31/03/2099Ninguna pendiente');
    expect(calls).toEqual(['list', 'publish {"campaignNumber":2026,"objectionsUntil":"2099-03-31"}']);
    // Published: the button moves the last day, starting from it.
    await userEvent.click(screen.getByRole('button', { name: 'Cambiar plazo de alegaciones de la edición 2026' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText('Último día para presentar alegaciones')).toHaveValue('2099-03-31');
  });

  it("says when an edition's period to object has closed", async () => {
    const closed = {
      ...row,
      publication: { provisionalPublishedAt: '2025-01-15T09:00:00.000Z', objectionsUntil: '2025-01-31', openObjections: 0, finalPublishedAt: null },
    };
    renderPage('FEC', { list: async () => [closed] });
    expect(await screen.findByTestId('edition-objections-2026')).toHaveTextContent('Plazo cerrado el 31/01/2025Ninguna pendiente');
  });

  it('keeps the publication dialog open with its day when the server refuses it, and says why', async () => {
    renderPage('ADMIN', { publishProvisional: async () => Promise.reject(new ApiError('VALIDATION', 422, { objectionsUntil: 'is in the past' })) });
    await userEvent.click(await screen.findByRole('button', { name: /Publicar resultados provisionales/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Último día para presentar alegaciones'), { target: { value: '2099-03-31' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publicar' }));
    expect(await screen.findByText('Elige un último día de hoy en adelante.')).toBeInTheDocument();
    expect(within(screen.getByRole('dialog')).getByLabelText('Último día para presentar alegaciones')).toHaveValue('2099-03-31');
    expect(screen.getByTestId('edition-objections-2026')).toHaveTextContent('Resultados sin publicar');
  });

  it("offers 'Publicar resultados definitivos' to ADMIN alone, once the provisional results are published and until they are final", async () => {
    renderPage('ADMIN', { list: async () => [{ ...row, year: 2027, id: 4 }, provisional, final] });
    await screen.findByTestId('editions-table');
    const finalButtons = () => screen.queryAllByRole('button', { name: /^Publicar resultados definitivos/ }).map((b) => b.getAttribute('aria-label'));
    // Not before the provisional results are published (2027), nor once final (2025).
    expect(finalButtons()).toEqual(['Publicar resultados definitivos de la edición 2026']);
    expect(screen.getByTestId('edition-objections-2027')).toHaveTextContent('Resultados sin publicar');
    // Final: since when, on Madrid's calendar, and neither publication is offered; its means cannot change.
    expect(screen.getByTestId('edition-objections-2025')).toHaveTextContent(/^Resultados definitivos desde el 02\/05\/2025$/);
    expect(within(screen.getByTestId('edition-objections-2025')).queryAllByRole('button')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Cambiar con qué campañas se calculan las medias de la edición 2025' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cambiar con qué campañas se calculan las medias de la edición 2026' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cambiar plazo de alegaciones de la edición 2026' })).toBeInTheDocument();
  });

  it('offers FEC no publication, and says which editions are final', async () => {
    renderPage('FEC', { list: async () => [provisional, final] });
    expect(await screen.findByTestId('edition-objections-2025')).toHaveTextContent('Resultados definitivos desde el 02/05/2025');
    expect(screen.queryByRole('button', { name: /^Publicar resultados/ })).toBeNull();
  });

  it('publishes final results once their consequence is read and confirmed: the row says since when, and nothing more is offered', async () => {
    let answer: (publication: EditionPublication) => void = () => undefined;
    const calls = renderPage('ADMIN', {
      list: async () => [provisional],
      publishFinal: (_token, body) => {
        calls.push(`publishFinal ${JSON.stringify(body)}`);
        return new Promise((resolve) => {
          answer = resolve;
        });
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Publicar resultados definitivos de la edición 2026' }));
    let dialog = await screen.findByRole('dialog', { name: 'Publicar resultados definitivos · Edición 2026' });
    expect(dialog).toHaveTextContent(
      'Las cifras de la edición 2026 quedarán congeladas: no se podrán cambiar respuestas, envíos, revisiones ni alegaciones, y los cambios de bandas de población o de tamaño mínimo de grupo no las alterarán.',
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Publicar resultados definitivos de la edición 2026' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publicar resultados definitivos' }));
    // The call runs: the button spins and takes no second press.
    expect(within(dialog).getByRole('button', { name: 'Publicar resultados definitivos' })).toBeDisabled();
    expect(calls).toEqual(['publishFinal {"campaignNumber":2026}']);
    answer({ campaignNumber: 2026, ...provisional.publication, finalPublishedAt: '2026-06-29T22:30:00.000Z' });
    expect(await screen.findByText('Resultados definitivos de la edición 2026 publicados')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByTestId('edition-objections-2026')).toHaveTextContent(/^Resultados definitivos desde el 30\/06\/2026$/);
    expect(screen.queryByRole('button', { name: /^Publicar resultados/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Cambiar plazo/ })).toBeNull();
    expect(screen.getByRole('button', { name: /^Cambiar con qué campañas/ })).toBeDisabled();
  });

  it('keeps the dialog open when something still keeps the results from being final, and lists it all in Spanish', async () => {
    renderPage('ADMIN', {
      list: async () => [provisional],
      publishFinal: async () => Promise.reject(new ApiError('CONFLICT', 409, blocked)),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Publicar resultados definitivos de la edición 2026' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publicar resultados definitivos' }));
    const blockers = await screen.findByTestId('final-blockers');
    expect(within(screen.getByRole('dialog')).getByTestId('final-blockers')).toBe(blockers);
    expect(blockers).toHaveTextContent('Todavía no se pueden publicar los resultados definitivos:');
    expect(blockers).toHaveTextContent('El plazo de alegaciones sigue abierto hasta el 31/03/2099.');
    expect(blockers).not.toHaveTextContent('Los resultados provisionales no están publicados.');
    const items = (testId: string) =>
      within(screen.getByTestId(testId))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(screen.getByTestId('final-blockers-not-validated').firstChild).toHaveTextContent('Campañas sin validar (2):');
    expect(items('final-blockers-not-validated')).toEqual([
      'Ayuntamiento de Alzira: pendiente de revisión',
      'Mancomunitat de la Ribera Alta: con correcciones pedidas',
    ]);
    // Three objections of two entities: each entity once, with how many it has.
    expect(screen.getByTestId('final-blockers-objections').firstChild).toHaveTextContent('Alegaciones sin resolver (3):');
    expect(items('final-blockers-objections')).toEqual(['Ayuntamiento de Xàtiva: 2 alegaciones', 'Diputación de Valencia']);
    // The list says it: no toast, and the button may be pressed again once things are settled.
    expect(screen.queryByText(/No se han podido publicar/)).toBeNull();
    expect(within(screen.getByRole('dialog')).getByRole('button', { name: 'Publicar resultados definitivos' })).toBeEnabled();
    expect(screen.getByTestId('edition-objections-2026')).toHaveTextContent('Plazo cerrado el 10/04/2026');
  });

  it('says when the provisional results are not published, among what keeps the results from being final', async () => {
    const notPublished: FinalBlockedData = {
      ...blocked,
      provisionalPublished: false,
      objectionsUntil: null,
      objectionsPeriodOpen: false,
      notValidated: [],
      openObjections: [],
    };
    renderPage('ADMIN', { list: async () => [provisional], publishFinal: async () => Promise.reject(new ApiError('CONFLICT', 409, notPublished)) });
    await userEvent.click(await screen.findByRole('button', { name: 'Publicar resultados definitivos de la edición 2026' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publicar resultados definitivos' }));
    const blockers = await screen.findByTestId('final-blockers');
    expect(
      within(blockers)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Los resultados provisionales no están publicados.']);
  });

  it('says why when publishing final results fails otherwise, the dialog kept open', async () => {
    renderPage('ADMIN', { list: async () => [provisional], publishFinal: async () => Promise.reject(new ApiError('INTERNAL', 500)) });
    await userEvent.click(await screen.findByRole('button', { name: 'Publicar resultados definitivos de la edición 2026' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publicar resultados definitivos' }));
    expect(await screen.findByText('No se han podido publicar los resultados definitivos. Inténtalo de nuevo.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.queryByTestId('final-blockers')).toBeNull();
  });

  it('says so when the results are final already (published meanwhile by another administrator), and reads the list again', async () => {
    let lists = 0;
    renderPage('ADMIN', {
      list: async () =>
        lists++ === 0 ? [provisional] : [{ ...provisional, publication: { ...provisional.publication, finalPublishedAt: '2026-06-29T22:30:00.000Z' } }],
      publishFinal: async () => Promise.reject(new ApiError('CONFLICT', 409, { code: 'EDITION_FINAL', campaignNumber: 2026 })),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Publicar resultados definitivos de la edición 2026' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Publicar resultados definitivos' }));
    expect(await screen.findByText('La edición tiene resultados definitivos: ya no admite cambios.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('edition-objections-2026')).toHaveTextContent('Resultados definitivos desde el 30/06/2026'));
    expect(lists).toBe(2);
  });

  it("downloads an edition as Excel for ADMIN and FEC, under the server's name, one download at a time", async () => {
    for (const role of ['FEC', 'ADMIN'] as const) {
      const calls = renderPage(role);
      const button = await screen.findByRole('button', { name: 'Descargar en Excel la edición 2026' });
      expect(button).toHaveTextContent('Descargar en Excel');
      await userEvent.click(button);
      await waitFor(() => expect(calls).toContain('download edicion-2026.xlsx application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'));
      expect(calls.filter((c) => c.startsWith('spreadsheet'))).toEqual(['spreadsheet 2026']);
      expect(button).toBeEnabled();
      cleanup();
    }
  });

  it("lists a refused file's problems in the reader's words from their codes, with their places, and imports nothing", async () => {
    const problems = [
      {
        path: 'axes[2].policies[0].measures[1].code',
        where: [{ level: 'policy', code: 'E3.P1' }, { level: 'measure', position: 2 }, { field: 'code' }],
        place: 'the server words it',
        code: 'REQUIRED',
        params: { field: 'code' },
        message: 'the server words it',
      },
      { path: 'axes[0].code', where: [{ level: 'axis', code: 'E1' }], code: 'CODE_REPEATED', params: { level: 'axis', item: 'E1' }, message: '-' },
      { path: 'title', code: 'WRONG_TYPE', params: { expected: 'string' }, message: '-' },
      { path: '', code: 'JSON_SYNTAX', params: { line: 3, column: 12 }, message: '-', line: 3, column: 12 },
      // A code this client does not know yet (a newer server): its message as the server words it.
      { path: '', code: 'SOMETHING_NEW', message: 'Algo nuevo que decir.' },
    ];
    const calls = renderPage('ADMIN', { preview: async () => Promise.reject(new ApiError('VALIDATION', 422, { problems })) });
    await userEvent.upload(screen.getByLabelText('Fichero de la edición (JSON)'), file('{}'));
    const listed = await screen.findByTestId('file-problems');
    expect(listed).toHaveTextContent('El fichero tiene 5 problemas; no se ha importado nada.');
    // Each named by the file's codes where the server names it, by its field otherwise.
    expect(
      within(listed)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'política E3.P1 › medida n.º 2 › code:falta el campo code',
      'eje E1:el código de eje "E1" está repetido',
      'title:debe ser texto',
      'El fichero no es JSON válido (línea 3, columna 12).',
      'Algo nuevo que decir.',
    ]);
    expect(screen.queryByRole('button', { name: 'Importar edición' })).not.toBeInTheDocument();
    expect(calls).not.toContain('import');
  });

  it('previews a good file with its differences and the questions as offered, imports it and lists the editions again', async () => {
    const calls = renderPage('ADMIN');
    await userEvent.upload(screen.getByLabelText('Fichero de la edición (JSON)'), file('{}'));
    const shown = await screen.findByTestId('edition-preview');
    expect(shown).toHaveTextContent('Vista previa de la edición 2027');
    const diff = within(screen.getByTestId('edition-diff'));
    expect(diff.getByRole('heading', { name: 'Diferencias con la edición 2026' })).toBeInTheDocument();
    expect(diff.getByText('Medidas eliminadas (1)')).toBeInTheDocument();
    expect(diff.getByText('Preguntas reformuladas (1)').nextElementSibling).toHaveTextContent('Q1¿Antes? → ¿Después?');
    expect(diff.getByText('Puntos cambiados (1)').nextElementSibling).toHaveTextContent('(máximo: 3 → 4)');
    expect(diff.getByText('Evidencias o «No aplica» cambiados (1)').nextElementSibling).toHaveTextContent(
      'Q3¿Evidencia?: Sin evidencia · Sin «No aplica» → Evidencia obligatoria · Admite «No aplica» Qué debe mostrar la evidencia: El acta.',
    );
    const question = screen.getByRole('group', { name: '¿Tiene ordenanza?' });
    // What the question asks beyond its answer, as the questionnaire shows it.
    expect(within(question).getByTestId('question-asks')).toHaveTextContent(
      'Evidencia obligatoriaAdmite «No aplica»Qué debe mostrar la evidencia: La ordenanza publicada en el boletín.',
    );
    expect(
      within(question)
        .getAllByRole('radio')
        .map((r) => (r as HTMLInputElement).labels?.[0].textContent),
    ).toEqual(['Sí 3 puntos', 'No 0 puntos']);
    expect(question).toBeDisabled();
    // Importing asks first, saying what changes; cancelling imports nothing.
    await userEvent.click(screen.getByRole('button', { name: 'Importar edición' }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('¿Importar esta edición?');
    expect(dialog).toHaveTextContent('La edición 2027 pasará a ser la edición actual');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls).toEqual(['list', 'preview']);
    await userEvent.click(screen.getByRole('button', { name: 'Importar edición' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Importar edición' }));
    expect(await screen.findByText('Añadir una edición')).toBeInTheDocument();
    expect(screen.queryByTestId('edition-preview')).not.toBeInTheDocument();
    expect(calls).toEqual(['list', 'preview', 'import', 'list']);
  });

  it('says so when the year is already imported', async () => {
    renderPage('ADMIN', { import: async () => Promise.reject(new ApiError('CONFLICT', 409, { year: 2027 })) });
    await userEvent.upload(screen.getByLabelText('Fichero de la edición (JSON)'), file('{}'));
    await userEvent.click(await screen.findByRole('button', { name: 'Importar edición' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Importar edición' }));
    // On the page, under the file, and in a toast.
    expect(await screen.findAllByText('Esa edición ya está importada: un año solo se importa una vez.')).toHaveLength(2);
  });

  it("sets an edition's seal thresholds: each band up to a population and its score, checked before they are sent", async () => {
    const calls = renderPage('ADMIN');
    await userEvent.click(await screen.findByRole('button', { name: 'Umbrales del sello de la edición 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Umbrales del sello · Edición 2026' });
    expect(await within(dialog).findByText('Sin umbrales: la edición no concede sellos.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir tramo' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Añadir tramo' }));
    await userEvent.type(within(dialog).getByLabelText('Habitantes del tramo 1'), '10.000');
    await userEvent.type(within(dialog).getByLabelText('Puntuación mínima del tramo 1 (%)'), '85,5');
    await userEvent.type(within(dialog).getByLabelText('Puntuación mínima del tramo 2 (%)'), '120');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar umbrales' }));
    expect(within(dialog).getByText('Escribe un número entero de habitantes, o déjalo vacío para no poner límite.')).toBeInTheDocument();
    expect(within(dialog).getByText('Escribe un porcentaje de 0 a 100, con un decimal como mucho.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Puntuación mínima del tramo 2 (%)')).toHaveAccessibleDescription(
      'Escribe un porcentaje de 0 a 100, con un decimal como mucho.',
    );
    expect(within(dialog).getByLabelText('Puntuación mínima del tramo 2 (%)')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual(['list', 'thresholds 2026']);
    await userEvent.clear(within(dialog).getByLabelText('Habitantes del tramo 1'));
    await userEvent.type(within(dialog).getByLabelText('Habitantes del tramo 1'), '10000');
    await userEvent.clear(within(dialog).getByLabelText('Puntuación mínima del tramo 2 (%)'));
    await userEvent.type(within(dialog).getByLabelText('Puntuación mínima del tramo 2 (%)'), '80');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Guardar umbrales' }));
    expect(await screen.findByText('Umbrales del sello de la edición 2026 guardados')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.at(-1)).toBe('setThresholds [{"maxPopulation":10000,"minPercentage":0.855},{"maxPopulation":null,"minPercentage":0.8}]');
  });

  it("shows a final edition's seal thresholds without letting them change, and keeps the dialog open when saving is refused", async () => {
    renderPage(
      'ADMIN',
      { list: async () => [final, row] },
      {
        thresholds: async (_token, campaignNumber) => ({ campaignNumber, thresholds: [{ maxPopulation: 5000, minPercentage: 0.9 }] }),
        setThresholds: async () => Promise.reject(new ApiError('FORBIDDEN', 403)),
      },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Umbrales del sello de la edición 2025' }));
    let dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('La edición tiene resultados definitivos: sus umbrales ya no se pueden cambiar.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Habitantes del tramo 1')).toHaveValue('5000');
    expect(within(dialog).getByLabelText('Puntuación mínima del tramo 1 (%)')).toBeDisabled();
    expect(within(dialog).queryByRole('button', { name: 'Guardar umbrales' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Cerrar' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'Umbrales del sello de la edición 2026' }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Guardar umbrales' }));
    expect(await screen.findByText('No se han podido guardar los umbrales del sello.')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('reads the thresholds as typed: whole populations, percentages with a decimal at most, each band once', () => {
    expect(
      thresholdsOf([
        { maxPopulation: ' 5000 ', percent: '90' },
        { maxPopulation: '', percent: '85.5' },
      ]).thresholds,
    ).toEqual([
      { maxPopulation: 5000, minPercentage: 0.9 },
      { maxPopulation: null, minPercentage: 0.855 },
    ]);
    const { problems, thresholds } = thresholdsOf([
      { maxPopulation: '5000', percent: '90,25' },
      { maxPopulation: '5000', percent: '101' },
      { maxPopulation: '0', percent: '' },
      { maxPopulation: '1e4', percent: '-1' },
    ]);
    expect(thresholds).toBeNull();
    expect(problems).toEqual([
      { maxPopulation: null, percent: 'EDITIONS.SEAL.INVALID_PERCENT' },
      { maxPopulation: 'EDITIONS.SEAL.DUPLICATE', percent: 'EDITIONS.SEAL.INVALID_PERCENT' },
      { maxPopulation: 'EDITIONS.SEAL.INVALID_POPULATION', percent: 'EDITIONS.SEAL.INVALID_PERCENT' },
      { maxPopulation: 'EDITIONS.SEAL.INVALID_POPULATION', percent: 'EDITIONS.SEAL.INVALID_PERCENT' },
    ]);
  });
});
