import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer.js';
import type { Answer, CAMPAIGN_EXISTS, ENTITY_ARCHIVED, CampaignDetail, IndicatorGroup, Subindicator } from '../../../shared/api/campaigns.js';
import { isPending, type RequestError } from '../../lib/remote.js';
import { compareDatesEmptyLast, pageOf, textMatches, type TableView } from '../../lib/tableView.js';
import type { AnswerSave, CampaignsState, QuestionnaireFilters } from './campaignsSlice.js';
import { subindicatorPoints } from '../../../shared/scoring.js';
import type { StatusSortKey } from './campaignsView.js';
import { foldText } from '../../../shared/text.js';
import { selectAnswerable } from '../campaignCycle/campaignCycleSelectors.js';
import { compareSpanish } from '../../lib/search.js';
import { fullyTranslated, localize } from '../../../shared/editionTexts.js';
import { selectLanguage } from '../locale/localeSelectors.js';

const selectMine = (state: RootState) => state.campaigns.mine;
const selectStatusSlice = (state: RootState) => state.campaigns.statusPage;
const selectEntityOptions = (state: RootState) => state.campaigns.entityOptions;
/**
 * Whether some of the questionnaire's texts read in Spanish for this reader: the interface speaks another language
 * and the edition lacks a translation of one of its texts into it (or of Catalan, for Valencian).
 */
export const selectQuestionsInAnotherLanguage = createSelector(
  [(state: RootState) => state.campaigns.questionnaire.campaign, selectLanguage],
  (campaign, language) => !fullyTranslated(campaign?.indicators ?? [], language, ['text', 'axisText', 'policyText', 'measureText', 'evidenceCriteria']),
);

/** The questionnaire on screen, its texts in the reader's language (shared/editionTexts.ts). */
export const selectQuestionnaire = createSelector([(state: RootState) => state.campaigns.questionnaire, selectLanguage], (q, language) =>
  q.campaign ? { ...q, campaign: { ...q.campaign, indicators: localize(q.campaign.indicators, language) } } : q,
);
export const selectPrefill = (state: RootState) => state.campaigns.prefill;
export const selectMineView = (state: RootState) => state.campaigns.view.mine;
export const selectStatusView = (state: RootState) => state.campaigns.view.status;
export const selectQuestionnaireFilters = (state: RootState) => state.campaigns.view.questionnaire.filters;
export const selectCommunities = (state: RootState) => state.reference.communities;

const inCommunities = (view: TableView, ccaa: string) => view.communities.length === 0 || view.communities.includes(ccaa);
const inProvinces = (view: TableView, province: string) => !view.provinces || view.provinces.length === 0 || view.provinces.includes(province);

/** My campaigns: searched by entity, filtered by community, sorted by endDate (empty last), one page of 7 (clamped to the pages there are). */
export const selectMyCampaignsPage = createSelector([selectMine, selectMineView], (mine, view) => {
  const rows = mine.items
    .filter((c) => textMatches(c.entity, view.search) && inCommunities(view, c.autonomousCommunity))
    .sort((a, b) => compareDatesEmptyLast(a.endDate, b.endDate, view.sortDescending));
  return { ...pageOf(rows, view.page), total: rows.length };
});

/** The campaign 'Contestar campaña' opens: only when exactly one is created or draft. */
export const selectOpenCampaign = createSelector([selectMine], (mine) => {
  const open = mine.items.filter((c) => c.status === 'created' || c.status === 'draft');
  return open.length === 1 ? open[0] : null;
});

type StatusRow = RootState['campaigns']['statusPage']['rows'][number];

/**
 * The editions the status page can show, newest first: every edition (the editions list, which has those without
 * campaigns yet, such as one just imported, to open) and those of the status rows; and the one it shows: the one
 * chosen (the view's edition) while it is there, else the newest with open campaigns (not started or ongoing), else
 * the newest.
 */
export const selectStatusEditions = createSelector(
  [selectStatusSlice, selectStatusView, (state: RootState) => state.editions.list.items],
  (page, view, listed) => {
    const byId = new Map<number, number>();
    for (const edition of listed) byId.set(edition.id, edition.year);
    for (const row of page.rows) byId.set(row.editionId, row.campaignNumber);
    const editions = [...byId].map(([editionId, year]) => ({ editionId, year })).sort((a, b) => b.year - a.year);
    const open = new Set(page.rows.filter((r) => r.status !== 'sent').map((r) => r.editionId));
    const chosen = editions.find((e) => e.editionId === view.edition) ?? editions.find((e) => open.has(e.editionId)) ?? editions[0] ?? null;
    return { editions, chosen };
  },
);

