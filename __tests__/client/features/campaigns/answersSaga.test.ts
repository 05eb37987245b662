import { jest } from '@jest/globals';
import { fork, put, take } from 'redux-saga/effects';
import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { campaignsActions } from '../../../../src/client/features/campaigns/campaignsSlice.js';
import {
  AUTOSAVE_PAUSE_MS,
  autosaveAnswers,
  handleEvidenceLinkRequested,
  handleEvidenceUploadRequested,
  handleSubmitAsked,
  retryDelayMs,
} from '../../../../src/client/features/campaigns/answersSaga.js';
import { selectCanSubmit, selectNextAnswerToSave, selectProgress, selectSubmitBlockers } from '../../../../src/client/features/campaigns/campaignsSelectors.js';
import { snackbarActions } from '../../../../src/client/features/snackbar/snackbarSlice.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import { authActions, initialAuthState } from '../../../../src/client/features/auth/authSlice.js';
import type { EvidenceItem, SaveAnswerResponse, Subindicator } from '../../../../src/shared/api/campaigns.js';
import type { AnswerSave, EvidenceLinkRequest } from '../../../../src/client/api/campaignsApi.js';
import type { UploadProgress } from '../../../../src/client/api/http.js';
import type { RootState } from '../../../../src/client/app/rootReducer.js';
import { demoUser, sessionContext, sessionWith } from '../../../helpers/client.js';
import { ASKS_NOTHING, campaignWith, indicatorOf } from '../../../helpers/questions.js';

const question = (id: number, type: 'single' | 'multiple', answer: number[] | null) => ({
  id,
  text: `¿Pregunta ${id}?`,
  type,
  ...ASKS_NOTHING,
  responses: [
    { id: id * 10 + 1, text: 'Sí', value: 2, obsolete: false, exclusive: false },
    { id: id * 10 + 2, text: 'No', value: 0, obsolete: false, exclusive: false },
    { id: id * 10 + 3, text: 'A veces', value: 1, obsolete: false, exclusive: false },
  ],
  answer,
});
const campaign = campaignWith([indicatorOf([question(1, 'single', [11]), question(2, 'multiple', null)])]);
const loaded = () =>
  rootReducer(
    { ...rootReducer(undefined, { type: 'init' }), auth: { ...initialAuthState, status: 'loaded' as const, user: demoUser, tokenSource: 'cookie' as const } },
    campaignsActions.questionnaireLoaded(campaign),
  );
const stored: SaveAnswerResponse = {
  success: true,
  campaign: { id: 5, status: 'draft', reviewStatus: 'none', startDate: campaign.startDate, endDate: null },
  version: 1,
};

/** A server that keeps the answers it is sent, and answers after `ms`. */
function server(ms = 5) {
  const answers = new Map<number, number[] | null>();
  const saveAnswer = jest.fn(async (_token: string | null, { question, answer }: AnswerSave) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    answers.set(question, answer);
    return stored;
  });
  return { answers, saveAnswer };
}
/**
 * How long a run waits for the pause and the saves that follow it (real timers): ample, as a loaded machine (the
 * whole suite with browsers beside it) has been seen to take over 300 ms past the pause. Nothing more is sent after
 * the last save, so waiting longer only makes the test slower, never wrong.
 */
const SAVED_WITHIN_MS = AUTOSAVE_PAUSE_MS + 2000;
const answerOf = (state: ReturnType<typeof loaded>, id: number) =>
  state.campaigns.questionnaire.campaign?.indicators[0].subindicators.find((s) => s.id === id)?.answer;

