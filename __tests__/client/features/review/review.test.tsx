import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { reviewActions } from '../../../../src/client/features/review/reviewSlice.js';
import { handleMark, handleQueue, handleRequestChanges, handleValidate, reviewErrorToast } from '../../../../src/client/features/review/reviewSaga.js';
import { selectQueuePages, selectQueueQuery, selectReviewProgress, selectTerritoryOptions } from '../../../../src/client/features/review/reviewSelectors.js';
import ReviewQueuePage from '../../../../src/client/features/review/ReviewQueuePage.js';
import ReviewCampaignPage from '../../../../src/client/features/review/ReviewCampaignPage.js';
import { reviewApi } from '../../../../src/client/api/reviewApi.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import { snackbarActions } from '../../../../src/client/features/snackbar/snackbarSlice.js';
import type { CampaignDetail, ReviewMark } from '../../../../src/shared/api/campaigns.js';
import type { ReviewQueue, ReviewQueueQuery, ReviewQueueRow } from '../../../../src/shared/api/review.js';
import { sentCampaignOf, yesNoQuestion } from '../../../helpers/questions.js';
import { renderAtRoute, renderWithProviders } from '../../../helpers/client.js';

const row = (campaignId: number, reviewStatus: ReviewQueueRow['reviewStatus'], place: [string, string, string, string]): ReviewQueueRow => ({
  campaignId,
  campaignNumber: 2026,
  entityId: campaignId + 100,
  entity: `Mancomunidad ${campaignId}`,
  province: place[0],
  provinceId: place[1],
  autonomousCommunity: place[2],
  autonomousCommunityId: place[3],
  reviewStatus,
  sentAt: `2026-03-0${campaignId}T09:00:00.000Z`,
  marked: { ok: 0, fix: reviewStatus === 'changesRequested' ? 1 : 0 },
});
const VALENCIA: [string, string, string, string] = ['Valencia/València', '46', 'Comunitat Valenciana', '10'];
const ALICANTE: [string, string, string, string] = ['Alicante/Alacant', '03', 'Comunitat Valenciana', '10'];
const MADRID: [string, string, string, string] = ['Madrid', '28', 'Comunidad de Madrid', '13'];
const territories: ReviewQueue['territories'] = {
  communities: [
    { id: '13', name: 'Comunidad de Madrid' },
    { id: '10', name: 'Comunitat Valenciana' },
  ],
  provinces: [
    { id: '03', name: 'Alicante/Alacant', communityId: '10' },
    { id: '28', name: 'Madrid', communityId: '13' },
    { id: '46', name: 'Valencia/València', communityId: '10' },
  ],
};
const queue: ReviewQueue = {
  editionId: 3,
  campaignNumber: 2026,
  counts: { pending: 2, changesRequested: 1, validated: 1 },
  page: 1,
  pageSize: 50,
  total: 4,
  campaigns: [row(1, 'pending', VALENCIA), row(2, 'changesRequested', ALICANTE), row(3, 'pending', MADRID), row(4, 'validated', VALENCIA)],
  territories,
};

const mark = (verdict: ReviewMark['verdict'], comment: string | null = null): ReviewMark => ({
  verdict,
  comment,
  reviewer: 'fec@demo.es',
  markedAt: '2026-03-12T10:00:00.000Z',
});
const question = (id: number, text: string, review: ReviewMark | null) =>
  yesNoQuestion(id, text, { review, comment: id === 11 ? 'Aprobado en el pleno' : null });
const campaign = (reviewStatus: CampaignDetail['reviewStatus'], reviews: [ReviewMark | null, ReviewMark | null] = [null, null]): CampaignDetail =>
  sentCampaignOf([question(11, '¿Tiene plan aprobado?', reviews[0]), question(12, '¿Lo publica en la web?', reviews[1])], {
    entity: 'Mancomunidad de la Ribera',
    reviewStatus,
    reviewMessage: reviewStatus === 'changesRequested' ? 'Falta el acta del pleno' : null,
  });

const loaded = (...actions: Parameters<typeof rootReducer>[1][]) => actions.reduce(rootReducer, rootReducer(undefined, { type: 'init' }));

