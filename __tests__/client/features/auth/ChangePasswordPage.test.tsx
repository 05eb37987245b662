// First: it stands in for the Redux DevTools extension, which @reduxjs/toolkit looks for when it loads.
import { devToolsRecord } from '../../../helpers/devTools.js';
import { screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Outlet, Route, Routes } from 'react-router-dom';
import ChangePasswordPage from '../../../../src/client/features/auth/ChangePasswordPage.js';
import { AppLayout } from '../../../../src/client/features/layout/AppLayout.js';
import { RequireUser } from '../../../../src/client/app/guards.js';
import { authActions, initialAuthState } from '../../../../src/client/features/auth/authSlice.js';
import { callApi } from '../../../../src/client/app/apiCall.js';
import { keepOnScreen } from '../../../../src/client/app/callPolicies.js';
import { ApiError } from '../../../../src/client/api/ApiError.js';
import { ALFA, fakeBackend } from '../../../helpers/fakeBackend.js';
import { demoUser, fakeDependencies, renderWithProviders, sessionWith } from '../../../helpers/client.js';
import type { CurrentUser } from '../../../../src/shared/api/auth.js';

const temporaryUser: CurrentUser = { ...demoUser, email: 'lucia.martinez@ayto.es', name: 'Lucía Martínez', mustChangePassword: true };
const signedIn = (user: CurrentUser) => ({
  preloadedState: { auth: { ...initialAuthState, status: 'loaded' as const, user, tokenSource: 'cookie' as const } },
});

/** The signed-in frame as the app has it: the guard, the layout, the change form and two other pages. */
function AppRoutes() {
  return (
    <Routes>
      <Route
        element={
          <RequireUser>
            <Outlet />
          </RequireUser>
        }
      >
        <Route path="/account/password" element={<ChangePasswordPage />} />
        <Route path="/my-campaigns" element={<p>Mis campañas</p>} />
        <Route path="/" element={<p>Inicio</p>} />
      </Route>
    </Routes>
  );
}

/** Fills the fields given as a password manager does (pasted whole: typed a key at a time, each key re-rates the password) and sends the form. */
async function fill(user: ReturnType<typeof userEvent.setup>, values: { current?: string; next?: string; repeat?: string }) {
  const fields = { current: 'Contraseña actual', next: 'Nueva contraseña', repeat: 'Repite la nueva contraseña' } as const;
  for (const [key, label] of Object.entries(fields)) {
    const value = values[key as keyof typeof fields];
    if (value === undefined) continue;
    await user.click(screen.getByLabelText(label));
    await user.paste(value);
  }
  await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
}