describe('autosave of the answers', () => {
  it('saves a choice after a pause, once for several ticks of one question, and shows it saved', async () => {
    const api = server();
    const { storeState } = await expectSaga(autosaveAnswers, api)
      .withReducer(rootReducer, loaded())
      .dispatch(campaignsActions.answerChosen({ question: 2, choice: [21] }))
      .delay(50)
      .dispatch(campaignsActions.answerChosen({ question: 2, choice: [21, 23] }))
      .silentRun(SAVED_WITHIN_MS);
    expect(api.saveAnswer).toHaveBeenCalledTimes(1);
    expect(api.answers.get(2)).toEqual([21, 23]);
    expect(answerOf(storeState, 2)).toEqual([21, 23]);
    expect(storeState.campaigns.questionnaire.drafts).toEqual({});
  });

  it('sends a choice changed while its save is on its way after it, so that the last choice is what the server keeps', async () => {
    const api = server(200);
    const { storeState } = await expectSaga(autosaveAnswers, api)
      .withReducer(rootReducer, loaded())
      .dispatch(campaignsActions.answerChosen({ question: 1, choice: [12] }))
      .dispatch(campaignsActions.answersSaveNow())
      .delay(50)
      .dispatch(campaignsActions.answerChosen({ question: 1, choice: [13] }))
      .silentRun(SAVED_WITHIN_MS);
    expect(api.saveAnswer.mock.calls.map((c) => c[1].answer)).toEqual([[12], [13]]);
    expect(api.answers.get(1)).toEqual([13]);
    expect(answerOf(storeState, 1)).toEqual([13]);
  });

  it('clears an answer whose every box is unticked', async () => {
    const api = server();
    await expectSaga(autosaveAnswers, api)
      .withReducer(rootReducer, loaded())
      .dispatch(campaignsActions.answerChosen({ question: 1, choice: [] }))
      .dispatch(campaignsActions.answersSaveNow())
      .silentRun(100);
    expect(api.answers.get(1)).toBeNull();
  });

  it('shows a save that failed for want of a connection without a toast, and tries it again by itself', async () => {
    let calls = 0;
    const saveAnswer = jest.fn(async () => {
      calls += 1;
      if (calls === 1) throw new ApiError('CONNECTION_FAILED', 0);
      return stored;
    });
    const run = expectSaga(autosaveAnswers, { saveAnswer })
      .withReducer(rootReducer, loaded())
      .dispatch(campaignsActions.answerChosen({ question: 1, choice: [12] }))
      .dispatch(campaignsActions.answersSaveNow());
    const { storeState, effects } = await run.silentRun(retryDelayMs(0) + 300);
    expect(saveAnswer).toHaveBeenCalledTimes(2);
    expect(answerOf(storeState, 1)).toEqual([12]);
    expect(storeState.campaigns.questionnaire.saving[1]).toBe('succeeded');
    expect((effects.put ?? []).filter((e) => JSON.stringify(e).includes(snackbarActions.toastShown.type))).toEqual([]);
  });

  it('does not try again a save the server refused, says why, and keeps the choice on screen', async () => {
    const saveAnswer = jest.fn(async () => Promise.reject(new ApiError('CONFLICT', 409, 'EDITION_CLOSED')));
    const { storeState } = await expectSaga(autosaveAnswers, { saveAnswer })
      .withReducer(rootReducer, loaded())
      .put.like({ action: { type: snackbarActions.toastShown.type, payload: { message: 'DEADLINE.TOAST.CLOSED' } } })
      .dispatch(campaignsActions.answerChosen({ question: 1, choice: [12] }))
      .dispatch(campaignsActions.answersSaveNow())
      .silentRun(retryDelayMs(0) + 300);
    expect(saveAnswer).toHaveBeenCalledTimes(1);
    expect(storeState.campaigns.questionnaire.saving[1]).toBe('failed');
    expect(storeState.campaigns.questionnaire.drafts[1]).toEqual([12]);
    expect(answerOf(storeState, 1)).toEqual([11]);
  });
});

