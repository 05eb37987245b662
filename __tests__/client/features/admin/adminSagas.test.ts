import { expectSaga } from 'redux-saga-test-plan';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice.js';
import { usersActions } from '../../../../src/client/features/admin/users/usersSlice.js';
import {
  handleCreate as handleUserCreate,
  handleRegenerateConfirmed,
  handleRemoveConfirmed,
  handleListRequested,
  handleUpdate as handleUserUpdate,
  watchUsers,
} from '../../../../src/client/features/admin/users/usersSaga.js';
import { entitiesActions } from '../../../../src/client/features/admin/entities/entitiesSlice.js';
import {
  handleArchive,
  handleCreate as handleEntityCreate,
  handleGeographyRequested,
  handleRemoveForGood,
  handleRestore,
  handleUpdate as handleEntityUpdate,
  watchEntities,
} from '../../../../src/client/features/admin/entities/entitiesSaga.js';
import { snackbarActions } from '../../../../src/client/features/snackbar/snackbarSlice.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import { entitiesApi, usersApi } from '../../../../src/client/api/adminApi.js';
import type { EntityRow, UserRow } from '../../../../src/shared/api/admin.js';
import { demoUser } from '../../../helpers/client.js';
import { createSecretBox } from '../../../../src/client/lib/secretBox.js';
import { authActions } from '../../../../src/client/features/auth/authSlice.js';

type State = ReturnType<typeof rootReducer>;

const state = () => ({
  ...rootReducer(undefined, { type: 'init' }),
  auth: { ...initialAuthState, status: 'loaded' as const, user: { ...demoUser, role: 'ADMIN' as const }, tokenSource: 'cookie' as const },
});
const fail = (type: ApiError['type'], status: number, data?: unknown) => async () => Promise.reject(new ApiError(type, status, data));
const toastOf = (message: string, severity = 'error') => ({ action: { type: snackbarActions.toastShown.type, payload: { message, severity } } });

const user: UserRow = { id: 3, email: 'ana@ayto.es', name: '', role: 'USER', entities: [{ id: 1, name: 'Ayuntamiento de Prueba' }] };
const entity: EntityRow = {
  id: 9,
  name: 'Mancomunidad Nueva',
  population: 1200,
  municipalities: [{ munId: '46017', name: 'Alzira' }],
  province: 'Valencia/València',
  autonomousCommunity: 'Comunitat Valenciana',
  archived: false,
  campaigns: [
    { id: 4, text: 'Campaña 2025', campaignNumber: 2025, status: 'sent' },
    { id: 5, text: 'Campaña 2026', campaignNumber: 2026, status: 'draft' },
  ],
};
const users = (overrides: Partial<typeof usersApi> = {}, navigate = (_path: string) => undefined) => ({
  usersApi: { ...usersApi, ...overrides },
  generatedPassword: createSecretBox(),
  navigate,
});
const entities = (overrides: Partial<typeof entitiesApi> = {}, navigate = (_path: string) => undefined) => ({
  entitiesApi: { ...entitiesApi, ...overrides },
  navigate,
});

