import { lazy, Suspense, useState, type CSSProperties } from 'react';
import { Badge, Button, Form, Spinner } from 'react-bootstrap';
import { Download } from '../../components/icons.js';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector, useDispatchOnMount } from '../../app/hooks.js';
import { editionsActions } from '../admin/editions/editionsSlice.js';
import { campaignsActions } from './campaignsSlice.js';
import { selectExportEditions, selectStatusOverviewSettled, selectStatusPage, selectStatusView } from './campaignsSelectors.js';
import { CampaignLink, StatusBadge } from './CampaignLink.js';
import { SortHeading, StatusTableToolbar } from './StatusTableToolbar.js';
import { STATUS_SORT_KEYS } from './campaignsView.js';
import { NewCampaignDialog } from './NewCampaignDialog.js';
import { HiddenColumnHeading, ListCell, ListPage } from '../../components/ListPage.js';
import { Loading } from '../../components/Loading.js';
import { TitledCard } from '../../components/TitledCard.js';
import { formatCalendarDate, formatShortCalendarDay } from '../../lib/dates.js';
import type { RequestStatus } from '../../lib/remote.js';
import { EditionDeadlineCard } from '../campaignCycle/EditionDeadlineCard.js';
import { ReopenDialog } from '../campaignCycle/ReopenDialog.js';
import { selectIsLate } from '../campaignCycle/campaignCycleSelectors.js';
import { EditionOpeningCard } from '../editionOpening/EditionOpeningCard.js';
import { RemindersCard } from '../editionOpening/RemindersCard.js';
import { StatusMap } from '../maps/StatusMap.js';
import { chartChunkReady } from '../../charts/chartChunk.js';
import { ReviewStatusBadge } from '../review/ReviewStatusBadge.js';
import { AccessibilityReviewAlert } from '../accessibility/AccessibilityReviewAlert.js';

const StatusPie = lazy(() => chartChunkReady(import(/* webpackChunkName: "charts-status" */ '../../charts/StatusPie.js')));
/** The pie's height, kept free while its chunk loads so that the map below does not jump. */
const PIE_HEIGHT = 260;

type StatusRows = ReturnType<typeof selectStatusPage>;

/** The pie of the campaigns' statuses over the table (a spinner while the first load runs). */
function StatusOverview({ page, status }: { page: StatusRows; status: RequestStatus }) {
  return (
    <TitledCard title="CAMPAIGNS.PIE.TITLE" className="mb-3">
      {page.total > 0 ? (
        <Suspense fallback={<div className="chart-pending" style={{ '--chart-height': `${PIE_HEIGHT}px` } as CSSProperties} />}>
          <StatusPie counts={page.counts} height={PIE_HEIGHT} />
        </Suspense>
      ) : (
        status === 'loading' && <Loading />
      )}
    </TitledCard>
  );
}

type Reopening = { id: number; entity: string; year: number } | null;

/** One campaign's row; a campaign not yet sent can be deleted (after a confirmation), a sent one reopened (ADMIN); late ones say 'Retrasada'. */
function StatusRow({ row, canOpen, onReopen }: { row: StatusRows['rows'][number]; canOpen: boolean; onReopen: (campaign: Reopening) => void }) {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const late = useAppSelector(selectIsLate)(row);
  return (
    <tr>
      <ListCell label="CAMPAIGNS.COLUMN.ENTITY">{row.entity}</ListCell>
      <ListCell label="CAMPAIGNS.COLUMN.PROVINCE">{row.province}</ListCell>
      <ListCell label="CAMPAIGNS.COLUMN.COMMUNITY">{row.autonomousCommunity}</ListCell>
      <ListCell label="CAMPAIGNS.COLUMN.EDITION">{row.campaignNumber}</ListCell>
      <ListCell label="CAMPAIGNS.COLUMN.STATUS">
        <StatusBadge status={row.status} />
        {/* Spaces between the badges: read and copied as 'Completa Pendiente', not run together. */}
        {row.reviewStatus !== 'none' && (
          <>
            {' '}
            <ReviewStatusBadge status={row.reviewStatus} />
          </>
        )}
        {late && (
          <Badge bg="danger" className="ms-1">
            <FormattedMessage id="DEADLINE.LATE_BADGE" />
          </Badge>
        )}
        {row.openObjections > 0 && (
          <>
            {' '}
            <Badge bg="warning" text="dark" data-testid={`open-objections-${row.campaignId}`}>
              <FormattedMessage id="CAMPAIGNS.OPEN_OBJECTIONS_BADGE" values={{ count: row.openObjections }} />
            </Badge>
          </>
        )}
      </ListCell>
      <ListCell label="CAMPAIGNS.COLUMN.FIRST_ANSWER">{formatCalendarDate(intl, row.startDate) || '—'}</ListCell>
      <ListCell label="CAMPAIGNS.COLUMN.SENT_DATE">{formatCalendarDate(intl, row.endDate) || '—'}</ListCell>
      <ListCell label="CAMPAIGNS.COLUMN.DEADLINE">{row.deadline ? formatShortCalendarDay(intl, row.deadline) : '—'}</ListCell>
      <ListCell label="CAMPAIGNS.COLUMN.ACTIONS" actions>
        <CampaignLink id={row.campaignId} status={row.status} enabled={canOpen} />
      </ListCell>
      <ListCell label="COMMON.DELETE" actions>
        {row.status === 'sent' && canOpen && (
          <Button
            size="sm"
            variant="outline-dark"
            onClick={() => onReopen({ id: row.campaignId, entity: row.entity, year: row.campaignNumber })}
            aria-label={`${intl.formatMessage({ id: 'REOPEN.BUTTON' })}: ${row.entity} ${row.campaignNumber}`}
          >
            <FormattedMessage id="REOPEN.BUTTON" />
          </Button>
        )}
        {row.status !== 'sent' && (
          <Button
            size="sm"
            variant="outline-danger"
            onClick={() => dispatch(campaignsActions.deleteAsked({ id: row.campaignId, entity: row.entity, year: row.campaignNumber }))}
            aria-label={`${intl.formatMessage({ id: 'COMMON.DELETE' })}: ${row.entity} ${row.campaignNumber}`}
          >
            <FormattedMessage id="COMMON.DELETE" />
          </Button>
        )}
      </ListCell>
    </tr>
  );
}

