import { useNavigate } from 'react-router-dom';
import { Button } from 'react-bootstrap';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector, useDispatchOnMount } from '../../app/hooks.js';
import { campaignsActions } from './campaignsSlice.js';
import { selectMineView, selectMyCampaignsPage, selectOpenCampaign } from './campaignsSelectors.js';
import { CampaignLink, StatusBadge } from './CampaignLink.js';
import { CampaignTableToolbar } from './CampaignTableToolbar.js';
import { RowLink } from '../admin/RowAction.js';
import { teamPath } from '../../app/paths.js';
import { ColumnHeadings, ListCell, ListPage } from '../../components/ListPage.js';
import { formatCalendarDate, formatShortCalendarDay, formatShortMadridDay } from '../../lib/dates.js';
import type { CampaignSummary } from '../../../shared/api/campaigns.js';

/** The 'Fecha de envío' header: a button that flips the sort (empty dates stay last). */
function SentDateHeading({ descending, onToggle }: { descending: boolean; onToggle: () => void }) {
  return (
    <th scope="col" aria-sort={descending ? 'descending' : 'ascending'}>
      <Button variant="link" className="p-0 text-decoration-none fw-semibold" onClick={onToggle}>
        <FormattedMessage id="CAMPAIGNS.COLUMN.SENT_DATE" /> <span aria-hidden="true">{descending ? '▼' : '▲'}</span>
      </Button>
    </th>
  );
}

/** A reopened campaign not sent again says so under its status: when, and the administrator's reason. */
function ReopenedNote({ reopening }: { reopening: NonNullable<CampaignSummary['reopening']> }) {
  const intl = useIntl();
  return (
    <small className="d-block text-body-secondary mt-1 reopened-note" data-testid="reopened-note">
      <FormattedMessage id="CAMPAIGNS.REOPENED_NOTE" values={{ date: formatShortMadridDay(intl, reopening.at), reason: reopening.reason }} />
    </small>
  );
}

/**
 * The USER's campaigns: search, community filter, 7 per page. Its dates are named for what they are ('Primera
 * respuesta', 'Fecha de envío', sortable with empty dates last) as on the status page, beside the campaign's 'Plazo'.
 */
export default function MyCampaignsPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const intl = useIntl();
  const { status, items } = useAppSelector((state) => state.campaigns.mine);
  const view = useAppSelector(selectMineView);
  const page = useAppSelector(selectMyCampaignsPage);
  const open = useAppSelector(selectOpenCampaign);
  useDispatchOnMount(campaignsActions.mineRequested);
  const changeView = (patch: Parameters<typeof campaignsActions.mineViewChanged>[0]) => dispatch(campaignsActions.mineViewChanged(patch));

  return (
    <ListPage
      id="my-campaigns"
      title="CAMPAIGNS.MINE.TITLE"
      actions={
        open && (
          <Button onClick={() => navigate(`/my-campaigns/${open.id}`)}>
            <FormattedMessage id="CAMPAIGNS.ANSWER_BUTTON" />
          </Button>
        )
      }
      toolbar={<CampaignTableToolbar id="my-campaigns" view={view} onChange={changeView} />}
      status={status}
      loaded={items.length}
      emptyMessage="CAMPAIGNS.EMPTY"
      page={page}
      onViewChange={changeView}
      head={
        <>
          <ColumnHeadings messages={['CAMPAIGNS.COLUMN.ENTITY', 'CAMPAIGNS.COLUMN.EDITION', 'CAMPAIGNS.COLUMN.FIRST_ANSWER']} />
          <SentDateHeading descending={view.sortDescending} onToggle={() => changeView({ sortDescending: !view.sortDescending, page: view.page })} />
          <ColumnHeadings messages={['CAMPAIGNS.COLUMN.DEADLINE', 'CAMPAIGNS.COLUMN.STATUS', 'CAMPAIGNS.COLUMN.ACTIONS']} />
        </>
      }
    >
      {page.rows.map((campaign) => (
        <tr key={campaign.id}>
          <ListCell label="CAMPAIGNS.COLUMN.ENTITY">{campaign.entity}</ListCell>
          <ListCell label="CAMPAIGNS.COLUMN.EDITION">{campaign.campaignNumber}</ListCell>
          <ListCell label="CAMPAIGNS.COLUMN.FIRST_ANSWER">{formatCalendarDate(intl, campaign.startDate) || '—'}</ListCell>
          <ListCell label="CAMPAIGNS.COLUMN.SENT_DATE">{formatCalendarDate(intl, campaign.endDate) || '—'}</ListCell>
          <ListCell label="CAMPAIGNS.COLUMN.DEADLINE">{campaign.deadline ? formatShortCalendarDay(intl, campaign.deadline) : '—'}</ListCell>
          <ListCell label="CAMPAIGNS.COLUMN.STATUS">
            <StatusBadge status={campaign.status} />
            {campaign.reopening && <ReopenedNote reopening={campaign.reopening} />}
          </ListCell>
          <ListCell label="CAMPAIGNS.COLUMN.ACTIONS" actions>
            <div className="d-flex flex-wrap gap-2">
              <CampaignLink id={campaign.id} status={campaign.status} />
              <RowLink label="TEAM.LINK" subject={campaign.entity} to={teamPath(campaign.entityId)} />
            </div>
          </ListCell>
        </tr>
      ))}
    </ListPage>
  );
}
