import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore, type StoreOptions } from '../../src/client/app/store.js';
import { INTL_FORMATS, loadedCatalogue } from '../../src/client/i18n/messages.js';
import type { AuthDependencies } from '../../src/client/features/auth/authSaga.js';
import { createSecretBox } from '../../src/client/lib/secretBox.js';
import { SecretHoldersProvider } from '../../src/client/app/SecretHolders.js';
import type { PendingSignIn, PendingSignInValues } from '../../src/client/lib/pendingSignIn.js';
import type { Tokens } from '../../src/client/api/authApi.js';
import { createSessionTokens, SESSION_TOKENS_CONTEXT, type SessionTokens, type TokenSource } from '../../src/client/lib/sessionTokens.js';
import type { CurrentUser } from '../../src/shared/api/auth.js';

/** Renders a component with a real store (sagas off unless asked), Spanish messages and a router. */
export function renderWithProviders(ui: ReactElement, { route = '/', ...options }: StoreOptions & { route?: string } = {}) {
  const { store, dependencies } = makeStore({ runSagas: false, ...options });
  const result = render(
    <Provider store={store}>
      <IntlProvider locale="es-ES" messages={loadedCatalogue('es')} formats={INTL_FORMATS}>
        <SecretHoldersProvider holders={dependencies}>
          <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
        </SecretHoldersProvider>
      </IntlProvider>
    </Provider>,
  );
  return { store, dependencies, ...result };
}

/** A page that reads its route's parameters ('/review/:campaignId'), rendered at a path of that route ('/review/5'). */
export function renderAtRoute(pattern: string, page: ReactElement, route: string, options: StoreOptions = {}) {
  return renderWithProviders(
    <Routes>
      <Route path={pattern} element={page} />
    </Routes>,
    { ...options, route },
  );
}

export const demoUser: CurrentUser = {
  id: 7,
  email: 'usuario@demo.es',
  name: '',
  role: 'USER',
  entities: [{ id: 1, name: 'Ayuntamiento de Prueba', role: 'responsable' }],
};

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

/** A session holder already signed in with these tokens, as the auth sagas leave it. */
export function sessionWith(tokens: Tokens, source: TokenSource = 'cookie'): SessionTokens {
  const session = createSessionTokens();
  session.begin(tokens, source);
  return session;
}

/** The expectSaga provider that gives callApi this session, as makeStore's saga context does. */
export const sessionContext = (session: SessionTokens) => ({
  getContext: (key: string | symbol, next: () => unknown) => (key === SESSION_TOKENS_CONTEXT ? session : next()),
});

/** A PendingSignIn that keeps its values in memory, taken once as the tab's is. */
export function memoryPendingSignIn(values: PendingSignInValues | null = null): PendingSignIn {
  let kept = values;
  return {
    save: (v) => {
      kept = v;
    },
    take: () => {
      const taken = kept;
      kept = null;
      return taken;
    },
  };
}

/** Saga dependencies with fakes; override what a test needs. */
export function fakeDependencies(overrides: Partial<AuthDependencies> = {}): AuthDependencies {
  return {
    authApi: {
      login: async () => ({ code: 'code-1', state: 'state-1' }),
      exchangeCode: async () => ({ accessToken: 'access-1' }),
      refresh: async () => ({ accessToken: 'access-2' }),
      me: async () => demoUser,
      saveLanguage: async () => undefined,
      mailAvailable: async () => true,
      forgotPassword: async () => undefined,
      resetPassword: async () => undefined,
      logout: async () => undefined,
      changePassword: async () => undefined,
      methods: async () => ({ password: true, oidc: null }),
      singleSignOnUrl: (pkce) => `/api/v1/auth/oidc/start?state=${pkce.state}`,
    },
    createPkce: async () => ({ verifier: 'verifier-1', challenge: 'challenge-1', state: 'state-1' }),
    tokenStore: memoryTokenStore(),
    session: createSessionTokens(),
    credentials: createSecretBox(),
    passwordChange: createSecretBox(),
    newPassword: createSecretBox(),
    locationSearch: () => '',
    locationHash: () => '',
    pendingSignIn: memoryPendingSignIn(),
    leaveFor: () => undefined,
    ...overrides,
  };
}
