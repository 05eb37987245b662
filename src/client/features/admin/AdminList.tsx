import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { FormattedMessage } from 'react-intl';
import { ListPage } from '../../components/ListPage.js';
import { SearchBox } from '../../components/SearchBox.js';
import type { RequestStatus } from '../../lib/remote.js';
import type { TableView } from '../../lib/tableView.js';

export interface AdminListProps {
  /** Prefix of the ids in the page. */
  id: string;
  /** Message ids: the heading, the 'Nuevo ...' button, the search label and the empty state. */
  messages: { title: string; add: string; search: string; empty: string };
  addPath: string;
  /** The list in the store (adminSlices) and the page of it the search leaves. */
  list: { status: RequestStatus; items: readonly unknown[]; view: TableView };
  page: { total: number; page: number; pages: number };
  onViewChange: (patch: Partial<TableView>) => void;
  head: ReactNode;
  children: ReactNode;
}

/** An administration list: the list-page scaffold with a 'Nuevo ...' link and a search box. */
export function AdminList({ id, messages, addPath, list, page, onViewChange, head, children }: AdminListProps) {
  return (
    <ListPage
      id={id}
      title={messages.title}
      actions={
        <Link to={addPath} className="btn btn-primary">
          <FormattedMessage id={messages.add} />
        </Link>
      }
      toolbar={<SearchBox id={`${id}-search`} label={messages.search} className="mb-3" value={list.view.search} onChange={(search) => onViewChange({ search })} />}
      status={list.status}
      loaded={list.items.length}
      matching={page.total}
      emptyMessage={messages.empty}
      page={page.page}
      pages={page.pages}
      onPage={(p) => onViewChange({ page: p })}
      head={head}
    >
      {children}
    </ListPage>
  );
}