describe('review queue selectors', () => {
  it('asks the server for the edition, narrowing and page chosen; a new narrowing starts at its first page', () => {
    let state = loaded(reviewActions.queueLoaded({ ...queue, total: 120, page: 1 }));
    expect(selectQueueQuery(state)).toEqual({ editionId: 3 });
    expect(selectQueuePages(state)).toEqual({ page: 1, pages: 3 });
    expect(selectTerritoryOptions(state).communities.map((c) => c.name)).toEqual(['Comunidad de Madrid', 'Comunitat Valenciana']);
    state = rootReducer(state, reviewActions.pageChosen(3));
    expect(selectQueueQuery(state)).toEqual({ editionId: 3, page: 3 });
    expect(state.review.queue.status).toBe('loading');
    state = rootReducer(state, reviewActions.filtersChanged({ communityId: '10' }));
    expect(selectQueueQuery(state)).toEqual({ editionId: 3, communityId: '10' });
    expect(selectTerritoryOptions(state).provinces.map((p) => p.id)).toEqual(['03', '46']);
    state = rootReducer(state, reviewActions.filtersChanged({ provinceId: '46', reviewStatus: 'pending' }));
    expect(selectQueueQuery(state)).toEqual({ editionId: 3, communityId: '10', provinceId: '46', reviewStatus: 'pending' });
    // Another community forgets the province chosen in the first.
    state = rootReducer(state, reviewActions.filtersChanged({ communityId: '13' }));
    expect(state.review.filters).toEqual({ communityId: '13', provinceId: '', reviewStatus: 'pending' });
    // Another edition has other territories: the narrowing starts again.
    state = rootReducer(state, reviewActions.pageChosen(2));
    state = rootReducer(state, reviewActions.editionChosen(2));
    expect(selectQueueQuery(state)).toEqual({ editionId: 2 });
  });

  it('counts the answers marked and those to correct, and a saved mark shows on its question', () => {
    let state = loaded(reviewActions.campaignLoaded(campaign('pending', [mark('ok'), null])));
    expect(selectReviewProgress(state)).toEqual({ total: 2, marked: 1, toFix: 0 });
    state = rootReducer(state, reviewActions.markSaved({ question: 12, mark: mark('fix', 'Sin enlace') }));
    expect(selectReviewProgress(state)).toEqual({ total: 2, marked: 2, toFix: 1 });
  });
});

describe('review sagas', () => {
  it('saves a mark on its question, and a refusal says why in Spanish', async () => {
    const saved = mark('fix', 'Sin enlace');
    const ok = await expectSaga(
      handleMark,
      { reviewApi: { ...reviewApi, mark: async () => saved }, navigate: () => undefined },
      reviewActions.markRequested({ id: 5, question: 12, verdict: 'fix', comment: 'Sin enlace' }),
    )
      .withReducer(rootReducer, loaded(reviewActions.campaignLoaded(campaign('pending'))))
      .run();
    expect(ok.storeState.review.campaign.data!.indicators[0].subindicators[1].review).toEqual(saved);
    const refused = async () => Promise.reject(new ApiError('CONFLICT', 409, { code: 'REVIEW_STATE', reviewStatus: 'validated' }));
    const failed = await expectSaga(
      handleMark,
      { reviewApi: { ...reviewApi, mark: refused }, navigate: () => undefined },
      reviewActions.markRequested({ id: 5, question: 12, verdict: 'ok', comment: null }),
    )
      .withReducer(rootReducer, loaded(reviewActions.campaignLoaded(campaign('pending'))))
      .put.like({ action: { type: snackbarActions.toastShown.type, payload: { message: 'REVIEW.TOAST.NOT_PENDING' } } })
      .run();
    expect(failed.storeState.review.marking[12].status).toBe('failed');
  });

  it('asks for corrections or validates, says so and goes back to the queue; a refusal stays on the page', async () => {
    const went: string[] = [];
    const state = {
      success: true as const,
      campaign: { id: 5, status: 'sent' as const, reviewStatus: 'changesRequested' as const, startDate: null, endDate: null },
    };
    const asked = await expectSaga(
      handleRequestChanges,
      { reviewApi: { ...reviewApi, requestChanges: async () => state }, navigate: (path: string) => void went.push(path) },
      reviewActions.changesRequestAsked({ id: 5, message: 'Falta el acta' }),
    )
      .withReducer(rootReducer, loaded(reviewActions.campaignLoaded(campaign('pending'))))
      .put.like({ action: { type: snackbarActions.toastShown.type, payload: { message: 'REVIEW.TOAST.CHANGES_REQUESTED' } } })
      .run();
    expect(asked.storeState.review.campaign.data!.reviewStatus).toBe('changesRequested');
    expect(went).toEqual(['/review']);
    const refused = async () => Promise.reject(new ApiError('CONFLICT', 409, { code: 'ANSWERS_TO_FIX', questions: [12] }));
    const failed = await expectSaga(
      handleValidate,
      { reviewApi: { ...reviewApi, validate: refused }, navigate: (path: string) => void went.push(path) },
      reviewActions.validationAsked(5),
    )
      .withReducer(rootReducer, loaded(reviewActions.campaignLoaded(campaign('pending'))))
      .put.like({ action: { type: snackbarActions.toastShown.type, payload: { message: 'REVIEW.TOAST.ANSWERS_TO_FIX' } } })
      .run();
    expect(failed.storeState.review.decision.status).toBe('failed');
    expect(went).toEqual(['/review']);
  });

  it('loads the page of the queue the store asks for', async () => {
    const asked: ReviewQueueQuery[] = [];
    const api = { ...reviewApi, queue: async (_token: string | null, query: ReviewQueueQuery) => (asked.push(query), { ...queue, page: 2, total: 60 }) };
    const state = rootReducer(loaded(reviewActions.queueLoaded(queue), reviewActions.filtersChanged({ reviewStatus: 'pending' })), reviewActions.pageChosen(2));
    const { storeState } = await expectSaga(handleQueue, { reviewApi: api, navigate: () => undefined })
      .withReducer(rootReducer, state)
      .run();
    expect(asked).toEqual([{ editionId: 3, reviewStatus: 'pending', page: 2 }]);
    expect(storeState.review.queue.status).toBe('succeeded');
    expect(selectQueuePages(storeState)).toEqual({ page: 2, pages: 2 });
  });

  it('names each refusal of the server', () => {
    const error = (type: 'CONFLICT' | 'VALIDATION' | 'INTERNAL', data?: unknown) => ({ type, status: 409, data });
    expect(reviewErrorToast(error('CONFLICT', 'NOTHING_FLAGGED'))).toBe('REVIEW.TOAST.NOTHING_FLAGGED');
    expect(reviewErrorToast(error('VALIDATION', { comment: 'is required' }))).toBe('REVIEW.TOAST.INVALID');
    expect(reviewErrorToast(error('INTERNAL'))).toBe('REVIEW.TOAST.ERROR');
  });
});

