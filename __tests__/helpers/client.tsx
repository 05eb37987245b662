import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { makeStore, type StoreOptions } from '../../src/client/app/store.js';
import { MESSAGES } from '../../src/client/i18n/messages.js';
import type { AuthDependencies } from '../../src/client/features/auth/authSaga.js';
import type { Tokens } from '../../src/client/api/authApi.js';
import type { CurrentUser } from '../../src/shared/api/auth.js';

/** Renders a component with a real store (sagas off unless asked), Spanish messages and a router. */
export function renderWithProviders(ui: ReactElement, { route = '/', ...options }: StoreOptions & { route?: string } = {}) {
  const { store } = makeStore({ runSagas: false, ...options });
  const result = render(
    <Provider store={store}>
      <IntlProvider locale="es-ES" messages={MESSAGES.es}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </IntlProvider>
    </Provider>,
  );
  return { store, ...result };
}

export const demoUser: CurrentUser = { id: 7, email: 'usuario@demo.es', name: '', role: 'USER', entities: [{ id: 1, name: 'Ayuntamiento de Prueba' }] };

/** An in-memory token store that records what was saved. */
export function memoryTokenStore(initial: Tokens | null = null) {
  let tokens = initial;
  const saved: Tokens[] = [];
  return {
    saved,
    get current() {
      return tokens;
    },
    read: () => tokens,
    save: (t: Tokens) => {
      tokens = t;
      saved.push(t);
    },
    clear: () => {
      tokens = null;
    },
  };
}

/** Saga dependencies with fakes; override what a test needs. */
export function fakeDependencies(overrides: Partial<AuthDependencies> = {}): AuthDependencies {
  return {
    authApi: {
      login: async () => ({ code: 'code-1', state: 'state-1' }),
      exchangeCode: async () => ({ accessToken: 'access-1', refreshToken: 'refresh-1' }),
      refresh: async () => ({ accessToken: 'access-2', refreshToken: 'refresh-2' }),
      me: async () => demoUser,
      logout: async () => undefined,
    },
    createPkce: async () => ({ verifier: 'verifier-1', challenge: 'challenge-1', state: 'state-1' }),
    tokenStore: memoryTokenStore(),
    locationSearch: () => '',
    ...overrides,
  };
}
