import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer.js';
import { ANSWERS_PER_PAGE } from '../../../shared/constants.js';
import { pageOf } from '../../lib/tableView.js';
import { activeLevels, measuresTable, reportBlocks, scoreCardValue } from './reportModel.js';
import { rankRows } from './rankModel.js';
import { reportSummary } from './reportSummary.js';
import { withheldNote } from './withheld.js';
import { improvementPlan } from './improvementPlan.js';
import { hasQuestions } from './answersCsv.js';
import { entityOnScreen, SHARED_CAMPAIGN_ID } from './resultsSlice.js';
import type { ReportCsvSource } from './reportCsv.js';
import type { Language } from '../../../shared/constants.js';
import type { CAMPAIGN_NOT_SENT, ClosedShareLinkReason } from '../../../shared/api/results.js';
import type { RequestError } from '../../lib/remote.js';
import type { ReportMeans } from './HowCalculated.js';
import { QUESTIONNAIRE_ACTIONS } from '../../app/paths.js';
import { selectCan } from '../auth/authSelectors.js';
import { localize } from '../../../shared/editionTexts.js';

/** Policies per page of the 'Puntuación Global' policy chart. */
export const GLOBAL_POLICIES_PER_PAGE = 6;

export const selectReportFilters = (state: RootState) => state.reportFilters;
/** The result on screen, the questionnaire's texts of its answers in the reader's language (shared/editionTexts.ts). */
const selectResultData = createSelector([(state: RootState) => state.results.result.data, (state: RootState) => state.locale.language], (data, language) =>
  localize(data, language),
);
/** The results page's state, its texts in the reader's language ('Mis Respuestas' included). */
export const selectResults = createSelector(
  [(state: RootState) => state.results, selectResultData, (state: RootState) => state.locale.language],
  (results, data, language) => {
    const indicators = localize(results.answers.indicators, language);
    if (data === results.result.data && indicators === results.answers.indicators) return results;
    return { ...results, answers: { ...results.answers, indicators }, result: { ...results.result, data } };
  },
);

export const selectIsShared = (state: RootState) => state.results.campaignId === SHARED_CAMPAIGN_ID;

const campaignNotSent: typeof CAMPAIGN_NOT_SENT = 'CAMPAIGN_NOT_SENT';

/** A report load refused because the campaign has not been sent (the server's 409): retrying cannot help. */
export const isCampaignNotSent = (error: RequestError | null) => error?.type === 'CONFLICT' && error.data === campaignNotSent;

const SHARED_LINK_CLOSED: Readonly<Record<ClosedShareLinkReason, string>> = {
  SHARE_LINK_REVOKED: 'RESULTS.SHARED_REVOKED',
  SHARE_LINK_EXPIRED: 'RESULTS.SHARED_EXPIRED',
};

/**
 * What a shared link's page says when its report cannot be read: that the link was revoked or has expired when the
 * server says so, else the specification's 'Link compartido incorrecto.'.
 */
export function sharedLinkFailure(error: RequestError | null): string {
  const reason = (error?.data as { reason?: unknown } | undefined)?.reason;
  return reason === 'SHARE_LINK_REVOKED' || reason === 'SHARE_LINK_EXPIRED' ? SHARED_LINK_CLOSED[reason] : 'RESULTS.SHARED_INVALID';
}

/** Whether the user may open a questionnaire (its route's permissions). */
export const selectCanOpenQuestionnaire = (state: RootState) => QUESTIONNAIRE_ACTIONS.some((action) => selectCan(state, action));

/** The toast of a failed report load: none for a campaign not sent yet, which the page says in place of the report. */
export const reportLoadToast = (toast: string) => (error: RequestError) => (isCampaignNotSent(error) ? null : toast);

/** Entity selector options, "name - (province)". */
export const selectEntityOptions = createSelector([(state: RootState) => state.results.options.items], (items) =>
  items.map((e) => ({ value: e.entityId, label: e.text })),
);

/** The chosen entity, or the one owning the open campaign (a deep link pre-selects it). */
export const selectSelectedEntityId = (state: RootState): number | null => entityOnScreen(state.results);

/** The selected entity's sent campaigns (id and year); the campaign selector is enabled only once there are some. */
export const selectCampaignOptions = createSelector([selectResults, selectSelectedEntityId], (results, entityId) =>
  (results.options.items.find((e) => e.entityId === entityId)?.campaigns ?? []).map((c) => ({ value: c.id, year: c.campaignNumber })),
);

/** The open campaign's year and its entity as the selector shows it ('Entidad - (Provincia)'), once the options are in. */
export const selectOpenCampaignNames = createSelector([selectResults], (results): { year: number; entity: string } | null => {
  for (const entity of results.options.items) {
    const campaign = entity.campaigns.find((c) => c.id === results.campaignId);
    if (campaign) return { year: campaign.campaignNumber, entity: entity.text };
  }
  return null;
});

