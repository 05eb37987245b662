import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CreateUserRequest, UpdateUserRequest, UserRow } from '../../../../shared/api/admin.js';
import { isSessionChange } from '../../auth/authSlice.js';
import { adminListReducers, initialAdminListState, type AdminListState } from '../adminSlices.js';

export interface UsersState extends AdminListState<UserRow> {
  /**
   * The user whose generated password the dialog shows once, or null. The password itself never enters
   * the store: the saga leaves it in the store's box outside Redux (generatedPassword.ts).
   */
  passwordFor: string | null;
}

const initialUsersState: UsersState = {
  ...initialAdminListState<UserRow>(),
  passwordFor: null,
};

const usersSlice = createSlice({
  name: 'users',
  initialState: initialUsersState,
  reducers: {
    ...adminListReducers<UserRow, CreateUserRequest, UpdateUserRequest>(),
    /** Saved from the edit form; the list, loaded again on the way back, shows the change. */
    updated(state) {
      state.update = { status: 'succeeded', error: null };
    },
    /** Created, its password in the box: the payload is the new user's e-mail only. */
    created(state, action: PayloadAction<{ email: string }>) {
      state.create = { status: 'succeeded', error: null };
      state.passwordFor = action.payload.email;
    },
    /** Asked from the table; the confirmation dialog dispatches removeConfirmed. */
    removeAsked: (_state, _action: PayloadAction<{ id: number; email: string }>) => undefined,
    removeConfirmed: (_state, _action: PayloadAction<number>) => undefined,
    removed(state, action: PayloadAction<number>) {
      state.list.items = state.list.items.filter((user) => user.id !== action.payload);
    },
    /** 'Borrar sus datos' (ADMIN): confirmed first; erased, the user leaves the list as a removed one does. */
    eraseAsked: (_state, _action: PayloadAction<{ id: number; email: string }>) => undefined,
    eraseConfirmed: (_state, _action: PayloadAction<number>) => undefined,
    regenerateAsked: (_state, _action: PayloadAction<{ id: number; email: string }>) => undefined,
    regenerateConfirmed: (_state, _action: PayloadAction<number>) => undefined,
    passwordRegenerated(state, action: PayloadAction<{ email: string }>) {
      state.passwordFor = action.payload.email;
    },
    /** The saga empties the box too. */
    passwordDialogClosed(state) {
      state.passwordFor = null;
    },
  },
  extraReducers: (builder) => builder.addMatcher(isSessionChange, () => initialUsersState),
});

export const usersActions = usersSlice.actions;
export const usersReducer = usersSlice.reducer;
