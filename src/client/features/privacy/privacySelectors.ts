import type { RootState } from '../../app/rootReducer.js';

export const selectPrivacy = (state: RootState) => state.privacy;
