import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CreateEntityRequest, EntityRow } from '../../../../shared/api/admin.js';
import type { Municipality, Province } from '../../../../shared/api/campaigns.js';
import { IDLE, type Remote, type RequestError } from '../../../lib/remote.js';
import { initialTableView, patchTableView, type TableView } from '../../../lib/tableView.js';

export interface EntitiesState {
  list: Remote<{ items: EntityRow[]; view: TableView }>;
  create: Remote;
  /** Every municipality and province, for the entity form (loaded once per session). */
  geography: Remote<{ municipalities: Municipality[]; provinces: Province[] }>;
}

export const initialEntitiesState: EntitiesState = {
  list: { ...IDLE, items: [], view: initialTableView },
  create: { ...IDLE },
  geography: { ...IDLE, municipalities: [], provinces: [] },
};

const entitiesSlice = createSlice({
  name: 'entities',
  initialState: initialEntitiesState,
  reducers: {
    listRequested(state) {
      state.list.status = 'loading';
    },
    listLoaded(state, action: PayloadAction<EntityRow[]>) {
      Object.assign(state.list, { status: 'succeeded', error: null, items: action.payload });
    },
    listFailed(state, action: PayloadAction<RequestError>) {
      Object.assign(state.list, { status: 'failed', error: action.payload });
    },
    viewChanged(state, action: PayloadAction<Partial<TableView>>) {
      state.list.view = patchTableView(state.list.view, action.payload);
    },
    createFormOpened(state) {
      state.create = { ...IDLE };
    },
    createRequested(state, _action: PayloadAction<CreateEntityRequest>) {
      state.create = { status: 'loading', error: null };
    },
    created(state, action: PayloadAction<EntityRow>) {
      state.create = { status: 'succeeded', error: null };
      state.list.items = [...state.list.items.filter((e) => e.id !== action.payload.id), action.payload];
    },
    createFailed(state, action: PayloadAction<RequestError>) {
      state.create = { status: 'failed', error: action.payload };
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
});

export const entitiesActions = entitiesSlice.actions;
export const entitiesReducer = entitiesSlice.reducer;
