import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice.js';
import { usersActions } from '../../../../src/client/features/admin/users/usersSlice.js';
import {
  selectAssignableRoles,
  selectUsersPage,
  userCreateErrorMessage,
  userUpdateErrorMessage,
} from '../../../../src/client/features/admin/users/usersSelectors.js';
import { entitiesActions } from '../../../../src/client/features/admin/entities/entitiesSlice.js';
import {
  entityCreateErrorMessage,
  entityUpdateErrorMessage,
  selectArchivedCount,
  selectEntitiesPage,
  selectEntityOptions,
  selectMunicipalityIndex,
} from '../../../../src/client/features/admin/entities/entitiesSelectors.js';
import { searchMunicipalities } from '../../../../src/client/features/admin/entities/municipalitySearch.js';
import type { Role } from '../../../../src/shared/roles.js';
import type { EntityRow, UserRow } from '../../../../src/shared/api/admin.js';
import { demoUser } from '../../../helpers/client.js';

const signedIn = (role: Role, id = 1) => ({
  ...rootReducer(undefined, { type: 'init' }),
  auth: { ...initialAuthState, status: 'loaded' as const, user: { ...demoUser, id, role } },
});

describe('user selectors', () => {
  it('offer the roles the creator may give: ADMIN three, FEC only USER', () => {
    expect(selectAssignableRoles(signedIn('ADMIN'))).toEqual([
      { role: 'ADMIN', value: 2 },
      { role: 'FEC', value: 3 },
      { role: 'USER', value: 1 },
    ]);
    expect(selectAssignableRoles(signedIn('FEC'))).toEqual([{ role: 'USER', value: 1 }]);
    expect(selectAssignableRoles(signedIn('USER'))).toEqual([]);
  });

  it('search users by e-mail, 7 per page, and mark the rows the caller may manage', () => {
    const users: UserRow[] = Array.from({ length: 9 }, (_, i) => ({
      id: i + 1,
      email: `persona${i + 1}@ayto.es`,
      name: '',
      role: i === 2 ? 'ADMIN' : 'USER',
      entities: [],
    }));
    const state = rootReducer(signedIn('FEC', 1), usersActions.listLoaded(users));
    const page = selectUsersPage(state);
    expect([page.rows.length, page.pages, page.total]).toEqual([7, 2, 9]);
    expect(page.rows.map((r) => r.manageable)).toEqual([false, true, false, true, true, true, true]);
    expect(selectUsersPage(rootReducer(state, usersActions.viewChanged({ search: 'PERSONA9' }))).rows.map((r) => r.email)).toEqual(['persona9@ayto.es']);
  });

  it('map creation failures to the spec messages', () => {
    expect(userCreateErrorMessage(null)).toBeNull();
    expect(userCreateErrorMessage({ type: 'EMAIL_EXISTS', status: 409 })).toBe('USERS.TOAST.EMAIL_EXISTS');
    expect(userCreateErrorMessage({ type: 'FORBIDDEN', status: 403 })).toBe('USERS.TOAST.CREATE_ERROR');
  });
});

