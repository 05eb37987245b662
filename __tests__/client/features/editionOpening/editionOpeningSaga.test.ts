import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { editionOpeningActions } from '../../../../src/client/features/editionOpening/editionOpeningSlice.js';
import {
  handleEmailsCsvRequested,
  handleOpeningConfirmed,
  handleRemindRequested,
  type EditionOpeningDependencies,
} from '../../../../src/client/features/editionOpening/editionOpeningSaga.js';
import { campaignsActions } from '../../../../src/client/features/campaigns/campaignsSlice.js';
import { snackbarActions } from '../../../../src/client/features/snackbar/snackbarSlice.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import { editionOpeningApi } from '../../../../src/client/api/editionOpeningApi.js';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice.js';
import type { Reminders } from '../../../../src/shared/api/editionOpening.js';
import { demoUser } from '../../../helpers/client.js';

const state = () => ({
  ...rootReducer(undefined, { type: 'init' }),
  auth: { ...initialAuthState, status: 'loaded' as const, user: { ...demoUser, role: 'ADMIN' as const }, tokenSource: 'cookie' as const },
});
const deps = (
  overrides: Partial<typeof editionOpeningApi> = {},
  download: EditionOpeningDependencies['download'] = () => undefined,
): EditionOpeningDependencies => ({
  editionOpeningApi: { ...editionOpeningApi, ...overrides },
  download,
});
const reminders: Reminders = {
  edition: 2027,
  smtpConfigured: false,
  entities: [{ entityId: 1, entity: 'Ayuntamiento de Vic', province: 'Barcelona', status: 'none', users: 1 }],
  recipients: [{ email: 'vic@example.org', name: 'Anna; Puig', entities: ['Ayuntamiento de Vic', 'Consell Comarcal'] }],
};

describe('opening the edition and reminders (sagas)', () => {
  it('opens the scope, keeps the result, and reloads the table', async () => {
    const result = { edition: 2027, created: 2, existing: 1, mail: null };
    const { storeState } = await expectSaga(
      handleOpeningConfirmed,
      deps({ openEdition: async () => result }),
      editionOpeningActions.openingConfirmed({ scope: 'province', id: '08', notify: false }),
    )
      .withReducer(rootReducer, state())
      .put(campaignsActions.statusRequested())
      .run();
    expect(storeState.editionOpening.opening).toMatchObject({ status: 'succeeded', result });
  });

  it('says when e-mail is not configured', async () => {
    await expectSaga(handleRemindRequested, deps({ remind: async () => Promise.reject(new ApiError('CONFLICT', 409, 'SMTP_NOT_CONFIGURED')) }))
      .withReducer(rootReducer, state())
      .put.like({ action: { type: snackbarActions.toastShown.type, payload: { message: 'OPENING.TOAST.SMTP_NOT_CONFIGURED' } } })
      .run();
  });

  it("downloads the users' e-mails as the app's CSV", async () => {
    const files: { name: string; content: unknown; type: string }[] = [];
    const loaded = rootReducer(state(), editionOpeningActions.remindersLoaded(reminders));
    await expectSaga(
      handleEmailsCsvRequested,
      deps({}, (name, content, type) => files.push({ name, content, type })),
    )
      .withReducer(rootReducer, loaded)
      .run();
    expect(files).toEqual([
      {
        name: 'correos-pendientes-2027.csv',
        content: '\uFEFFCorreo electrónico;Nombre;Entidades\r\nvic@example.org;"Anna; Puig";Ayuntamiento de Vic, Consell Comarcal\r\n',
        type: 'text/csv; charset=utf-8',
      },
    ]);
  });
});
