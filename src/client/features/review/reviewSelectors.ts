import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer.js';
import type { ReviewQueueRow } from '../../../shared/api/review.js';

export const selectReview = (state: RootState) => state.review;
const selectRows = (state: RootState) => state.review.queue.data?.campaigns ?? [];
const selectFilters = (state: RootState) => state.review.filters;

const inTerritory = (filters: RootState['review']['filters']) => (row: ReviewQueueRow) =>
  (filters.communityId === '' || row.autonomousCommunityId === filters.communityId) && (filters.provinceId === '' || row.provinceId === filters.provinceId);

/** The queue as narrowed on the page (community, province, status), oldest sending first as the server sends it. */
export const selectShownQueue = createSelector([selectRows, selectFilters], (rows, filters) =>
  rows.filter((row) => inTerritory(filters)(row) && (filters.reviewStatus === '' || row.reviewStatus === filters.reviewStatus)),
);

/** How many campaigns of the territory chosen are in each review status ("14 pendientes, 3 con correcciones pedidas, 120 validadas"). */
export const selectQueueCounts = createSelector([selectRows, selectFilters], (rows, filters) => {
  const counts = { pending: 0, changesRequested: 0, validated: 0 };
  for (const row of rows.filter(inTerritory(filters))) if (row.reviewStatus !== 'none') counts[row.reviewStatus] += 1;
  return counts;
});

/** The communities and the provinces (of the community chosen) the edition's queue has, by name. */
export const selectTerritoryOptions = createSelector([selectRows, selectFilters], (rows, filters) => {
  const byName = (map: Map<string, string>) => [...map].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name, 'es'));
  const communities = new Map(rows.map((r) => [r.autonomousCommunityId, r.autonomousCommunity]));
  const provinces = new Map(
    rows.filter((r) => filters.communityId === '' || r.autonomousCommunityId === filters.communityId).map((r) => [r.provinceId, r.province]),
  );
  return { communities: byName(communities), provinces: byName(provinces) };
});

/** The campaign under review: how many of its answers carry a mark, how many are marked to correct, and of how many. */
export const selectReviewProgress = createSelector([(state: RootState) => state.review.campaign.data], (campaign) => {
  const questions = (campaign?.indicators ?? []).flatMap((i) => i.subindicators);
  return {
    total: questions.length,
    marked: questions.filter((q) => q.review !== null).length,
    toFix: questions.filter((q) => q.review?.verdict === 'fix').length,
  };
});
