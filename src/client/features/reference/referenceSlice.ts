import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AutonomousCommunity } from '../../../shared/api/reference.js';
import { IDLE, type Remote, type RequestError } from '../../lib/remote.js';
import { isSessionChange } from '../auth/authSlice.js';

/** Reference data loaded once per session: the autonomous communities for the filters. */
export interface ReferenceState {
  communities: Remote<{ items: AutonomousCommunity[] }>;
}

const initialReferenceState: ReferenceState = { communities: { ...IDLE, items: [] } };

const referenceSlice = createSlice({
  name: 'reference',
  initialState: initialReferenceState,
  reducers: {
    communitiesRequested(state) {
      if (state.communities.status !== 'succeeded') state.communities.status = 'loading';
    },
    communitiesLoaded(state, action: PayloadAction<AutonomousCommunity[]>) {
      state.communities = { status: 'succeeded', error: null, items: action.payload };
    },
    communitiesFailed(state, action: PayloadAction<RequestError>) {
      state.communities = { status: 'failed', error: action.payload, items: [] };
    },
  },
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialReferenceState),
});

export const referenceActions = referenceSlice.actions;
export const referenceReducer = referenceSlice.reducer;
