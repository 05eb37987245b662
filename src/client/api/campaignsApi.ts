import { get, getFile, post, postForm, type UploadProgress } from './http.js';
import type { Answer, AnswerHistoryEntry, EditionExportQuery, EvidenceItem, PrefillResponse, SaveAnswerResponse } from '../../shared/api/campaigns.js';
import type {
  CampaignDetail,
  CampaignStateResponse,
  CampaignStatusRow,
  CampaignSummary,
  CreateCampaignResponse,
  EntityCampaigns,
} from '../../shared/api/campaigns.js';
import type { AutonomousCommunity } from '../../shared/api/reference.js';

/** A question's comment and "No aplica" as the user left them on screen, where they differ from what is saved (undefined: as saved). */
export interface NoteDraft {
  comment?: string | null;
  notApplicable?: { reason: string } | null;
  /** 'Confirmar' on an answer copied from the previous edition: saved as it is, which confirms it. */
  confirm?: true;
}

/** What one save of a question sends: its answer, and its comment and "No aplica" when they changed. */
export interface AnswerSave extends NoteDraft {
  campaignId: number;
  question: number;
  answer: Answer;
  /** The answer's version on screen: the server refuses the save (409 STALE_ANSWER) if someone changed it since. */
  expectedVersion: number;
}

/** A link the user adds as evidence behind one answer. */
export interface EvidenceLinkRequest {
  campaignId: number;
  question: number;
  url: string;
  title: string | null;
}

/** The campaign calls of docs/api.md; each takes the access token first (see app/apiCall.ts). */
export const campaignsApi = {
  all: (token: string | null) => get<CampaignSummary[]>('/campaigns/all', token),
  get: (token: string | null, id: number) => get<CampaignDetail>('/campaigns/get', token, { id }),
  getByUser: (token: string | null, includeAllEntities = false) =>
    get<EntityCampaigns>('/campaigns/getByUser', token, { nameWithProvince: true, includeAllEntities }),
  create: (token: string | null, entityId: number) => post<CreateCampaignResponse>('/campaigns/create', token, { entityId }),
  /** One question's answer, and its comment and "No aplica" when they changed. */
  saveAnswer: (token: string | null, { campaignId, question, answer, comment, notApplicable, expectedVersion }: AnswerSave) =>
    post<SaveAnswerResponse>('/campaigns/saveAnswer', token, { id: campaignId, question, answer, comment, notApplicable, expectedVersion }),
  /** One answer's history, newest first ('Ver historial'). */
  history: (token: string | null, { campaignId, question }: { campaignId: number; question: number }) =>
    get<AnswerHistoryEntry[]>('/campaigns/history', token, { id: campaignId, question }),
  addEvidenceLink: (token: string | null, { campaignId, question, url, title }: EvidenceLinkRequest) =>
    post<EvidenceItem>('/campaigns/evidence/addLink', token, { id: campaignId, question, url, ...(title ? { title } : {}) }),
  /** 'Adjuntar archivo': the fields first, then the file (the server streams it as it arrives); onProgress hears how much has gone. */
  uploadEvidence: (
    token: string | null,
    { campaignId, question }: { campaignId: number; question: number },
    file: Blob,
    fileName: string,
    onProgress?: UploadProgress,
  ) => {
    const form = new FormData();
    form.append('id', String(campaignId));
    form.append('question', String(question));
    form.append('file', file, fileName);
    return postForm<EvidenceItem>('/campaigns/evidence/upload', token, form, onProgress);
  },
  /** A file given as evidence, read with the session's token (a link cannot carry it). */
  evidenceFile: (token: string | null, campaignId: number, evidenceId: number, fileName: string) =>
    getFile('/campaigns/evidence/file', token, { id: campaignId, evidenceId }, fileName),
  /** 'Partir de las respuestas de 2025'. */
  prefill: (token: string | null, id: number) => post<PrefillResponse>('/campaigns/prefill', token, { id }),
  removeEvidence: (token: string | null, id: number, evidenceId: number) => post<{ success: true }>('/campaigns/evidence/remove', token, { id, evidenceId }),
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
