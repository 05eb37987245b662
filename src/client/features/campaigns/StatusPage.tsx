import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Card, Table } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { campaignsActions } from './campaignsSlice.js';
import { selectStatusPage } from './campaignsSelectors.js';
import { CampaignLink, StatusBadge } from './CampaignLink.js';
import { CampaignTableToolbar } from './CampaignTableToolbar.js';
import { NewCampaignDialog } from './NewCampaignDialog.js';
import { Pager } from '../../components/Pager.js';
import { RemoteState } from '../../components/RemoteState.js';
import { Loading } from '../../components/Loading.js';
import { formatCalendarDate } from '../../lib/dates.js';

const StatusPie = lazy(() => import(/* webpackChunkName: "charts-status" */ '../../charts/StatusPie.js'));

/** Every campaign's status for ADMIN and FEC: pie, search, community filter, 'Nueva Campaña', delete. */
export default function StatusPage() {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const { status, rows, view } = useAppSelector((state) => state.campaigns.statusPage);
  const page = useAppSelector(selectStatusPage);
  const isAdmin = useAppSelector((state) => state.auth.user?.role === 'ADMIN');
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    dispatch(campaignsActions.statusRequested());
  }, [dispatch]);
  const changeView = (patch: Parameters<typeof campaignsActions.statusViewChanged>[0]) => dispatch(campaignsActions.statusViewChanged(patch));

  return (
    <section aria-labelledby="status-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id="status-title" className="h4 mb-0">
          <FormattedMessage id="CAMPAIGNS.STATUS_PAGE.TITLE" />
        </h2>
        <Button onClick={() => setCreating(true)}>
          <FormattedMessage id="CAMPAIGNS.NEW.BUTTON" />
        </Button>
      </div>
      <Card className="mb-3">
        <Card.Body>
          <Card.Title as="h3" className="h6">
            <FormattedMessage id="CAMPAIGNS.PIE.TITLE" />
          </Card.Title>
          {page.total > 0 ? (
            <Suspense fallback={<Loading />}>
              <StatusPie counts={page.counts} />
            </Suspense>
          ) : (
            status === 'loading' && <Loading />
          )}
        </Card.Body>
      </Card>
      <CampaignTableToolbar id="status" view={view} onChange={changeView} />
      <RemoteState status={status} empty={page.total === 0} emptyMessage={rows.length === 0 ? 'CAMPAIGNS.EMPTY' : 'COMMON.NO_MATCH'}>
        <Table responsive hover className="bg-white align-middle">
          <thead>
            <tr>
              {['ENTITY', 'PROVINCE', 'COMMUNITY', 'EDITION', 'STATUS', 'FIRST_ANSWER', 'ACTIONS'].map((column) => (
                <th scope="col" key={column}>
                  <FormattedMessage id={`CAMPAIGNS.COLUMN.${column}`} />
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">
                  <FormattedMessage id="COMMON.DELETE" />
                </span>
              </th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((row) => (
              <tr key={row.campaignId}>
                <td>{row.entity}</td>
                <td>{row.province}</td>
                <td>{row.autonomousCommunity}</td>
                <td>{row.campaignNumber}</td>
                <td>
                  <StatusBadge status={row.status} />
                </td>
                <td>{formatCalendarDate(intl, row.startDate) || '—'}</td>
                <td>
                  <CampaignLink id={row.campaignId} status={row.status} enabled={isAdmin} />
                </td>
                <td>
                  {row.status !== 'sent' && (
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => dispatch(campaignsActions.deleteAsked({ id: row.campaignId, entity: row.entity }))}
                      aria-label={`${intl.formatMessage({ id: 'COMMON.DELETE' })}: ${row.entity} ${row.campaignNumber}`}
                    >
                      <FormattedMessage id="COMMON.DELETE" />
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        <Pager page={page.page} pages={page.pages} onChange={(p) => changeView({ page: p })} label={intl.formatMessage({ id: 'CAMPAIGNS.STATUS_PAGE.TITLE' })} />
      </RemoteState>
      <NewCampaignDialog show={creating} onHide={() => setCreating(false)} />
    </section>
  );
}