describe('review pages', () => {
  it('lists a page of the queue with its counts in Spanish, each campaign with its link; filters and pages are asked of the server', async () => {
    const user = userEvent.setup();
    const { store } = renderWithProviders(<ReviewQueuePage />);
    act(() => void store.dispatch(reviewActions.queueLoaded({ ...queue, total: 54 })));
    expect(screen.getByTestId('review-counts')).toHaveTextContent('2 pendientes, 1 con correcciones pedidas, 1 validada');
    const table = screen.getByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(table).getByRole('link', { name: 'Revisar la campaña de Mancomunidad 2' })).toHaveAttribute('href', '/review/2');
    expect(screen.getByText('Página 1 de 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(store.getState().review.page).toBe(2);
    await user.selectOptions(screen.getByLabelText('Comunidad autónoma'), 'Comunitat Valenciana');
    expect(
      within(screen.getByLabelText('Provincia'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Todas', 'Alicante/Alacant', 'Valencia/València']);
    await user.selectOptions(screen.getByLabelText('Estado de la revisión'), 'Correcciones pedidas');
    expect(store.getState().review).toMatchObject({ page: 1, filters: { communityId: '10', reviewStatus: 'changesRequested' } });
    // The old rows stay while the new ones come, with a spinner beside the counts.
    expect(within(screen.getByTestId('review-counts')).getByRole('status')).toBeInTheDocument();
    act(() => void store.dispatch(reviewActions.queueLoaded({ ...queue, counts: { pending: 0, changesRequested: 0, validated: 0 }, total: 0, campaigns: [] })));
    expect(screen.getByText('Ninguna campaña cumple los filtros elegidos.')).toBeInTheDocument();
    act(() => void store.dispatch(reviewActions.queueLoaded({ ...queue, total: 0, campaigns: [], territories: { communities: [], provinces: [] } })));
    expect(screen.getByText('Ninguna campaña de esta edición se ha enviado todavía.')).toBeInTheDocument();
  });

  it('marks an answer to correct with what to correct, and holds validation back while one is marked', async () => {
    const user = userEvent.setup();
    const { store } = renderAtRoute('/review/:campaignId', <ReviewCampaignPage />, '/review/5');
    act(() => void store.dispatch(reviewActions.campaignLoaded(campaign('pending', [mark('ok'), null]))));
    expect(screen.getByTestId('review-progress')).toHaveTextContent('1 de 2 respuestas revisadas · 0 para corregir');
    // The entity's answer and comment beside the mark.
    expect(screen.getByTestId('comment-11')).toHaveTextContent('Aprobado en el pleno');
    const second = screen.getByTestId('review-mark-12');
    await user.click(within(second).getByLabelText('Corregir'));
    const save = within(second).getByRole('button', { name: 'Marcar para corregir' });
    expect(save).toBeDisabled();
    await user.type(within(second).getByLabelText('Qué debe corregir la entidad'), 'Falta el enlace a la web');
    await user.click(save);
    expect(store.getState().review.marking[12].status).toBe('loading');
    act(() => void store.dispatch(reviewActions.markSaved({ question: 12, mark: mark('fix', 'Falta el enlace a la web') })));
    expect(screen.getByTestId('review-progress')).toHaveTextContent('2 de 2 respuestas revisadas · 1 para corregir');
    expect(screen.getByRole('button', { name: 'Validar' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Pedir correcciones' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Mensaje para la entidad'), 'Revise la publicación');
    await user.click(within(dialog).getByRole('button', { name: 'Pedir correcciones' }));
    expect(store.getState().review.decision.status).toBe('loading');
  });

  it('keeps the marks read-only while the entity corrects', () => {
    const { store } = renderAtRoute('/review/:campaignId', <ReviewCampaignPage />, '/review/5');
    act(() => void store.dispatch(reviewActions.campaignLoaded(campaign('changesRequested', [null, mark('fix', 'Sin enlace')]))));
    expect(screen.getByText('Esperando las correcciones de la entidad. Mensaje enviado: «Falta el acta del pleno»')).toBeInTheDocument();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Validar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pedir correcciones' })).toBeDisabled();
  });
});
