/** Campaign payloads of api-contract.md, shared by the routes, the sagas and the screens. */

export const CAMPAIGN_STATUSES = ['created', 'draft', 'sent'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** Status as the pie chart counts it: 0 not started, 1 ongoing, 2 completed (spec section 3). */
export const STATUS_NUMBER: Readonly<Record<CampaignStatus, 0 | 1 | 2>> = { created: 0, draft: 1, sent: 2 };

export type QuestionType = 'single' | 'multiple';

export interface ResponseOption {
  id: number;
  text: string;
  /** Points the response is worth. */
  value: number;
  /** Kept for old answers; never offered as a new choice. */
  obsolete: boolean;
}

/** A question of the questionnaire with the campaign's answer (response ids, or null when unanswered). */
export interface Subindicator {
  id: number;
  text: string;
  type: QuestionType;
  responses: ResponseOption[];
  answer: number[] | null;
}

/** An indicator with its place in the axis / policy / measure tree (spec section 3, Indicator group). */
export interface IndicatorGroup {
  id: number;
  text: string;
  axisId: number;
  axisText: string;
  policyId: number;
  policyText: string;
  measureId: number;
  measureText: string;
  competenceId: number | null;
  subindicators: Subindicator[];
}

/** A campaign as lists show it. Dates are ISO strings; endDate is the date of submission. */
export interface CampaignSummary {
  id: number;
  campaignNumber: number;
  text: string;
  entityId: number;
  entity: string;
  status: CampaignStatus;
  startDate: string | null;
  endDate: string | null;
  /** Autonomous community id (INE code) of the entity. */
  autonomousCommunity: string;
}

/** GET campaigns/get: the campaign with its questionnaire and answers. */
export interface CampaignDetail extends CampaignSummary {
  indicators: IndicatorGroup[];
}

/** GET campaigns/getByUser. */
export interface EntityCampaigns {
  entityCampaigns: { entityId: number; text: string; campaigns: { id: number; text: string }[] }[];
}

/** One row of GET campaigns/status. */
export interface CampaignStatusRow {
  campaignId: number;
  campaignNumber: number;
  entityId: number;
  entity: string;
  province: string;
  autonomousCommunity: string;
  autonomousCommunityId: string;
  status: CampaignStatus;
  startDate: string | null;
  endDate: string | null;
}

/** POST campaigns/saveAnswer body: answer is the chosen response ids, or null to clear. */
export interface SaveAnswerRequest {
  id: number;
  question: number;
  answer: number[] | null;
}

/** What saveAnswer and submit answer: the campaign's new state. */
export interface CampaignStateResponse {
  success: true;
  campaign: { id: number; status: CampaignStatus; startDate: string | null; endDate: string | null };
}

export interface CreateCampaignResponse {
  campaign: { id: number };
}

/** Reference data. */
export interface AutonomousCommunity {
  ccaaId: string;
  name: string;
}
export interface Province {
  provinceId: string;
  name: string;
  ccaaId: string;
}
export interface Municipality {
  munId: string;
  name: string;
  provinceId: string;
}
export interface Category {
  id: number;
  text: string;
  type: 'axis' | 'policy' | 'measure';
}
