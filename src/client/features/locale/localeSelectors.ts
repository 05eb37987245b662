import type { RootState } from '../../app/rootReducer.js';
import { QUESTIONS_LANGUAGE } from '../../../shared/constants.js';

/** The interface language. */
export const selectLanguage = (state: RootState) => state.locale.language;

/** Whether the interface speaks another language than the editions' questions (constants.ts QUESTIONS_LANGUAGE). */
export const selectQuestionsInAnotherLanguage = (state: RootState) => state.locale.language !== QUESTIONS_LANGUAGE;
