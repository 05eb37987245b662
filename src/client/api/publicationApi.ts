import { get, post } from './http.js';
import type { CampaignSeal, EntityPublication, SealThreshold, SealThresholds } from '../../shared/api/publication.js';

/** An entity's choice to make its own figures of final editions public, and seals (docs/api.md, "Publication"). */
export const publicationApi = {
  /** Whether the entity's figures are public, and who changed that when. */
  state: (token: string | null, id: number) => get<EntityPublication>('/entities/publication/state', token, { id }),
  /** Makes them public, or private again. */
  set: (token: string | null, id: number, publish: boolean) => post<EntityPublication>('/entities/publication', token, { id, publish }),
  /** A campaign's seal, its population band's threshold and its percentage. */
  campaignSeal: (token: string | null, id: number) => get<CampaignSeal>('/campaigns/seal', token, { id }),
  /** An edition's seal thresholds. */
  thresholds: (token: string | null, campaignNumber: number) => get<SealThresholds>('/editions/seal/state', token, { campaignNumber }),
  /** Sets them (ADMIN, before the edition is final). */
  setThresholds: (token: string | null, campaignNumber: number, thresholds: SealThreshold[]) =>
    post<SealThresholds>('/editions/seal', token, { campaignNumber, thresholds }),
};

export type PublicationApi = typeof publicationApi;
