import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button, Table } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector } from '../../app/hooks.js';
import { campaignsActions } from './campaignsSlice.js';
import { selectMyCampaignsPage, selectOpenCampaign } from './campaignsSelectors.js';
import { CampaignLink, StatusBadge } from './CampaignLink.js';
import { CampaignTableToolbar } from './CampaignTableToolbar.js';
import { Pager } from '../../components/Pager.js';
import { RemoteState } from '../../components/RemoteState.js';
import { formatCalendarDate } from '../../lib/dates.js';

/** The USER's campaigns: search, community filter, 'Fecha de Inicio' sortable with empty dates last, 7 per page. */
export default function MyCampaignsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const intl = useIntl();
  const { status, items, view } = useAppSelector((state) => state.campaigns.mine);
  const page = useAppSelector(selectMyCampaignsPage);
  const open = useAppSelector(selectOpenCampaign);
  useEffect(() => {
    dispatch(campaignsActions.mineRequested());
  }, [dispatch]);
  const changeView = (patch: Parameters<typeof campaignsActions.mineViewChanged>[0]) => dispatch(campaignsActions.mineViewChanged(patch));

  return (
    <section aria-labelledby="my-campaigns-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id="my-campaigns-title" className="h4 mb-0">
          <FormattedMessage id="CAMPAIGNS.MINE.TITLE" />
        </h2>
        {open && (
          <Button onClick={() => navigate(`/my-campaigns/${open.id}`)}>
            <FormattedMessage id="CAMPAIGNS.ANSWER_BUTTON" />
          </Button>
        )}
      </div>
      <CampaignTableToolbar id="my-campaigns" view={view} onChange={changeView} />
      <RemoteState status={status} empty={page.total === 0} emptyMessage={items.length === 0 ? 'CAMPAIGNS.EMPTY' : 'COMMON.NO_MATCH'}>
        <Table responsive hover className="bg-white align-middle">
          <thead>
            <tr>
              <th scope="col">
                <FormattedMessage id="CAMPAIGNS.COLUMN.ENTITY" />
              </th>
              <th scope="col">
                <FormattedMessage id="CAMPAIGNS.COLUMN.EDITION" />
              </th>
              <th scope="col" aria-sort={view.sortDescending ? 'descending' : 'ascending'}>
                <Button variant="link" className="p-0 text-decoration-none fw-semibold" onClick={() => changeView({ sortDescending: !view.sortDescending, page: view.page })}>
                  <FormattedMessage id="CAMPAIGNS.COLUMN.START_DATE" /> <span aria-hidden="true">{view.sortDescending ? '▼' : '▲'}</span>
                </Button>
              </th>
              <th scope="col">
                <FormattedMessage id="CAMPAIGNS.COLUMN.STATUS" />
              </th>
              <th scope="col">
                <FormattedMessage id="CAMPAIGNS.COLUMN.ACTIONS" />
              </th>
            </tr>
          </thead>
          <tbody>
            {page.rows.map((campaign) => (
              <tr key={campaign.id}>
                <td>{campaign.entity}</td>
                <td>{campaign.campaignNumber}</td>
                {/* The specification heads this column 'Fecha de Inicio' and fills it with endDate. */}
                <td>{formatCalendarDate(intl, campaign.endDate) || '—'}</td>
                <td>
                  <StatusBadge status={campaign.status} />
                </td>
                <td>
                  <CampaignLink id={campaign.id} status={campaign.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        <Pager page={page.page} pages={page.pages} onChange={(p) => changeView({ page: p })} label={intl.formatMessage({ id: 'CAMPAIGNS.MINE.TITLE' })} />
      </RemoteState>
    </section>
  );
}