/** The id of the edition the status page shows, which its cards (dates, opening, reminders) manage; undefined before any. */
export const selectShownEditionId = (state: RootState): number | undefined => selectStatusEditions(state).chosen?.editionId;

const STATUS_ORDER: Record<StatusRow['status'], number> = { created: 0, draft: 1, sent: 2 };
const byColumn: Record<StatusSortKey, (a: StatusRow, b: StatusRow, descending: boolean) => number> = {
  entity: (a, b) => compareSpanish(a.entity, b.entity),
  province: (a, b) => compareSpanish(a.province, b.province),
  community: (a, b) => compareSpanish(a.autonomousCommunity, b.autonomousCommunity),
  edition: (a, b) => a.campaignNumber - b.campaignNumber,
  status: (a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status],
  // Dates: an empty one last whatever the direction (the direction is applied inside).
  startDate: (a, b, d) => compareDatesEmptyLast(a.startDate, b.startDate, d),
  endDate: (a, b, d) => compareDatesEmptyLast(a.endDate, b.endDate, d),
  deadline: (a, b, d) => compareDatesEmptyLast(a.deadline, b.deadline, d),
};
const DATE_COLUMNS: readonly StatusSortKey[] = ['startDate', 'endDate', 'deadline'];

/** Compares two status rows by the chosen column and direction; ties by entity, then edition. */
export function compareStatusRows(sortBy: StatusSortKey, descending: boolean) {
  const compare = byColumn[sortBy];
  const directed = DATE_COLUMNS.includes(sortBy) ? compare : (a: StatusRow, b: StatusRow) => (descending ? -1 : 1) * compare(a, b, descending);
  return (a: StatusRow, b: StatusRow) => directed(a, b, descending) || compareSpanish(a.entity, b.entity) || a.campaignNumber - b.campaignNumber;
}

/**
 * The status page table: the chosen edition's campaigns, searched and filtered (community, province, status),
 * sorted by the chosen column, one page of the chosen size (clamped), with the counts of the pie (not started,
 * ongoing, completed) of that edition's campaigns the filters leave.
 */
export const selectStatusPage = createSelector([selectStatusSlice, selectStatusView, selectStatusEditions], (page, view, { chosen }) => {
  const rows = page.rows
    .filter(
      (r) =>
        r.editionId === chosen?.editionId &&
        textMatches(r.entity, view.search) &&
        inCommunities(view, r.autonomousCommunityId) &&
        inProvinces(view, r.provinceId) &&
        (view.statuses.length === 0 || view.statuses.includes(r.status)),
    )
    .sort(compareStatusRows(view.sortBy, view.sortDescending));
  const counts = { created: 0, draft: 0, sent: 0 };
  for (const row of rows) counts[row.status] += 1;
  return { ...pageOf(rows, view.page, view.pageSize), total: rows.length, counts };
});

/**
 * 'Nueva Campaña': the entities that can get a campaign, those without one in the current edition by the status
 * rows (the server refuses the others), and how many are left out. Loading until both lists are in.
 */
export const selectNewCampaignChoice = createSelector([selectEntityOptions, selectStatusSlice], (entities, status) => {
  const current = status.rows.filter((row) => row.currentEdition);
  const taken = new Set(current.map((row) => row.entityId));
  // Archived entities get no new campaign (the server refuses it): they are neither offered nor counted as left out.
  const active = entities.items.filter((e) => !e.archived);
  const options = active.filter((e) => !taken.has(e.entityId)).map((e) => ({ value: e.entityId, label: e.text }));
  return {
    loading: entities.status === 'loading' || status.status === 'loading' || status.status === 'idle',
    options,
    excluded: active.length - options.length,
    edition: current[0]?.campaignNumber ?? null,
  };
});

// The 409 data of campaigns/create, spelled here (typed against the API's) so that the client needs no schema code.
const campaignExists: typeof CAMPAIGN_EXISTS = 'CAMPAIGN_EXISTS';
const entityArchived: typeof ENTITY_ARCHIVED = 'ENTITY_ARCHIVED';
const createConflicts: Record<string, string> = {
  [campaignExists]: 'CAMPAIGNS.TOAST.CAMPAIGN_EXISTS',
  [entityArchived]: 'CAMPAIGNS.TOAST.ENTITY_ARCHIVED',
};

