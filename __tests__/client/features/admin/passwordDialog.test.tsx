import { act, screen, within } from '@testing-library/react';
import { PasswordDialog } from '../../../../src/client/features/admin/users/PasswordDialog.js';
import { usersActions } from '../../../../src/client/features/admin/users/usersSlice.js';
import { renderWithProviders } from '../../../helpers/client.js';

describe('the generated password dialog', () => {
  it('tells the administrator the password is temporary: the user will have to change it at the first sign-in', async () => {
    const { store, dependencies } = renderWithProviders(<PasswordDialog />);
    dependencies.generatedPassword.put('Pq7mZk2sVb9xWn4tYh');
    act(() => void store.dispatch(usersActions.created({ email: 'ana@ayto.es' })));
    const dialog = await screen.findByRole('dialog', { name: 'Contraseña generada' });
    expect(within(dialog).getByLabelText('Contraseña')).toHaveValue('Pq7mZk2sVb9xWn4tYh');
    expect(within(dialog).getByTestId('password-temporary')).toHaveTextContent(
      'Es una contraseña temporal: cuando ana@ayto.es entre con ella, tendrá que cambiarla por una propia antes de continuar.',
    );
  });
});
