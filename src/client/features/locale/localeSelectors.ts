import type { RootState } from '../../app/rootReducer.js';

/** The interface language. */
export const selectLanguage = (state: RootState) => state.locale.language;
