import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CreateUserRequest, UserRow } from '../../../../shared/api/admin.js';
import { isSessionChange } from '../../auth/authSlice.js';
import { adminListReducers, initialAdminListState, type AdminListState } from '../adminSlices.js';

/** A generated password, shown once in a dialog. It lives in memory only: the store never persists this slice. */
export interface GeneratedPassword {
  email: string;
  password: string;
}

export interface UsersState extends AdminListState<UserRow> {
  password: GeneratedPassword | null;
}

export const initialUsersState: UsersState = {
  ...initialAdminListState<UserRow>(),
  password: null,
};

const usersSlice = createSlice({
  name: 'users',
  initialState: initialUsersState,
  reducers: {
    ...adminListReducers<UserRow, CreateUserRequest>(),
    created(state, action: PayloadAction<GeneratedPassword>) {
      state.create = { status: 'succeeded', error: null };
      state.password = action.payload;
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
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialUsersState),
});

export const usersActions = usersSlice.actions;
export const usersReducer = usersSlice.reducer;