/** The levels shown, with their names and, in the chosen mode, the size of each territorial mean. */
export const selectActiveLevels = createSelector([selectReportFilters, selectResultData], (filters, data) =>
  data ? activeLevels(filters.territory, data, data.edition, filters.compareWithParticipants) : [],
);

/** 'Puesto entre los participantes': the global score's and each axis' rank per territory. */
export const selectRankRows = createSelector([selectResultData], (data) => (data ? rankRows(data) : []));

/** The printed report's first page (reportSummary.ts); null until the result is there. */
export const selectReportSummary = createSelector(
  [
    selectResultData,
    selectActiveLevels,
    (state: RootState) => state.reportFilters.compareWithParticipants,
    (state: RootState) => localize(state.results.trend.data, state.locale.language),
  ],
  (data, levels, compareWithParticipants, trend) => (data ? reportSummary(data, levels, compareWithParticipants, trend) : null),
);

/** The shown means withheld for small groups, for the sentence saying why; null when none is. */
export const selectWithheldNote = createSelector([selectResultData, selectActiveLevels], (data, levels) =>
  data ? withheldNote(levels, [data.edition], data.minGroupSize, false) : null,
);

/** What '¿Cómo se calcula?' says of the report on screen: the entity's size band and the smallest group shown. */
/**
 * Which campaigns the result's means are made from, and how many: the country's participants in the whole
 * questionnaire (under 'validated', the campaigns validated across Spain).
 */
export const selectResultMeans = createSelector([selectResultData], (data): ReportMeans | null =>
  data ? { meansFrom: data.meansFrom, count: data.global.sizes.participants.country } : null,
);

export const selectResultAbout = createSelector([selectResultData, selectResultMeans], (data, means) =>
  data ? { sizeBand: data.sizeBand, minGroupSize: data.minGroupSize, means } : null,
);

/** Global and axis blocks with the figure set the comparison mode asks for. */
export const selectReportBlocks = createSelector(
  [selectResultData, (state: RootState) => state.reportFilters.compareWithParticipants],
  (data, compareWithParticipants) => (data ? reportBlocks(data, compareWithParticipants) : []),
);

/** The detail-by-measures table. */
export const selectMeasuresTable = createSelector([selectResultData], (data) => (data ? measuresTable(data.table) : null));

/** 'Plan de mejora': the red and amber measures with points still available (improvementPlan.ts). */
export const selectImprovementPlan = createSelector([selectResultData], (data) => (data ? improvementPlan(data) : null));

/** What 'Descargar CSV' and 'Descargar Excel' read from the report on screen, and the interface's language to write it in. */
export const selectReportCsvSource = createSelector(
  [
    selectResultData,
    selectReportBlocks,
    selectActiveLevels,
    selectRankRows,
    selectWithheldNote,
    selectMeasuresTable,
    selectImprovementPlan,
    (state: RootState) => state.locale.language,
    (state: RootState) => state.reportFilters.compareWithParticipants,
  ],
  (data, blocks, levels, ranks, withheld, table, plan, language, compareWithParticipants): ReportCsvSource & { language: Language } => ({
    entity: data?.territoryTexts.campaign ?? '',
    year: data?.edition.year ?? null,
    compareWithParticipants,
    blocks,
    levels,
    ranks,
    withheld,
    table,
    plan,
    answers: data?.answers.campaign.indicators ?? null,
    language,
  }),
);

/** Whether 'Mis Respuestas' can be downloaded: the result on screen has questions (its answers are what the file lists). */
export const selectAnswersDownloadable = (state: RootState) => hasQuestions(state.results.result.data?.answers.campaign.indicators ?? null);

/** 'Mis Respuestas': three indicators per page. */
export const selectAnswersPage = createSelector([selectResults], (results) => {
  const indicators = results.answers.indicators ?? [];
  return { ...pageOf(indicators, results.answersPage, ANSWERS_PER_PAGE), total: indicators.length };
});

/** 'Puntuación Global': the score card, the bars by location and one page of the policy chart. */
export const selectGlobalScore = createSelector([selectResults, selectReportFilters, selectActiveLevels], (results, filters, levels) => {
  const data = results.result.data;
  if (!data) return null;
  const percentages = filters.compareWithParticipants ? data.global.percentages : data.global.percentagesComparedToAll;
  const policies = data.global.valuesByPolicy.map((p) => ({
    policyText: p.policyText,
    percentages: filters.compareWithParticipants ? p.percentages : p.percentagesComparedToAll,
  }));
  return {
    card: scoreCardValue(percentages, levels),
    percentages,
    allPolicies: policies,
    policies: pageOf(policies, results.globalPage, GLOBAL_POLICIES_PER_PAGE),
  };
});
