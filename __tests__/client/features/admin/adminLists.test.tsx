import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import UsersPage from '../../../../src/client/features/admin/users/UsersPage.js';
import EntitiesPage from '../../../../src/client/features/admin/entities/EntitiesPage.js';
import { AlertHost } from '../../../../src/client/features/alerts/AlertHost.js';
import { initialAuthState } from '../../../../src/client/features/auth/authSlice.js';
import { entitiesApi, usersApi } from '../../../../src/client/api/adminApi.js';
import type { EntityRow, UserRow } from '../../../../src/shared/api/admin.js';
import type { Role } from '../../../../src/shared/roles.js';
import { demoUser, renderWithProviders } from '../../../helpers/client.js';

const me = (role: Role) => ({
  auth: { ...initialAuthState, status: 'loaded' as const, user: { ...demoUser, id: 1, email: 'yo@demo.es', role }, tokenSource: 'cookie' as const },
});
const users: UserRow[] = [
  { id: 1, email: 'yo@demo.es', name: '', role: 'FEC', entities: [] },
  { id: 2, email: 'jefa@demo.es', name: '', role: 'ADMIN', entities: [] },
  { id: 3, email: 'ana@ayto.es', name: '', role: 'USER', entities: [{ id: 1, name: 'Ayuntamiento de Alzira' }] },
];
const alzira: EntityRow = {
  id: 1,
  name: 'Ayuntamiento de Alzira',
  population: 44000,
  municipalities: [{ munId: '46017', name: 'Alzira' }],
  province: 'Valencia/València',
  autonomousCommunity: 'Comunitat Valenciana',
  archived: false,
  campaigns: [
    { id: 4, text: 'Campaña 2025', campaignNumber: 2025, status: 'sent' },
    { id: 5, text: 'Campaña 2026', campaignNumber: 2026, status: 'draft' },
  ],
};

describe('user list', () => {
  it('lists users with their role and entities; FEC may manage only USERs other than itself', async () => {
    const user = userEvent.setup();
    const removed: number[] = [];
    renderWithProviders(
      <>
        <UsersPage />
        <AlertHost />
      </>,
      {
        preloadedState: me('FEC'),
        runSagas: true,
        dependencies: { usersApi: { ...usersApi, list: async () => users, remove: async (_t, id) => (removed.push(id), { success: true as const }) } },
      },
    );
    const row = (email: string) => screen.getByRole('row', { name: new RegExp(email) });
    await screen.findByText('ana@ayto.es');
    expect(within(row('ana@ayto.es')).getByText('Usuario')).toBeVisible();
    expect(within(row('ana@ayto.es')).getByText('Ayuntamiento de Alzira')).toBeVisible();
    expect(within(row('jefa@demo.es')).queryAllByRole('button')).toEqual([]);
    expect(within(row('yo@demo.es')).queryAllByRole('button')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Eliminar: ana@ayto.es' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar usuario' });
    expect(dialog).toHaveTextContent('¿Seguro que quieres eliminar el usuario ana@ayto.es?');
    // A removal is confirmed with Bootstrap's danger button, not the primary one.
    expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toHaveClass('btn-danger');
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByText('ana@ayto.es')).not.toBeInTheDocument());
    expect(removed).toEqual([3]);
  });

  it('shows the empty state, also while searching, beside the Nuevo Usuario link', async () => {
    const user = userEvent.setup();
    renderWithProviders(<UsersPage />, { preloadedState: me('ADMIN'), runSagas: true, dependencies: { usersApi: { ...usersApi, list: async () => [] } } });
    expect(await screen.findByText('Todavía no hay usuarios.')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Nuevo Usuario' })).toHaveAttribute('href', '/manage/users/create');
    await user.type(screen.getByLabelText('Buscar por email'), 'x');
    expect(screen.getByText('Todavía no hay usuarios.')).toBeVisible();
  });
});

