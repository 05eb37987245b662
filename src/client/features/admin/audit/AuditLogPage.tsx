import { Button, Spinner, Table } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector, useDispatchOnMount } from '../../../app/hooks.js';
import { PageHeader } from '../../../components/PageHeader.js';
import { Loading } from '../../../components/Loading.js';
import { EmptyState, FailedState } from '../../../components/StatusMessage.js';
import { ColumnHeadings, ListCell } from '../../../components/ListPage.js';
import { usersActions } from '../users/usersSlice.js';
import { entitiesActions } from '../entities/entitiesSlice.js';
import { auditActions } from './auditSlice.js';
import { selectAuditExporting, selectAuditList, selectAuditMore, selectAuditRows, selectCanLoadMore } from './auditSelectors.js';
import { AUDIT_DATE_FORMAT, type AuditRowView } from './auditModel.js';
import { AuditFilters } from './AuditFilters.js';

const COLUMNS = ['AT', 'ACTION', 'ACTOR', 'ENTITY', 'DETAILS'].map((c) => `AUDIT.COLUMN.${c}`);

/** One row: when (Madrid time, the reader's language), what (its label, or its code when unknown), who, which entity, details. */
function AuditRowLine({ row }: { row: AuditRowView }) {
  const intl = useIntl();
  return (
    <tr>
      <ListCell label="AUDIT.COLUMN.AT" className="text-nowrap">
        <time dateTime={row.at}>{intl.formatDate(row.at, AUDIT_DATE_FORMAT)}</time>
      </ListCell>
      <ListCell label="AUDIT.COLUMN.ACTION" title={row.action}>
        {row.actionMessage ? <FormattedMessage id={row.actionMessage} /> : <code>{row.action}</code>}
      </ListCell>
      <ListCell label="AUDIT.COLUMN.ACTOR" className="text-nowrap">
        {row.actor ?? <FormattedMessage id="AUDIT.NOBODY" />}
      </ListCell>
      <ListCell label="AUDIT.COLUMN.ENTITY">{row.entity ?? '—'}</ListCell>
      <ListCell label="AUDIT.COLUMN.DETAILS" className="small text-break">
        {row.target?.type === 'campaign' && <FormattedMessage id="AUDIT.CAMPAIGN" values={{ n: row.target.id }} />}
        {row.target?.type === 'user' && <FormattedMessage id="AUDIT.USER" values={{ n: row.target.id }} />}
        {row.target && ['campaign', 'user'].includes(row.target.type) && row.details ? ' · ' : ''}
        {row.details}
      </ListCell>
    </tr>
  );
}

/** 'Registro de actividad' (ADMIN): the filtered log, newest first, 'Cargar más' for older rows, and its CSV. */
export default function AuditLogPage() {
  const dispatch = useAppDispatch();
  const list = useAppSelector(selectAuditList);
  const rows = useAppSelector(selectAuditRows);
  const more = useAppSelector(selectAuditMore);
  const canLoadMore = useAppSelector(selectCanLoadMore);
  const exporting = useAppSelector(selectAuditExporting);
  useDispatchOnMount(auditActions.pageOpened);
  // The filters' options: the users and entities lists.
  useDispatchOnMount(usersActions.listRequested);
  useDispatchOnMount(entitiesActions.listRequested);
  const exportButton = (
    <Button variant="outline-primary" onClick={() => dispatch(auditActions.exportRequested())} disabled={exporting}>
      {exporting && <Spinner size="sm" className="me-2" aria-hidden="true" />}
      <FormattedMessage id="AUDIT.EXPORT" />
    </Button>
  );
  return (
    <section aria-labelledby="audit-title">
      <PageHeader id="audit-title" title="AUDIT.TITLE" actions={exportButton} />
      <AuditFilters />
      {list.status === 'loading' || list.status === 'idle' ? (
        <Loading />
      ) : list.status === 'failed' ? (
        <FailedState message="AUDIT.LOAD_ERROR" />
      ) : rows.length === 0 ? (
        <EmptyState message="AUDIT.EMPTY" />
      ) : (
        <>
          <Table responsive hover className="bg-white align-middle list-table">
            <thead>
              <tr>
                <ColumnHeadings messages={COLUMNS} />
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <AuditRowLine key={row.id} row={row} />
              ))}
            </tbody>
          </Table>
          <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
            <span className="text-body-secondary small" aria-live="polite">
              <FormattedMessage id="AUDIT.SHOWN" values={{ count: rows.length }} />
            </span>
            {(canLoadMore || more.status === 'loading') && (
              <Button variant="outline-secondary" onClick={() => dispatch(auditActions.moreRequested())} disabled={more.status === 'loading'}>
                {more.status === 'loading' && <Spinner size="sm" className="me-2" aria-hidden="true" />}
                <FormattedMessage id="AUDIT.LOAD_MORE" />
              </Button>
            )}
            {more.status === 'failed' && (
              <span className="text-danger small" role="alert">
                <FormattedMessage id="AUDIT.LOAD_ERROR" />
              </span>
            )}
          </div>
        </>
      )}
    </section>
  );
}