/**
 * 'Exportar edición (CSV)' / '(Excel)': the chosen edition (the current one first) as a file, each button waiting
 * while it downloads. While the editions load the controls are there, disabled, so that the heading does not grow
 * (and push the page down) when they arrive; none when there is no edition.
 */
function EditionExport() {
  const dispatch = useAppDispatch();
  const { editions, current, known } = useAppSelector(selectExportEditions);
  const exporting = useAppSelector((state) => state.campaigns.exporting);
  const [chosen, setChosen] = useState<number | null>(null);
  const edition = chosen !== null && editions.includes(chosen) ? chosen : current;
  if (edition === null && known) return null;
  const button = (format: 'csv' | 'xlsx', label: string) => (
    <Button
      variant="light"
      className="border"
      disabled={exporting !== null || edition === null}
      onClick={() => edition !== null && dispatch(campaignsActions.editionExportRequested({ edition, format }))}
    >
      {exporting === format ? <Spinner animation="border" size="sm" className="me-1" /> : <Download aria-hidden="true" className="me-1" />}
      <FormattedMessage id={label} />
    </Button>
  );
  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      {/* Labelled on screen: the year chooses only what the buttons export, not what the page shows. */}
      <Form.Label htmlFor="edition-export-year" className="small mb-0">
        <FormattedMessage id="CAMPAIGNS.EXPORT.EDITION" />
      </Form.Label>
      <Form.Select
        id="edition-export-year"
        size="sm"
        className="w-auto"
        value={edition ?? ''}
        disabled={edition === null}
        onChange={(e) => setChosen(Number(e.target.value))}
      >
        {edition === null && <option value="">····</option>}
        {editions.map((e) => (
          <option key={e} value={e}>
            {e}
          </option>
        ))}
      </Form.Select>
      {button('csv', 'CAMPAIGNS.EXPORT.CSV')}
      {button('xlsx', 'CAMPAIGNS.EXPORT.EXCEL')}
    </div>
  );
}

/** Every campaign's status for ADMIN and FEC: deadlines, opening the edition (ADMIN), reminders, pie, search, community filter, the edition's export, 'Nueva Campaña', delete. */
export default function StatusPage() {
  const dispatch = useAppDispatch();
  const { status, rows } = useAppSelector((state) => state.campaigns.statusPage);
  const view = useAppSelector(selectStatusView);
  const page = useAppSelector(selectStatusPage);
  const isAdmin = useAppSelector((state) => state.auth.user?.role === 'ADMIN');
  const settled = useAppSelector((state) => selectStatusOverviewSettled(state, isAdmin));
  const [creating, setCreating] = useState(false);
  const [reopening, setReopening] = useState<Reopening>(null);
  useDispatchOnMount(campaignsActions.statusRequested);
  // Every edition, those without campaigns too, for the edition selector.
  useDispatchOnMount(editionsActions.listRequested);
  const changeView = (patch: Parameters<typeof campaignsActions.statusViewChanged>[0]) => dispatch(campaignsActions.statusViewChanged(patch));

  return (
    <>
      <ListPage
        id="status"
        title="CAMPAIGNS.STATUS_PAGE.TITLE"
        actions={
          <div className="d-flex flex-wrap align-items-center gap-2">
            <EditionExport />
            <Button onClick={() => setCreating(true)}>
              <FormattedMessage id="CAMPAIGNS.NEW.BUTTON" />
            </Button>
          </div>
        }
        overview={
          <div className={settled ? undefined : 'status-overview-pending'} aria-busy={!settled}>
            {!settled && (
              <div className="status-overview-spinner">
                <Loading />
              </div>
            )}
            {isAdmin && <AccessibilityReviewAlert />}
            <EditionDeadlineCard canChange={isAdmin} />
            <div className="row g-3 mb-3">
              {isAdmin && (
                <div className="col-lg-6">
                  <EditionOpeningCard />
                </div>
              )}
              <div className={isAdmin ? 'col-lg-6' : 'col-12'}>
                <RemindersCard />
              </div>
            </div>
            <StatusOverview page={page} status={status} />
            <StatusMap view={view} onChange={changeView} />
          </div>
        }
        toolbar={<StatusTableToolbar view={view} onChange={changeView} />}
        status={status}
        loaded={rows.length}
        emptyMessage="CAMPAIGNS.EMPTY"
        noMatchMessage="CAMPAIGNS.NO_MATCH"
        page={page}
        onViewChange={changeView}
        head={
          <>
            {STATUS_SORT_KEYS.map((column) => (
              <SortHeading key={column} column={column} view={view} onChange={changeView} />
            ))}
            <th scope="col">
              <FormattedMessage id="CAMPAIGNS.COLUMN.ACTIONS" />
            </th>
            <HiddenColumnHeading message="COMMON.DELETE" />
          </>
        }
      >
        {page.rows.map((row) => (
          <StatusRow key={row.campaignId} row={row} canOpen={isAdmin} onReopen={setReopening} />
        ))}
      </ListPage>
      <NewCampaignDialog show={creating} onHide={() => setCreating(false)} />
      <ReopenDialog campaign={reopening} onHide={() => setReopening(null)} />
    </>
  );
}
