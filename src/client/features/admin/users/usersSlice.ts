import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CreateUserRequest, UserRow } from '../../../../shared/api/admin.js';
import { IDLE, type Remote, type RequestError } from '../../../lib/remote.js';
import { initialTableView, patchTableView, type TableView } from '../../../lib/tableView.js';

/** A generated password, shown once in a dialog. It lives in memory only: the store never persists this slice. */
export interface GeneratedPassword {
  email: string;
  password: string;
}

export interface UsersState {
  list: Remote<{ items: UserRow[]; view: TableView }>;
  create: Remote;
  password: GeneratedPassword | null;
}

export const initialUsersState: UsersState = {
  list: { ...IDLE, items: [], view: initialTableView },
  create: { ...IDLE },
  password: null,
};

const usersSlice = createSlice({
  name: 'users',
  initialState: initialUsersState,
  reducers: {
    listRequested(state) {
      state.list.status = 'loading';
    },
    listLoaded(state, action: PayloadAction<UserRow[]>) {
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
    createRequested(state, _action: PayloadAction<CreateUserRequest>) {
      state.create = { status: 'loading', error: null };
    },
    created(state, action: PayloadAction<GeneratedPassword>) {
      state.create = { status: 'succeeded', error: null };
      state.password = action.payload;
    },
    createFailed(state, action: PayloadAction<RequestError>) {
      state.create = { status: 'failed', error: action.payload };
    },
    /** Asked from the table; the confirmation dialog dispatches removeConfirmed. */
    removeAsked: (_state, _action: PayloadAction<{ id: number; email: string }>) => undefined,
    removeConfirmed: (_state, _action: PayloadAction<number>) => undefined,
    removed(state, action: PayloadAction<number>) {
      state.list.items = state.list.items.filter((user) => user.id !== action.payload);
    },
    regenerateAsked: (_state, _action: PayloadAction<{ id: number; email: string }>) => undefined,
    regenerateConfirmed: (_state, _action: PayloadAction<number>) => undefined,
    passwordRegenerated(state, action: PayloadAction<GeneratedPassword>) {
      state.password = action.payload;
    },
    passwordDialogClosed(state) {
      state.password = null;
    },
  },
});

export const usersActions = usersSlice.actions;
export const usersReducer = usersSlice.reducer;
