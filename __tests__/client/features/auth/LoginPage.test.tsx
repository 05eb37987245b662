import { act, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { LoginPage } from '../../../../src/client/features/auth/LoginPage.js';
import { authActions } from '../../../../src/client/features/auth/authSlice.js';
import { renderWithProviders } from '../../../helpers/client.js';

describe('login form', () => {
  it('shows the required-field message under both fields once touched', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findAllByText('Campo obligatorio')).toHaveLength(2);
    expect(screen.getByLabelText('Correo electrónico')).toHaveClass('is-invalid');
  });

  it('checks the e-mail format and the password length with the exact messages', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />);
    await user.type(screen.getByLabelText('Correo electrónico'), 'not-an-email');
    await user.type(screen.getByLabelText('Contraseña'), 'x'.repeat(51));
    await user.tab();
    expect(await screen.findByText('Email address is not valid')).toBeVisible();
    expect(await screen.findByText('Maximum 50 symbols')).toBeVisible();
  });

  it('shows and hides the password', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginPage />);
    const password = screen.getByLabelText('Contraseña');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(password).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('asks the store to log in with valid fields, marks neither field and spins while busy', async () => {
    const user = userEvent.setup();
    const { store, dependencies } = renderWithProviders(<LoginPage />);
    await user.type(screen.getByLabelText('Correo electrónico'), ' usuario@demo.es ');
    await user.type(screen.getByLabelText('Contraseña'), 'demo1234');
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(store.getState().auth.login.status).toBe('loading'));
    // The credentials went to the saga's box, not into the store.
    expect(dependencies.credentials.take()).toEqual({ email: 'usuario@demo.es', password: 'demo1234' });
    // Well formed is not right: only the server can say the credentials are (no green mark under its refusal).
    for (const label of ['Correo electrónico', 'Contraseña'])
      expect([label, screen.getByLabelText(label).className]).toEqual([label, expect.not.stringMatching(/is-(in)?valid/)]);
    expect(screen.getByRole('button', { name: 'Entrar' })).toBeDisabled();
  });

  it('shows the failure above the form', async () => {
    const { store } = renderWithProviders(<LoginPage />);
    act(() => void store.dispatch(authActions.loginFailed({ type: 'INVALID_CREDENTIALS', status: 401 })));
    expect(await screen.findByRole('alert')).toHaveTextContent('El usuario o la contraseña no son correctos.');
  });
});

describe("the login page's sign-in through the organisation's OpenID provider", () => {
  it("asks how users sign in and, with a provider, offers 'Entrar con <nombre>' under the form", async () => {
    const user = userEvent.setup();
    const { store } = renderWithProviders(<LoginPage />);
    expect(store.getState().auth.methods.status).toBe('loading');
    expect(screen.queryByRole('button', { name: /Entrar con/ })).toBeNull();
    act(() => {
      store.dispatch(authActions.methodsLoaded({ password: true, oidc: { name: 'Cl@ve Municipal' } }));
    });
    expect(screen.getByText('O bien, con la cuenta de tu organización:')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Entrar con Cl@ve Municipal' }));
    expect(store.getState().auth.singleSignOn.status).toBe('leaving');
    expect(screen.getByRole('button', { name: 'Entrar con Cl@ve Municipal' })).toBeDisabled();
    expect(screen.getByLabelText('Correo electrónico')).toBeVisible();
  });

  it('shows only the button when passwords are switched off', () => {
    const { store } = renderWithProviders(<LoginPage />);
    act(() => {
      store.dispatch(authActions.methodsLoaded({ password: false, oidc: { name: 'Cl@ve Municipal' } }));
    });
    expect(screen.getByText('Accede con la cuenta de tu organización.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Entrar con Cl@ve Municipal' })).toBeEnabled();
    expect(screen.queryByLabelText('Correo electrónico')).toBeNull();
    expect(screen.queryByText('¿Has olvidado tu contraseña?')).toBeNull();
  });

  it('says in Spanish why a sign-in through the provider ended without a session', () => {
    const { store } = renderWithProviders(<LoginPage />);
    const said = {
      NO_ACCOUNT:
        'Tu organización te ha identificado, pero tu correo electrónico no corresponde a ninguna cuenta de esta aplicación. Pide a un administrador que te dé de alta.',
      ACCOUNT_DISABLED: 'Tu cuenta está desactivada. Pide a un administrador que la active.',
      PROVIDER_UNAVAILABLE: 'Ahora no se puede conectar con el servicio de acceso de tu organización. Vuelve a intentarlo dentro de unos minutos.',
    } as const;
    for (const [refusal, text] of Object.entries(said)) {
      act(() => {
        store.dispatch(authActions.singleSignOnFailed(refusal as keyof typeof said));
      });
      expect(screen.getByTestId('sso-error')).toHaveTextContent(text);
    }
  });
});