describe('entity list', () => {
  const sueca: EntityRow = {
    ...alzira,
    id: 2,
    name: 'Ayuntamiento de Sueca',
    campaigns: [{ id: 6, text: 'Campaña 2026', campaignNumber: 2026, status: 'draft' }],
  };
  const tavernes: EntityRow = { ...alzira, id: 3, name: 'Ayuntamiento de Tavernes', archived: true };

  it('lists entities and, before deleting one without sent campaigns, lists its campaigns and warns they go irreversibly', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <EntitiesPage />
        <AlertHost />
      </>,
      { preloadedState: me('ADMIN'), runSagas: true, dependencies: { entitiesApi: { ...entitiesApi, list: async () => [alzira, sueca] } } },
    );
    const row = await screen.findByRole('row', { name: /Ayuntamiento de Alzira/ });
    expect(row).toHaveTextContent('Valencia/València');
    expect(row).toHaveTextContent('44.000');
    expect(within(row).getByRole('link', { name: 'Editar: Ayuntamiento de Alzira' })).toHaveAttribute('href', '/manage/entities/1/edit');
    await user.type(screen.getByLabelText('Buscar por nombre'), 'zzz');
    expect(screen.getByText('Ningún resultado coincide con la búsqueda o los filtros.')).toBeVisible();
    await user.clear(screen.getByLabelText('Buscar por nombre'));
    await user.click(screen.getByRole('button', { name: 'Eliminar: Ayuntamiento de Sueca' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar entidad' });
    expect(dialog).toHaveTextContent('También se eliminará, de forma irreversible, su campaña:');
    expect(within(dialog).getByRole('link', { name: 'Campaña 2026' })).toHaveAttribute('href', '/status');
  });

  it('offers to archive an entity with sent campaigns, and deletes it for good only with its exact name typed', async () => {
    const user = userEvent.setup();
    const removals: unknown[] = [];
    const remove = async (_t: string | null, request: { id: number; confirmName?: string }) => (removals.push(request), { success: true as const });
    renderWithProviders(<EntitiesPage />, {
      preloadedState: me('ADMIN'),
      runSagas: true,
      dependencies: { entitiesApi: { ...entitiesApi, list: async () => [alzira, sueca], remove } },
    });
    await user.click(await screen.findByRole('button', { name: 'Eliminar: Ayuntamiento de Alzira' }));
    const dialog = await screen.findByRole('dialog', { name: 'Eliminar entidad' });
    expect(dialog).toHaveTextContent('Ayuntamiento de Alzira tiene una campaña enviada.');
    expect(within(dialog).getByRole('button', { name: 'Archivar' })).toBeEnabled();
    const forGood = within(dialog).getByRole('button', { name: 'Eliminar definitivamente' });
    const name = within(dialog).getByRole('textbox', { name: /escribe su nombre/ });
    expect(forGood).toBeDisabled();
    await user.type(name, 'ayuntamiento de alzira');
    expect(forGood).toBeDisabled();
    await user.clear(name);
    await user.type(name, 'Ayuntamiento de Alzira');
    await user.click(forGood);
    await waitFor(() => expect(screen.queryByRole('row', { name: /Ayuntamiento de Alzira/ })).toBeNull());
    expect(removals).toEqual([{ id: 1, confirmName: 'Ayuntamiento de Alzira' }]);
  });

  it('hides archived entities until asked for, marked and with Restaurar', async () => {
    const user = userEvent.setup();
    const restored: number[] = [];
    renderWithProviders(<EntitiesPage />, {
      preloadedState: me('ADMIN'),
      runSagas: true,
      dependencies: {
        entitiesApi: { ...entitiesApi, list: async () => [alzira, tavernes], restore: async (_t, id) => (restored.push(id), { success: true as const }) },
      },
    });
    await screen.findByRole('row', { name: /Ayuntamiento de Alzira/ });
    expect(screen.queryByRole('row', { name: /Tavernes/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Mostrar archivadas (1)' }));
    const row = screen.getByRole('row', { name: /Tavernes/ });
    expect(row).toHaveTextContent('Archivada');
    await user.click(within(row).getByRole('button', { name: 'Restaurar: Ayuntamiento de Tavernes' }));
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Mostrar archivadas (0)' })).toBeVisible());
    expect(restored).toEqual([3]);
    expect(screen.getByRole('row', { name: /Tavernes/ })).not.toHaveTextContent('Archivada');
  });
});
