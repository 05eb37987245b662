import { initialTableView, readTableView, type TableView } from '../../lib/tableView.js';
import { isWholeNumber, storedFields, storedId, storedList, storedString } from '../../lib/stored.js';
import type { CampaignStatus } from '../../../shared/api/campaigns.js';
import { TABLE_ROWS_PER_PAGE } from '../../../shared/constants.js';

/** The status table's sortable columns. */
export const STATUS_SORT_KEYS = ['entity', 'province', 'community', 'edition', 'status', 'startDate', 'endDate', 'deadline'] as const;
export type StatusSortKey = (typeof STATUS_SORT_KEYS)[number];
/** The status table's page sizes. */
export const STATUS_PAGE_SIZES = [TABLE_ROWS_PER_PAGE, 25, 50, 100] as const;
const CAMPAIGN_STATUSES: readonly CampaignStatus[] = ['created', 'draft', 'sent'];

/**
 * The status page's view: the table's search, filters, sort and page, and the edition the whole page shows
 * (editionId; null: the edition with open campaigns, else the newest).
 */
export interface StatusView extends TableView {
  edition: number | null;
  statuses: CampaignStatus[];
  sortBy: StatusSortKey;
  pageSize: number;
}

/** The questionnaire's answer filter's choices. */
export const ANSWER_FILTERS = ['answered', 'unanswered', 'noEvidence', 'toConfirm'] as const;
export type AnswerFilter = (typeof ANSWER_FILTERS)[number];

/** The questionnaire's filters (spec section 2, Questionnaire). */
export interface QuestionnaireFilters {
  axes: number[];
  policies: number[];
  measures: number[];
  /** 'Contestadas', 'No contestadas', 'Sin evidencia', 'Por confirmar'. */
  answered: AnswerFilter[];
  search: string;
}

export const initialQuestionnaireFilters: QuestionnaireFilters = { axes: [], policies: [], measures: [], answered: [], search: '' };

/**
 * How the user left the campaign screens: the two tables' search, filter, sort and page, and the
 * questionnaire's filters with the campaign they were set on (another campaign starts with none).
 * Kept across reloads (app/persistence.ts); nothing of the server's data is in it.
 */
export interface CampaignsView {
  mine: TableView;
  status: StatusView;
  questionnaire: { campaignId: number | null; filters: QuestionnaireFilters };
}

const initialStatusView: StatusView = {
  ...initialTableView,
  sortDescending: false,
  edition: null,
  statuses: [],
  sortBy: 'entity',
  pageSize: STATUS_PAGE_SIZES[0],
};

const isStatus = (item: unknown): item is CampaignStatus => CAMPAIGN_STATUSES.includes(item as CampaignStatus);

/** The status view as stored, field by field; what is missing or malformed is as a first visit shows it. */
function readStatusView(stored: unknown): StatusView {
  const fields = storedFields(stored);
  const sortBy = STATUS_SORT_KEYS.find((k) => k === fields.sortBy) ?? initialStatusView.sortBy;
  const pageSize = STATUS_PAGE_SIZES.find((n) => n === fields.pageSize) ?? initialStatusView.pageSize;
  const edition = storedId(fields.edition);
  return {
    ...readTableView(stored, initialStatusView),
    edition: edition !== null && edition >= 1 ? edition : null,
    statuses: storedList(fields.statuses, isStatus),
    sortBy,
    pageSize,
  };
}

export const initialCampaignsView: CampaignsView = {
  mine: initialTableView,
  status: initialStatusView,
  questionnaire: { campaignId: null, filters: initialQuestionnaireFilters },
};

const isAnswered = (item: unknown): item is AnswerFilter => ANSWER_FILTERS.includes(item as AnswerFilter);

/** The questionnaire's filters as stored, field by field; missing or malformed ones are empty. */
function readQuestionnaireFilters(stored: unknown): QuestionnaireFilters {
  const fields = storedFields(stored);
  return {
    axes: storedList(fields.axes, isWholeNumber),
    policies: storedList(fields.policies, isWholeNumber),
    measures: storedList(fields.measures, isWholeNumber),
    answered: storedList(fields.answered, isAnswered),
    search: storedString(fields.search, ''),
  };
}

/** The view read back from local storage; what is missing or malformed is as a first visit shows it. */
export function readCampaignsView(stored: unknown): CampaignsView {
  const fields = storedFields(stored);
  const questionnaire = storedFields(fields.questionnaire);
  const campaignId = storedId(questionnaire.campaignId);
  return {
    mine: readTableView(fields.mine),
    status: readStatusView(fields.status),
    // Filters without their campaign would land on whichever questionnaire opens next.
    questionnaire: { campaignId, filters: campaignId === null ? initialQuestionnaireFilters : readQuestionnaireFilters(questionnaire.filters) },
  };
}
