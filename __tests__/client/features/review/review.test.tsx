import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expectSaga } from 'redux-saga-test-plan';
import { Route, Routes } from 'react-router-dom';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { reviewActions } from '../../../../src/client/features/review/reviewSlice.js';
import { handleMark, handleRequestChanges, handleValidate, reviewErrorToast } from '../../../../src/client/features/review/reviewSaga.js';
import { selectQueueCounts, selectReviewProgress, selectShownQueue, selectTerritoryOptions } from '../../../../src/client/features/review/reviewSelectors.js';
import ReviewQueuePage from '../../../../src/client/features/review/ReviewQueuePage.js';
import ReviewCampaignPage from '../../../../src/client/features/review/ReviewCampaignPage.js';
import { reviewApi } from '../../../../src/client/api/reviewApi.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import { snackbarActions } from '../../../../src/client/features/snackbar/snackbarSlice.js';
import type { CampaignDetail, ReviewMark } from '../../../../src/shared/api/campaigns.js';
import type { ReviewQueue, ReviewQueueRow } from '../../../../src/shared/api/review.js';
import { sentCampaignOf, yesNoQuestion } from '../../../helpers/questions.js';
import { renderWithProviders } from '../../../helpers/client.js';

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
const queue: ReviewQueue = {
  editionId: 3,
  campaignNumber: 2026,
  counts: { pending: 2, changesRequested: 1, validated: 1 },
  campaigns: [row(1, 'pending', VALENCIA), row(2, 'changesRequested', ALICANTE), row(3, 'pending', MADRID), row(4, 'validated', VALENCIA)],
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
  it('narrows the queue by community, province and status, and counts by status within the territory', () => {
    let state = loaded(reviewActions.queueLoaded(queue));
    expect(selectQueueCounts(state)).toEqual({ pending: 2, changesRequested: 1, validated: 1 });
    expect(selectTerritoryOptions(state).communities.map((c) => c.name)).toEqual(['Comunidad de Madrid', 'Comunitat Valenciana']);
    state = rootReducer(state, reviewActions.filtersChanged({ communityId: '10' }));
    expect(selectShownQueue(state).map((r) => r.campaignId)).toEqual([1, 2, 4]);
    expect(selectQueueCounts(state)).toEqual({ pending: 1, changesRequested: 1, validated: 1 });
    expect(selectTerritoryOptions(state).provinces.map((p) => p.id)).toEqual(['03', '46']);
    state = rootReducer(state, reviewActions.filtersChanged({ provinceId: '46', reviewStatus: 'pending' }));
    expect(selectShownQueue(state).map((r) => r.campaignId)).toEqual([1]);
    // The counts stay those of the territory whatever status is shown.
    expect(selectQueueCounts(state)).toEqual({ pending: 1, changesRequested: 0, validated: 1 });
    // Another community forgets the province chosen in the first.
    state = rootReducer(state, reviewActions.filtersChanged({ communityId: '13' }));
    expect(state.review.filters).toEqual({ communityId: '13', provinceId: '', reviewStatus: 'pending' });
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

  it('names each refusal of the server', () => {
    const error = (type: 'CONFLICT' | 'VALIDATION' | 'INTERNAL', data?: unknown) => ({ type, status: 409, data });
    expect(reviewErrorToast(error('CONFLICT', 'NOTHING_FLAGGED'))).toBe('REVIEW.TOAST.NOTHING_FLAGGED');
    expect(reviewErrorToast(error('VALIDATION', { comment: 'is required' }))).toBe('REVIEW.TOAST.INVALID');
    expect(reviewErrorToast(error('INTERNAL'))).toBe('REVIEW.TOAST.ERROR');
  });
});

describe('review pages', () => {
  it('lists the queue with its counts in Spanish, each campaign with its link', async () => {
    const user = userEvent.setup();
    const { store } = renderWithProviders(<ReviewQueuePage />);
    act(() => void store.dispatch(reviewActions.queueLoaded(queue)));
    expect(screen.getByTestId('review-counts')).toHaveTextContent('2 pendientes, 1 con correcciones pedidas, 1 validada');
    const table = screen.getByTestId('review-queue');
    expect(within(table).getAllByRole('row')).toHaveLength(5);
    expect(within(table).getByRole('link', { name: 'Revisar la campaña de Mancomunidad 2' })).toHaveAttribute('href', '/review/2');
    await user.selectOptions(screen.getByLabelText('Estado de la revisión'), 'Correcciones pedidas');
    expect(within(screen.getByTestId('review-queue')).getAllByRole('row')).toHaveLength(2);
    await user.selectOptions(screen.getByLabelText('Comunidad autónoma'), 'Comunidad de Madrid');
    expect(screen.getByText('Ninguna campaña cumple los filtros elegidos.')).toBeInTheDocument();
  });

  it('marks an answer to correct with what to correct, and holds validation back while one is marked', async () => {
    const user = userEvent.setup();
    const { store } = renderWithProviders(
      <Routes>
        <Route path="/review/:campaignId" element={<ReviewCampaignPage />} />
      </Routes>,
      { route: '/review/5' },
    );
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
    const { store } = renderWithProviders(
      <Routes>
        <Route path="/review/:campaignId" element={<ReviewCampaignPage />} />
      </Routes>,
      { route: '/review/5' },
    );
    act(() => void store.dispatch(reviewActions.campaignLoaded(campaign('changesRequested', [null, mark('fix', 'Sin enlace')]))));
    expect(screen.getByText('Esperando las correcciones de la entidad. Mensaje enviado: «Falta el acta del pleno»')).toBeInTheDocument();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Validar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pedir correcciones' })).toBeDisabled();
  });
});
