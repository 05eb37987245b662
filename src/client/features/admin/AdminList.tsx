import type { ComponentType } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import type { UnknownAction } from '@reduxjs/toolkit';
import { useAppDispatch, useAppSelector, useDispatchOnMount } from '../../app/hooks.js';
import type { RootState } from '../../app/rootReducer.js';
import { ColumnHeadings, ListPage } from '../../components/ListPage.js';
import { SearchBox } from '../../components/SearchBox.js';
import type { TableView } from '../../lib/tableView.js';
import type { AdminListState } from './adminSlices.js';

/** What tells one administration list from another: its texts, its part of the store, its row. */
export interface AdminListConfig<Row extends { id: number }> {
  /** Prefix of the ids in the page. */
  id: string;
  /** Message ids: the heading, the 'Nuevo ...' button, the search label and the empty state. */
  messages: { title: string; add: string; search: string; empty: string };
  addPath: string;
  /** Message ids of the column headings; `endAligned` ones hold figures. */
  columns: readonly string[];
  endAligned?: readonly string[];
  selectList: (state: RootState) => AdminListState<unknown>['list'];
  selectView: (state: RootState) => TableView;
  /** The page of rows the search leaves (pageOf, with their total). */
  selectPage: (state: RootState) => { rows: Row[]; total: number; page: number; pages: number };
  actions: { listRequested: () => UnknownAction; viewChanged: (patch: Partial<TableView>) => UnknownAction };
  RowView: ComponentType<{ row: Row }>;
  /** What goes beside the search box (the entities' 'Mostrar archivadas'). */
  ToolbarExtra?: ComponentType;
}

/** An administration list (adminSlices): the list-page scaffold with a 'Nuevo ...' link and a search box. */
export function AdminList<Row extends { id: number }>({ config }: { config: AdminListConfig<Row> }) {
  const { id, messages, addPath, columns, endAligned, selectList, selectView, selectPage, actions, RowView, ToolbarExtra } = config;
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectList);
  const view = useAppSelector(selectView);
  const page = useAppSelector(selectPage);
  useDispatchOnMount(actions.listRequested);
  const changeView = (patch: Partial<TableView>) => dispatch(actions.viewChanged(patch));
  return (
    <ListPage
      id={id}
      title={messages.title}
      actions={
        <Link to={addPath} className="btn btn-primary">
          <FormattedMessage id={messages.add} />
        </Link>
      }
      toolbar={
        ToolbarExtra ? (
          <div className="d-flex flex-wrap align-items-end column-gap-4 row-gap-2 mb-3">
            <SearchBox id={`${id}-search`} label={messages.search} value={view.search} onChange={(search) => changeView({ search })} />
            <ToolbarExtra />
          </div>
        ) : (
          <SearchBox id={`${id}-search`} label={messages.search} className="mb-3" value={view.search} onChange={(search) => changeView({ search })} />
        )
      }
      status={list.status}
      loaded={list.items.length}
      emptyMessage={messages.empty}
      page={page}
      onViewChange={changeView}
      head={<ColumnHeadings messages={columns} endAligned={endAligned} />}
    >
      {page.rows.map((row) => (
        <RowView key={row.id} row={row} />
      ))}
    </ListPage>
  );
}
