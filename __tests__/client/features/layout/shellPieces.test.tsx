import { expectSaga } from 'redux-saga-test-plan';
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
import { renderWithProviders } from '../../../helpers/client.js';

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
    const started = Date.now();
    await expectSaga(handleSplash).withReducer(rootReducer).dispatch(authActions.appStarted()).put(layoutActions.splashHidden()).run(3500);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2900);
  });
});

describe('snackbar saga', () => {
  it('closes the toast after 5 s', async () => {
    const toast = snackbarActions.toastShown('X', 'info');
    const started = Date.now();
    await expectSaga(handleToastShown, toast).put(snackbarActions.toastClosed(toast.payload.id)).run(6000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(4900);
  }, 10000);
});

describe('forgot password', () => {
  it('validates the phone with the exact messages and goes back to /auth on Cancel', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <Routes>
        <Route path="/auth/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/auth" element={<p>auth root</p>} />
      </Routes>,
      { route: '/auth/forgot-password' },
    );
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText('Campo obligatorio')).toBeVisible();
    await user.type(screen.getByLabelText('Teléfono'), '12');
    await user.tab();
    expect(await screen.findByText('Minimum 3 symbols')).toBeVisible();
    await user.type(screen.getByLabelText('Teléfono'), 'ab');
    expect(await screen.findByText('Phone number is not valid')).toBeVisible();
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
