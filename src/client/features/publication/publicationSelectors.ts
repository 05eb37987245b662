import type { RootState } from '../../app/rootReducer.js';

/** The choice of the entity on screen, and whether the switch may be turned now (loaded, no change on its way). */
export const selectPublication = (state: RootState) => {
  const { entityId, choice, change } = state.publication;
  return {
    entityId,
    choice: choice.data,
    loading: choice.status === 'loading' || choice.status === 'idle',
    failed: choice.status === 'failed',
    saving: change.status === 'loading',
  };
};
