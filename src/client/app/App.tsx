import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { RouterProvider } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import type { AppStore } from './store.js';
import { LanguageProvider } from '../features/locale/LanguageProvider.js';
import { SecretHoldersProvider, type SecretHolders } from './SecretHolders.js';

/** The whole app: store, persisted preferences, language and routes. */
type Router = Parameters<typeof RouterProvider>[0]['router'];

interface AppProps {
  store: AppStore;
  persistor: Persistor | null;
  router: Router;
  /** The store's holders of what must stay out of Redux (the credentials, a generated password, a shared link's token). */
  holders: SecretHolders;
}

export function App({ store, persistor, router, holders }: AppProps) {
  const content = (
    <LanguageProvider>
      <SecretHoldersProvider holders={holders}>
        <RouterProvider router={router} />
      </SecretHoldersProvider>
    </LanguageProvider>
  );
  return <Provider store={store}>{persistor ? <PersistGate persistor={persistor}>{content}</PersistGate> : content}</Provider>;
}
