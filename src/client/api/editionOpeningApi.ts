import { get, post } from './http.js';
import type { MailSummary, OpenEditionRequest, OpenEditionResult, OpeningQuery, OpeningSummary, Reminders } from '../../shared/api/editionOpening.js';
import type { AutonomousCommunity, Province } from '../../shared/api/reference.js';

/** Opening the edition for many entities and the reminders; each takes the token first (see app/apiCall.ts). */
export const editionOpeningApi = {
  openingSummary: (token: string | null, scope: OpeningQuery) => get<OpeningSummary>('/campaigns/openingSummary', token, scope),
  openEdition: (token: string | null, body: OpenEditionRequest) => post<OpenEditionResult>('/campaigns/openEdition', token, body),
  reminders: (token: string | null, editionId?: number) => get<Reminders>('/campaigns/reminders', token, editionId === undefined ? {} : { editionId }),
  remind: (token: string | null, editionId?: number) => post<MailSummary>('/campaigns/remind', token, editionId === undefined ? {} : { editionId }),
  communities: (token: string | null) => get<AutonomousCommunity[]>('/communities/allAutonomousCommunities', token),
  provinces: (token: string | null) => get<Province[]>('/communities/allProvinces', token),
};

export type EditionOpeningApi = typeof editionOpeningApi;
