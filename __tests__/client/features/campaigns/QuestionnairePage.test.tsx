import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { IntlProvider } from 'react-intl';
import { createMemoryRouter, Link, Outlet, RouterProvider } from 'react-router-dom';
import { makeStore } from '../../../../src/client/app/store.js';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice.js';
import type { CurrentUser } from '../../../../src/shared/api/auth.js';
import { demoUser } from '../../../helpers/client.js';
import { MESSAGES } from '../../../helpers/messages.js';
import QuestionnairePage from '../../../../src/client/features/campaigns/QuestionnairePage.js';
import { campaignsActions } from '../../../../src/client/features/campaigns/campaignsSlice.js';
import type { CampaignDetail, EvidenceItem, ReviewMark } from '../../../../src/shared/api/campaigns.js';
import { ASKS_NOTHING, campaignWith, indicatorOf, sentCampaignOf, yesNoQuestion } from '../../../helpers/questions.js';
import { objectionsActions } from '../../../../src/client/features/objections/objectionsSlice.js';
import type { Objection } from '../../../../src/shared/api/objections.js';
import { madridDate } from '../../../../src/shared/dates.js';
import type { Dependencies } from '../../../../src/client/app/rootSaga.js';
import { campaignsApi } from '../../../../src/client/api/campaignsApi.js';
import { campaignCycleApi } from '../../../../src/client/api/campaignCycleApi.js';
import { objectionsApi } from '../../../../src/client/api/objectionsApi.js';

// jsdom has no fetch Request, which a data router builds for every navigation (it reads its url and signal).
(globalThis as { Request?: unknown }).Request ??= class {
  readonly url: string;
  readonly method: string;
  readonly signal: AbortSignal;
  constructor(url: string | URL, init: { method?: string; signal?: AbortSignal } = {}) {
    this.url = String(url);
    this.method = init.method ?? 'GET';
    this.signal = init.signal ?? new AbortController().signal;
  }
};

const campaign = campaignWith([
  indicatorOf(
    [
      {
        id: 11,
        text: '¿Qué tecnología predomina?',
        type: 'single',
        ...ASKS_NOTHING,
        responses: [
          { id: 101, text: 'LED', value: 2, obsolete: false, exclusive: false },
          { id: 102, text: 'Sodio', value: 0, obsolete: false, exclusive: false },
        ],
        answer: [101],
      },
    ],
    { text: 'Alumbrado' },
  ),
]);
const draftResult = {
  success: true as const,
  campaign: { id: 5, status: 'draft' as const, reviewStatus: 'none' as const, startDate: campaign.startDate, endDate: null },
  version: 1,
};
/** The signed-in user's own change, as the autosave records it on a save. */
const OWN_CHANGE = { userEmail: 'usuario@demo.es', at: '2026-03-12T09:14:00.000Z' };

/**
 * The questionnaire in a data router (as the app's), beside another page reached by a link; sagas off, the test plays
 * the server, unless it gives the sagas a fake server (which then answers the campaign loaded).
 */
function renderQuestionnaire(loaded: CampaignDetail = campaign, role: CurrentUser['role'] = 'USER', server?: Partial<Dependencies>) {
  const preloadedState = {
    ...rootReducer(undefined, { type: 'init' }),
    auth: { ...initialAuthState, status: 'loaded' as const, user: { ...demoUser, role }, tokenSource: 'cookie' as const },
  };
  const { store } = makeStore({ runSagas: server !== undefined, dependencies: server, preloadedState });
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Link to="/status">Estado de Campañas</Link>
            <Outlet />
          </>
        ),
        children: [
          { path: '/my-campaigns/:campaignId', element: <QuestionnairePage /> },
          { path: '/status', element: <h1>Otra página</h1> },
        ],
      },
    ],
    { initialEntries: ['/my-campaigns/5'] },
  );
  render(
    <Provider store={store}>
      <IntlProvider locale="es-ES" messages={MESSAGES.es}>
        <RouterProvider router={router} />
      </IntlProvider>
    </Provider>,
  );
  if (!server) act(() => void store.dispatch(campaignsActions.questionnaireLoaded(loaded)));
  return { store, router };
}

