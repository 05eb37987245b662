import { localeActions } from '../../../../src/client/features/locale/localeSlice.js';
import { jest } from '@jest/globals';
import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { campaignsActions } from '../../../../src/client/features/campaigns/campaignsSlice.js';
import {
  handleCreate,
  handleEditionExportRequested,
  handleDeleteConfirmed,
  handleMineRequested,
  handleQuestionnaireRequested,
  handleSubmitConfirmed,
  watchCampaigns,
  type CampaignsDependencies,
} from '../../../../src/client/features/campaigns/campaignsSaga.js';
import { snackbarActions } from '../../../../src/client/features/snackbar/snackbarSlice.js';
import { alertsActions } from '../../../../src/client/features/alerts/alertsSlice.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice.js';
import { campaignsApi, referenceApi } from '../../../../src/client/api/campaignsApi.js';
import type { CampaignDetail } from '../../../../src/shared/api/campaigns.js';
import { demoUser } from '../../../helpers/client.js';
import { ASKS_NOTHING, campaignWith, indicatorOf } from '../../../helpers/questions.js';

const campaign = campaignWith(
  [
    indicatorOf([
      {
        id: 11,
        text: '¿Pregunta?',
        type: 'single',
        ...ASKS_NOTHING,
        responses: [
          { id: 101, text: 'Sí', value: 2, obsolete: false, exclusive: false },
          { id: 102, text: 'No', value: 0, obsolete: false, exclusive: false },
        ],
        answer: null,
      },
    ]),
  ],
  { status: 'created', startDate: null },
);
/** The same campaign with its one question answered, so that it can be sent. */
const answered: CampaignDetail = {
  ...campaign,
  indicators: [{ ...campaign.indicators[0], subindicators: [{ ...campaign.indicators[0].subindicators[0], answer: [101] }] }],
};
const state = (role: 'USER' | 'ADMIN' | 'FEC' = 'USER') => ({
  ...rootReducer(undefined, { type: 'init' }),
  auth: { ...initialAuthState, status: 'loaded' as const, user: { ...demoUser, role }, tokenSource: 'cookie' as const },
});
const deps = (overrides: Partial<typeof campaignsApi> = {}, navigate = (_path: string) => undefined): CampaignsDependencies => ({
  campaignsApi: { ...campaignsApi, ...overrides },
  referenceApi,
  navigate,
  download: () => undefined,
});
const sentResult = {
  success: true as const,
  campaign: { id: 5, status: 'sent' as const, reviewStatus: 'pending' as const, startDate: null, endDate: '2026-11-23T10:00:00Z' },
};
const fail = (type: ApiError['type'], status: number) => async () => Promise.reject(new ApiError(type, status));