describe('entity selectors', () => {
  const geography = {
    municipalities: [
      { munId: '46250', name: 'València', provinceId: '46' },
      { munId: '46017', name: 'Alzira', provinceId: '46' },
      { munId: '28079', name: 'Madrid', provinceId: '28' },
      { munId: '46220', name: 'Sant Joan de Moró', provinceId: '12' },
      { munId: '08217', name: 'Sant Joan Despí', provinceId: '08' },
      { munId: '30030', name: 'Alcantarilla', provinceId: '30' },
    ],
    provinces: [
      { provinceId: '46', name: 'Valencia/València', ccaaId: '10' },
      { provinceId: '28', name: 'Madrid', ccaaId: '13' },
      { provinceId: '12', name: 'Castellón/Castelló', ccaaId: '10' },
      { provinceId: '08', name: 'Barcelona', ccaaId: '09' },
      { provinceId: '30', name: 'Murcia', ccaaId: '14' },
    ],
  };
  const index = selectMunicipalityIndex(rootReducer(signedIn('ADMIN'), entitiesActions.geographyLoaded(geography)));

  it('index municipalities once, folded, in Spanish order and with their province', () => {
    expect(index.options.map((o) => o.name)).toEqual(['Alcantarilla', 'Alzira', 'Madrid', 'Sant Joan de Moró', 'Sant Joan Despí', 'València']);
    expect(index.byId.get('46250')).toEqual({ munId: '46250', name: 'València', province: 'Valencia/València', key: 'valencia' });
  });

  it('search from 3 characters, ignoring accents and case, names that start with the text first, then words, at most 10', () => {
    expect(searchMunicipalities(index.options, 'va')).toEqual([]);
    expect(searchMunicipalities(index.options, 'VALÈ').map((o) => o.name)).toEqual(['València']);
    expect(searchMunicipalities(index.options, 'joan').map((o) => o.name)).toEqual(['Sant Joan de Moró', 'Sant Joan Despí']);
    expect(searchMunicipalities(index.options, 'ira').map((o) => o.name)).toEqual(['Alzira']);
    expect(searchMunicipalities(index.options, 'alc').map((o) => o.name)).toEqual(['Alcantarilla']);
    const many = Array.from({ length: 30 }, (_, i) => ({ munId: String(i), name: `Villa ${i}`, province: 'P', key: `villa ${i}` }));
    expect(searchMunicipalities([...many.slice(15), { munId: 'x', name: 'La Villa', province: 'P', key: 'la villa' }], 'villa')).toHaveLength(10);
    expect(searchMunicipalities([{ munId: 'x', name: 'La Villa', province: 'P', key: 'la villa' }, ...many], 'villa')[0].name).toBe('Villa 0');
  });

  it('stay quick over 8,000 municipalities', () => {
    const big = Array.from({ length: 8200 }, (_, i) => ({ munId: String(i), name: `Municipio ${i}`, province: 'P', key: `municipio ${i}` }));
    const started = performance.now();
    for (let i = 0; i < 50; i++) searchMunicipalities(big, `pio ${i}`);
    expect((performance.now() - started) / 50).toBeLessThan(10);
  });

  it('name entity options with their province, and map creation failures to the spec messages', () => {
    const entity: EntityRow = {
      id: 9,
      name: 'Alzira',
      population: 1,
      municipalities: [],
      province: 'Valencia/València',
      autonomousCommunity: 'C',
      campaigns: [],
      archived: false,
    };
    expect(selectEntityOptions(rootReducer(signedIn('ADMIN'), entitiesActions.listLoaded([entity])), [])).toEqual([
      { value: 9, label: 'Alzira - (Valencia/València)' },
    ]);
    expect(entityCreateErrorMessage({ type: 'VALIDATION', status: 422, data: 'MULTIPLE_PROVINCES' })).toBe('ENTITIES.TOAST.MULTIPLE_PROVINCES');
    expect(entityCreateErrorMessage({ type: 'VALIDATION', status: 422, data: 'ALREADY_EXISTS' })).toBe('ENTITIES.TOAST.ALREADY_EXISTS');
    expect(entityCreateErrorMessage({ type: 'CONFLICT', status: 409, data: 'ALREADY_EXISTS' })).toBe('ENTITIES.TOAST.CREATE_ERROR');
    expect(entityCreateErrorMessage(null)).toBeNull();
  });

  it('leave archived entities out of the pickers, and out of the list unless asked for', () => {
    const entity = (id: number, name: string, archived: boolean): EntityRow => ({
      id,
      name,
      population: 1,
      municipalities: [],
      province: 'Valencia/València',
      autonomousCommunity: 'C',
      campaigns: [],
      archived,
    });
    const loaded = rootReducer(signedIn('ADMIN'), entitiesActions.listLoaded([entity(1, 'Alzira', false), entity(2, 'Sueca', true)]));
    expect(selectEntityOptions(loaded, []).map((o) => o.value)).toEqual([1]);
    // A user who already belongs to the archived entity keeps it on the edit form (the server allows keeping it).
    expect(selectEntityOptions(loaded, [2]).map((o) => o.value)).toEqual([1, 2]);
    expect(selectEntitiesPage(loaded).rows.map((e) => e.id)).toEqual([1]);
    expect(selectArchivedCount(loaded)).toBe(1);
    const shown = rootReducer(loaded, entitiesActions.showArchivedChanged(true));
    expect(selectEntitiesPage(shown).rows.map((e) => e.id)).toEqual([1, 2]);
    expect(selectEntityOptions(shown, []).map((o) => o.value)).toEqual([1]);
    expect(selectEntitiesPage(rootReducer(shown, entitiesActions.restored(2))).rows.map((e) => e.archived)).toEqual([false, false]);
  });

  it('map edit failures to the spec messages', () => {
    expect(entityUpdateErrorMessage({ type: 'VALIDATION', status: 422, data: 'ALREADY_EXISTS' })).toBe('ENTITIES.TOAST.ALREADY_EXISTS');
    expect(entityUpdateErrorMessage({ type: 'VALIDATION', status: 422, data: 'MULTIPLE_PROVINCES' })).toBe('ENTITIES.TOAST.MULTIPLE_PROVINCES');
    expect(entityUpdateErrorMessage({ type: 'INTERNAL', status: 500 })).toBe('ENTITIES.TOAST.UPDATE_ERROR');
    expect(userUpdateErrorMessage({ type: 'EMAIL_EXISTS', status: 409 })).toBe('USERS.TOAST.EMAIL_EXISTS');
    expect(userUpdateErrorMessage({ type: 'FORBIDDEN', status: 403 })).toBe('USERS.TOAST.UPDATE_ERROR');
    expect(userUpdateErrorMessage(null)).toBeNull();
  });
});