const saveStatus = () => screen.getByTestId('save-status-11');
/** Whether the browser would ask before a reload or closing the tab. */
const unloadAsks = () => !window.dispatchEvent(new Event('beforeunload', { cancelable: true }));

describe('questionnaire page: saved and unsaved choices', () => {
  it("shows '✓ Guardada' only while the choice on screen is the saved one", async () => {
    const user = userEvent.setup();
    renderQuestionnaire();
    expect(saveStatus()).toHaveTextContent('✓ Guardada');
    await user.click(screen.getByText('Sodio'));
    expect(saveStatus()).toHaveTextContent('Guardando…');
    expect(saveStatus()).not.toHaveTextContent('Guardada');
    await user.click(screen.getByText('LED'));
    expect(saveStatus()).toHaveTextContent('✓ Guardada');
  });

  it('keeps a changed choice when a filter hides its question and shows it again', async () => {
    const user = userEvent.setup();
    const { store } = renderQuestionnaire();
    await user.click(screen.getByText('Sodio'));
    act(() => void store.dispatch(campaignsActions.questionnaireFiltersChanged({ search: 'nada coincide' })));
    expect(screen.queryByText('Sodio')).not.toBeInTheDocument();
    act(() => void store.dispatch(campaignsActions.questionnaireFiltersChanged({ search: '' })));
    expect(screen.getByLabelText('Sodio')).toBeChecked();
    expect(saveStatus()).toHaveTextContent('Guardando…');
  });

  it('asks before leaving for another page with an unsaved choice: staying keeps it, leaving goes', async () => {
    const user = userEvent.setup();
    const { router } = renderQuestionnaire();
    await user.click(screen.getByText('Sodio'));
    expect(unloadAsks()).toBe(true);
    await user.click(screen.getByRole('link', { name: 'Estado de Campañas' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Salir sin guardar?' });
    expect(dialog).toHaveTextContent('Algunas respuestas todavía no se han guardado.');
    await user.click(within(dialog).getByRole('button', { name: 'Seguir en la encuesta' }));
    expect(router.state.location.pathname).toBe('/my-campaigns/5');
    expect(screen.getByLabelText('Sodio')).toBeChecked();
    await user.click(screen.getByRole('link', { name: 'Estado de Campañas' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Salir sin guardar' }));
    expect(await screen.findByRole('heading', { name: 'Otra página' })).toBeVisible();
    expect(router.state.location.pathname).toBe('/status');
  });

  it('leaves without a question once the choice is saved', async () => {
    const user = userEvent.setup();
    const { store, router } = renderQuestionnaire();
    await user.click(screen.getByText('Sodio'));
    await user.click(screen.getByRole('button', { name: /^Guardar/ }));
    expect(saveStatus()).toHaveTextContent('Guardando…');
    act(
      () =>
        void store.dispatch(
          campaignsActions.answerSaved({ saved: { campaignId: 5, question: 11, answer: [102], expectedVersion: 0 }, result: draftResult, change: OWN_CHANGE }),
        ),
    );
    expect(saveStatus()).toHaveTextContent('✓ Guardada');
    expect(unloadAsks()).toBe(false);
    await user.click(screen.getByRole('link', { name: 'Estado de Campañas' }));
    expect(await screen.findByRole('heading', { name: 'Otra página' })).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/status');
  });

  it('keeps a choice changed again while saving as unsaved, and a failed save as not saved', async () => {
    const user = userEvent.setup();
    const { store } = renderQuestionnaire();
    await user.click(screen.getByText('Sodio'));
    // The autosave sends it (the sagas are off: the test plays them and the server).
    act(() => void store.dispatch(campaignsActions.answerSaveRequested({ campaignId: 5, question: 11, answer: [102], expectedVersion: 0 })));
    await user.click(screen.getByText('LED'));
    act(
      () =>
        void store.dispatch(
          campaignsActions.answerSaved({ saved: { campaignId: 5, question: 11, answer: [102], expectedVersion: 0 }, result: draftResult, change: OWN_CHANGE }),
        ),
    );
    expect(screen.getByLabelText('LED')).toBeChecked();
    expect(saveStatus()).toHaveTextContent('Guardando…');
    act(() => void store.dispatch(campaignsActions.answerSaveRequested({ campaignId: 5, question: 11, answer: [101], expectedVersion: 0 })));
    act(() => void store.dispatch(campaignsActions.answerSaveFailed({ question: 11, error: { type: 'INTERNAL', status: 500 } })));
    expect(screen.getByLabelText('LED')).toBeChecked();
    expect(saveStatus()).toHaveTextContent('No se ha podido guardar: reintentar');
    expect(unloadAsks()).toBe(true);
  });

  it("offers 'Ver Resultados' instead of 'Enviar Encuesta' once sent", () => {
    const { store } = renderQuestionnaire();
    expect(screen.getByRole('button', { name: 'Enviar Encuesta' })).toBeEnabled();
    act(
      () =>
        void store.dispatch(
          campaignsActions.submitted({
            success: true,
            campaign: { id: 5, status: 'sent', reviewStatus: 'pending', startDate: campaign.startDate, endDate: '2026-11-23T10:00:00Z' },
          }),
        ),
    );
    expect(screen.queryByRole('button', { name: 'Enviar Encuesta' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver Resultados' })).toHaveAttribute('href', '/results/5');
  });
});

describe("questionnaire page: what 'Enviar Encuesta' waits for", () => {
  const twoQuestions: CampaignDetail = {
    ...campaign,
    indicators: [
      campaign.indicators[0],
      {
        ...campaign.indicators[0],
        id: 2,
        text: 'Residuos',
        axisId: 7,
        axisText: 'Otro eje',
        subindicators: [
          {
            id: 12,
            text: '¿Separa la materia orgánica?',
            type: 'single',
            ...ASKS_NOTHING,
            responses: [
              { id: 103, text: 'Sí', value: 2, obsolete: false, exclusive: false },
              { id: 104, text: 'No', value: 0, obsolete: false, exclusive: false },
            ],
            answer: null,
          },
        ],
      },
    ],
  };

  it('says how many questions are missing and takes the keyboard to the first, clearing the filters that hide it', async () => {
    const user = userEvent.setup();
    const { store } = renderQuestionnaire();
    act(() => void store.dispatch(campaignsActions.questionnaireLoaded(twoQuestions)));
    expect(screen.getByRole('button', { name: 'Enviar Encuesta' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Enviar Encuesta' })).toHaveAccessibleDescription(/Falta 1 pregunta por contestar para poder enviar la encuesta/);
    act(() => void store.dispatch(campaignsActions.questionnaireFiltersChanged({ axes: [1] })));
    expect(screen.queryByText('¿Separa la materia orgánica?')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ir a la primera sin contestar' }));
    expect(await screen.findByText('¿Separa la materia orgánica?')).toBeVisible();
    expect(store.getState().campaigns.view.questionnaire.filters.axes).toEqual([]);
    expect(screen.getByLabelText('Sí')).toHaveFocus();
    // Chosen on screen, it counts at once (the autosave sends it), and nothing is missing any more.
    await user.keyboard(' ');
    expect(screen.getByTestId('progress')).toHaveTextContent('2 de 2');
    expect(screen.queryByTestId('missing-answers')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar Encuesta' })).toBeEnabled();
  });
});

const fix: ReviewMark = { verdict: 'fix', comment: 'El enlace no abre el acta', reviewer: 'fec@demo.es', markedAt: '2026-03-12T10:00:00.000Z' };
const question = (id: number, text: string, review: ReviewMark | null) => yesNoQuestion(id, text, { review });
const sent = (reviewStatus: CampaignDetail['reviewStatus'], validatedAt: string | null = null): CampaignDetail =>
  sentCampaignOf(
    [
      question(11, '¿Tiene plan aprobado?', reviewStatus === 'changesRequested' ? fix : null),
      question(12, '¿Lo publica en la web?', reviewStatus === 'changesRequested' ? { ...fix, verdict: 'ok', comment: null } : null),
    ],
    // A deadline long past: corrections are taken whatever the dates.
    { reviewStatus, validatedAt, deadline: '2020-01-31', reviewMessage: reviewStatus === 'changesRequested' ? 'Corrija el enlace del plan' : null },
  );

describe('the questionnaire of a campaign back for corrections', () => {
  it("says what the reviewer asked, opens only the answers to correct with the reviewer's comment, and sends corrections", () => {
    renderQuestionnaire(sent('changesRequested'));
    const notice = screen.getByTestId('corrections-notice');
    expect(notice).toHaveTextContent('La revisión ha pedido correcciones:');
    expect(notice).toHaveTextContent('«Corrija el enlace del plan»');
    expect(screen.queryByText('Esta campaña ya se ha enviado: sus respuestas ya no se pueden cambiar.')).not.toBeInTheDocument();
    // Whatever the deadline (past here): the answer marked to correct can change, the other cannot.
    const pickers = screen.getAllByRole('group').filter((g) => g.classList.contains('answer-picker'));
    expect(pickers).toHaveLength(1);
    expect(within(pickers[0]).getByText('¿Tiene plan aprobado?')).toBeInTheDocument();
    expect(within(pickers[0]).getAllByRole('radio')).toHaveLength(2);
    expect(screen.getByTestId('review-note-11')).toHaveTextContent('Para corregir: El enlace no abre el acta');
    expect(screen.getByTestId('answer-12')).toHaveTextContent('Sí');
    expect(screen.queryByTestId('review-note-12')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Enviar correcciones' })).toBeEnabled();
  });

  it('reads as sent and validated once a reviewer validated it', () => {
    renderQuestionnaire(sent('validated', '2026-03-12T10:00:00.000Z'));
    expect(screen.getByTestId('validated-notice')).toHaveTextContent('Validada el 12/03/2026');
    expect(screen.getByText('Esta campaña ya se ha enviado: sus respuestas ya no se pueden cambiar.')).toBeInTheDocument();
    expect(screen.queryAllByRole('radio')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: 'Enviar correcciones' })).not.toBeInTheDocument();
  });
});

describe('objections to a sent campaign', () => {
  const inDays = (days: number) => madridDate(new Date(Date.now() + days * 86_400_000));
  const filed = (status: Objection['status'], reason: string | null = null): Objection => ({
    id: 70,
    campaignId: 5,
    question: 11,
    text: 'El plan se aprobó en el pleno de marzo',
    author: 'usuario@demo.es',
    createdAt: '2026-03-20T10:00:00.000Z',
    status,
    reason,
    resolvedBy: reason === null ? null : 'fec@demo.es',
    resolvedAt: reason === null ? null : '2026-03-22T10:00:00.000Z',
  });

  it("loads the campaign's objections and, until the last day, offers 'Presentar alegación' beside each answer", async () => {
    const user = userEvent.setup();
    const { store } = renderQuestionnaire({ ...sent('pending'), objectionsUntil: inDays(3) });
    expect(store.getState().objections).toMatchObject({ campaignId: 5, list: { status: 'loading' } });
    act(() => void store.dispatch(objectionsActions.listLoaded([])));
    expect(screen.getByTestId('objections-notice')).toHaveTextContent(
      'Los resultados provisionales están publicados. Puedes presentar alegaciones a cualquier respuesta hasta el',
    );
    const first = screen.getByTestId('objections-11');
    await user.click(within(first).getByRole('button', { name: 'Presentar alegación: ¿Tiene plan aprobado?' }));
    const send = within(first).getByRole('button', { name: 'Enviar alegación' });
    expect(send).toBeDisabled();
    await user.type(within(first).getByLabelText('Alegación'), 'El plan se aprobó en el pleno de marzo');
    await user.click(send);
    expect(store.getState().objections.filing[11].status).toBe('loading');
    // Filed: it shows as awaiting a decision, and no second one is offered for that answer.
    act(() => void store.dispatch(objectionsActions.filed(filed('open'))));
    expect(within(first).getByTestId('objection-status')).toHaveTextContent('Pendiente de resolver');
    expect(within(first).queryByRole('button', { name: /^Presentar alegación/ })).not.toBeInTheDocument();
    expect(within(screen.getByTestId('objections-12')).getByRole('button', { name: 'Presentar alegación: ¿Lo publica en la web?' })).toBeEnabled();
    // Refused, the answer may be objected to again: the form opens afresh.
    act(() => void store.dispatch(objectionsActions.resolved(filed('refused', 'El acta no lleva firma'))));
    await user.click(within(first).getByRole('button', { name: 'Presentar alegación: ¿Tiene plan aprobado?' }));
    expect(within(first).getByLabelText('Alegación')).toHaveValue('');
    expect(within(first).getByRole('button', { name: 'Enviar alegación' })).toBeDisabled();
  });

  it('after the last day, shows the period over and each decision with its reason, and offers no new objection', () => {
    const { store } = renderQuestionnaire({ ...sent('pending'), objectionsUntil: inDays(-1) });
    act(() => void store.dispatch(objectionsActions.listLoaded([filed('refused', 'El acta no lleva firma')])));
    expect(screen.getByTestId('objections-notice')).toHaveTextContent('El plazo de alegaciones terminó el');
    const first = screen.getByTestId('objections-11');
    expect(within(first).getByTestId('objection-status')).toHaveTextContent('Rechazada');
    expect(within(first).getByTestId('objection-reason')).toHaveTextContent('Respuesta de la revisión: El acta no lleva firma');
    expect(screen.queryByRole('button', { name: /^Presentar alegación/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('objections-12')).not.toBeInTheDocument();
  });

  it('says nothing of objections before the provisional results are published, nor while the entity corrects, nor to FEC', () => {
    const cases: [CampaignDetail, CurrentUser['role']][] = [
      [sent('pending'), 'USER'],
      [{ ...sent('changesRequested'), objectionsUntil: inDays(3) }, 'USER'],
      [{ ...sent('pending'), objectionsUntil: inDays(3) }, 'FEC'],
    ];
    for (const [campaign, role] of cases) {
      const { store } = renderQuestionnaire(campaign, role);
      act(() => void store.dispatch(objectionsActions.listLoaded([])));
      expect(screen.queryByTestId('objections-notice')).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Presentar alegación/ })).not.toBeInTheDocument();
      cleanup();
    }
  });

  describe('backed with evidence while the objection is open', () => {
    /** The link the review saw behind question 11, added before any objection. */
    const reviewed: EvidenceItem = {
      id: 9,
      kind: 'link',
      url: 'https://sede.example.es/actas/pleno-enero.pdf',
      title: 'Acta de enero',
      addedBy: 'usuario@demo.es',
      addedAt: '2026-01-15T10:00:00.000Z',
    };
    const withEvidence = (objectionsUntil: string): CampaignDetail => {
      const shown = { ...sent('pending'), objectionsUntil };
      const [first, second] = shown.indicators[0].subindicators;
      return { ...shown, indicators: [{ ...shown.indicators[0], subindicators: [{ ...first, evidence: [reviewed] }, second] }] };
    };
    const shortDay = (day: string) => day.split('-').reverse().join('/');

    /** The server, played by fakes the sagas call: the campaign, its objections, filing one, and evidence added and removed (recorded). */
    function fakeServer(shown: CampaignDetail, objections: Objection[]) {
      const calls: unknown[] = [];
      const later = (ms: number) => new Date(Date.now() + ms).toISOString();
      const server: Partial<Dependencies> = {
        campaignsApi: {
          ...campaignsApi,
          get: async () => JSON.parse(JSON.stringify(shown)) as CampaignDetail,
          addEvidenceLink: async (_token, link) => {
            calls.push({ addLink: link });
            return { id: 90, kind: 'link', url: link.url, title: link.title ?? undefined, addedBy: 'usuario@demo.es', addedAt: later(1_000) };
          },
          removeEvidence: async (_token, id, evidenceId) => {
            calls.push({ remove: { id, evidenceId } });
            return { success: true };
          },
        },
        campaignCycleApi: {
          ...campaignCycleApi,
          campaignDeadline: async () => ({ opensOn: null, closesOn: null, extended: false, state: 'closed', daysLeft: null }),
        },
        objectionsApi: {
          ...objectionsApi,
          list: async () => objections,
          object: async (_token, { id, question, text }) => ({ ...filed('open'), id: 71, campaignId: id, question, text, createdAt: later(0) }),
        },
      };
      return { calls, server };
    }

    it("opens the answer's evidence editor once the objection is filed; a link goes by the usual call, and only what was added since may be removed", async () => {
      const user = userEvent.setup();
      const until = inDays(3);
      const { calls, server } = fakeServer(withEvidence(until), []);
      renderQuestionnaire(withEvidence(until), 'USER', server);
      const first = await screen.findByTestId('objections-11');
      // Before any objection the sent answers are read-only, the evidence listed with the answer.
      expect(screen.queryByRole('button', { name: 'Añadir enlace' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Acta de enero' })).toBeInTheDocument();

      await user.click(within(first).getByRole('button', { name: 'Presentar alegación: ¿Tiene plan aprobado?' }));
      await user.type(within(first).getByLabelText('Alegación'), 'El plan se aprobó en el pleno de marzo');
      await user.click(within(first).getByRole('button', { name: 'Enviar alegación' }));
      // No reload: the editor opens under the objection, for that answer only.
      await within(first).findByRole('button', { name: 'Añadir enlace' });
      expect(within(first).getByTestId('objection-evidence-hint-11')).toHaveTextContent(
        `Puedes añadir pruebas que respalden tu alegación hasta el ${shortDay(until)}.`,
      );
      expect(screen.getAllByRole('button', { name: 'Añadir enlace' })).toHaveLength(1);
      expect(screen.getAllByRole('button', { name: 'Adjuntar archivo' })).toHaveLength(1);
      expect(within(screen.getByTestId('objections-12')).queryByRole('button', { name: 'Añadir enlace' })).not.toBeInTheDocument();
      // The evidence the review saw is listed once, in the editor, and stays: no 'Quitar' on it.
      expect(screen.getAllByRole('link', { name: 'Acta de enero' })).toHaveLength(1);
      expect(within(first).getByRole('link', { name: 'Acta de enero' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^Quitar/ })).not.toBeInTheDocument();

      await user.click(within(first).getByRole('button', { name: 'Añadir enlace' }));
      await user.type(within(first).getByLabelText('Dirección del enlace'), 'https://sede.example.es/actas/pleno-marzo.pdf');
      await user.type(within(first).getByLabelText('Título (opcional)'), 'Acta del pleno de marzo');
      await user.click(within(first).getByRole('button', { name: 'Añadir' }));
      const added = await within(first).findByRole('link', { name: 'Acta del pleno de marzo' });
      expect(added).toHaveAttribute('href', 'https://sede.example.es/actas/pleno-marzo.pdf');
      expect(calls).toEqual([
        { addLink: { campaignId: 5, question: 11, url: 'https://sede.example.es/actas/pleno-marzo.pdf', title: 'Acta del pleno de marzo' } },
      ]);

      // Added since the objection, it may be removed; the older one still may not.
      expect(within(first).queryByRole('button', { name: 'Quitar Acta de enero' })).not.toBeInTheDocument();
      await user.click(within(first).getByRole('button', { name: 'Quitar Acta del pleno de marzo' }));
      await waitFor(() => expect(within(first).queryByRole('link', { name: 'Acta del pleno de marzo' })).not.toBeInTheDocument());
      expect(calls).toContainEqual({ remove: { id: 5, evidenceId: 90 } });
      expect(within(first).getByRole('link', { name: 'Acta de enero' })).toBeInTheDocument();
    });

    it('opens no editor for a refused or accepted objection, nor after the last day; the evidence stays listed with the answer', () => {
      const cases: [string, Objection][] = [
        [inDays(3), filed('refused', 'El acta no lleva firma')],
        [inDays(3), filed('accepted', 'Tiene razón')],
        [inDays(-1), filed('open')],
      ];
      for (const [until, objection] of cases) {
        const { store } = renderQuestionnaire(withEvidence(until));
        act(() => void store.dispatch(objectionsActions.listLoaded([objection])));
        expect(within(screen.getByTestId('objections-11')).getByTestId('objection-status')).toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Añadir enlace' })).not.toBeInTheDocument();
        expect(screen.queryByRole('button', { name: 'Adjuntar archivo' })).not.toBeInTheDocument();
        expect(screen.queryByTestId('objection-evidence-hint-11')).not.toBeInTheDocument();
        expect(screen.getAllByRole('link', { name: 'Acta de enero' })).toHaveLength(1);
        cleanup();
      }
    });
  });
});
