import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice.js';
import EditionDraftPage from '../../../../src/client/features/admin/editionDrafts/EditionDraftPage.js';
import { freeCode, typedPoints } from '../../../../src/client/features/admin/editionDrafts/editionDraftsSelectors.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import { editionsApi as realApi, type EditionsApi } from '../../../../src/client/api/editionsApi.js';
import type { EditionDraft, UpdateDraftBody } from '../../../../src/shared/api/editions.js';
import { demoUser, renderAtRoute } from '../../../helpers/client.js';
import { AlertHost } from '../../../../src/client/features/alerts/AlertHost.js';
import { SnackbarHost } from '../../../../src/client/features/snackbar/SnackbarHost.js';

/** A small draft: one axis down to one question with two responses. */
function draftOf(version: number, questionText = '¿Tiene la entidad un plan?', updatedBy = 'fec@demo.es'): EditionDraft {
  return {
    campaignNumber: 2027,
    version,
    document: {
      edition: 2027,
      title: 'Campaña 2027',
      competences: [],
      axes: [
        {
          code: 'E1',
          text: 'Gobernanza',
          policies: [
            {
              code: 'E1.P1',
              text: 'Planificación',
              measures: [
                {
                  code: 'E1.P1.M1',
                  text: 'Plan local',
                  indicators: [
                    {
                      code: 'E1.P1.M1.I1',
                      text: 'La entidad tiene un plan.',
                      subindicators: [
                        {
                          code: 'E1.P1.M1.I1.S1',
                          text: questionText,
                          type: 'single',
                          responses: [
                            { code: 'R1', text: 'Sí', value: 3 },
                            { code: 'R2', text: 'No', value: 0 },
                          ],
                        },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
    problems: [],
    basedOn: 2026,
    updatedAt: '2026-11-30T10:00:00.000Z',
    updatedBy,
    previousYear: 2026,
    diff: null,
    indicators: null,
  };
}

/** Where the sagas took the editor (their navigate). */
const visited: string[] = [];

function renderEditor(updateDraft: EditionsApi['updateDraft'], more: Partial<EditionsApi> = {}, draft = draftOf(3)) {
  visited.length = 0;
  const calls: UpdateDraftBody[] = [];
  const editionsApi: EditionsApi = {
    ...realApi,
    ...more,
    draft: async () => draft,
    updateDraft: async (token, body) => (calls.push(body), updateDraft(token, body)),
  };
  renderAtRoute(
    '/manage/editions/draft/:year',
    <>
      <EditionDraftPage />
      <AlertHost />
      <SnackbarHost />
    </>,
    '/manage/editions/draft/2027',
    {
      preloadedState: {
        ...rootReducer(undefined, { type: 'init' }),
        auth: { ...initialAuthState, status: 'loaded' as const, user: { ...demoUser, role: 'FEC' }, tokenSource: 'cookie' as const },
      },
      runSagas: true,
      dependencies: { editionsApi, navigate: (path: string) => void visited.push(path) },
    },
  );
  return calls;
}

/** Opens the tree down to the question. */
async function openQuestion() {
  for (const id of ['draft-axis-E1', 'draft-policy-E1.P1', 'draft-measure-E1.P1.M1', 'draft-indicator-E1.P1.M1.I1'])
    await userEvent.click((await screen.findByTestId(id)).querySelector(':scope > summary')!);
  return screen.findByTestId('draft-question-E1.P1.M1.I1.S1');
}

describe('the draft editor', () => {
  it('reads points as typed: a number from 0 to 100, with a comma or a point', () => {
    expect(typedPoints('5')).toBe(5);
    expect(typedPoints(' 2,5 ')).toBe(2.5);
    expect(typedPoints('100')).toBe(100);
    for (const typed of ['', 'cinco', '-1', '101', '1e2', '5 puntos', '0x10']) expect(typedPoints(typed)).toBeNull();
    expect(freeCode('R', 2, new Set(['R1', 'R2', 'R3']))).toBe('R4');
  });

  it('saves a reworded question on the version it read, and refuses points that are not a number without sending them', async () => {
    const calls = renderEditor(async (_token, body) => ({ ...draftOf(body.version + 1, '¿Ha aprobado la entidad un plan?'), updatedBy: 'admin@demo.es' }));
    const question = await openQuestion();
    const text = within(question).getAllByLabelText('Texto')[0];
    await userEvent.clear(text);
    await userEvent.type(text, '¿Ha aprobado la entidad un plan?{Enter}');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]).toEqual({
      campaignNumber: 2027,
      version: 3,
      operations: [{ op: 'update', level: 'subindicator', code: 'E1.P1.M1.I1.S1', changes: { text: '¿Ha aprobado la entidad un plan?' } }],
    });
    await screen.findByText(/^Todo guardado \(último cambio de admin@demo\.es/);
    const points = within(screen.getByTestId('draft-response-E1.P1.M1.I1.S1-R1')).getByLabelText('Puntos');
    await userEvent.clear(points);
    await userEvent.type(points, 'cinco{Enter}');
    await screen.findByText('Escribe un número de 0 a 100.');
    expect(points).toHaveAccessibleDescription('Escribe un número de 0 a 100.');
    expect(calls).toHaveLength(1);
  });

  it('adds a policy with what it needs to pass the checks, named by a code no other node has', async () => {
    const calls = renderEditor(async (_token, body) => draftOf(body.version + 1));
    await userEvent.click((await screen.findByTestId('draft-axis-E1')).querySelector(':scope > summary')!);
    await userEvent.click(screen.getByRole('button', { name: 'Añadir política al eje E1' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].operations).toEqual([
      {
        op: 'add',
        level: 'policy',
        parent: 'E1',
        node: {
          code: 'E1.P2',
          text: 'Nueva política',
          measures: [
            {
              code: 'E1.P2.M1',
              text: 'Nueva medida',
              indicators: [
                {
                  code: 'E1.P2.M1.I1',
                  text: 'Nuevo indicador',
                  subindicators: [
                    {
                      code: 'E1.P2.M1.I1.S1',
                      text: '¿Nueva pregunta?',
                      type: 'single',
                      responses: [
                        { code: 'R1', text: 'Sí', value: 1 },
                        { code: 'R2', text: 'No', value: 0 },
                      ],
                    },
                  ],
                },
              ],
            },
          ],
        },
      },
    ]);
    expect(screen.getByRole('button', { name: 'Añadir un eje al cuestionario' })).toBeInTheDocument();
  });

  it('says in a toast that a change the server refused for another reason was not saved', async () => {
    renderEditor(async () => Promise.reject(new ApiError('INTERNAL', 500)));
    const question = await openQuestion();
    const text = within(question).getAllByLabelText('Texto')[0];
    await userEvent.type(text, ' más{Enter}');
    await screen.findByText('No se ha podido guardar el cambio.');
    await screen.findByText('No se ha podido guardar el último cambio. El borrador sigue como estaba.');
  });

  it("shows the other person's draft and says the change was not saved when someone changed it first", async () => {
    const theirs = draftOf(4, '¿Dispone la entidad de un plan?', 'admin@demo.es');
    renderEditor(async () => Promise.reject(new ApiError('CONFLICT', 409, { draft: theirs })));
    const question = await openQuestion();
    const text = within(question).getAllByLabelText('Texto')[0];
    await userEvent.clear(text);
    await userEvent.type(text, '¿Mi versión?{Enter}');
    const conflict = await screen.findByTestId('draft-conflict');
    expect(conflict).toHaveTextContent('admin@demo.es ha cambiado este borrador mientras lo editabas, y tu último cambio no se ha guardado.');
    await waitFor(() =>
      expect(within(screen.getByTestId('draft-question-E1.P1.M1.I1.S1')).getAllByLabelText('Texto')[0]).toHaveValue('¿Dispone la entidad de un plan?'),
    );
  });

  it("moves an indicator to another measure ('Mover a'), to the end of that measure's indicators", async () => {
    const draft = draftOf(3);
    const policy = (draft.document as { axes: { policies: { measures: { code: string; text: string; indicators: unknown[] }[] }[] }[] }).axes[0].policies[0];
    const indicator = JSON.parse(JSON.stringify(policy.measures[0].indicators[0])) as { code: string; subindicators: { code: string }[] };
    indicator.code = 'E1.P1.M2.I1';
    indicator.subindicators[0].code = 'E1.P1.M2.I1.S1';
    policy.measures.push({ code: 'E1.P1.M2', text: 'Plan comarcal', indicators: [indicator] });
    const calls = renderEditor(async (_token, body) => draftOf(body.version + 1), {}, draft);
    await openQuestion();
    const indicatorBranch = screen.getByTestId('draft-indicator-E1.P1.M1.I1');
    const moveTo = within(indicatorBranch).getAllByRole('combobox', { name: 'Mover indicador E1.P1.M1.I1 a' })[0];
    expect(
      within(moveTo)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['medida E1.P1.M1 · Plan local', 'medida E1.P1.M2 · Plan comarcal']);
    expect(moveTo).toHaveValue('E1.P1.M1');
    await userEvent.selectOptions(moveTo, 'E1.P1.M2');
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].operations).toEqual([{ op: 'move', level: 'indicator', code: 'E1.P1.M1.I1', parent: 'E1.P1.M2', index: 1 }]);
    // An axis is under the questionnaire itself: it has nowhere to go; a policy alone in the only axis neither.
    expect(within(screen.getByTestId('draft-axis-E1')).queryByRole('combobox', { name: /^Mover eje/ })).toBeNull();
    expect(screen.queryByRole('combobox', { name: /^Mover política/ })).toBeNull();
  });

  it('throws the draft away after asking, as it was read; when someone changed it since, shows theirs and keeps it', async () => {
    const deleted: unknown[] = [];
    renderEditor(async () => draftOf(4), { deleteDraft: async (_token, body) => (deleted.push(body), { campaignNumber: body.campaignNumber }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar borrador' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('¿Eliminar el borrador de 2027?');
    expect(deleted).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar borrador' }));
    await screen.findByText('Borrador de 2027 eliminado.');
    expect(deleted).toEqual([{ campaignNumber: 2027, version: 3 }]);
    expect(visited).toEqual(['/manage/editions']);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps a draft someone changed since it was read, showing theirs, when asked to throw it away', async () => {
    const theirs = draftOf(5, '¿Dispone la entidad de un plan?', 'admin@demo.es');
    renderEditor(async () => draftOf(4), { deleteDraft: async () => Promise.reject(new ApiError('CONFLICT', 409, { draft: theirs })) });
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar borrador' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar borrador' }));
    expect(await screen.findByTestId('draft-conflict')).toHaveTextContent('admin@demo.es ha cambiado este borrador');
    expect(screen.queryByText('No se ha podido eliminar el borrador.')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Borrador de la edición 2027' })).toBeInTheDocument();
    expect(visited).toEqual([]);
  });

  it('shows each problem beside its node, and how many a folded branch holds', async () => {
    const question = 'axes[0].policies[0].measures[0].indicators[0].subindicators[0]';
    const draft = {
      ...draftOf(3),
      problems: [
        { path: `${question}.responses`, code: 'TOO_FEW_RESPONSES' as const, message: 'necesita al menos 2 respuestas no obsoletas' },
        { path: `${question}.responses[1].value`, code: 'REQUIRED' as const, params: { field: 'value' }, message: 'falta el campo value' },
        { path: 'axes[0].policies[0].text', code: 'REQUIRED' as const, params: { field: 'text' }, message: 'falta el campo text' },
      ],
    };
    renderEditor(async (_token, body) => draftOf(body.version + 1), {}, draft);
    expect(await screen.findByTestId('draft-problems')).toHaveTextContent('El borrador tiene 3 problemas; se puede publicar cuando no quede ninguno.');
    // Folded, the axis says how many problems it holds; the policy, once open, says its own beside it.
    expect(within(screen.getByTestId('draft-axis-E1')).getByText('3 problemas')).toBeInTheDocument();
    await openQuestion();
    expect(screen.getByTestId('draft-node-problems-axes[0].policies[0]')).toHaveTextContent('falta el campo text');
    expect(within(screen.getByTestId('draft-question-E1.P1.M1.I1.S1')).getByTestId(`draft-node-problems-${question}`)).toHaveTextContent(
      'necesita al menos 2 respuestas no obsoletas',
    );
    expect(within(screen.getByTestId('draft-response-E1.P1.M1.I1.S1-R2')).getByTestId(`draft-node-problems-${question}.responses[1]`)).toHaveTextContent(
      'falta el campo value',
    );
    expect(within(screen.getByTestId('draft-response-E1.P1.M1.I1.S1-R1')).queryByTestId(/^draft-node-problems/)).toBeNull();
    expect(within(screen.getByTestId('draft-indicator-E1.P1.M1.I1')).getByText('2 problemas')).toBeInTheDocument();
  });

  it('removes a response after asking, the dialog closing at once while the change is saved in turn', async () => {
    const calls = renderEditor(async (_token, body) => draftOf(body.version + 1));
    const question = await openQuestion();
    await userEvent.click(within(question).getByRole('button', { name: 'Eliminar respuesta R2' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('¿Eliminar respuesta R2?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].operations).toEqual([{ op: 'remove', level: 'response', code: 'R2', subindicator: 'E1.P1.M1.I1.S1' }]);
  });
});
