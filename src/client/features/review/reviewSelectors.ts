import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer.js';
import type { ReviewQueue, ReviewQueueQuery } from '../../../shared/api/review.js';
import { localize } from '../../../shared/editionTexts.js';

/** The review's state, the campaign under review's texts in the reader's language (shared/editionTexts.ts). */
export const selectReview = createSelector([(state: RootState) => state.review, (state: RootState) => state.locale.language], (review, language) => {
  const data = localize(review.campaign.data, language);
  return data === review.campaign.data ? review : { ...review, campaign: { ...review.campaign, data } };
});
const selectQueue = (state: RootState) => state.review.queue.data;

/** What the queue is asked for: the edition chosen (none: the current one), the narrowing chosen and the page. */
export const selectQueueQuery = createSelector(
  [(state: RootState) => state.review.editionId, (state: RootState) => state.review.filters, (state: RootState) => state.review.page],
  (editionId, filters, page): ReviewQueueQuery => ({
    ...(editionId === null ? {} : { editionId }),
    ...(filters.communityId === '' ? {} : { communityId: filters.communityId }),
    ...(filters.provinceId === '' ? {} : { provinceId: filters.provinceId }),
    ...(filters.reviewStatus === '' ? {} : { reviewStatus: filters.reviewStatus }),
    ...(page === 1 ? {} : { page }),
  }),
);

const NO_TERRITORIES: ReviewQueue['territories'] = { communities: [], provinces: [] };

/** The communities and the provinces (of the community chosen) where the edition has sent campaigns, by name. */
export const selectTerritoryOptions = createSelector(
  [(state: RootState) => state.review.queue.data?.territories ?? NO_TERRITORIES, (state: RootState) => state.review.filters.communityId],
  (territories, communityId) => ({
    communities: territories.communities,
    provinces: territories.provinces.filter((p) => communityId === '' || p.communityId === communityId),
  }),
);

/** The pages of the queue as narrowed, and the one shown. */
export const selectQueuePages = createSelector([selectQueue], (queue) => ({
  page: queue?.page ?? 1,
  pages: queue ? Math.max(1, Math.ceil(queue.total / queue.pageSize)) : 1,
}));

/** The campaign under review: how many of its answers carry a mark, how many are marked to correct, and of how many. */
export const selectReviewProgress = createSelector([(state: RootState) => state.review.campaign.data], (campaign) => {
  const questions = (campaign?.indicators ?? []).flatMap((i) => i.subindicators);
  return {
    total: questions.length,
    marked: questions.filter((q) => q.review !== null).length,
    toFix: questions.filter((q) => q.review?.verdict === 'fix').length,
  };
});
