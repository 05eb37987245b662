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
import { selectAuditExporting, selectAuditList, selectAuditMore, selectAuditRetentionDays, selectAuditRows, selectCanLoadMore } from './auditSelectors.js';
import { AUDIT_DATE_FORMAT, type AuditRowView, type DetailValue } from './auditModel.js';
import { formatCalendarDay } from '../../../lib/dates.js';
import { AuditFilters } from './AuditFilters.js';

const COLUMNS = ['AT', 'ACTION', 'ACTOR', 'ENTITY', 'DETAILS'].map((c) => `AUDIT.COLUMN.${c}`);

/** A detail's value in the reader's language: moments on Madrid's clock, calendar days as written. */
function DetailValueText({ value }: { value: DetailValue }) {
  const intl = useIntl();
  if ('moment' in value) return <time dateTime={value.moment}>{intl.formatDate(value.moment, AUDIT_DATE_FORMAT)}</time>;
  if ('day' in value) return <time dateTime={value.day}>{formatCalendarDay(intl, value.day)}</time>;
  if ('message' in value) return <FormattedMessage id={value.message} />;
  return <>{value.text}</>;
}

/** One row: when (Madrid time, the reader's language), what (its label, or its code when unknown), who, which entity, details. */
function AuditRowLine({ row }: { row: AuditRowView }) {
  const intl = useIntl();
  const namedTarget = row.target?.type === 'campaign' || row.target?.type === 'user';
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
        {/* Nothing when empty: the phone's card then leaves the line out (ListCell keeps the rest one block). */}
        {(namedTarget || row.details.length > 0) && (
          <>
            {row.target?.type === 'campaign' && <FormattedMessage id="AUDIT.CAMPAIGN" values={{ n: row.target.id }} />}
            {row.target?.type === 'user' && <FormattedMessage id="AUDIT.USER" values={{ n: row.target.id }} />}
            {row.details.map((part, i) => (
              <span key={part.key}>
                {i > 0 || namedTarget ? ' · ' : ''}
                {part.label ? <FormattedMessage id={part.label} /> : part.key}: <DetailValueText value={part.value} />
              </span>
            ))}
          </>
        )}
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
  const retentionDays = useAppSelector(selectAuditRetentionDays);
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
      {retentionDays !== null && (
        <p className="text-body-secondary small">
          <FormattedMessage id="AUDIT.RETENTION" values={{ days: retentionDays }} />
        </p>
      )}
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
