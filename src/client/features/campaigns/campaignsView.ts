import { initialTableView, readTableView, type TableView } from '../../lib/tableView.js';
import { isWholeNumber, storedFields, storedId, storedList, storedString } from '../../lib/stored.js';

/** The questionnaire's filters (spec section 2, Questionnaire). */
export interface QuestionnaireFilters {
  axes: number[];
  policies: number[];
  measures: number[];
  answered: ('answered' | 'unanswered')[];
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
  status: TableView;
  questionnaire: { campaignId: number | null; filters: QuestionnaireFilters };
}

const initialStatusView: TableView = { ...initialTableView, sortDescending: false };

export const initialCampaignsView: CampaignsView = {
  mine: initialTableView,
  status: initialStatusView,
  questionnaire: { campaignId: null, filters: initialQuestionnaireFilters },
};

const isAnswered = (item: unknown): item is 'answered' | 'unanswered' => item === 'answered' || item === 'unanswered';

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
    status: readTableView(fields.status, initialStatusView),
    // Filters without their campaign would land on whichever questionnaire opens next.
    questionnaire: { campaignId, filters: campaignId === null ? initialQuestionnaireFilters : readQuestionnaireFilters(questionnaire.filters) },
  };
}
