import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CreateEntityRequest, EntityRow } from '../../../../shared/api/admin.js';
import type { Municipality, Province } from '../../../../shared/api/reference.js';
import { IDLE, type Remote, type RequestError } from '../../../lib/remote.js';
import { isSessionChange } from '../../auth/authSlice.js';
import { adminListReducers, initialAdminListState, type AdminListState } from '../adminSlices.js';

export interface EntitiesState extends AdminListState<EntityRow> {
  /** Every municipality and province, for the entity form (loaded once per session). */
  geography: Remote<{ municipalities: Municipality[]; provinces: Province[] }>;
}

export const initialEntitiesState: EntitiesState = {
  ...initialAdminListState<EntityRow>(),
  geography: { ...IDLE, municipalities: [], provinces: [] },
};

const entitiesSlice = createSlice({
  name: 'entities',
  initialState: initialEntitiesState,
  reducers: {
    ...adminListReducers<EntityRow, CreateEntityRequest>(),
    created(state, action: PayloadAction<EntityRow>) {
      state.create = { status: 'succeeded', error: null };
      state.list.items = [...state.list.items.filter((e) => e.id !== action.payload.id), action.payload];
    },
    /** Asked from the table with the entity's campaigns, which the confirmation lists. */
    removeAsked: (_state, _action: PayloadAction<Pick<EntityRow, 'id' | 'name' | 'campaigns'>>) => undefined,
    removeConfirmed: (_state, _action: PayloadAction<number>) => undefined,
    removed(state, action: PayloadAction<number>) {
      state.list.items = state.list.items.filter((e) => e.id !== action.payload);
    },
    geographyRequested(state) {
      if (state.geography.status !== 'succeeded') state.geography.status = 'loading';
    },
    geographyLoaded(state, action: PayloadAction<{ municipalities: Municipality[]; provinces: Province[] }>) {
      state.geography = { status: 'succeeded', error: null, ...action.payload };
    },
    geographyFailed(state, action: PayloadAction<RequestError>) {
      state.geography = { ...initialEntitiesState.geography, status: 'failed', error: action.payload };
    },
  },
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialEntitiesState),
});

export const entitiesActions = entitiesSlice.actions;
export const entitiesReducer = entitiesSlice.reducer;
