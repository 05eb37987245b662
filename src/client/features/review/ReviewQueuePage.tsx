import { Form, Spinner } from 'react-bootstrap';
import { Link } from 'react-router-dom';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAppDispatch, useAppSelector, useDispatchOnMount } from '../../app/hooks.js';
import { reviewCampaignPath } from '../../app/paths.js';
import { ColumnHeadings, ListCell, ListPage } from '../../components/ListPage.js';
import { LabelledGroup } from '../../components/LabelledGroup.js';
import { formatShortMadridDay } from '../../lib/dates.js';
import { editionsActions } from '../admin/editions/editionsSlice.js';
import { reviewActions, type ReviewFilters } from './reviewSlice.js';
import { selectQueuePages, selectReview, selectTerritoryOptions } from './reviewSelectors.js';
import { ReviewStatusBadge } from './ReviewStatusBadge.js';

const COLUMNS = ['ENTITY', 'PROVINCE', 'SENT', 'STATUS', 'MARKS', 'ACTIONS'].map((c) => `REVIEW.COLUMN.${c}`);
const STATUSES: ReviewFilters['reviewStatus'][] = ['', 'pending', 'changesRequested', 'validated'];

/** The filters by place, the community's and the province's: the select, the filter it sets and the territories it offers. */
const PLACE_FILTERS = [
  { id: 'review-community', label: 'REVIEW.FILTER.COMMUNITY', filter: 'communityId', list: 'communities' },
  { id: 'review-province', label: 'REVIEW.FILTER.PROVINCE', filter: 'provinceId', list: 'provinces' },
] as const;

/** One labelled select of the queue's filters. */
function FilterSelect({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: string | number;
  options: readonly { value: string | number; text: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <LabelledGroup controlId={id} label={label} labelClassName="small mb-1" className="col-6 col-md-3">
      <Form.Select size="sm" value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.text}
          </option>
        ))}
      </Form.Select>
    </LabelledGroup>
  );
}

/** The edition, community, province and status the queue is narrowed to. */
function QueueFilters() {
  const dispatch = useAppDispatch();
  const intl = useIntl();
  const { editionId, filters } = useAppSelector(selectReview);
  const editions = useAppSelector((state) => state.editions.list.items);
  const territories = useAppSelector(selectTerritoryOptions);
  const change = (patch: Partial<ReviewFilters>) => dispatch(reviewActions.filtersChanged(patch));
  const all = { value: '', text: intl.formatMessage({ id: 'REVIEW.FILTER.ALL' }) };
  const places = (list: readonly { id: string; name: string }[]) => [all, ...list.map((p) => ({ value: p.id, text: p.name }))];
  return (
    <div className="row g-2 mb-3" data-testid="review-filters">
      <FilterSelect
        id="review-edition"
        label="REVIEW.FILTER.EDITION"
        value={editionId ?? ''}
        // Until the queue says which edition is the current one, its place is held.
        options={[...(editionId === null ? [{ value: '', text: '…' }] : []), ...editions.map((e) => ({ value: e.id, text: String(e.year) }))]}
        onChange={(value) => dispatch(reviewActions.editionChosen(Number(value)))}
      />
      {PLACE_FILTERS.map(({ id, label, filter, list }) => (
        <FilterSelect
          key={id}
          id={id}
          label={label}
          value={filters[filter]}
          options={places(territories[list])}
          onChange={(place) => change({ [filter]: place })}
        />
      ))}
      <FilterSelect
        id="review-status"
        label="REVIEW.FILTER.STATUS"
        value={filters.reviewStatus}
        options={STATUSES.map((status) => (status === '' ? all : { value: status, text: intl.formatMessage({ id: `REVIEW.STATUS.${status}` }) }))}
        onChange={(reviewStatus) => change({ reviewStatus: reviewStatus as ReviewFilters['reviewStatus'] })}
      />
    </div>
  );
}

/** 'Revisión' (ADMIN, FEC): an edition's sent campaigns, oldest sending first, with how many are in each review status. */
export default function ReviewQueuePage() {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const { queue } = useAppSelector(selectReview);
  const pages = useAppSelector(selectQueuePages);
  useDispatchOnMount(reviewActions.queueOpened);
  useDispatchOnMount(editionsActions.listRequested);
  const data = queue.data;
  return (
    <ListPage
      id="review"
      title="REVIEW.TITLE"
      overview={
        <p className="text-body-secondary">
          <FormattedMessage id="REVIEW.INTRO" />
        </p>
      }
      toolbar={
        <>
          <QueueFilters />
          {data && (
            <p className="fw-semibold d-flex align-items-center gap-2" aria-live="polite" data-testid="review-counts">
              <FormattedMessage id="REVIEW.COUNTS" values={data.counts} />
              {queue.status === 'loading' && <Spinner animation="border" size="sm" role="status" aria-label={intl.formatMessage({ id: 'APP.LOADING' })} />}
            </p>
          )}
        </>
      }
      status={queue.status}
      // No territory at all: the edition has no sent campaign; otherwise the narrowing leaves none.
      loaded={data?.territories.communities.length ?? 0}
      emptyMessage="REVIEW.EMPTY"
      noMatchMessage="REVIEW.NO_MATCH"
      page={{ total: data?.total ?? 0, ...pages }}
      onViewChange={({ page }) => page !== undefined && dispatch(reviewActions.pageChosen(page))}
      head={<ColumnHeadings messages={COLUMNS} />}
    >
      {(data?.campaigns ?? []).map((row) => (
        <tr key={row.campaignId}>
          <ListCell label="REVIEW.COLUMN.ENTITY">{row.entity}</ListCell>
          <ListCell label="REVIEW.COLUMN.PROVINCE">{row.province}</ListCell>
          <ListCell label="REVIEW.COLUMN.SENT" className="text-nowrap">
            <time dateTime={row.sentAt}>{formatShortMadridDay(intl, row.sentAt)}</time>
          </ListCell>
          <ListCell label="REVIEW.COLUMN.STATUS">
            <ReviewStatusBadge status={row.reviewStatus} />
          </ListCell>
          <ListCell label="REVIEW.COLUMN.MARKS">
            <FormattedMessage id="REVIEW.MARKED" values={row.marked} />
          </ListCell>
          <ListCell label="REVIEW.COLUMN.ACTIONS" actions>
            <Link
              to={reviewCampaignPath(row.campaignId)}
              className="btn btn-sm btn-outline-primary"
              aria-label={intl.formatMessage({ id: 'REVIEW.OPEN_NAMED' }, { entity: row.entity })}
            >
              <FormattedMessage id="REVIEW.OPEN" />
            </Link>
          </ListCell>
        </tr>
      ))}
    </ListPage>
  );
}
