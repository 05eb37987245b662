import { act, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { expectSaga } from 'redux-saga-test-plan';
import { PrivacyPage } from '../../../../src/client/features/privacy/PrivacyPage.js';
import { privacyActions } from '../../../../src/client/features/privacy/privacySlice.js';
import { handleDownloadRequested, handleErasureRequested } from '../../../../src/client/features/privacy/privacySaga.js';
import { authActions } from '../../../../src/client/features/auth/authSlice.js';
import { rootReducer } from '../../../../src/client/app/rootReducer.js';
import { demoUser, renderWithProviders, sessionContext, sessionWith } from '../../../helpers/client.js';
import type { PrivacyDependencies } from '../../../../src/client/features/privacy/privacySaga.js';
import type { PersonalData } from '../../../../src/shared/api/auth.js';

describe("the privacy page ('Privacidad')", () => {
  it('says how long the log is kept, once the server says, and asks a visitor to sign in for their own data', () => {
    const { store } = renderWithProviders(<PrivacyPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Privacidad' })).toBeVisible();
    expect(screen.getByTestId('privacy-retention')).toHaveTextContent('se eliminan automáticamente cuando pasa el plazo que fija el servidor');
    act(() => {
      store.dispatch(privacyActions.retentionLoaded(730));
    });
    expect(screen.getByTestId('privacy-retention')).toHaveTextContent('se conservan 730 días y después se eliminan automáticamente');
    expect(screen.getByRole('link', { name: 'Inicia sesión para descargar tus datos o pedir que se borren.' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Descargar mis datos' })).toBeNull();
  });

  it('offers a signed-in user the download and the erasure request, with an optional reason', async () => {
    const user = userEvent.setup();
    const { store } = renderWithProviders(<PrivacyPage />);
    act(() => {
      store.dispatch(authActions.sessionLoaded(demoUser));
    });
    await user.click(screen.getByRole('button', { name: 'Descargar mis datos' }));
    expect(store.getState().privacy.download.status).toBe('loading');
    expect(screen.getByRole('button', { name: 'Descargar mis datos' })).toBeDisabled();
    await user.type(screen.getByLabelText('Motivo (opcional)'), 'Me jubilo');
    await user.click(screen.getByRole('button', { name: 'Pedir que se borren mis datos' }));
    expect(store.getState().privacy.erasure.status).toBe('loading');
    act(() => {
      store.dispatch(privacyActions.erasureFiled('2026-12-01T10:15:00.000Z'));
    });
    expect(screen.getByTestId('privacy-erasure-filed')).toHaveTextContent('Pediste que se borren tus datos el');
    expect(screen.queryByRole('button', { name: 'Pedir que se borren mis datos' })).toBeNull();
  });
});

describe('the privacy sagas', () => {
  const data = { account: { id: 7, email: 'usuario@demo.es' } } as unknown as PersonalData;
  const deps = (saved: unknown[][], requested: string[] = []): PrivacyDependencies => ({
    privacyApi: {
      retentionDays: async () => 730,
      exportMine: async () => data,
      requestErasure: async (_token, reason) => (requested.push(reason), { requestedAt: '2026-12-01T10:15:00.000Z' }),
    },
    download: (...args) => saved.push(args),
  });
  const session = sessionWith({ accessToken: 'access-1' });

  it('saves the data as mis-datos.json, and keeps it out of the store', async () => {
    const saved: unknown[][] = [];
    const { storeState } = await expectSaga(handleDownloadRequested, deps(saved))
      .withReducer(rootReducer)
      .provide([sessionContext(session)])
      .put(privacyActions.downloaded())
      .run();
    expect(saved).toHaveLength(1);
    expect(saved[0][0]).toBe('mis-datos.json');
    expect(JSON.parse(saved[0][1] as string)).toEqual(data);
    expect(saved[0][2]).toBe('application/json');
    expect(JSON.stringify(storeState)).not.toContain('usuario@demo.es');
  });

  it('files the request with its reason and keeps when', async () => {
    const requested: string[] = [];
    const { storeState } = await expectSaga(handleErasureRequested, deps([], requested), privacyActions.erasureRequested('Me jubilo'))
      .withReducer(rootReducer)
      .provide([sessionContext(session)])
      .run();
    expect(requested).toEqual(['Me jubilo']);
    expect(storeState.privacy.erasure).toEqual({ status: 'succeeded', error: null, requestedAt: '2026-12-01T10:15:00.000Z' });
  });
});
