import { createSlice } from '@reduxjs/toolkit';

/** Layout preferences kept across reloads (LayoutConfig), the route-change progress bar and the splash screen. */
export interface LayoutState {
  sidebarCollapsed: boolean;
  /** Increases on every route change; the progress bar animates when it changes. */
  navigationCount: number;
  /** The splash screen, hidden once the session is known or after 3 s (spec section 9); never persisted. */
  splashVisible: boolean;
}

const layoutSlice = createSlice({
  name: 'layout',
  initialState: { sidebarCollapsed: false, navigationCount: 0, splashVisible: true } as LayoutState,
  reducers: {
    sidebarToggled(state) {
      state.sidebarCollapsed = !state.sidebarCollapsed;
    },
    routeChanged(state) {
      state.navigationCount += 1;
    },
    splashHidden(state) {
      state.splashVisible = false;
    },
  },
});

export const layoutActions = layoutSlice.actions;
export const layoutReducer = layoutSlice.reducer;