describe('user sagas', () => {
  it('loads the users, and toasts the spec message when it fails', async () => {
    const ok = await expectSaga(handleListRequested, users({ list: async () => [user] }))
      .withReducer(rootReducer, state())
      .run();
    expect(ok.storeState.users.list).toMatchObject({ status: 'succeeded', items: [user] });
    const failed = await expectSaga(handleListRequested, users({ list: fail('INTERNAL', 500) }))
      .withReducer(rootReducer, state())
      .put.like(toastOf('USERS.TOAST.LOAD_ERROR'))
      .run();
    expect(failed.storeState.users.list.status).toBe('failed');
  });

  it('creates a user: success toast, the password in the box for its dialog and only the e-mail in the store', async () => {
    const request = { email: 'ana@ayto.es', role: 1, name: '', entities: [1] };
    const deps = users({ create: async () => ({ user: { id: 3, email: 'ana@ayto.es' }, generatedPassword: 'Abcdefghijkmnpqrstu' }) });
    const { storeState } = await expectSaga(handleUserCreate, deps, usersActions.createRequested(request))
      .withReducer(rootReducer, state())
      .put(usersActions.created({ email: 'ana@ayto.es' }))
      .put.like(toastOf('USERS.TOAST.CREATED', 'success'))
      .run();
    expect(deps.generatedPassword.read()).toBe('Abcdefghijkmnpqrstu');
    expect(storeState.users.passwordFor).toBe('ana@ayto.es');
    expect(JSON.stringify(storeState)).not.toContain('Abcdefghijkmnpqrstu');
    expect(storeState.users.create.status).toBe('succeeded');
    expect(rootReducer(storeState, usersActions.passwordDialogClosed()).users.passwordFor).toBeNull();
  });

  it.each([
    ['the dialog closes', usersActions.passwordDialogClosed()],
    ['the session ends', authActions.loggedOut()],
    ['another session begins', authActions.loginSucceeded({ user: demoUser })],
  ])('empties the password box when %s', async (_when, event) => {
    const deps = users();
    deps.generatedPassword.put('Abcdefghijkmnpqrstu');
    await expectSaga(watchUsers, deps)
      .withReducer(rootReducer, state())
      .dispatch(usersActions.listFailed({ type: 'INTERNAL', status: 500 }))
      .silentRun(20);
    expect(deps.generatedPassword.read()).toBe('Abcdefghijkmnpqrstu');
    await expectSaga(watchUsers, deps).withReducer(rootReducer, state()).dispatch(event).silentRun(20);
    expect(deps.generatedPassword.read()).toBeNull();
  });

  it.each([
    ['EMAIL_EXISTS', 409, 'USERS.TOAST.EMAIL_EXISTS'],
    ['VALIDATION', 422, 'USERS.TOAST.CREATE_ERROR'],
    ['INTERNAL', 500, 'USERS.TOAST.CREATE_ERROR'],
  ] as const)('maps a %s (%s) creation failure to %s, keeping the form (no error page)', async (type, status, message) => {
    const { storeState } = await expectSaga(
      handleUserCreate,
      users({ create: fail(type, status) }),
      usersActions.createRequested({ email: 'a@b.es', role: 1, name: '', entities: [1] }),
    )
      .withReducer(rootReducer, state())
      .put.like(toastOf(message))
      .run();
    expect(storeState.users.create).toMatchObject({ status: 'failed', error: { type } });
    expect(storeState.errors.globalError).toBeNull();
  });

  it('asks before removing and regenerating; confirmed, it removes the row or shows the new password', async () => {
    const loaded = rootReducer(state(), usersActions.listLoaded([user]));
    const asked = await expectSaga(watchUsers, users())
      .withReducer(rootReducer, loaded)
      .dispatch(usersActions.removeAsked({ id: 3, email: user.email }))
      .dispatch(usersActions.regenerateAsked({ id: 3, email: user.email }))
      .silentRun(20);
    const askedState = asked.storeState as State;
    expect(askedState.alerts.queue.map((a) => [a.title, a.values, a.confirm?.action])).toEqual([
      ['USERS.DELETE.TITLE', { email: user.email }, usersActions.removeConfirmed(3)],
      ['USERS.REGENERATE.TITLE', { email: user.email }, usersActions.regenerateConfirmed(3)],
    ]);
    const removed = await expectSaga(handleRemoveConfirmed, users({ remove: async () => ({ success: true }) }), usersActions.removeConfirmed(3))
      .withReducer(rootReducer, askedState)
      .put.like(toastOf('USERS.TOAST.DELETED', 'success'))
      .run();
    expect(removed.storeState.users.list.items).toEqual([]);
    expect(removed.storeState.alerts.queue).toHaveLength(1);
    const regenerating = users({ regeneratePassword: async () => ({ email: user.email, password: 'Zyxwvutsrqpnmkjihg' }) });
    const regenerated = await expectSaga(handleRegenerateConfirmed, regenerating, usersActions.regenerateConfirmed(3))
      .withReducer(rootReducer, removed.storeState as State)
      .put(usersActions.passwordRegenerated({ email: user.email }))
      .put.like(toastOf('USERS.TOAST.REGENERATED', 'success'))
      .run();
    expect(regenerated.storeState.users.passwordFor).toBe(user.email);
    expect(regenerating.generatedPassword.read()).toBe('Zyxwvutsrqpnmkjihg');
    expect(regenerated.storeState.alerts.queue).toEqual([]);
  });

  it('saves an edited user and goes back to the list; a refusal keeps the form with its message', async () => {
    const request = { id: 3, email: 'ana.nueva@ayto.es', role: 1, entities: [1, 2] };
    const sent: unknown[] = [];
    const visited: string[] = [];
    const saved = await expectSaga(
      handleUserUpdate,
      users({ update: async (_t, body) => (sent.push(body), { success: true }) }, (p) => void visited.push(p)),
      usersActions.updateRequested(request),
    )
      .withReducer(rootReducer, state())
      .put.like(toastOf('USERS.TOAST.UPDATED', 'success'))
      .run();
    expect([sent, visited, saved.storeState.users.update.status]).toEqual([[request], ['/manage/users'], 'succeeded']);
    for (const [type, status, message] of [
      ['EMAIL_EXISTS', 409, 'USERS.TOAST.EMAIL_EXISTS'],
      ['FORBIDDEN', 403, 'USERS.TOAST.UPDATE_ERROR'],
    ] as const) {
      const refused = await expectSaga(
        handleUserUpdate,
        users({ update: fail(type, status) }, (p) => void visited.push(p)),
        usersActions.updateRequested(request),
      )
        .withReducer(rootReducer, state())
        .put.like(toastOf(message))
        .run();
      expect(refused.storeState.users.update).toMatchObject({ status: 'failed', error: { type } });
    }
    expect(visited).toEqual(['/manage/users']);
  });

  it('toasts failed removals and regenerations and closes the dialog', async () => {
    await expectSaga(handleRemoveConfirmed, users({ remove: fail('FORBIDDEN', 403) }), usersActions.removeConfirmed(3))
      .withReducer(rootReducer, state())
      .put.like(toastOf('USERS.TOAST.DELETE_ERROR'))
      .run();
    await expectSaga(handleRegenerateConfirmed, users({ regeneratePassword: fail('INTERNAL', 500) }), usersActions.regenerateConfirmed(3))
      .withReducer(rootReducer, state())
      .put.like(toastOf('USERS.TOAST.REGENERATE_ERROR'))
      .run();
  });
});

