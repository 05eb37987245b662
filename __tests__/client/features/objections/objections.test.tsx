import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { objectionsActions } from '../../../../src/client/features/objections/objectionsSlice.js';
import { handleFile, handleResolve, objectionErrorToast } from '../../../../src/client/features/objections/objectionsSaga.js';
import { objectionWindow, selectObjectionsByQuestion, selectOpenObjections } from '../../../../src/client/features/objections/objectionsSelectors.js';
import { reviewActions } from '../../../../src/client/features/review/reviewSlice.js';
import ReviewCampaignPage from '../../../../src/client/features/review/ReviewCampaignPage.js';
import { objectionsApi } from '../../../../src/client/api/objectionsApi.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import { snackbarActions } from '../../../../src/client/features/snackbar/snackbarSlice.js';
import type { Objection } from '../../../../src/shared/api/objections.js';
import { sentCampaignOf, yesNoQuestion } from '../../../helpers/questions.js';
import { renderAtRoute } from '../../../helpers/client.js';

const objection = (id: number, question: number, status: Objection['status'] = 'open', reason: string | null = null): Objection => ({
  id,
  campaignId: 5,
  question,
  text: `Alegación ${id}`,
  author: 'usuario@demo.es',
  createdAt: '2026-03-20T10:00:00.000Z',
  status,
  reason,
  resolvedBy: status === 'open' ? null : 'fec@demo.es',
  resolvedAt: status === 'open' ? null : '2026-03-22T10:00:00.000Z',
});
const campaign = sentCampaignOf([yesNoQuestion(11, '¿Tiene plan aprobado?'), yesNoQuestion(12, '¿Lo publica en la web?')], { objectionsUntil: '2026-03-31' });
const loaded = (...actions: Parameters<typeof rootReducer>[1][]) => actions.reduce(rootReducer, rootReducer(undefined, { type: 'init' }));

describe('the objection window', () => {
  const at = (day: string) => new Date(`${day}T12:00:00+01:00`);
  it('is open through the last day in Madrid for a sent campaign not back for corrections', () => {
    expect(objectionWindow(campaign, at('2026-03-31'))).toEqual({ open: true, over: false, until: '2026-03-31' });
    // 23:30 in Madrid on the last day is still that day; 00:30 the next is not (UTC reads otherwise).
    expect(objectionWindow(campaign, new Date('2026-03-31T21:30:00Z')).open).toBe(true);
    expect(objectionWindow(campaign, new Date('2026-03-31T23:30:00Z'))).toEqual({ open: false, over: true, until: '2026-03-31' });
    expect(objectionWindow({ ...campaign, reviewStatus: 'changesRequested' }, at('2026-03-20'))).toEqual({ open: false, over: false, until: '2026-03-31' });
    expect(objectionWindow({ ...campaign, status: 'draft' }, at('2026-03-20')).open).toBe(false);
    expect(objectionWindow({ ...campaign, objectionsUntil: null }, at('2026-03-20'))).toEqual({ open: false, over: false, until: null });
  });
});

describe('objections state', () => {
  it('groups them by question, newest first; a filed one heads its list; another campaign starts empty', () => {
    let state = loaded(objectionsActions.listRequested(5), objectionsActions.listLoaded([objection(2, 11, 'refused', 'No'), objection(1, 12)]));
    state = rootReducer(state, objectionsActions.filed(objection(3, 11)));
    expect(
      selectObjectionsByQuestion(state, 5)
        .get(11)!
        .map((o) => o.id),
    ).toEqual([3, 2]);
    expect(selectOpenObjections(state, 5)).toBe(2);
    state = rootReducer(state, objectionsActions.resolved(objection(1, 12, 'refused', 'Sin base')));
    expect(selectOpenObjections(state, 5)).toBe(1);
    // Another campaign on screen reads none of these, even before its own are asked for.
    expect(selectObjectionsByQuestion(state, 6).size).toBe(0);
    expect(selectOpenObjections(state, 6)).toBe(0);
    state = rootReducer(state, objectionsActions.listRequested(6));
    expect(state.objections).toMatchObject({ campaignId: 6, list: { status: 'loading', data: null } });
  });

  it('an accepted objection sends the campaign under review back to its entity, its answer marked to correct with the reason', () => {
    const state = loaded(reviewActions.campaignLoaded(campaign), objectionsActions.resolved(objection(1, 12, 'accepted', 'Tiene razón: corrija el enlace')));
    const data = state.review.campaign.data!;
    expect(data).toMatchObject({ reviewStatus: 'changesRequested', reviewMessage: 'Tiene razón: corrija el enlace', validatedAt: null });
    expect(data.indicators[0].subindicators[1].review).toEqual({
      verdict: 'fix',
      comment: 'Tiene razón: corrija el enlace',
      reviewer: 'fec@demo.es',
      markedAt: '2026-03-22T10:00:00.000Z',
    });
    expect(data.indicators[0].subindicators[0].review).toBeNull();
  });
});

