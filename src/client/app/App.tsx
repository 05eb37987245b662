import { Provider } from 'react-redux';
import { PersistGate } from 'redux-persist/integration/react';
import { RouterProvider } from 'react-router-dom';
import type { Persistor } from 'redux-persist';
import type { AppStore } from './store.js';
import { LanguageProvider } from '../features/locale/LanguageProvider.js';

/** The whole app: store, persisted preferences, language and routes. */
type Router = Parameters<typeof RouterProvider>[0]['router'];

export function App({ store, persistor, router }: { store: AppStore; persistor: Persistor | null; router: Router }) {
  const content = (
    <LanguageProvider>
      <RouterProvider router={router} />
    </LanguageProvider>
  );
  return <Provider store={store}>{persistor ? <PersistGate persistor={persistor}>{content}</PersistGate> : content}</Provider>;
}