/** The toast of a refused creation: the server's 409 (a campaign already there, an archived entity), or the general failure. */
export const createErrorToast = (error: RequestError) =>
  (error.type === 'CONFLICT' && typeof error.data === 'string' ? createConflicts[error.data] : undefined) ?? 'CAMPAIGNS.TOAST.CREATE_ERROR';

/** answered after a successful save or when the answer is non-null (spec section 4, Campaign). */
export const isAnswered = (sub: Subindicator) => (sub.answer !== null && sub.answer.length > 0) || sub.notApplicable !== null;

type QuestionnaireSlice = CampaignsState['questionnaire'];

/** A question's comment on screen: its unsaved draft, or else the saved one. */
export const commentOnScreen = (q: QuestionnaireSlice, sub: Subindicator): string | null => {
  const draft = q.notes[sub.id]?.comment;
  return draft !== undefined ? draft : sub.comment;
};

/** A question's "No aplica" on screen: its unsaved draft, or else the saved one. */
export const notApplicableOnScreen = (q: QuestionnaireSlice, sub: Subindicator): { reason: string } | null => {
  const draft = q.notes[sub.id]?.notApplicable;
  return draft !== undefined ? draft : sub.notApplicable;
};

/** A question's choice on screen: its unsaved draft, or else its saved answer. */
export const choiceOnScreen = (drafts: Readonly<Record<number, number[]>>, sub: Subindicator): readonly number[] => drafts[sub.id] ?? sub.answer ?? [];

/** Some choice on screen is not saved, on a campaign still open: leaving the page asks first. */
export const selectHasUnsavedAnswers = (state: RootState) => {
  const q = selectQuestionnaire(state);
  return q.campaign !== null && selectAnswerable(state) && (Object.keys(q.drafts).length > 0 || Object.keys(q.notes).length > 0);
};

const subindicatorsOf = (campaign: CampaignDetail | null): Subindicator[] => campaign?.indicators.flatMap((i) => i.subindicators) ?? [];

/**
 * What saving a choice sends: the responses still offered (an obsolete one kept from the saved answer drops out),
 * one of them for a single-choice question, or null when none is ticked (the answer is cleared).
 */
export function answerToSend(sub: Subindicator, choice: readonly number[]): Answer {
  const offered = choice.filter((id) => sub.responses.some((r) => r.id === id && !r.obsolete));
  if (offered.length === 0) return null;
  return sub.type === 'single' ? offered.slice(0, 1) : offered;
}

/** Whether a question has something on screen that is not saved: a choice, a comment or a "No aplica". */
const hasDraft = (q: QuestionnaireSlice, question: number) => question in q.drafts || question in q.notes;

/**
 * The next question the autosave sends, in questionnaire order: one with a draft neither being saved nor failed (a
 * failed one waits for 'Reintentar', its retry or a new change), on a campaign that can still be answered. It
 * sends the choice on screen (none under "No aplica"), and the comment and "No aplica" where they changed.
 */
export const selectNextAnswerToSave = (state: RootState): AnswerSave | null => {
  const q = selectQuestionnaire(state);
  if (!q.campaign || !selectAnswerable(state)) return null;
  const sub = subindicatorsOf(q.campaign).find((s) => hasDraft(q, s.id) && q.saving[s.id] !== 'loading' && q.saving[s.id] !== 'failed');
  if (!sub) return null;
  const notes = q.notes[sub.id] ?? {};
  // A choice left as saved (only notes changed) is sent as stored, a response no longer offered included: the server keeps it.
  const unchanged = !(sub.id in q.drafts);
  const answer = notApplicableOnScreen(q, sub) ? null : unchanged ? sub.answer : answerToSend(sub, choiceOnScreen(q.drafts, sub));
  return { campaignId: q.campaign.id, question: sub.id, answer, expectedVersion: sub.version, ...notes };
};

/** The questions whose changes on screen could not be saved, in questionnaire order (sending names them). */
export const selectFailedAnswers = createSelector([selectQuestionnaire], (q) =>
  subindicatorsOf(q.campaign).filter((s) => hasDraft(q, s.id) && q.saving[s.id] === 'failed'),
);

/** Nothing is waiting for its save or being saved (failed saves aside): what is on screen is what the server has. */
export const selectAnswersSettled = (state: RootState) => {
  const q = selectQuestionnaire(state);
  return selectNextAnswerToSave(state) === null && !Object.values(q.saving).includes('loading');
};

/** Whether a question has a choice or "No aplica" on screen, saved or on its way to be. */
const answeredOnScreen = (q: QuestionnaireSlice, sub: Subindicator) => choiceOnScreen(q.drafts, sub).length > 0 || notApplicableOnScreen(q, sub) !== null;

