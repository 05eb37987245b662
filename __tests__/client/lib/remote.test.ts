import { createSlice } from '@reduxjs/toolkit';
import { ApiError } from '../../../src/client/api/ApiError.js';
import { IDLE, remoteReducers, type Remote, type RequestError } from '../../../src/client/lib/remote.js';

interface State {
  kept: Remote<{ items: string[] }>;
  emptied: Remote<{ items: string[] }>;
  other: number;
}

const kept = remoteReducers(
  (state: State) => state.kept,
  (items: string[]) => ({ items }),
);
const emptied = remoteReducers(
  (state: State) => state.emptied,
  (items: string[]) => ({ items }),
  { items: [] },
);

const slice = createSlice({
  name: 'remoteTest',
  initialState: { kept: { ...IDLE, items: [] }, emptied: { ...IDLE, items: [] }, other: 1 } as State,
  reducers: {
    keptRequested: kept.requested,
    keptLoaded: kept.loaded,
    keptFailed: kept.failed,
    emptiedLoaded: emptied.loaded,
    emptiedFailed: emptied.failed,
  },
});

const { actions, reducer } = slice;
const error: RequestError = new ApiError('INTERNAL', 500).toJSON();

describe('remoteReducers', () => {
  it('marks the call on its way, keeping what the Remote held and the rest of the state', () => {
    const loaded = reducer(undefined, actions.keptLoaded(['a']));
    const asked = reducer(loaded, actions.keptRequested());
    expect(asked.kept).toEqual({ status: 'loading', error: null, items: ['a'] });
    expect(asked.other).toBe(1);
  });

  it('keeps the answer made into the data, with no error', () => {
    const failed = reducer(undefined, actions.keptFailed(error));
    expect(reducer(failed, actions.keptLoaded(['b'])).kept).toEqual({ status: 'succeeded', error: null, items: ['b'] });
  });

  it('keeps the error and what the Remote held, unless told what a failure leaves', () => {
    let state = reducer(reducer(undefined, actions.keptLoaded(['a'])), actions.emptiedLoaded(['b']));
    state = reducer(reducer(state, actions.keptFailed(error)), actions.emptiedFailed(error));
    expect(state.kept).toEqual({ status: 'failed', error, items: ['a'] });
    expect(state.emptied).toEqual({ status: 'failed', error, items: [] });
  });
});