describe('saves made on a stale answer', () => {
  /** What someone else saved on question 1 meanwhile: 'A veces', with a comment, as version 9. */
  const current = { answer: [13], comment: 'Según el acta', notApplicable: null, version: 9, userEmail: 'marta@ayto.es', at: '2026-03-12T09:14:00.000Z' };
  /** A server that refuses the first save as stale, then keeps what it is sent. */
  function staleOnce() {
    const saves: AnswerSave[] = [];
    const saveAnswer = jest.fn(async (_token: string | null, save: AnswerSave) => {
      saves.push(save);
      if (saves.length === 1) throw new ApiError('CONFLICT', 409, { code: 'STALE_ANSWER', current });
      return { ...stored, version: 10 };
    });
    return { saves, saveAnswer };
  }
  const stale = async (api: ReturnType<typeof staleOnce>) =>
    expectSaga(autosaveAnswers, api)
      .withReducer(rootReducer, loaded())
      .dispatch(campaignsActions.answerChosen({ question: 1, choice: [12] }))
      .dispatch(campaignsActions.answersSaveNow())
      .silentRun(retryDelayMs(0) + 300);

  it('keeps the choice on screen, asks on the question without a toast, and does not try again by itself', async () => {
    const api = staleOnce();
    const { storeState, effects } = await stale(api);
    expect(api.saves).toEqual([{ campaignId: 5, question: 1, expectedVersion: 0, answer: [12] }]);
    const q = storeState.campaigns.questionnaire;
    expect(q.stale[1]).toEqual(current);
    expect(q.saving[1]).toBe('failed');
    expect(q.drafts[1]).toEqual([12]);
    expect((effects.put ?? []).filter((e) => JSON.stringify(e).includes(snackbarActions.toastShown.type))).toEqual([]);
    // A new change waits for the user's choice too.
    const after = rootReducer(storeState as RootState, campaignsActions.answerChosen({ question: 1, choice: [11] }));
    expect(after.campaigns.questionnaire.saving[1]).toBe('failed');
  });

  it("saves the user's answer over theirs on the version they made ('Guardar la mía')", async () => {
    const api = staleOnce();
    const { storeState } = await stale(api);
    const { storeState: replaced } = await expectSaga(autosaveAnswers, api)
      .withReducer(rootReducer, storeState as RootState)
      .dispatch(campaignsActions.staleAnswerReplaced(1))
      .silentRun(300);
    expect(api.saves[1]).toEqual({ campaignId: 5, question: 1, expectedVersion: 9, answer: [12] });
    const q = replaced.campaigns.questionnaire;
    expect(q.stale).toEqual({});
    expect(q.saving[1]).toBe('succeeded');
    const sub = q.campaign!.indicators[0].subindicators[0];
    expect([sub.answer, sub.version, sub.lastChange?.userEmail]).toEqual([[12], 10, demoUser.email]);
  });

  it("keeps what the user did not change as the other person left it: 'Guardar la mía' sends only the user's own change", () => {
    const withComment = rootReducer(loaded(), campaignsActions.noteChanged({ question: 1, comment: 'Mío' }));
    const sending = rootReducer(
      withComment,
      campaignsActions.answerSaveRequested({ campaignId: 5, question: 1, expectedVersion: 0, answer: [11], comment: 'Mío' }),
    );
    const refused = rootReducer(sending, campaignsActions.answerStale({ campaignId: 5, question: 1, current }));
    const q = refused.campaigns.questionnaire;
    // Their answer shows; the user's comment waits, even after the user changes it back and forth.
    expect(q.campaign!.indicators[0].subindicators[0].answer).toEqual([13]);
    expect([q.drafts[1], q.notes[1]]).toEqual([undefined, { comment: 'Mío' }]);
    const replaced = rootReducer(refused, campaignsActions.staleAnswerReplaced(1));
    expect(selectNextAnswerToSave(replaced)).toEqual({ campaignId: 5, question: 1, expectedVersion: 9, answer: [13], comment: 'Mío' });
  });

  it('ignores a refusal heard after another questionnaire opened', () => {
    const other = rootReducer(loaded(), campaignsActions.answerStale({ campaignId: 6, question: 1, current }));
    expect(other.campaigns.questionnaire.stale).toEqual({});
    expect(other.campaigns.questionnaire.campaign!.indicators[0].subindicators[0].answer).toEqual([11]);
  });

  it("shows their answer and drops the user's change ('Quedarme con la suya'), sending nothing", async () => {
    const api = staleOnce();
    const { storeState } = await stale(api);
    const taken = rootReducer(storeState as RootState, campaignsActions.staleAnswerTaken(1));
    const q = taken.campaigns.questionnaire;
    const sub = q.campaign!.indicators[0].subindicators[0];
    expect([sub.answer, sub.comment, sub.version, sub.lastChange]).toEqual([[13], 'Según el acta', 9, { userEmail: 'marta@ayto.es', at: current.at }]);
    expect([q.stale, q.drafts, q.saving]).toEqual([{}, {}, {}]);
    expect(api.saves).toHaveLength(1);
  });
});

