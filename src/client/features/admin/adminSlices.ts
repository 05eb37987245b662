import type { PayloadAction } from '@reduxjs/toolkit';
import { IDLE, remoteReducers, type Remote, type RequestError } from '../../lib/remote.js';
import { initialTableView, patchTableView, type TableView } from '../../lib/tableView.js';

/** What the user and entity slices share: a searchable list of rows, one creation call and one edit call. */
export interface AdminListState<Row> {
  list: Remote<{ items: Row[] }>;
  /** The table's search and page: the only part kept across reloads (app/persistence.ts). */
  view: TableView;
  create: Remote;
  /** The edit form's save (users/update, entities/update). */
  update: Remote;
}

/**
 * The reducers of that shared part: the list's load and view, and the creation's and the edit's status. Each
 * slice adds `created` and `updated` (what a success leaves behind differs) and its own events.
 */
export function adminListReducers<Row, Request, UpdateRequest>() {
  const list = remoteReducers(
    (state: AdminListState<Row>) => state.list,
    (items: Row[]) => ({ items }),
  );
  return {
    listRequested: list.requested,
    listLoaded: list.loaded,
    listFailed: list.failed,
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
    editFormOpened(state: AdminListState<Row>) {
      state.update = { ...IDLE };
    },
    updateRequested(state: AdminListState<Row>, _action: PayloadAction<UpdateRequest>) {
      state.update = { status: 'loading', error: null };
    },
    updateFailed(state: AdminListState<Row>, action: PayloadAction<RequestError>) {
      state.update = { status: 'failed', error: action.payload };
    },
  };
}

/** An empty list, not loaded yet, and no creation or edit attempted. */
export function initialAdminListState<Row>(): AdminListState<Row> {
  return { list: { ...IDLE, items: [] }, view: initialTableView, create: { ...IDLE }, update: { ...IDLE } };
}
