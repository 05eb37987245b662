import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'bootstrap/dist/css/bootstrap.min.css';
import './styles.css';
import { App } from './app/App.js';
import { makeStore } from './app/store.js';
import { authActions } from './features/auth/authSlice.js';
import { CONFIG } from './config.js';

const { store, persistor } = makeStore({ persist: CONFIG.persistStore });
store.dispatch(authActions.appStarted());

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');
createRoot(container).render(
  <StrictMode>
    <App store={store} persistor={persistor} />
  </StrictMode>,
);