describe("'Enviar Encuesta' with choices not saved yet", () => {
  const allAnswered = () =>
    rootReducer(
      loaded(),
      campaignsActions.questionnaireLoaded({
        ...campaign,
        indicators: [{ ...campaign.indicators[0], subindicators: [question(1, 'single', [11]), question(2, 'multiple', [21])] }],
      }),
    );
  const submitAsked = campaignsActions.submitAsked({ id: 5, entity: 'Ayuntamiento de Prueba', year: 2026 });

  it('saves the changed answer first, then asks', async () => {
    const api = server(50);
    const run = await expectSaga(function* submitWhileSaving() {
      yield fork(autosaveAnswers, api);
      yield put(campaignsActions.answerChosen({ question: 1, choice: [12] }));
      yield fork(handleSubmitAsked, submitAsked);
    })
      .withReducer(rootReducer, allAnswered())
      .silentRun(400);
    expect(api.answers.get(1)).toEqual([12]);
    expect(answerOf(run.storeState, 1)).toEqual([12]);
    expect(run.storeState.alerts.queue[0]).toMatchObject({
      title: 'QUESTIONNAIRE.SUBMIT_CONFIRM.TITLE',
      confirm: { action: campaignsActions.submitConfirmed(5) },
    });
  });

  const changedMeanwhile = { answer: [13], comment: null, notApplicable: null, version: 4, userEmail: 'marta@ayto.es', at: '2026-03-12T09:14:00.000Z' };
  it.each([
    ['cannot be saved', new ApiError('CONNECTION_FAILED', 0), 'QUESTIONNAIRE.TOAST.NOT_SAVED'],
    [
      'was refused because someone else changed the answer meanwhile',
      new ApiError('CONFLICT', 409, { code: 'STALE_ANSWER', current: changedMeanwhile }),
      'QUESTIONNAIRE.TOAST.STALE',
    ],
  ])('sends nothing and names the question when the change %s', async (_case, error, message) => {
    const saveAnswer = jest.fn(async () => Promise.reject(error));
    const run = await expectSaga(function* submitWithAFailedSave() {
      yield fork(autosaveAnswers, { saveAnswer });
      yield put(campaignsActions.answerChosen({ question: 1, choice: [12] }));
      yield fork(handleSubmitAsked, submitAsked);
    })
      .withReducer(rootReducer, allAnswered())
      .put.like({
        action: { type: snackbarActions.toastShown.type, payload: { message, values: { count: 1, questions: '«¿Pregunta 1?»', more: 0 } } },
      })
      .silentRun(200);
    expect(run.storeState.alerts.queue).toEqual([]);
    expect(run.storeState.campaigns.questionnaire.drafts[1]).toEqual([12]);
  });

  it('sends nothing and says how many are missing when a change left a question without an answer', async () => {
    const run = await expectSaga(function* submitAfterClearing() {
      yield fork(autosaveAnswers, server());
      yield put(campaignsActions.answerChosen({ question: 2, choice: [] }));
      yield fork(handleSubmitAsked, submitAsked);
    })
      .withReducer(rootReducer, allAnswered())
      .put.like({ action: { type: snackbarActions.toastShown.type, payload: { message: 'QUESTIONNAIRE.TOAST.MISSING', values: { count: 1 } } } })
      .silentRun(200);
    expect(run.storeState.alerts.queue).toEqual([]);
  });
});