/**
 * Whether a question lacks the evidence it requires: rule 'required', answered on screen (not "No aplica") with more
 * than 0 points, and no link or file behind it (the server refuses to send it: EVIDENCE_MISSING).
 */
export const lacksEvidence = (q: QuestionnaireSlice, sub: Subindicator) =>
  sub.evidenceRule === 'required' &&
  sub.evidence.length === 0 &&
  notApplicableOnScreen(q, sub) === null &&
  subindicatorPoints(sub, choiceOnScreen(q.drafts, sub)).value > 0;

/**
 * 'n de total': questions with a choice on screen (every one is saved, or being saved) over all questions, and the
 * first one without, in questionnaire order ('Ir a la primera sin contestar').
 */
export const selectProgress = createSelector([selectQuestionnaire], (q) => {
  const subs = subindicatorsOf(q.campaign);
  const unanswered = subs.filter((s) => !answeredOnScreen(q, s));
  return { answered: subs.length - unanswered.length, total: subs.length, firstUnanswered: unanswered[0]?.id ?? null };
});

/** Questions answered on screen over all questions of a part of the questionnaire ('12 de 20'). */
interface PartProgress {
  answered: number;
  total: number;
}

/** Every indicator of the questionnaire, grouped by axis, policy and measure in questionnaire order (whatever the filters). */
export const selectQuestionnaireGroups = createSelector([selectQuestionnaire], (q): AxisGroup[] => groupIndicators(q.campaign?.indicators ?? []));

/** Each axis of the questionnaire in order, and each of its policies, with its questions answered on screen and its questions ('12 de 20'). */
export const selectAxisProgress = createSelector([selectQuestionnaire, selectQuestionnaireGroups], (q, groups) => {
  const progressOf = (indicators: IndicatorGroup[]): PartProgress => {
    const subs = indicators.flatMap((i) => i.subindicators);
    return { answered: subs.filter((s) => answeredOnScreen(q, s)).length, total: subs.length };
  };
  return groups.map((axis) => {
    const policies = axis.policies.map((p) => ({
      policyId: p.policyId,
      policyText: p.policyText,
      ...progressOf(p.measures.flatMap((m) => m.indicators)),
    }));
    const answered = policies.reduce((sum, p) => sum + p.answered, 0);
    const total = policies.reduce((sum, p) => sum + p.total, 0);
    return { axisId: axis.axisId, axisText: axis.axisText, answered, total, policies };
  });
});

/**
 * What else holds 'Enviar Encuesta' back once every question is answered: the answers without the evidence they
 * require, and the answers copied from the previous edition not confirmed yet, each in questionnaire order.
 */
export const selectSubmitBlockers = createSelector([selectQuestionnaire], (q) => {
  const subs = subindicatorsOf(q.campaign);
  return { withoutEvidence: subs.filter((s) => lacksEvidence(q, s)), unconfirmed: subs.filter((s) => s.prefilled && !hasDraft(q, s.id)) };
});

/**
 * 'Enviar Encuesta' only when there are questions, all have a choice or "No aplica", none lacks its required evidence
 * and none awaits confirmation, on an open campaign (sending saves them first).
 */
export const selectCanSubmit = createSelector(
  [selectProgress, selectSubmitBlockers, selectAnswerable],
  (progress, blockers, answerable) =>
    progress.total > 0 && progress.answered === progress.total && blockers.withoutEvidence.length === 0 && blockers.unconfirmed.length === 0 && answerable,
);

/**
 * The answered filter: with only 'Contestadas' chosen, indicators fully or partly answered stay; with only
 * 'No contestadas', those not fully answered; with both or neither, all.
 */
function passesAnswered(indicator: IndicatorGroup, chosen: QuestionnaireFilters['answered']): boolean {
  const answered = chosen.filter((c) => c === 'answered' || c === 'unanswered');
  if (answered.length !== 1) return true;
  const count = indicator.subindicators.filter(isAnswered).length;
  return answered[0] === 'answered' ? count > 0 : count < indicator.subindicators.length;
}

/**
 * 'Sin evidencia' and 'Por confirmar' (with the answered filter): indicators with a question lacking its required
 * evidence, or with an answer copied from the previous edition to confirm; with both, either.
 */
function passesReview(q: QuestionnaireSlice, indicator: IndicatorGroup, chosen: QuestionnaireFilters['answered']): boolean {
  const wanted = chosen.filter((c) => c === 'noEvidence' || c === 'toConfirm');
  if (wanted.length === 0) return true;
  return indicator.subindicators.some((s) => (wanted.includes('noEvidence') && lacksEvidence(q, s)) || (wanted.includes('toConfirm') && s.prefilled));
}

