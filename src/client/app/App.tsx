import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { RouterProvider } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import type { AppStore } from './store.js';
import { LanguageProvider } from '../features/locale/LanguageProvider.js';
import { CredentialsContext, type CredentialsBox } from '../features/auth/credentials.js';

/** The whole app: store, persisted preferences, language and routes. */
type Router = Parameters<typeof RouterProvider>[0]['router'];

interface AppProps {
  store: AppStore;
  persistor: Persistor | null;
  router: Router;
  /** The store's credentials box, where the login form leaves what the login saga takes. */
  credentials: CredentialsBox;
}

export function App({ store, persistor, router, credentials }: AppProps) {
  const content = (
    <LanguageProvider>
      <CredentialsContext.Provider value={credentials}>
        <RouterProvider router={router} />
      </CredentialsContext.Provider>
    </LanguageProvider>
  );
  return <Provider store={store}>{persistor ? <PersistGate persistor={persistor}>{content}</PersistGate> : content}</Provider>;
}