describe('comments, "No aplica" and evidence', () => {
  /** A server that keeps every save it is sent. */
  function recordingServer() {
    const saves: AnswerSave[] = [];
    const saveAnswer = jest.fn(async (_token: string | null, save: AnswerSave) => {
      saves.push(save);
      return stored;
    });
    return { saves, saveAnswer };
  }
  const withQuestion = (sub: Subindicator): ReturnType<typeof loaded> =>
    rootReducer(loaded(), campaignsActions.questionnaireLoaded({ ...campaign, indicators: [{ ...campaign.indicators[0], subindicators: [sub] }] }));
  const subOf = (state: ReturnType<typeof loaded>) => state.campaigns.questionnaire.campaign!.indicators[0].subindicators[0];

  it('saves a comment written in several keystrokes once, with the answer on screen, and shows it saved', async () => {
    const api = recordingServer();
    const { storeState } = await expectSaga(autosaveAnswers, api)
      .withReducer(rootReducer, loaded())
      .dispatch(campaignsActions.noteChanged({ question: 1, comment: 'Plan' }))
      .delay(50)
      .dispatch(campaignsActions.noteChanged({ question: 1, comment: 'Plan aprobado en 2025 €' }))
      .silentRun(SAVED_WITHIN_MS);
    expect(api.saves).toEqual([{ campaignId: 5, question: 1, expectedVersion: 0, answer: [11], comment: 'Plan aprobado en 2025 €' }]);
    expect(subOf(storeState).comment).toBe('Plan aprobado en 2025 €');
    expect(storeState.campaigns.questionnaire.notes).toEqual({});
  });

  it('sends a comment beside an answer whose response is no longer offered with that answer as stored', async () => {
    const api = recordingServer();
    const sub = question(1, 'single', [13]);
    const withdrawn = { ...sub, responses: sub.responses.map((r) => (r.id === 13 ? { ...r, obsolete: true } : r)) };
    const { storeState } = await expectSaga(autosaveAnswers, api)
      .withReducer(rootReducer, withQuestion(withdrawn))
      .dispatch(campaignsActions.noteChanged({ question: 1, comment: 'Se mantiene' }))
      .silentRun(SAVED_WITHIN_MS);
    expect(api.saves).toEqual([{ campaignId: 5, question: 1, expectedVersion: 0, answer: [13], comment: 'Se mantiene' }]);
    expect(subOf(storeState).answer).toEqual([13]);
  });

  it("saves a copied answer as it is after 'Confirmar', with no other change, and it is confirmed once saved", async () => {
    const api = recordingServer();
    const { storeState } = await expectSaga(autosaveAnswers, api)
      .withReducer(rootReducer, withQuestion({ ...question(1, 'single', [11]), prefilled: true }))
      .dispatch(campaignsActions.answerConfirmed(1))
      .silentRun(SAVED_WITHIN_MS);
    // The same answer, sent again (campaignsApi.saveAnswer leaves the draft's confirm out of the request).
    expect(api.saves).toEqual([{ campaignId: 5, question: 1, expectedVersion: 0, answer: [11], confirm: true }]);
    expect(subOf(storeState).prefilled).toBe(false);
    expect(selectSubmitBlockers(storeState).unconfirmed).toEqual([]);
  });

  it('saves "No aplica" with no answer, counts it as answered, and an answer chosen afterwards replaces it', async () => {
    const api = recordingServer();
    const sub = { ...question(1, 'single', [11]), allowsNotApplicable: true };
    const first = await expectSaga(autosaveAnswers, api)
      .withReducer(rootReducer, withQuestion(sub))
      .dispatch(campaignsActions.noteChanged({ question: 1, notApplicable: { reason: 'No hay playas' } }))
      .dispatch(campaignsActions.answersSaveNow())
      .silentRun(100);
    expect(api.saves).toEqual([{ campaignId: 5, question: 1, expectedVersion: 0, answer: null, notApplicable: { reason: 'No hay playas' } }]);
    expect(subOf(first.storeState)).toMatchObject({ answer: null, notApplicable: { reason: 'No hay playas' } });
    expect(selectProgress(first.storeState)).toMatchObject({ answered: 1, total: 1 });
    const afterFirst: ReturnType<typeof loaded> = first.storeState;
    const second = await expectSaga(autosaveAnswers, api)
      .withReducer(rootReducer, afterFirst)
      .dispatch(campaignsActions.noteChanged({ question: 1, notApplicable: null }))
      .dispatch(campaignsActions.answerChosen({ question: 1, choice: [12] }))
      .dispatch(campaignsActions.answersSaveNow())
      .silentRun(100);
    // Made on the version the first save left.
    expect(api.saves[1]).toEqual({ campaignId: 5, question: 1, expectedVersion: 1, answer: [12], notApplicable: null });
    expect(subOf(second.storeState)).toMatchObject({ answer: [12], notApplicable: null });
  });

  it('holds the sending back while a required evidence is missing, names the question, and lets it go once a link is added', async () => {
    const sub = { ...question(1, 'single', [11]), evidenceRule: 'required' as const };
    const state = withQuestion(sub);
    expect(selectSubmitBlockers(state).withoutEvidence.map((s) => s.id)).toEqual([1]);
    expect(selectCanSubmit(state)).toBe(false);
    await expectSaga(handleSubmitAsked, campaignsActions.submitAsked({ id: 5, entity: 'Ayuntamiento de Prueba', year: 2026 }))
      .withReducer(rootReducer, state)
      .put.like({
        action: {
          type: snackbarActions.toastShown.type,
          payload: { message: 'QUESTIONNAIRE.TOAST.EVIDENCE_MISSING', values: { count: 1, questions: '«¿Pregunta 1?»' } },
        },
      })
      .silentRun(100);
    // A 0-point answer needs no evidence.
    expect(selectSubmitBlockers(rootReducer(state, campaignsActions.answerChosen({ question: 1, choice: [12] }))).withoutEvidence).toEqual([]);
    const item = { id: 9, kind: 'link' as const, url: 'https://ayto.example/plan', addedBy: 'u@ayto.es', addedAt: '2026-11-29T10:00:00Z' };
    const addEvidenceLink = jest.fn(async (_token: string | null, _request: EvidenceLinkRequest) => item);
    const request = { campaignId: 5, question: 1, url: 'https://ayto.example/plan', title: null };
    const { storeState } = await expectSaga(handleEvidenceLinkRequested, { addEvidenceLink }, campaignsActions.evidenceLinkRequested(request))
      .withReducer(rootReducer, state)
      .silentRun(100);
    expect(addEvidenceLink.mock.calls[0][1]).toEqual(request);
    expect(subOf(storeState).evidence).toEqual([item]);
    expect(selectCanSubmit(storeState)).toBe(true);
  });

  it('keeps the evidence as it was and says so when the server refuses the link', async () => {
    const addEvidenceLink = jest.fn(async () => Promise.reject(new ApiError('VALIDATION', 422)));
    const request = { campaignId: 5, question: 1, url: 'https://ayto.example/x', title: null };
    const { storeState } = await expectSaga(handleEvidenceLinkRequested, { addEvidenceLink }, campaignsActions.evidenceLinkRequested(request))
      .withReducer(rootReducer, loaded())
      .put.like({ action: { type: snackbarActions.toastShown.type, payload: { message: 'EVIDENCE.TOAST.INVALID' } } })
      .silentRun(100);
    expect(subOf(storeState).evidence).toEqual([]);
    expect(storeState.campaigns.questionnaire.evidence[1]).toBe('failed');
  });
});