describe('campaign sagas', () => {
  it('loads my campaigns, and says so in a toast when it fails', async () => {
    const ok = await expectSaga(handleMineRequested, deps({ all: async () => [campaign] }))
      .withReducer(rootReducer, state())
      .run();
    expect(ok.storeState.campaigns.mine).toMatchObject({ status: 'succeeded', items: [campaign] });
    await expectSaga(handleMineRequested, deps({ all: fail('INTERNAL', 500) }))
      .withReducer(rootReducer, state())
      .put.like({ action: { type: snackbarActions.toastShown.type, payload: { message: 'CAMPAIGNS.TOAST.LOAD_LIST_ERROR', severity: 'error' } } })
      .run();
  });

  it('loads the questionnaire and its failure toast', async () => {
    const ok = await expectSaga(handleQuestionnaireRequested, deps({ get: async () => campaign }), campaignsActions.questionnaireRequested(5))
      .withReducer(rootReducer, state())
      .run();
    expect(ok.storeState.campaigns.questionnaire.campaign).toEqual(campaign);
    await expectSaga(handleQuestionnaireRequested, deps({ get: fail('NOT_FOUND', 404) }), campaignsActions.questionnaireRequested(5))
      .withReducer(rootReducer, state())
      .put.like({ action: { payload: { message: 'CAMPAIGNS.TOAST.LOAD_CAMPAIGN_ERROR' } } })
      .run();
  });

  it('asks the user to sign before submitting, naming the entity, the campaign and the signer, and cancelling sends nothing', async () => {
    const submit = jest.fn(async () => sentResult);
    const loaded = rootReducer(state(), campaignsActions.questionnaireLoaded(answered));
    const asked = await expectSaga(watchCampaigns, deps({ submit }))
      .withReducer(rootReducer, loaded)
      .dispatch(campaignsActions.submitAsked({ id: 5, entity: 'Ayuntamiento de Prueba', year: 2026 }))
      .silentRun(20);
    expect(submit).not.toHaveBeenCalled();
    expect(asked.storeState.alerts.queue[0]).toMatchObject({
      title: 'QUESTIONNAIRE.SUBMIT_CONFIRM.TITLE',
      message: 'QUESTIONNAIRE.SUBMIT_CONFIRM.MESSAGE',
      values: { entity: 'Ayuntamiento de Prueba', year: '2026', signer: 'usuario@demo.es' },
      confirm: { label: 'QUESTIONNAIRE.SIGN_AND_SEND', action: campaignsActions.submitConfirmed(5), danger: false },
    });
    // Cancel (the dialog's button hides it): nothing is sent.
    const cancelled = await expectSaga(watchCampaigns, deps({ submit }))
      .withReducer(rootReducer, asked.storeState as ReturnType<typeof rootReducer>)
      .dispatch(alertsActions.alertHidden())
      .silentRun(20);
    expect(submit).not.toHaveBeenCalled();
    expect(cancelled.effects.put).toBeUndefined();
    expect(cancelled.storeState.campaigns.questionnaire.campaign?.status).toBe('created');
  });

  it('submits once confirmed, says Cuestionario enviado and goes to the results; a failure toasts and stays', async () => {
    const visited: string[] = [];
    const submit = jest.fn(async () => sentResult);
    const loaded = rootReducer(state(), campaignsActions.questionnaireLoaded(campaign));
    const sent = await expectSaga(
      watchCampaigns,
      deps({ submit }, (p) => void visited.push(p)),
    )
      .withReducer(rootReducer, loaded)
      .put.like({ action: { payload: { message: 'CAMPAIGNS.TOAST.SUBMITTED', severity: 'success' } } })
      .dispatch(campaignsActions.submitConfirmed(5))
      .silentRun(20);
    expect(submit).toHaveBeenCalledWith(null, 5);
    expect(visited).toEqual(['/results/5']);
    expect(sent.storeState.campaigns.questionnaire.campaign?.status).toBe('sent');
    const failed = await expectSaga(
      handleSubmitConfirmed,
      deps({ submit: fail('VALIDATION', 422) }, (p) => void visited.push(p)),
      campaignsActions.submitConfirmed(5),
    )
      .withReducer(rootReducer, loaded)
      .put.like({ action: { payload: { message: 'CAMPAIGNS.TOAST.SUBMIT_ERROR' } } })
      .run();
    expect(visited).toEqual(['/results/5']);
    expect(failed.storeState.campaigns.questionnaire.campaign?.status).toBe('created');
    expect(failed.storeState.alerts.loading).toBe(false);
  });

  it('after creating, sends ADMIN to the questionnaire and keeps FEC on the status page', async () => {
    const visited: string[] = [];
    await expectSaga(
      handleCreate,
      deps({ create: async () => ({ campaign: { id: 9 } }) }, (p) => void visited.push(p)),
      campaignsActions.createRequested(1),
    )
      .withReducer(rootReducer, state('ADMIN'))
      .put.like({ action: { payload: { message: 'CAMPAIGNS.TOAST.CREATED' } } })
      .run();
    expect(visited).toEqual(['/my-campaigns/9']);
    await expectSaga(
      handleCreate,
      deps({ create: async () => ({ campaign: { id: 9 } }) }, (p) => void visited.push(p)),
      campaignsActions.createRequested(1),
    )
      .withReducer(rootReducer, state('FEC'))
      .put(campaignsActions.statusRequested())
      .run();
    expect(visited).toEqual(['/my-campaigns/9']);
    await expectSaga(handleCreate, deps({ create: fail('INTERNAL', 500) }), campaignsActions.createRequested(1))
      .withReducer(rootReducer, state('FEC'))
      .put.like({ action: { payload: { message: 'CAMPAIGNS.TOAST.CREATE_ERROR' } } })
      .run();
  });

  it('says that the entity has its campaign already when the server refuses, and reloads the status rows', async () => {
    const exists = async () => Promise.reject(new ApiError('CONFLICT', 409, 'CAMPAIGN_EXISTS'));
    await expectSaga(handleCreate, deps({ create: exists }), campaignsActions.createRequested(1))
      .withReducer(rootReducer, state('ADMIN'))
      .put.like({ action: { payload: { message: 'CAMPAIGNS.TOAST.CAMPAIGN_EXISTS', severity: 'error' } } })
      .put(campaignsActions.statusRequested())
      .run();
    const archived = async () => Promise.reject(new ApiError('CONFLICT', 409, 'ENTITY_ARCHIVED'));
    await expectSaga(handleCreate, deps({ create: archived }), campaignsActions.createRequested(1))
      .withReducer(rootReducer, state('ADMIN'))
      .put.like({ action: { payload: { message: 'CAMPAIGNS.TOAST.ENTITY_ARCHIVED', severity: 'error' } } })
      .run();
  });

  it('asks before deleting, then removes the row with Cuestionario eliminado', async () => {
    const withRows = rootReducer(
      state('ADMIN'),
      campaignsActions.statusLoaded([
        {
          campaignId: 5,
          campaignNumber: 2026,
          entityId: 1,
          entity: 'X',
          province: 'P',
          provinceId: '46',
          autonomousCommunity: 'C',
          autonomousCommunityId: '10',
          status: 'created',
          startDate: null,
          endDate: null,
          currentEdition: true,
          openObjections: 0,
          reviewStatus: 'none',
          editionId: 3,
          deadline: null,
        },
      ]),
    );
    const asked = await expectSaga(watchCampaigns, deps())
      .withReducer(rootReducer, withRows)
      .dispatch(campaignsActions.deleteAsked({ id: 5, entity: 'X', year: 2026 }))
      .silentRun(20);
    const askedState = asked.storeState as ReturnType<typeof rootReducer>;
    expect(asked.storeState.alerts.queue[0]).toMatchObject({
      title: 'CAMPAIGNS.DELETE.TITLE',
      values: { entity: 'X', year: 2026 },
      confirm: { action: campaignsActions.deleteConfirmed(5), danger: true },
    });
    const done = await expectSaga(handleDeleteConfirmed, deps({ remove: async () => ({ success: true }) }), campaignsActions.deleteConfirmed(5))
      .withReducer(rootReducer, askedState)
      .put.like({ action: { payload: { message: 'CAMPAIGNS.TOAST.DELETED' } } })
      .run();
    expect(done.storeState.campaigns.statusPage.rows).toEqual([]);
    expect(done.storeState.alerts.queue).toEqual([]);
    await expectSaga(handleDeleteConfirmed, deps({ remove: fail('CONFLICT', 409) }), campaignsActions.deleteConfirmed(5))
      .withReducer(rootReducer, askedState)
      .put.like({ action: { payload: { message: 'CAMPAIGNS.TOAST.DELETE_ERROR' } } })
      .run();
  });

  it('saves an edition export under the name the server gives it; a refusal toasts and the buttons come back', async () => {
    const saved: { name: string; content: unknown; type: string }[] = [];
    const blob = new Blob(['csv'], { type: 'text/csv; charset=utf-8' });
    const asked: unknown[] = [];
    const ok = {
      ...deps({ exportEdition: async (_token, query) => (asked.push(query), { name: `edicion-${query.edition}.${query.format}`, blob }) }),
      download: (name: string, content: unknown, type: string) => void saved.push({ name, content, type }),
    };
    const request = campaignsActions.editionExportRequested({ edition: 2026, format: 'csv' });
    const done = await expectSaga(handleEditionExportRequested, ok, request)
      .withReducer(rootReducer, rootReducer(state('FEC'), request))
      .run();
    expect(saved).toEqual([{ name: 'edicion-2026.csv', content: blob, type: 'text/csv; charset=utf-8' }]);
    expect(done.storeState.campaigns.exporting).toBeNull();
    // Written in the interface's language.
    await expectSaga(handleEditionExportRequested, ok, request)
      .withReducer(rootReducer, rootReducer(rootReducer(state('FEC'), localeActions.languageChanged('ca')), request))
      .run();
    expect(asked).toEqual([
      { language: 'es', edition: 2026, format: 'csv' },
      { language: 'ca', edition: 2026, format: 'csv' },
    ]);

    const refused = {
      ...deps({ exportEdition: fail('FORBIDDEN', 403) }),
      download: (name: string, content: unknown, type: string) => void saved.push({ name, content, type }),
    };
    await expectSaga(handleEditionExportRequested, refused, request)
      .withReducer(rootReducer, rootReducer(state('FEC'), request))
      .put.like({ action: { payload: { message: 'CAMPAIGNS.TOAST.EXPORT_ERROR' } } })
      .put(campaignsActions.editionExportFinished())
      .run();
    expect(saved).toHaveLength(2);
  });
});
