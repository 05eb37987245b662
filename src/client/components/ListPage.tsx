import type { ReactNode } from 'react';
import { Table } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import type { RequestStatus } from '../lib/remote.js';
import type { TableView } from '../lib/tableView.js';
import { PageHeader } from './PageHeader.js';
import { Pager } from './Pager.js';
import { RemoteState } from './RemoteState.js';

export interface ListPageProps {
  /** Prefix of the ids in the page; `${id}-title` is the heading's. */
  id: string;
  /** Message id of the heading, which also names the pager. */
  title: string;
  /** Buttons or links beside the heading ('Nuevo ...'). */
  actions?: ReactNode;
  /** What stands between the heading and the toolbar (the status page's pie). */
  overview?: ReactNode;
  /** The search box and filters above the table. */
  toolbar: ReactNode;
  status: RequestStatus;
  /** Rows in the store (none: `emptyMessage`; some, but the search leaves none: 'Sin coincidencias'). */
  loaded: number;
  emptyMessage: string;
  /** What shows when the search and filters leave no row ('Sin coincidencias' by default). */
  noMatchMessage?: string;
  /** The page on screen of the rows the search and filters leave (pageOf, with their total). */
  page: { total: number; page: number; pages: number };
  /** Search, filters, sort and page live in the store's TableView; the pager changes its page. */
  onViewChange: (patch: Partial<TableView>) => void;
  /** The table's header cells. */
  head: ReactNode;
  /** The table's rows on this page. */
  children: ReactNode;
}

/**
 * A list page: heading with its actions, toolbar, the table (or its loading, failure or empty state) and
 * the pager. One scaffold for /my-campaigns, /status, /manage/users and /manage/entities. Below Bootstrap's md
 * breakpoint each row shows as a card, each `ListCell` a line with its column's name beside the value
 * (styles.css, "List pages on a phone").
 */
export function ListPage({
  id,
  title,
  actions,
  overview,
  toolbar,
  status,
  loaded,
  emptyMessage,
  noMatchMessage = 'COMMON.NO_MATCH',
  page,
  onViewChange,
  head,
  children,
}: ListPageProps) {
  const intl = useIntl();
  return (
    <section aria-labelledby={`${id}-title`}>
      <PageHeader id={`${id}-title`} title={title} actions={actions} />
      {overview}
      {toolbar}
      <RemoteState status={status} empty={page.total === 0} emptyMessage={loaded === 0 ? emptyMessage : noMatchMessage}>
        <Table responsive hover className="bg-white align-middle list-table">
          <thead>
            <tr>{head}</tr>
          </thead>
          <tbody>{children}</tbody>
        </Table>
        <Pager page={page.page} pages={page.pages} onChange={(p) => onViewChange({ page: p })} label={intl.formatMessage({ id: title })} />
      </RemoteState>
    </section>
  );
}

export interface ListCellProps {
  /** Message id of the cell's column: the name shown beside the value on a phone. */
  label: string;
  /** The row's actions (buttons, links): at the foot of the card on a phone, without the column's name. */
  actions?: boolean;
  className?: string;
  title?: string;
  children?: ReactNode;
}

/** One cell of a list row, carrying its column's name for the phone layout. */
export function ListCell({ label, actions = false, className, title, children }: ListCellProps) {
  const intl = useIntl();
  const classes = [actions ? 'list-actions' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <td data-label={intl.formatMessage({ id: label })} className={classes || undefined} title={title}>
      {/* One block beside the label on a phone (where a cell is a flex line): loose children would each take a
          column of their own, cutting a text and a button beside it mid-word. */}
      {actions ? children : <div className="list-cell-value">{children}</div>}
    </td>
  );
}

/** The header cell of a column of buttons ('Quitar', 'Eliminar'): its name (a message id) is for screen readers only. */
export function HiddenColumnHeading({ message }: { message: string }) {
  return (
    <th scope="col">
      <span className="visually-hidden">
        <FormattedMessage id={message} />
      </span>
    </th>
  );
}

/** Header cells of a list table, one per message id; `endAligned` ones for figures. */
export function ColumnHeadings({ messages, endAligned = [] }: { messages: readonly string[]; endAligned?: readonly string[] }) {
  return messages.map((message) => (
    <th scope="col" key={message} className={endAligned.includes(message) ? 'text-end' : undefined}>
      <FormattedMessage id={message} />
    </th>
  ));
}
