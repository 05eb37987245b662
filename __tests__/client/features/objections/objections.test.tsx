import { act, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { objectionsActions } from '../../../../src/client/features/objections/objectionsSlice.js';
import { handleFile, handleResolve, objectionErrorToast } from '../../../../src/client/features/objections/objectionsSaga.js';
import {
  objectionWindow,
  selectObjectionEvidence,
  selectObjectionsByQuestion,
  selectOpenObjections,
} from '../../../../src/client/features/objections/objectionsSelectors.js';
import { campaignsActions } from '../../../../src/client/features/campaigns/campaignsSlice.js';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice.js';
import type { CampaignDetail, EvidenceItem } from '../../../../src/shared/api/campaigns.js';
import type { CurrentUser } from '../../../../src/shared/api/auth.js';
import { reviewActions } from '../../../../src/client/features/review/reviewSlice.js';
import ReviewCampaignPage from '../../../../src/client/features/review/ReviewCampaignPage.js';
import { objectionsApi } from '../../../../src/client/api/objectionsApi.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import { snackbarActions } from '../../../../src/client/features/snackbar/snackbarSlice.js';
import type { Objection } from '../../../../src/shared/api/objections.js';
import { sentCampaignOf, yesNoQuestion } from '../../../helpers/questions.js';
import { demoUser, renderAtRoute } from '../../../helpers/client.js';

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

describe('backing an open objection with evidence', () => {
  const link = (id: number, addedAt: string): EvidenceItem => ({
    id,
    kind: 'link',
    url: `https://sede.example.es/${id}`,
    addedBy: 'usuario@demo.es',
    addedAt,
  });
  // Question 11 holds the evidence the review saw (1), one item added the very moment the objection was filed (2) and one after (3).
  const backed = sentCampaignOf(
    [
      yesNoQuestion(11, '¿Tiene plan aprobado?', {
        evidence: [link(1, '2026-03-19T09:00:00.000Z'), link(2, '2026-03-20T10:00:00.000Z'), link(3, '2026-03-21T08:00:00.000Z')],
      }),
      yesNoQuestion(12, '¿Lo publica en la web?', { evidence: [link(4, '2026-03-21T08:00:00.000Z')] }),
    ],
    { objectionsUntil: '2026-03-31' },
  );
  const stateOf = (shown: CampaignDetail, objections: Objection[], role: CurrentUser['role'] = 'USER') => ({
    ...loaded(campaignsActions.questionnaireLoaded(shown), objectionsActions.listRequested(shown.id), objectionsActions.listLoaded(objections)),
    auth: { ...initialAuthState, status: 'loaded' as const, user: { ...demoUser, role }, tokenSource: 'cookie' as const },
  });

  it('opens the answer with an open objection until the last day (Madrid), removing only what was added since it was filed', () => {
    const backing = selectObjectionEvidence(stateOf(backed, [objection(1, 11), objection(2, 12, 'refused', 'No')]), '2026-03-31');
    expect([...backing.keys()]).toEqual([11]);
    expect(backing.get(11)).toEqual({ until: '2026-03-31', removable: new Set([2, 3]) });
    // ADMIN answers any campaign, so it backs it too.
    expect(selectObjectionEvidence(stateOf(backed, [objection(1, 11)], 'ADMIN'), '2026-03-20').get(11)?.removable).toEqual(new Set([2, 3]));
  });

  it('opens nothing for a decided objection, after the last day, while the entity corrects, before publication, to FEC or for another campaign', () => {
    const none = (state: ReturnType<typeof stateOf>, today = '2026-03-25') => [...selectObjectionEvidence(state, today).keys()];
    expect(none(stateOf(backed, [objection(1, 11, 'refused', 'No'), objection(2, 12, 'accepted', 'Sí')]))).toEqual([]);
    expect(none(stateOf(backed, [objection(1, 11)]), '2026-04-01')).toEqual([]);
    expect(none(stateOf({ ...backed, reviewStatus: 'changesRequested' }, [objection(1, 11)]))).toEqual([]);
    expect(none(stateOf({ ...backed, objectionsUntil: null }, [objection(1, 11)]))).toEqual([]);
    expect(none(stateOf(backed, [objection(1, 11)], 'FEC'))).toEqual([]);
    // The objections in the store are another campaign's (the one on screen has not loaded its own yet).
    const other = { ...stateOf(backed, [objection(1, 11)]), objections: { ...stateOf(backed, [objection(1, 11)]).objections, campaignId: 6 } };
    expect(none(other)).toEqual([]);
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
