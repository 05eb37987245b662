import { get, post } from './http.js';
import type { CampaignDetail, CampaignStateResponse, ReviewMark } from '../../shared/api/campaigns.js';
import type { MarkRequest, RequestChangesRequest, ReviewQueue, ReviewQueueQuery } from '../../shared/api/review.js';

/** The review of sent campaigns (ADMIN, FEC); each takes the token first (see app/apiCall.ts). */
export const reviewApi = {
  queue: (token: string | null, query: ReviewQueueQuery) => get<ReviewQueue>('/campaigns/review/queue', token, query),
  /** The campaign with its answers, evidence and the reviewers' marks (campaigns/get, as a reviewer reads it). */
  campaign: (token: string | null, id: number) => get<CampaignDetail>('/campaigns/get', token, { id }),
  mark: (token: string | null, body: MarkRequest) => post<ReviewMark>('/campaigns/review/mark', token, body),
  requestChanges: (token: string | null, body: RequestChangesRequest) => post<CampaignStateResponse>('/campaigns/review/requestChanges', token, body),
  validate: (token: string | null, id: number) => post<CampaignStateResponse>('/campaigns/review/validate', token, { id }),
};

export type ReviewApi = typeof reviewApi;
