import { get, post } from './http.js';
import type { EntityCampaigns, IndicatorGroup } from '../../shared/api/campaigns.js';
import type { ComparisonResponse, ResultResponse, ShareResponse, TrendResponse } from '../../shared/api/results.js';
import type { CurrentUser } from '../../shared/api/auth.js';

/**
 * The report calls of docs/api.md. Each takes the token first: the session's access token through
 * callApi (app/apiCall.ts), or a shared link's token as it is.
 */
export const resultsApi = {
  /** Entities the caller may read, each with its sent campaigns oldest first. */
  entityCampaigns: (token: string | null) =>
    get<EntityCampaigns>('/campaigns/getByUser', token, { nameWithProvince: true, includeAllEntities: true, onlySent: true }),
  result: (token: string | null, id: number) => get<ResultResponse>('/campaigns/result', token, { id }),
  answers: async (token: string | null, id: number) =>
    (await get<{ campaign: { indicators: IndicatorGroup[] } }>('/campaigns/answers', token, { id })).campaign.indicators,
  comparison: (token: string | null, id: number) => get<ComparisonResponse>('/campaigns/comparison', token, { id }),
  /** The entity's figures in every edition it sent up to this campaign's. */
  trend: (token: string | null, id: number) => get<TrendResponse>('/campaigns/trend', token, { id }),
  share: (token: string | null, id: number) => post<ShareResponse>('/campaigns/share', token, { id }),
  /** Revokes every live shared link of the campaign; answers how many. */
  unshare: (token: string | null, id: number) => post<{ revoked: number }>('/campaigns/unshare', token, { id }),
  /** The campaign a shared link reads (auth/me answers it for a share token). */
  sharedCampaign: async (token: string): Promise<number> => {
    const { user } = await get<{ user: CurrentUser }>('/auth/me', token);
    if (!user.sharedCampaignId) throw new Error('Not a shared link');
    return user.sharedCampaignId;
  },
};

export type ResultsApi = typeof resultsApi;