describe('the change-password form', () => {
  beforeEach(() => devToolsRecord.clear());

  it('sends a user with a temporary password to the form from any page, and tells them why', async () => {
    renderWithProviders(<AppRoutes />, { route: '/my-campaigns', ...signedIn(temporaryUser) });
    expect(await screen.findByRole('heading', { name: 'Cambiar contraseña' })).toBeVisible();
    expect(screen.queryByText('Mis campañas')).toBeNull();
    expect(screen.getByTestId('password-change-required')).toHaveTextContent(
      'Un administrador generó tu contraseña. Antes de continuar, elige una contraseña propia que solo conozcas tú.',
    );
  });

  it('lets a user with a password of their own go anywhere, and open the form without the notice', async () => {
    const { unmount } = renderWithProviders(<AppRoutes />, { route: '/my-campaigns', ...signedIn(demoUser) });
    expect(await screen.findByText('Mis campañas')).toBeVisible();
    unmount();
    renderWithProviders(<AppRoutes />, { route: '/account/password', ...signedIn(demoUser) });
    expect(await screen.findByRole('heading', { name: 'Cambiar contraseña' })).toBeVisible();
    expect(screen.queryByTestId('password-change-required')).toBeNull();
  });

  it('says in Spanish why a new password is refused, and asks nothing of the server', async () => {
    const user = userEvent.setup();
    const { store } = renderWithProviders(<AppRoutes />, { route: '/account/password', ...signedIn(temporaryUser) });
    const cases: [string, string][] = [
      ['corta', 'La contraseña debe tener al menos 12 caracteres'],
      ['lucia.martinez@ayto.es', 'La contraseña no puede ser ni contener tu correo electrónico'],
      ['123456789012', 'Es fácil de adivinar: es una contraseña muy usada.'],
      ['contraseña1234', 'Es fácil de adivinar: añade más palabras poco comunes o hazla más larga.'],
      ['luciamartinez1', 'Es fácil de adivinar: añade más palabras poco comunes o hazla más larga.'],
      ['Generada-Por-El-Admin-1', 'La nueva contraseña debe ser distinta de la actual'],
    ];
    await user.type(screen.getByLabelText('Contraseña actual'), 'Generada-Por-El-Admin-1');
    // Pasted, as from a password manager: every keystroke would be estimated again (zxcvbn), seconds in all.
    const paste = async (label: string, text: string) => {
      await user.clear(screen.getByLabelText(label));
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    };
    for (const [next, reason] of cases) {
      await paste('Nueva contraseña', next);
      await paste('Repite la nueva contraseña', next);
      await user.click(screen.getByRole('button', { name: 'Cambiar contraseña' }));
      const field = screen.getByLabelText('Nueva contraseña');
      await waitFor(() => expect([next, field.closest('.mb-3')?.querySelector('.invalid-feedback')?.textContent]).toEqual([next, reason]));
      expect(field).toHaveClass('is-invalid');
    }
    await user.clear(screen.getByLabelText('Repite la nueva contraseña'));
    await fill(user, { repeat: 'otra-cosa-distinta' });
    expect(await screen.findByText('Las contraseñas no coinciden')).toBeVisible();
    expect(store.getState().auth.passwordChange.status).toBe('idle');
  });

  it('changes the password through the store without the passwords ever in an action or the state, then goes home', async () => {
    const backend = fakeBackend();
    const tokens = backend.existingSession(ALFA);
    const strong = 'Tortuga-Azul-Salta-Lejos-7';
    const user = userEvent.setup();
    const { store } = renderWithProviders(<AppRoutes />, {
      route: '/account/password',
      ...signedIn({ ...ALFA.user, mustChangePassword: true }),
      runSagas: true,
      dependencies: { ...fakeDependencies({ authApi: backend.api.authApi }), session: sessionWith(tokens) },
    });
    await fill(user, { current: 'incorrecta-del-todo', next: strong, repeat: strong });
    expect(await screen.findByTestId('password-change-error')).toHaveTextContent('La contraseña actual no es correcta');
    expect(store.getState().auth.user?.mustChangePassword).toBe(true);

    await user.clear(screen.getByLabelText('Contraseña actual'));
    await fill(user, { current: ALFA.password });
    expect(await screen.findByText('Inicio')).toBeVisible();
    expect(backend.seen.passwordChanges).toEqual([{ account: ALFA.email, newPassword: strong }]);
    expect(store.getState().auth.user?.mustChangePassword).toBeUndefined();
    expect(store.getState().snackbar.current).toMatchObject({ message: 'ACCOUNT.PASSWORD.CHANGED', severity: 'success' });
    for (const secret of [strong, ALFA.password, 'incorrecta-del-todo'])
      expect({ secret, recordedIn: devToolsRecord.holding(secret) }).toEqual({ secret, recordedIn: [] });
  });

  it("shows the throttle's wait when the current password was tried too often", async () => {
    const user = userEvent.setup();
    const authApi = { ...fakeDependencies().authApi, changePassword: async () => Promise.reject(new ApiError('RATE_LIMITED', 429, { retryAfterSeconds: 30 })) };
    renderWithProviders(<AppRoutes />, { route: '/account/password', ...signedIn(demoUser), runSagas: true, dependencies: fakeDependencies({ authApi }) });
    await fill(user, { current: 'lo-que-sea', next: 'Tortuga-Azul-Salta-Lejos-7', repeat: 'Tortuga-Azul-Salta-Lejos-7' });
    expect(await screen.findByTestId('password-change-error')).toHaveTextContent('30 segundos');
  });
});

describe('a temporary password met on another call', () => {
  it('is no error page: the store marks the user, and the guard takes them to the form', async () => {
    const { store } = renderWithProviders(<AppRoutes />, { route: '/my-campaigns', ...signedIn(demoUser), runSagas: true, dependencies: fakeDependencies() });
    expect(await screen.findByText('Mis campañas')).toBeVisible();
    const refused = async () => Promise.reject(new ApiError('PASSWORD_CHANGE_REQUIRED', 403));
    // A saga's call refused by the server, as any page's load would meet it.
    const { runSaga } = await import('redux-saga');
    const dispatched: unknown[] = [];
    await runSaga({ dispatch: (action) => (dispatched.push(action), store.dispatch(action as never)), getState: store.getState }, function* load() {
      try {
        yield* callApi(keepOnScreen(), refused);
      } catch {
        // the page's failure event
      }
    }).toPromise();
    expect(dispatched).toContainEqual(authActions.passwordChangeRequired());
    expect(store.getState().errors.globalError).toBeNull();
    expect(await screen.findByRole('heading', { name: 'Cambiar contraseña' })).toBeVisible();
  });
});

describe('the user panel', () => {
  // jsdom has no media queries; the layout's phone menu (Offcanvas) asks one.
  beforeAll(() => {
    window.matchMedia ??= ((query: string) => ({
      matches: false,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      onchange: null,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
  });

  it("offers 'Cambiar contraseña' beside 'Cerrar sesión', and no menu while the password is temporary", async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/my-campaigns" element={<p>Mis campañas</p>} />
          <Route path="/account/password" element={<p>Formulario</p>} />
        </Route>
      </Routes>,
      { route: '/my-campaigns', ...signedIn(temporaryUser) },
    );
    expect(within(screen.getAllByRole('navigation')[0]).queryAllByRole('link')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Abrir el panel de usuario' }));
    expect(screen.getByRole('link', { name: 'Cerrar sesión' })).toBeVisible();
    await user.click(screen.getByText('Cambiar contraseña'));
    expect(await screen.findByText('Formulario')).toBeVisible();
  });
});
