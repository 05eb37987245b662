import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { FormattedMessage } from 'react-intl';
import { makeStore } from '../../../../src/client/app/store.js';
import { LanguageProvider } from '../../../../src/client/features/locale/LanguageProvider.js';
import { localeActions } from '../../../../src/client/features/locale/localeSlice.js';
import { loadCatalogue, loadedCatalogue, messageFor } from '../../../../src/client/i18n/messages.js';
import type { Language } from '../../../../src/shared/constants.js';

function renderIn(language: Language) {
  const { store } = makeStore({ runSagas: false });
  store.dispatch(localeActions.languageChanged(language));
  render(
    <Provider store={store}>
      <LanguageProvider>
        <p>
          <FormattedMessage id="APP.LOADING" />
        </p>
      </LanguageProvider>
    </Provider>,
  );
  return store;
}

// Each test file has its own module registry, so the catalogues' registry starts with Spanish alone here.
describe('the language provider and the catalogues that arrive when chosen', () => {
  it('has Spanish from the start and no other language before it is asked for', () => {
    expect(loadedCatalogue('es')).toBeDefined();
    expect(loadedCatalogue('gl')).toBeUndefined();
    // Outside React, a language still on its way is written in Spanish rather than as ids.
    expect(messageFor('gl', 'APP.LOADING')).toBe('Cargando...');
  });

  it('shows Spanish at once', () => {
    renderIn('es');
    expect(screen.getByText('Cargando...')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');
  });

  it('keeps the language shown until the chosen one has arrived, then shows it', async () => {
    const store = renderIn('es');
    act(() => void store.dispatch(localeActions.languageChanged('en')));
    expect(screen.getByText('Cargando...')).toBeInTheDocument();
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    expect(messageFor('en', 'APP.LOADING')).toBe('Loading...');
  });

  it('shows nothing on a first start in a language still on its way, then that language', async () => {
    renderIn('ca');
    expect(screen.queryByText('Cargando...')).not.toBeInTheDocument();
    expect(await screen.findByText('Carregant...')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('ca');
  });

  it('fetches a catalogue once', async () => {
    expect(await loadCatalogue('va')).toBe(await loadCatalogue('va'));
  });
});
