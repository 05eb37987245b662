import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { createBrowserRouter } from 'react-router-dom';
import { App } from './app/App.js';
import { ROUTES, type PageHandle } from './app/routes.js';
import { makeStore } from './app/store.js';
import { authActions } from './features/auth/authSlice.js';
import { CONFIG } from './config.js';

/** Resolves in a task of its own: what follows an `await` of it runs after the page could answer (and paint). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Starts the app: the router (and the opening page's chunk), the store with its sagas, the first render. Each in
 * a task of its own, after the one that evaluates the modules: together they were one task of 110 to 165 ms
 * while Lighthouse traced the results page, then of 50 to 105, the page answering nothing meanwhile.
 */
async function start(): Promise<void> {
  await nextTask();
  const router = createBrowserRouter(ROUTES);
  // The opening address's page loads beside the session check instead of after it.
  for (const match of router.state.matches) (match.route.handle as PageHandle | undefined)?.preload().catch(() => undefined);
  await nextTask();
  const { store, persistor, dependencies } = makeStore({ persist: CONFIG.persistStore, dependencies: { navigate: (path) => void router.navigate(path) } });
  store.dispatch(authActions.appStarted());
  await nextTask();
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  createRoot(container).render(
    <StrictMode>
      <App store={store} persistor={persistor} router={router} holders={dependencies} />
    </StrictMode>,
  );
}

void start();
