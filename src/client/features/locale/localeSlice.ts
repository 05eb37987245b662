import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/constants.js';
import { authActions } from '../auth/authSlice.js';

/** The interface language; persisted, and set to Spanish once the user is known (spec section 1). */
export interface LocaleState {
  language: Language;
}

const localeSlice = createSlice({
  name: 'locale',
  initialState: { language: DEFAULT_LANGUAGE } as LocaleState,
  reducers: {
    languageChanged(state, action: PayloadAction<Language>) {
      state.language = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addCase(authActions.loginSucceeded, (state) => {
      state.language = DEFAULT_LANGUAGE;
    });
  },
});

export const localeActions = localeSlice.actions;
export const localeReducer = localeSlice.reducer;
