import { jest } from '@jest/globals';
import { expectSaga } from 'redux-saga-test-plan';
import { runSaga, stdChannel } from 'redux-saga';
import { screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { handleSplash } from '../../../../src/client/features/layout/splashSaga.js';
import { layoutActions } from '../../../../src/client/features/layout/layoutSlice.js';
import { authActions } from '../../../../src/client/features/auth/authSlice.js';
import { handleToastShown } from '../../../../src/client/features/snackbar/snackbarSaga.js';
import { snackbarActions } from '../../../../src/client/features/snackbar/snackbarSlice.js';
import { ForgotPasswordPage } from '../../../../src/client/features/auth/ForgotPasswordPage.js';
import { ErrorPage } from '../../../../src/client/features/errors/ErrorPage.js';
import { fakeDependencies, renderWithProviders } from '../../../helpers/client.js';
import type { AuthApi } from '../../../../src/client/api/authApi.js';

/**
 * Runs a saga on jest's fake clock (undone after each test), taking actions from the returned channel and noting
 * what it dispatches: a wait of seconds is then checked to the millisecond without being waited for.
 */
function runWithFakeClock<Args extends unknown[]>(saga: (...args: Args) => Generator, ...args: Args) {
  jest.useFakeTimers();
  const channel = stdChannel();
  const dispatched: unknown[] = [];
  runSaga({ channel, dispatch: (action) => dispatched.push(action), getState: () => ({}) }, saga, ...args);
  return { dispatched, channel };
}

afterEach(() => jest.useRealTimers());

describe('splash screen', () => {
  it('hides as soon as the session is known', async () => {
    const { storeState } = await expectSaga(handleSplash)
      .withReducer(rootReducer)
      .dispatch(authActions.appStarted())
      .dispatch(authActions.sessionMissing())
      .put(layoutActions.splashHidden())
      .run(100);
    expect(storeState.layout.splashVisible).toBe(false);
  });

  it('hides after 3 s at the latest', async () => {
    const { dispatched, channel } = runWithFakeClock(handleSplash);
    channel.put(authActions.appStarted());
    await jest.advanceTimersByTimeAsync(2999);
    expect(dispatched).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(dispatched).toEqual([layoutActions.splashHidden()]);
  });
});

describe('snackbar saga', () => {
  it('closes the toast after 5 s', async () => {
    const toast = snackbarActions.toastShown('X', 'info');
    const { dispatched } = runWithFakeClock(handleToastShown, toast);
    await jest.advanceTimersByTimeAsync(4999);
    expect(dispatched).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(dispatched).toEqual([snackbarActions.toastClosed(toast.payload.id)]);
  });
});

describe('forgot password', () => {
  const open = (authApi: Partial<AuthApi>) => {
    const dependencies = fakeDependencies();
    dependencies.authApi = { ...dependencies.authApi, ...authApi };
    return renderWithProviders(
      <Routes>
        <Route path="/auth/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/auth" element={<p>auth root</p>} />
      </Routes>,
      { route: '/auth/forgot-password', runSagas: true, dependencies },
    );
  };

  it("validates the e-mail with the login's messages, asks for a link in the page's language, and says it went", async () => {
    const user = userEvent.setup();
    const forgotPassword = jest.fn<AuthApi['forgotPassword']>(async () => undefined);
    open({ mailAvailable: async () => true, forgotPassword });
    await user.click(await screen.findByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Campo obligatorio')).toBeVisible();
    await user.type(screen.getByLabelText('Correo electrónico'), 'ana@');
    await user.tab();
    expect(await screen.findByText('Email address is not valid')).toBeVisible();
    await user.type(screen.getByLabelText('Correo electrónico'), 'example.org');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByTestId('forgot-sent')).toHaveTextContent('Si el correo electrónico pertenece a una cuenta');
    expect(forgotPassword).toHaveBeenCalledWith('ana@example.org', 'es');
  });

  it('without e-mail on the server, says to ask an administrator, and goes back to /auth on Cancel', async () => {
    const user = userEvent.setup();
    open({ mailAvailable: async () => false });
    expect(await screen.findByTestId('forgot-no-mail')).toHaveTextContent('Pide a un administrador que te dé una contraseña nueva.');
    expect(screen.queryByLabelText('Correo electrónico')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(await screen.findByText('auth root')).toBeVisible();
  });
});

describe('error page', () => {
  it('titles not-found errors 404 and others Oops!, with the message', () => {
    const { unmount } = renderWithProviders(<ErrorPage error={{ id: 'TRANSPORT.NOT_FOUND', notFound: true }} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('404');
    expect(screen.getByTestId('error-message')).toHaveTextContent('Not found error');
    unmount();
    renderWithProviders(<ErrorPage error={{ id: 'TRANSPORT.HTTP_ERROR', values: { status: 409 } }} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Oops!');
    expect(screen.getByTestId('error-message')).toHaveTextContent('409 Error');
  });
});