describe("'Adjuntar archivo' with its progress", () => {
  const FILE = new File(['%PDF-1.4'], 'informe.pdf', { type: 'application/pdf' });
  const ITEM: EvidenceItem = {
    id: 9,
    kind: 'file',
    fileName: 'informe.pdf',
    contentType: 'application/pdf',
    size: 2000,
    addedBy: 'usuario@demo.es',
    addedAt: '2026-03-01T10:00:00.000Z',
  };
  const request = campaignsActions.evidenceUploadRequested({ campaignId: 5, question: 2 }, FILE);
  const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

  /** A server that takes the file in three steps, telling the browser's progress as it goes; `refuse` answers its error instead. */
  function uploadServer(refuse?: (token: string | null) => ApiError | null) {
    const tokens: (string | null)[] = [];
    const uploadEvidence = async (
      token: string | null,
      _request: { campaignId: number; question: number },
      _file: Blob,
      _name: string,
      onProgress?: UploadProgress,
    ): Promise<EvidenceItem> => {
      tokens.push(token);
      for (const sent of [0, 900, 2000]) {
        onProgress?.(sent, 2000);
        await tick();
      }
      const error = refuse?.(token);
      if (error) throw error;
      return ITEM;
    };
    return { tokens, uploadEvidence };
  }

  /** The root reducer, noting the percentage the question's bar shows after each progress event. */
  function recording() {
    const shown: (number | undefined)[] = [];
    const reducer = (state: RootState | undefined, action: { type: string }) => {
      const next = rootReducer(state, action);
      if (campaignsActions.evidenceUploadProgressed.match(action)) shown.push(next.campaigns.questionnaire.uploads[2]?.percent);
      return next;
    };
    return { shown, reducer };
  }

  it('puts the percentage sent as it goes (through the channel), then the file under its question', async () => {
    const server = uploadServer();
    const { shown, reducer } = recording();
    const state = rootReducer(loaded(), request);
    expect(state.campaigns.questionnaire.uploads[2]).toEqual({ fileName: 'informe.pdf', percent: 0 });
    const { storeState } = await expectSaga(handleEvidenceUploadRequested, { uploadEvidence: server.uploadEvidence }, request)
      .withReducer(reducer, state)
      .put(campaignsActions.evidenceUploadProgressed({ question: 2, percent: 45 }))
      .put.like({ action: { type: campaignsActions.evidenceAdded.type, payload: { question: 2, item: ITEM } } })
      .run(500);
    expect(shown).toEqual([0, 45, 100]);
    expect(storeState.campaigns.questionnaire.uploads).toEqual({});
    expect(storeState.campaigns.questionnaire.evidence[2]).toBe('succeeded');
    expect(storeState.campaigns.questionnaire.campaign?.indicators[0].subindicators[1].evidence).toEqual([ITEM]);
  });

  it('sends the file again with the new token after an expired one, the bar starting over', async () => {
    const session = sessionWith({ accessToken: 'access-1' });
    const server = uploadServer((token) => (token === 'access-1' ? new ApiError('EXPIRED_ACCESS_TOKEN', 401) : null));
    const { shown, reducer } = recording();
    // The auth saga's part: the refresh it was asked for gives the session a new token.
    function* refresher(): Generator<unknown, void, unknown> {
      yield take(authActions.refreshRequested.type);
      session.replace({ accessToken: 'access-2' });
      yield put(authActions.tokensRefreshed());
    }
    function* both(): Generator<unknown, void, unknown> {
      yield fork(refresher);
      yield* handleEvidenceUploadRequested({ uploadEvidence: server.uploadEvidence }, request);
    }
    const { storeState } = await expectSaga(both)
      .withReducer(reducer, rootReducer(loaded(), request))
      .provide(sessionContext(session))
      .put.like({ action: { type: campaignsActions.evidenceAdded.type, payload: { question: 2, item: ITEM } } })
      .run(500);
    expect(server.tokens).toEqual(['access-1', 'access-2']);
    expect(shown).toEqual([0, 45, 100, 0, 45, 100]);
    expect(storeState.campaigns.questionnaire.uploads).toEqual({});
  });

  it('drops the bar and says why when the server refuses the file', async () => {
    const server = uploadServer(() => new ApiError('PAYLOAD_TOO_LARGE', 413, { code: 'EVIDENCE_FILE_TOO_LARGE', maxBytes: 1000 }));
    const { storeState } = await expectSaga(handleEvidenceUploadRequested, { uploadEvidence: server.uploadEvidence }, request)
      .withReducer(rootReducer, rootReducer(loaded(), request))
      .put(campaignsActions.evidenceFailed({ question: 2 }))
      .run(500);
    expect(storeState.snackbar.current?.message).toBe('EVIDENCE.TOAST.TOO_LARGE');
    expect(storeState.campaigns.questionnaire.uploads).toEqual({});
    expect(storeState.campaigns.questionnaire.evidence[2]).toBe('failed');
    // No error page: the screen keeps the failure.
    expect(storeState.errors).toEqual(rootReducer(undefined, { type: 'init' }).errors);
  });
});
