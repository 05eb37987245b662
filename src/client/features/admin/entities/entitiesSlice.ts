import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CreateEntityRequest, EntityRow, UpdateEntityRequest } from '../../../../shared/api/admin.js';
import type { Municipality, Province } from '../../../../shared/api/reference.js';
import { IDLE, type Remote, type RequestError } from '../../../lib/remote.js';
import { isSessionChange } from '../../auth/authSlice.js';
import { adminListReducers, initialAdminListState, type AdminListState } from '../adminSlices.js';

export interface EntitiesState extends AdminListState<EntityRow> {
  /** Every municipality and province, for the entity form (loaded once per session). */
  geography: Remote<{ municipalities: Municipality[]; provinces: Province[] }>;
  /** Whether the list shows archived entities too (marked 'Archivada'); they are hidden otherwise. */
  showArchived: boolean;
  /**
   * The dialog for removing an entity with sent campaigns: archive it, or delete it for good once its name is
   * typed; null when closed. `busy` while its call runs.
   */
  removal: { id: number; name: string; sent: number; archived: boolean; busy: boolean } | null;
}

export const initialEntitiesState: EntitiesState = {
  ...initialAdminListState<EntityRow>(),
  geography: { ...IDLE, municipalities: [], provinces: [] },
  showArchived: false,
  removal: null,
};

const setArchived = (state: EntitiesState, id: number, archived: boolean) => {
  const entity = state.list.items.find((e) => e.id === id);
  if (entity) entity.archived = archived;
};

const entitiesSlice = createSlice({
  name: 'entities',
  initialState: initialEntitiesState,
  reducers: {
    ...adminListReducers<EntityRow, CreateEntityRequest, UpdateEntityRequest>(),
    updated(state, action: PayloadAction<EntityRow>) {
      state.update = { status: 'succeeded', error: null };
      state.list.items = state.list.items.map((e) => (e.id === action.payload.id ? action.payload : e));
    },
    showArchivedChanged(state, action: PayloadAction<boolean>) {
      state.showArchived = action.payload;
      state.view.page = 1;
    },
    /** An entity with sent campaigns: the saga opens the archive-or-delete dialog instead of the plain confirmation. */
    removalDialogOpened(state, action: PayloadAction<{ id: number; name: string; sent: number; archived: boolean }>) {
      state.removal = { ...action.payload, busy: false };
    },
    removalDialogClosed(state) {
      state.removal = null;
    },
    archiveRequested(state, _action: PayloadAction<number>) {
      if (state.removal) state.removal.busy = true;
    },
    archived(state, action: PayloadAction<number>) {
      setArchived(state, action.payload, true);
      state.removal = null;
    },
    /** Deleting for good, with the name the administrator typed. */
    removeForGoodRequested(state, _action: PayloadAction<{ id: number; confirmName: string }>) {
      if (state.removal) state.removal.busy = true;
    },
    /** A failed archive or deletion: the dialog stays open to try again or cancel. */
    removalFailed(state) {
      if (state.removal) state.removal.busy = false;
    },
    restoreRequested: (_state, _action: PayloadAction<number>) => undefined,
    restored(state, action: PayloadAction<number>) {
      setArchived(state, action.payload, false);
    },
    created(state, action: PayloadAction<EntityRow>) {
      state.create = { status: 'succeeded', error: null };
      state.list.items = [...state.list.items.filter((e) => e.id !== action.payload.id), action.payload];
    },
    /** Asked from the table with the entity's campaigns, which the confirmation lists. */
    removeAsked: (_state, _action: PayloadAction<Pick<EntityRow, 'id' | 'name' | 'campaigns' | 'archived'>>) => undefined,
    removeConfirmed: (_state, _action: PayloadAction<number>) => undefined,
    removed(state, action: PayloadAction<number>) {
      state.list.items = state.list.items.filter((e) => e.id !== action.payload);
      state.removal = null;
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
