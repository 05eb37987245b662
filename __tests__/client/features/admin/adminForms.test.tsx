import { act, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import CreateUserPage from '../../../../src/client/features/admin/users/CreateUserPage.js';
import CreateEntityPage from '../../../../src/client/features/admin/entities/CreateEntityPage.js';
import { usersActions } from '../../../../src/client/features/admin/users/usersSlice.js';
import { entitiesActions, initialEntitiesState } from '../../../../src/client/features/admin/entities/entitiesSlice.js';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice.js';
import { rootReducer, type RootState } from '../../../../src/client/app/rootReducer.js';
import { entitiesApi, usersApi } from '../../../../src/client/api/adminApi.js';
import type { CreateEntityRequest, CreateUserRequest, EntityRow } from '../../../../src/shared/api/admin.js';
import type { Role } from '../../../../src/shared/roles.js';
import { demoUser, renderWithProviders } from '../../../helpers/client.js';

const entity = (id: number, name: string): EntityRow => ({
  id,
  name,
  population: 1000,
  municipalities: [],
  province: 'Valencia/València',
  autonomousCommunity: 'Comunitat Valenciana',
  campaigns: [],
  archived: false,
});
const geography = {
  municipalities: [
    { munId: '46017', name: 'Alzira', provinceId: '46' },
    { munId: '46250', name: 'València', provinceId: '46' },
    { munId: '28079', name: 'Madrid', provinceId: '28' },
  ],
  provinces: [
    { provinceId: '46', name: 'Valencia/València', ccaaId: '10' },
    { provinceId: '28', name: 'Madrid', ccaaId: '13' },
  ],
};

/** A signed-in administrator with the entities and the geography already loaded. */
function preloaded(role: Role): Partial<RootState> {
  const base = rootReducer(undefined, { type: 'init' });
  return {
    auth: { ...initialAuthState, status: 'loaded', user: { ...demoUser, role }, tokenSource: 'cookie' },
    entities: {
      ...initialEntitiesState,
      list: { ...base.entities.list, status: 'succeeded', items: [entity(1, 'Ayuntamiento de Alzira'), entity(2, 'Mancomunitat de la Ribera Alta')] },
      geography: { status: 'succeeded', error: null, ...geography },
    },
  };
}

describe('user creation form', () => {
  it('offers FEC only the USER role, preselected, and asks for an e-mail and an entity', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CreateUserPage />, { preloadedState: preloaded('FEC') });
    const role = screen.getByLabelText('Rol') as HTMLSelectElement;
    expect([...role.options].map((o) => o.text)).toEqual(['Usuario']);
    expect(role.value).toBe('1');
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findByText('Campo obligatorio')).toBeVisible();
    expect(screen.getByText('Debe seleccionar al menos una entidad')).toBeVisible();
    expect(screen.queryByText('Debes seleccionar un rol')).not.toBeInTheDocument();
  });

  it('offers ADMIN three roles to choose from, with the exact messages', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CreateUserPage />, { preloadedState: preloaded('ADMIN') });
    expect([...(screen.getByLabelText('Rol') as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Selecciona un rol',
      'Super Administrador',
      'Administrador',
      'Usuario',
    ]);
    await user.type(screen.getByLabelText('Email'), 'no-es-un-email');
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
    expect(await screen.findByText('El email debe tener un formato válido')).toBeVisible();
    expect(screen.getByText('Debes seleccionar un rol')).toBeVisible();
    await user.selectOptions(screen.getByLabelText('Rol'), 'Administrador');
    expect(await screen.findByText('Opcional para administradores: ven todas las entidades.')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Debe seleccionar al menos una entidad')).not.toBeInTheDocument());
  });

  it('sends the role as an integer with the chosen entities, then shows the password once with a copy button', async () => {
    const user = userEvent.setup();
    const sent: CreateUserRequest[] = [];
    const create = async (_token: string | null, request: CreateUserRequest) => (
      sent.push(request),
      { user: { id: 5, email: request.email }, generatedPassword: 'Pq7mZk2sVb9xWn4tYh' }
    );
    renderWithProviders(<CreateUserPage />, {
      preloadedState: preloaded('FEC'),
      runSagas: true,
      dependencies: {
        usersApi: { ...usersApi, create },
        entitiesApi: { ...entitiesApi, list: async () => [entity(1, 'Ayuntamiento de Alzira'), entity(2, 'Mancomunitat de la Ribera Alta')] },
      },
    });
    await user.type(screen.getByLabelText('Email'), ' ana@ayto.es ');
    await user.click(screen.getByRole('button', { name: /Entidades/ }));
    await user.click(screen.getByLabelText('Mancomunitat de la Ribera Alta - (Valencia/València)'));
    await user.click(screen.getByRole('button', { name: 'Aplicar' }));
    expect(screen.getByRole('list', { name: 'Entidades seleccionadas' })).toHaveTextContent('Mancomunitat de la Ribera Alta');
    await user.click(screen.getByRole('button', { name: 'Crear usuario' }));
    const dialog = await screen.findByRole('dialog', { name: 'Contraseña generada' });
    expect(sent).toEqual([{ email: 'ana@ayto.es', role: 1, name: '', entities: [2] }]);
    expect(within(dialog).getByLabelText('Contraseña')).toHaveValue('Pq7mZk2sVb9xWn4tYh');
    await user.click(within(dialog).getByRole('button', { name: 'Copiar' }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe('Pq7mZk2sVb9xWn4tYh');
    expect(await within(dialog).findByText('Contraseña copiada en el portapapeles')).toBeVisible();
  });

  it('says the e-mail already exists when the server answers EMAIL_EXISTS', async () => {
    const { store } = renderWithProviders(<CreateUserPage />, { preloadedState: preloaded('ADMIN') });
    act(() => void store.dispatch(usersActions.createFailed({ type: 'EMAIL_EXISTS', status: 409 })));
    expect(await screen.findByRole('alert')).toHaveTextContent('El email introducido ya existe');
  });
});