function passes(q: QuestionnaireSlice, indicator: IndicatorGroup, f: QuestionnaireFilters): boolean {
  const search = foldText(f.search);
  return (
    (f.axes.length === 0 || f.axes.includes(indicator.axisId)) &&
    (f.policies.length === 0 || f.policies.includes(indicator.policyId)) &&
    (f.measures.length === 0 || f.measures.includes(indicator.measureId)) &&
    passesAnswered(indicator, f.answered) &&
    passesReview(q, indicator, f.answered) &&
    (search === '' || [indicator.text, ...indicator.subindicators.map((s) => s.text)].some((t) => foldText(t).includes(search)))
  );
}

export interface AxisGroup {
  axisId: number;
  axisText: string;
  policies: { policyId: number; policyText: string; measures: { measureId: number; measureText: string; indicators: IndicatorGroup[] }[] }[];
}

/** Indicators grouped by axis, policy and measure in questionnaire order (the questionnaire page, the editions preview). */
export function groupIndicators(indicators: readonly IndicatorGroup[]): AxisGroup[] {
  const axes: AxisGroup[] = [];
  for (const indicator of indicators) {
    let axis = axes.find((a) => a.axisId === indicator.axisId);
    if (!axis) axes.push((axis = { axisId: indicator.axisId, axisText: indicator.axisText, policies: [] }));
    let policy = axis.policies.find((p) => p.policyId === indicator.policyId);
    if (!policy) axis.policies.push((policy = { policyId: indicator.policyId, policyText: indicator.policyText, measures: [] }));
    let measure = policy.measures.find((m) => m.measureId === indicator.measureId);
    if (!measure) policy.measures.push((measure = { measureId: indicator.measureId, measureText: indicator.measureText, indicators: [] }));
    measure.indicators.push(indicator);
  }
  return axes;
}

/** The filtered indicators, grouped by axis, policy and measure in questionnaire order. */
export const selectVisibleGroups = createSelector([selectQuestionnaire, selectQuestionnaireFilters], (q, filters): AxisGroup[] =>
  groupIndicators((q.campaign?.indicators ?? []).filter((indicator) => passes(q, indicator, filters))),
);

/**
 * Options of the axis, policy and measure filters, from the questionnaire itself. Each narrows to what the filters
 * above it leave: policies to the chosen axes, measures to the chosen axes and policies.
 */
export const selectQuestionnaireFilterOptions = createSelector([selectQuestionnaire, selectQuestionnaireFilters], (q, filters) => {
  const unique = (pairs: [number, string][]) => [...new Map(pairs).entries()].map(([value, label]) => ({ value, label }));
  const chosen = (ids: number[], id: number) => ids.length === 0 || ids.includes(id);
  const indicators = q.campaign?.indicators ?? [];
  const inAxes = indicators.filter((i) => chosen(filters.axes, i.axisId));
  return {
    axes: unique(indicators.map((i) => [i.axisId, i.axisText])),
    policies: unique(inAxes.map((i) => [i.policyId, i.policyText])),
    measures: unique(inAxes.filter((i) => chosen(filters.policies, i.policyId)).map((i) => [i.measureId, i.measureText])),
  };
});

/** The editions the status page can export, newest first, and the one it offers first (the one the page shows). */
export const selectExportEditions = createSelector(
  [selectStatusEditions, (state: RootState) => state.editions.list.status, (state: RootState) => state.campaigns.statusPage.status],
  ({ editions, chosen }, listStatus, statusPageStatus) => ({
    editions: editions.map((e) => e.year),
    current: chosen?.year ?? null,
    /** Whether both lists answered: until then an edition may yet come. */
    known: !isPending(listStatus) && !isPending(statusPageStatus),
  }),
);

/**
 * Whether the status page's overview (deadline, opening, reminders, pie) has its data or its failure: until then the
 * overview keeps a screen's height and shows one spinner, so that its cards do not push one another down one by one
 * as their answers arrive (layout shift). ADMIN alone has the opening card and its territories.
 */
export const selectStatusOverviewSettled = (state: RootState, isAdmin: boolean): boolean => {
  const parts = [state.campaigns.statusPage.status, state.campaignCycle.edition.status, state.editionOpening.reminders.status];
  if (isAdmin) parts.push(state.editionOpening.territories.status);
  return !parts.some(isPending);
};