describe('entity sagas', () => {
  const request = { entity: { name: 'Mancomunidad Nueva', population: 1200 }, municipalities: ['46017'] };

  it('creates an entity, adds it to the list and goes back to the list', async () => {
    const visited: string[] = [];
    const { storeState } = await expectSaga(
      handleEntityCreate,
      entities({ create: async () => ({ entity }) }, (p) => void visited.push(p)),
      entitiesActions.createRequested(request),
    )
      .withReducer(rootReducer, state())
      .put.like(toastOf('ENTITIES.TOAST.CREATED', 'success'))
      .run();
    expect(storeState.entities.list.items).toEqual([entity]);
    expect(visited).toEqual(['/manage/entities']);
  });

  it.each([
    ['VALIDATION', 422, 'MULTIPLE_PROVINCES', 'ENTITIES.TOAST.MULTIPLE_PROVINCES'],
    ['VALIDATION', 422, 'ALREADY_EXISTS', 'ENTITIES.TOAST.ALREADY_EXISTS'],
    ['VALIDATION', 422, { 'entity.name': 'AUTH.VALIDATION.REQUIRED_FIELD' }, 'ENTITIES.TOAST.CREATE_ERROR'],
    ['INTERNAL', 500, undefined, 'ENTITIES.TOAST.CREATE_ERROR'],
  ] as const)('maps a %s (%s, %j) creation failure to its message and stays on the form', async (type, status, data, message) => {
    const visited: string[] = [];
    const { storeState } = await expectSaga(
      handleEntityCreate,
      entities({ create: fail(type, status, data) }, (p) => void visited.push(p)),
      entitiesActions.createRequested(request),
    )
      .withReducer(rootReducer, state())
      .put.like(toastOf(message))
      .run();
    expect(visited).toEqual([]);
    expect(storeState.entities.create.status).toBe('failed');
  });

  it('loads municipalities and provinces together, once per session', async () => {
    let calls = 0;
    const api = entities({
      municipalities: async () => (calls++, [{ munId: '46017', name: 'Alzira', provinceId: '46' }]),
      provinces: async () => [{ provinceId: '46', name: 'Valencia/València', ccaaId: '10' }],
    });
    const first = await expectSaga(handleGeographyRequested, api).withReducer(rootReducer, state()).run();
    expect(first.storeState.entities.geography).toMatchObject({ status: 'succeeded', municipalities: [{ munId: '46017' }], provinces: [{ provinceId: '46' }] });
    await expectSaga(handleGeographyRequested, api)
      .withReducer(rootReducer, first.storeState as State)
      .run();
    expect(calls).toBe(1);
    await expectSaga(handleGeographyRequested, entities({ municipalities: fail('INTERNAL', 500) }))
      .withReducer(rootReducer, state())
      .put.like(toastOf('ENTITIES.TOAST.LOAD_MUNICIPALITIES_ERROR'))
      .run();
  });

  it('asks before removing an entity without sent campaigns, listing the campaigns that go with it', async () => {
    const unsent = { ...entity, campaigns: entity.campaigns.map((c) => ({ ...c, status: 'draft' as const })) };
    const asked = await expectSaga(watchEntities, entities()).withReducer(rootReducer, state()).dispatch(entitiesActions.removeAsked(unsent)).silentRun(20);
    expect((asked.storeState as State).alerts.queue[0]).toMatchObject({
      title: 'ENTITIES.DELETE.TITLE',
      values: { entity: 'Mancomunidad Nueva', count: 2 },
      links: [
        { label: 'CAMPAIGN.LABEL', values: { year: '2025' }, href: '/status' },
        { label: 'CAMPAIGN.LABEL', values: { year: '2026' }, href: '/status' },
      ],
      confirm: { action: entitiesActions.removeConfirmed(9) },
    });
    expect((asked.storeState as State).entities.removal).toBeNull();
  });

  it('offers to archive an entity with sent campaigns, or to delete it for good with its name typed', async () => {
    const loaded = rootReducer(state(), entitiesActions.listLoaded([entity]));
    const asked = await expectSaga(watchEntities, entities()).withReducer(rootReducer, loaded).dispatch(entitiesActions.removeAsked(entity)).silentRun(20);
    const askedState = asked.storeState as State;
    expect(askedState.alerts.queue).toEqual([]);
    expect(askedState.entities.removal).toEqual({ id: 9, name: 'Mancomunidad Nueva', sent: 1, archived: false, busy: false });

    const archived = await expectSaga(handleArchive, entities({ archive: async () => ({ success: true }) }), entitiesActions.archiveRequested(9))
      .withReducer(rootReducer, rootReducer(askedState, entitiesActions.archiveRequested(9)))
      .put.like(toastOf('ENTITIES.TOAST.ARCHIVED', 'success'))
      .run();
    expect(archived.storeState.entities.removal).toBeNull();
    expect(archived.storeState.entities.list.items).toEqual([{ ...entity, archived: true }]);

    const restored = await expectSaga(handleRestore, entities({ restore: async () => ({ success: true }) }), entitiesActions.restoreRequested(9))
      .withReducer(rootReducer, archived.storeState as State)
      .put.like(toastOf('ENTITIES.TOAST.RESTORED', 'success'))
      .run();
    expect(restored.storeState.entities.list.items).toEqual([entity]);

    const sent: unknown[] = [];
    const removal = { id: 9, confirmName: 'Mancomunidad Nueva' };
    const failed = await expectSaga(
      handleRemoveForGood,
      entities({ remove: fail('CONFLICT', 409, 'HAS_SENT_CAMPAIGNS') }),
      entitiesActions.removeForGoodRequested(removal),
    )
      .withReducer(rootReducer, rootReducer(askedState, entitiesActions.removeForGoodRequested(removal)))
      .put.like(toastOf('ENTITIES.TOAST.DELETE_ERROR'))
      .run();
    expect(failed.storeState.entities.removal).toMatchObject({ id: 9, busy: false });
    const removed = await expectSaga(
      handleRemoveForGood,
      entities({ remove: async (_t, body) => (sent.push(body), { success: true }) }),
      entitiesActions.removeForGoodRequested(removal),
    )
      .withReducer(rootReducer, failed.storeState as State)
      .put.like(toastOf('ENTITIES.TOAST.DELETED', 'success'))
      .run();
    expect(sent).toEqual([removal]);
    expect(removed.storeState.entities.removal).toBeNull();
    expect(removed.storeState.entities.list.items).toEqual([]);
  });

  it('saves an edited entity in the list and goes back to it; a used name keeps the form with its message', async () => {
    const request = { id: 9, entity: { name: 'Mancomunidad Renombrada', population: 60000 }, municipalities: ['46017'] };
    const edited = { ...entity, name: 'Mancomunidad Renombrada', population: 60000 };
    const visited: string[] = [];
    const saved = await expectSaga(
      handleEntityUpdate,
      entities({ update: async () => ({ entity: edited }) }, (p) => void visited.push(p)),
      entitiesActions.updateRequested(request),
    )
      .withReducer(rootReducer, rootReducer(state(), entitiesActions.listLoaded([entity])))
      .put.like(toastOf('ENTITIES.TOAST.UPDATED', 'success'))
      .run();
    expect(saved.storeState.entities.list.items).toEqual([edited]);
    expect(visited).toEqual(['/manage/entities']);
    await expectSaga(
      handleEntityUpdate,
      entities({ update: fail('VALIDATION', 422, 'ALREADY_EXISTS') }, (p) => void visited.push(p)),
      entitiesActions.updateRequested(request),
    )
      .withReducer(rootReducer, state())
      .put.like(toastOf('ENTITIES.TOAST.ALREADY_EXISTS'))
      .run();
    await expectSaga(handleEntityUpdate, entities({ update: fail('INTERNAL', 500) }), entitiesActions.updateRequested(request))
      .withReducer(rootReducer, state())
      .put.like(toastOf('ENTITIES.TOAST.UPDATE_ERROR'))
      .run();
    expect(visited).toEqual(['/manage/entities']);
  });
});
