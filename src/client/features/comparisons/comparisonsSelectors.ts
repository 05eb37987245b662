import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer.js';
import { groupSizes, radarGroups } from './comparisonModel.js';
import { trendModel } from './trendModel.js';
import type { ComparisonCsvSource } from './comparisonCsv.js';
import type { Language } from '../../../shared/constants.js';

export const selectComparisons = (state: RootState) => state.comparisons;

/** The chosen entity, or the one owning the open campaign (a deep link pre-selects it). */
export const selectComparisonEntityId = createSelector([selectComparisons, (state: RootState) => state.results.options.items], (comparisons, items): number | null => {
  if (comparisons.selectedEntityId !== null) return comparisons.selectedEntityId;
  return items.find((e) => e.campaigns.some((c) => c.id === comparisons.campaignId))?.entityId ?? null;
});

/** The chosen entity has no sent campaign, so there is nothing to compare. */
export const selectEntityWithoutCampaigns = createSelector([selectComparisons, (state: RootState) => state.results.options.items], (comparisons, items) =>
  comparisons.selectedEntityId !== null && (items.find((e) => e.entityId === comparisons.selectedEntityId)?.campaigns.length ?? 0) === 0,
);

/** The radars in the chosen comparison mode. */
export const selectRadarGroups = createSelector(
  [(state: RootState) => state.comparisons.comparison.data, (state: RootState) => state.reportFilters.compareWithParticipants],
  (data, compareWithParticipants) => (data ? radarGroups(data, compareWithParticipants) : []),
);

/** Each group's mean size per edition, in the chosen comparison mode. */
export const selectGroupSizes = createSelector(
  [(state: RootState) => state.comparisons.comparison.data, (state: RootState) => state.reportFilters.compareWithParticipants],
  (data, compareWithParticipants) => (data ? groupSizes(data, compareWithParticipants) : null),
);

/** What a group's 'Descargar CSV' and 'Descargar Excel' read from the comparison on screen, and the interface's language to write it in. */
export const selectComparisonCsvSource = createSelector(
  [(state: RootState) => state.comparisons.comparison.data, selectRadarGroups, (state: RootState) => state.locale.language, (state: RootState) => state.reportFilters.compareWithParticipants],
  (data, groups, language, compareWithParticipants): ComparisonCsvSource & { language: Language } => ({ entity: data?.territoryTexts.campaign ?? '', compareWithParticipants, groups, language }),
);

/** 'Evolución' in the chosen comparison mode; null without a trend of two editions or more. */
export const selectTrend = createSelector(
  [(state: RootState) => state.comparisons.trend.data, (state: RootState) => state.reportFilters.compareWithParticipants],
  (data, compareWithParticipants) => (data ? trendModel(data, compareWithParticipants) : null),
);
