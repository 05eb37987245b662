import { useMemo } from 'react';
import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import type { AppStore } from './store.js';
import { ROUTES } from './routes.js';
import { LanguageProvider } from '../features/locale/LanguageProvider.js';

/** The whole app: store, persisted preferences, language and routes. */
export function App({ store, persistor }: { store: AppStore; persistor: Persistor | null }) {
  const router = useMemo(() => createBrowserRouter(ROUTES), []);
  const content = (
    <LanguageProvider>
      <RouterProvider router={router} />
    </LanguageProvider>
  );
  return <Provider store={store}>{persistor ? <PersistGate persistor={persistor}>{content}</PersistGate> : content}</Provider>;
}
