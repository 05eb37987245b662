import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Form } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { Pager } from '../../components/Pager.js';
import { RemoteState } from '../../components/RemoteState.js';
import type { RequestStatus } from '../../lib/remote.js';

export interface AdminListProps {
  /** Prefix of the ids in the page. */
  id: string;
  /** Message ids: the heading, the 'Nuevo ...' button, the search label and the empty state. */
  messages: { title: string; add: string; search: string; empty: string };
  addPath: string;
  search: string;
  onSearch: (search: string) => void;
  status: RequestStatus;
  /** Rows in the store, and rows left by the search. */
  loaded: number;
  matching: number;
  page: number;
  pages: number;
  onPage: (page: number) => void;
  children: ReactNode;
}

/** An administration list: heading with its 'Nuevo ...' link, a search box, the table (or its loading, failure or empty state) and the pager. */
export function AdminList({ id, messages, addPath, search, onSearch, status, loaded, matching, page, pages, onPage, children }: AdminListProps) {
  const intl = useIntl();
  return (
    <section aria-labelledby={`${id}-title`}>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id={`${id}-title`} className="h4 mb-0">
          <FormattedMessage id={messages.title} />
        </h2>
        <Link to={addPath} className="btn btn-primary">
          <FormattedMessage id={messages.add} />
        </Link>
      </div>
      <Form.Group controlId={`${id}-search`} className="mb-3" style={{ maxWidth: '22rem' }}>
        <Form.Label className="small mb-1">
          <FormattedMessage id={messages.search} />
        </Form.Label>
        <Form.Control type="search" value={search} onChange={(e) => onSearch(e.target.value)} />
      </Form.Group>
      <RemoteState status={status} empty={matching === 0} emptyMessage={loaded === 0 ? messages.empty : 'COMMON.NO_MATCH'}>
        {children}
        <Pager page={page} pages={pages} onChange={onPage} label={intl.formatMessage({ id: messages.title })} />
      </RemoteState>
    </section>
  );
}