describe('objections sagas', () => {
  it('files an objection and says so; a refusal keeps the form and says why in Spanish', async () => {
    const filed = await expectSaga(
      handleFile,
      { objectionsApi: { ...objectionsApi, object: async () => objection(3, 11) } },
      objectionsActions.objectionFiled({ id: 5, question: 11, text: 'Alegación 3' }),
    )
      .withReducer(rootReducer, loaded(objectionsActions.listRequested(5), objectionsActions.listLoaded([])))
      .put.like({ action: { type: snackbarActions.toastShown.type, payload: { message: 'OBJECTIONS.TOAST.FILED' } } })
      .run();
    expect(filed.storeState.objections.list.data).toEqual([objection(3, 11)]);
    const closed = async () => Promise.reject(new ApiError('CONFLICT', 409, { code: 'OBJECTIONS_CLOSED', objectionsUntil: '2026-03-31' }));
    const refused = await expectSaga(
      handleFile,
      { objectionsApi: { ...objectionsApi, object: closed } },
      objectionsActions.objectionFiled({ id: 5, question: 11, text: 'Tarde' }),
    )
      .withReducer(rootReducer, loaded(objectionsActions.listRequested(5)))
      .put.like({ action: { type: snackbarActions.toastShown.type, payload: { message: 'OBJECTIONS.TOAST.CLOSED' } } })
      .run();
    expect(refused.storeState.objections.filing[11].status).toBe('failed');
  });

  it('resolves an objection, with the toast of the decision', async () => {
    const { storeState } = await expectSaga(
      handleResolve,
      { objectionsApi: { ...objectionsApi, resolve: async () => objection(1, 12, 'refused', 'Sin base') } },
      objectionsActions.resolutionAsked({ objectionId: 1, accepted: false, reason: 'Sin base' }),
    )
      .withReducer(rootReducer, loaded(objectionsActions.listRequested(5), objectionsActions.listLoaded([objection(1, 12)])))
      .put.like({ action: { type: snackbarActions.toastShown.type, payload: { message: 'OBJECTIONS.TOAST.REFUSED' } } })
      .run();
    expect(storeState.objections.list.data![0]).toMatchObject({ status: 'refused', reason: 'Sin base' });
  });

  it('names each refusal of the server', () => {
    const error = (type: 'CONFLICT' | 'VALIDATION' | 'INTERNAL', data?: unknown) => ({ type, status: 409, data });
    expect(objectionErrorToast(error('CONFLICT', { code: 'OBJECTION_OPEN' }))).toBe('OBJECTIONS.TOAST.ALREADY_OPEN');
    expect(objectionErrorToast(error('CONFLICT', { code: 'OBJECTION_RESOLVED' }))).toBe('OBJECTIONS.TOAST.ALREADY_RESOLVED');
    expect(objectionErrorToast(error('CONFLICT', { code: 'REVIEW_STATE', reviewStatus: 'changesRequested' }))).toBe('OBJECTIONS.TOAST.NOT_NOW');
    expect(objectionErrorToast(error('CONFLICT', 'CAMPAIGN_NOT_SENT'))).toBe('OBJECTIONS.TOAST.NOT_NOW');
    expect(objectionErrorToast(error('VALIDATION', { text: 'is required' }))).toBe('OBJECTIONS.TOAST.INVALID');
    expect(objectionErrorToast(error('INTERNAL'))).toBe('OBJECTIONS.TOAST.ERROR');
  });
});

describe("the reviewer's objections", () => {
  it('shows each objection beside its answer and the count in the header; a decision needs the reason the entity reads', async () => {
    const user = userEvent.setup();
    const { store } = renderAtRoute('/review/:campaignId', <ReviewCampaignPage />, '/review/5');
    act(() => void store.dispatch(reviewActions.campaignLoaded(campaign)));
    expect(store.getState().objections).toMatchObject({ campaignId: 5, list: { status: 'loading' } });
    act(() => void store.dispatch(objectionsActions.listLoaded([objection(2, 12), objection(1, 11, 'refused', 'El acta no está firmada')])));
    expect(screen.getByTestId('review-open-objections')).toHaveTextContent('1 alegación pendiente de resolver');
    const resolved = screen.getByTestId('objections-11');
    expect(within(resolved).getByTestId('objection-reason')).toHaveTextContent('El acta no está firmada');
    expect(within(resolved).queryByRole('button', { name: /^Aceptar/ })).not.toBeInTheDocument();
    const open = screen.getByTestId('objections-12');
    expect(open).toHaveTextContent('«Alegación 2»');
    // Named with its question: a campaign may have several to decide.
    const accept = within(open).getByRole('button', { name: 'Aceptar: ¿Lo publica en la web?' });
    expect(accept).toBeDisabled();
    await user.type(within(open).getByLabelText('Motivo (lo leerá la entidad)'), 'Tiene razón: corrija el enlace');
    await user.click(accept);
    expect(store.getState().objections.resolving[2].status).toBe('loading');
    act(() => void store.dispatch(objectionsActions.resolved(objection(2, 12, 'accepted', 'Tiene razón: corrija el enlace'))));
    expect(screen.queryByTestId('review-open-objections')).not.toBeInTheDocument();
    expect(screen.getByText('Esperando las correcciones de la entidad. Mensaje enviado: «Tiene razón: corrija el enlace»')).toBeInTheDocument();
  });
});
