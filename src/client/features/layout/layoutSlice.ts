import { createSlice } from '@reduxjs/toolkit';

/** Layout preferences kept across reloads (LayoutConfig), and the route-change progress bar. */
export interface LayoutState {
  sidebarCollapsed: boolean;
  /** Increases on every route change; the progress bar animates when it changes. */
  navigationCount: number;
}

const layoutSlice = createSlice({
  name: 'layout',
  initialState: { sidebarCollapsed: false, navigationCount: 0 } as LayoutState,
  reducers: {
    sidebarToggled(state) {
      state.sidebarCollapsed = !state.sidebarCollapsed;
    },
    routeChanged(state) {
      state.navigationCount += 1;
    },
  },
});

export const layoutActions = layoutSlice.actions;
export const layoutReducer = layoutSlice.reducer;
