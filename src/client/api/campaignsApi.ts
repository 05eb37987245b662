import { get, getFile, post } from './http.js';
import type { Answer, EditionExportQuery } from '../../shared/api/campaigns.js';
import type {
  CampaignDetail,
  CampaignStateResponse,
  CampaignStatusRow,
  CampaignSummary,
  CreateCampaignResponse,
  EntityCampaigns,
} from '../../shared/api/campaigns.js';
import type { AutonomousCommunity } from '../../shared/api/reference.js';

/** The campaign calls of docs/api.md; each takes the access token first (see app/apiCall.ts). */
export const campaignsApi = {
  all: (token: string | null) => get<CampaignSummary[]>('/campaigns/all', token),
  get: (token: string | null, id: number) => get<CampaignDetail>('/campaigns/get', token, { id }),
  getByUser: (token: string | null, includeAllEntities = false) =>
    get<EntityCampaigns>('/campaigns/getByUser', token, { nameWithProvince: true, includeAllEntities }),
  create: (token: string | null, entityId: number) => post<CreateCampaignResponse>('/campaigns/create', token, { entityId }),
  saveAnswer: (token: string | null, id: number, question: number, answer: Answer) =>
    post<CampaignStateResponse>('/campaigns/saveAnswer', token, { id, question, answer }),
  submit: (token: string | null, id: number) => post<CampaignStateResponse>('/campaigns/submit', token, { id }),
  remove: (token: string | null, id: number) => post<{ success: true }>('/campaigns/delete', token, { id }),
  status: (token: string | null) => get<CampaignStatusRow[]>('/campaigns/status', token),
  /** ADMIN, FEC: a whole edition as a CSV or Excel file. */
  exportEdition: (token: string | null, query: EditionExportQuery) => getFile('/campaigns/export', token, query, `edicion-${query.edition}.${query.format}`),
};

/** Reference data the filters need. */
export const referenceApi = {
  communities: (token: string | null) => get<AutonomousCommunity[]>('/communities/allAutonomousCommunities', token),
};

export type CampaignsApi = typeof campaignsApi;
export type ReferenceApi = typeof referenceApi;
