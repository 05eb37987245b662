import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer.js';
import { COMPARISON_GROUPS, groupSizes, radarGroups } from './comparisonModel.js';
import { TREND_LEVELS, trendModel } from './trendModel.js';
import { describeLevel, modeSizes, type ActiveLevel, type Level, type LevelsAbout } from '../results/reportModel.js';
import { withheldNote, type WithheldEdition } from '../results/withheld.js';
import type { ComparisonCsvSource } from './comparisonCsv.js';
import type { Language } from '../../../shared/constants.js';
import { localize } from '../../../shared/editionTexts.js';

export const selectComparisons = (state: RootState) => state.comparisons;

/** The chosen entity, or the one owning the open campaign (a deep link pre-selects it). */
export const selectComparisonEntityId = createSelector(
  [selectComparisons, (state: RootState) => state.results.options.items],
  (comparisons, items): number | null => {
    if (comparisons.selectedEntityId !== null) return comparisons.selectedEntityId;
    return items.find((e) => e.campaigns.some((c) => c.id === comparisons.campaignId))?.entityId ?? null;
  },
);

/** The chosen entity has no sent campaign, so there is nothing to compare. */
export const selectEntityWithoutCampaigns = createSelector(
  [selectComparisons, (state: RootState) => state.results.options.items],
  (comparisons, items) =>
    comparisons.selectedEntityId !== null && (items.find((e) => e.entityId === comparisons.selectedEntityId)?.campaigns.length ?? 0) === 0,
);

/** The comparison on screen, its axes' and policies' names in the reader's language (shared/editionTexts.ts). */
const selectComparisonData = createSelector(
  [(state: RootState) => state.comparisons.comparison.data, (state: RootState) => state.locale.language],
  (data, language) => localize(data, language),
);

/** The radars in the chosen comparison mode. */
export const selectRadarGroups = createSelector(
  [selectComparisonData, (state: RootState) => state.reportFilters.compareWithParticipants],
  (data, compareWithParticipants) => (data ? radarGroups(data, compareWithParticipants) : []),
);

/** Each group's mean size per edition, in the chosen comparison mode. */
export const selectGroupSizes = createSelector(
  [selectComparisonData, (state: RootState) => state.reportFilters.compareWithParticipants],
  (data, compareWithParticipants) => (data ? groupSizes(data, compareWithParticipants) : null),
);

/** The trend on screen, its axes' names in the reader's language (axisNames). */
const selectTrendData = (state: RootState) => localize(state.comparisons.trend.data, state.locale.language);
const selectCompareWithParticipants = (state: RootState) => state.reportFilters.compareWithParticipants;

/** The levels of a comparison or trend, named (the band from its bounds), sized in the mode from one edition. */
const levelsOf = (levels: readonly Level[], about: LevelsAbout, edition: WithheldEdition, compareWithParticipants: boolean): ActiveLevel[] =>
  levels.map((level) => describeLevel(level, about, modeSizes(edition, compareWithParticipants), edition.withheld));

/** The comparison's groups as levels (names and the current edition's sizes), for headings and sizes. */
export const selectComparisonLevels = createSelector([selectComparisonData, selectCompareWithParticipants], (data, compareWithParticipants) =>
  data ? levelsOf(COMPARISON_GROUPS, data, data.editions.current, compareWithParticipants) : [],
);

/** The trend's lines as levels (names and the latest edition's sizes); none without a trend to show. */
export const selectTrendLevels = createSelector([selectTrendData, selectCompareWithParticipants], (data, compareWithParticipants) =>
  data && data.editions.length > 0 ? levelsOf(TREND_LEVELS, data, data.editions[data.editions.length - 1], compareWithParticipants) : [],
);

/**
 * The means withheld for small groups anywhere on the comparisons page: the radar groups' in the two editions
 * compared, and the trend's lines (the country's too) in each edition it shows; null when none is.
 */
export const selectComparisonWithheld = createSelector(
  [selectComparisonData, selectTrendData, selectComparisonLevels, selectTrendLevels, (state: RootState) => selectTrend(state)],
  (comparison, trend, groups, lines, shown) => {
    if (!comparison) return null;
    const editions = new Map<number, WithheldEdition>();
    for (const e of [
      ...(shown && trend ? trend.editions : []),
      comparison.editions.current,
      ...(comparison.editions.previous ? [comparison.editions.previous] : []),
    ]) {
      const known = editions.get(e.year);
      editions.set(e.year, known ? { ...known, withheld: [...new Set([...known.withheld, ...e.withheld])] } : e);
    }
    const levels = shown ? lines : groups;
    const years = [...editions.values()].sort((a, b) => b.year - a.year);
    return withheldNote(levels, years, comparison.minGroupSize, true);
  },
);

/** What '¿Cómo se calcula?' says of the comparison on screen: the entity's size band and the smallest group shown. */
export const selectComparisonAbout = createSelector([selectComparisonData], (data) =>
  data ? { sizeBand: data.sizeBand, minGroupSize: data.minGroupSize } : null,
);

/** What a group's 'Descargar CSV' and 'Descargar Excel' read from the comparison on screen, and the interface's language to write it in. */
export const selectComparisonCsvSource = createSelector(
  [
    selectComparisonData,
    selectRadarGroups,
    selectComparisonLevels,
    (state: RootState) => selectComparisonWithheld(state),
    (state: RootState) => state.locale.language,
    selectCompareWithParticipants,
  ],
  (data, groups, levels, withheld, language, compareWithParticipants): ComparisonCsvSource & { language: Language } => ({
    entity: data?.territoryTexts.campaign ?? '',
    compareWithParticipants,
    groups,
    levels,
    withheld,
    language,
  }),
);

/** 'Evolución' in the chosen comparison mode; null without a trend of two editions or more. */
export const selectTrend = createSelector(
  [selectTrendData, (state: RootState) => state.reportFilters.compareWithParticipants],
  (data, compareWithParticipants) => (data ? trendModel(data, compareWithParticipants) : null),
);