describe('entity creation form', () => {
  it('asks for a name, a population and a municipality with the exact messages', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CreateEntityPage />, { preloadedState: preloaded('ADMIN') });
    await user.click(screen.getByRole('button', { name: 'Crear entidad' }));
    expect(await screen.findAllByText('Campo obligatorio')).toHaveLength(2);
    expect(screen.getByText('Debe seleccionar al menos un municipio')).toBeVisible();
    const population = screen.getByLabelText('Población');
    await user.type(population, '0');
    await user.tab();
    expect(await screen.findByText('El numero debe ser mayor que 0')).toBeVisible();
    await user.clear(population);
    await user.type(population, '2.5');
    await user.tab();
    expect(await screen.findByText('El numero no puede ser decimal')).toBeVisible();
  });

  it('searches municipalities from 3 characters with their province, picks with the keyboard and drops with the chip button', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CreateEntityPage />, { preloadedState: preloaded('ADMIN') });
    const box = screen.getByRole('combobox', { name: 'Municipios' });
    expect(box).toHaveAccessibleDescription(/Escribe al menos 3 caracteres y selecciona tu municipio/);
    await user.type(box, 'al');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await user.type(box, 'z');
    const option = within(screen.getByRole('listbox')).getByRole('option');
    expect(option).toHaveTextContent('Alzira');
    expect(option).toHaveTextContent('Valencia/València');
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('');
    expect(screen.getByRole('list', { name: '1 municipio seleccionado' })).toHaveTextContent('Alzira (Valencia/València)');
    await user.type(box, 'vale');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByRole('list', { name: '2 municipios seleccionados' })).toHaveTextContent('València (Valencia/València)');
    await user.click(screen.getByRole('button', { name: 'Quitar Alzira (Valencia/València)' }));
    expect(screen.getByRole('list', { name: '1 municipio seleccionado' })).not.toHaveTextContent('Alzira');
  });

  it("sends name, population and municipality codes, and shows the server's refusal above the form", async () => {
    const user = userEvent.setup();
    const sent: CreateEntityRequest[] = [];
    const create = async (_token: string | null, request: CreateEntityRequest) => {
      sent.push(request);
      throw new (await import('../../../../src/client/api/ApiError.js')).ApiError('VALIDATION', 422, 'MULTIPLE_PROVINCES');
    };
    renderWithProviders(<CreateEntityPage />, {
      preloadedState: preloaded('ADMIN'),
      runSagas: true,
      dependencies: { entitiesApi: { ...entitiesApi, create } },
    });
    await user.type(screen.getByLabelText('Nombre'), '  Mancomunidad Mixta ');
    await user.type(screen.getByLabelText('Población'), '1500');
    const box = screen.getByRole('combobox', { name: 'Municipios' });
    await user.type(box, 'alzira{Enter}');
    await user.type(box, 'madrid{Enter}');
    await user.click(screen.getByRole('button', { name: 'Crear entidad' }));
    expect(
      await screen.findByText('No se puede crear una entidad con municipios que pertenezcan a multiples provincias', {
        selector: '[role="alert"] *, [role="alert"]',
      }),
    ).toBeVisible();
    expect(sent).toEqual([{ entity: { name: 'Mancomunidad Mixta', population: 1500 }, municipalities: ['46017', '28079'] }]);
  });

  it("names an existing entity's refusal with the spec message", async () => {
    const { store } = renderWithProviders(<CreateEntityPage />, { preloadedState: preloaded('ADMIN') });
    act(() => void store.dispatch(entitiesActions.createFailed({ type: 'VALIDATION', status: 422, data: 'ALREADY_EXISTS' })));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ya existe una entidad con el nombre indicado');
  });
});
