import { get, post } from './http.js';
import type { CampaignDeadline, EditionDeadline, ExtendDeadlineRequest, Reopenings, SetDeadlineRequest } from '../../shared/api/campaignCycle.js';
import type { CampaignStateResponse } from '../../shared/api/campaigns.js';

/** Deadlines, extensions and reopenings; each takes the token first (see app/apiCall.ts). */
export const campaignCycleApi = {
  editionDeadline: (token: string | null, editionId?: number) =>
    get<EditionDeadline>('/campaigns/deadline', token, editionId === undefined ? {} : { editionId }),
  campaignDeadline: (token: string | null, id: number) => get<CampaignDeadline>('/campaigns/campaignDeadline', token, { id }),
  setDeadline: (token: string | null, body: SetDeadlineRequest) => post<EditionDeadline>('/campaigns/setDeadline', token, body),
  extendDeadline: (token: string | null, body: ExtendDeadlineRequest) => post<EditionDeadline>('/campaigns/extendDeadline', token, body),
  reopen: (token: string | null, id: number, reason: string) => post<CampaignStateResponse>('/campaigns/reopen', token, { id, reason }),
  /** A session's token or a shared link's. */
  reopenings: (token: string | null, id: number) => get<Reopenings>('/campaigns/reopenings', token, { id }),
};

export type CampaignCycleApi = typeof campaignCycleApi;
