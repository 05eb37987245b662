import type { PayloadAction } from '@reduxjs/toolkit';
import { IDLE, type Remote, type RequestError } from '../../lib/remote.js';
import { initialTableView, patchTableView, type TableView } from '../../lib/tableView.js';

/** What the user and entity slices share: a searchable list of rows and one creation call. */
export interface AdminListState<Row> {
  list: Remote<{ items: Row[] }>;
  /** The table's search and page: the only part kept across reloads (app/persistence.ts). */
  view: TableView;
  create: Remote;
}

/**
 * The reducers of that shared part: the list's load and view, and the creation's status. Each slice adds
 * `created` (what a success leaves behind differs) and its own events.
 */
export function adminListReducers<Row, Request>() {
  return {
    listRequested(state: AdminListState<Row>) {
      state.list.status = 'loading';
    },
    listLoaded(state: AdminListState<Row>, action: PayloadAction<Row[]>) {
      Object.assign(state.list, { status: 'succeeded', error: null, items: action.payload });
    },
    listFailed(state: AdminListState<Row>, action: PayloadAction<RequestError>) {
      Object.assign(state.list, { status: 'failed', error: action.payload });
    },
    viewChanged(state: AdminListState<Row>, action: PayloadAction<Partial<TableView>>) {
      state.view = patchTableView(state.view, action.payload);
    },
    createFormOpened(state: AdminListState<Row>) {
      state.create = { ...IDLE };
    },
    createRequested(state: AdminListState<Row>, _action: PayloadAction<Request>) {
      state.create = { status: 'loading', error: null };
    },
    createFailed(state: AdminListState<Row>, action: PayloadAction<RequestError>) {
      state.create = { status: 'failed', error: action.payload };
    },
  };
}

/** An empty list, not loaded yet, and no creation attempted. */
export function initialAdminListState<Row>(): AdminListState<Row> {
  return { list: { ...IDLE, items: [] }, view: initialTableView, create: { ...IDLE } };
}
