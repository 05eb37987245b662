import { NO_NOTES, type CampaignDetail, type Subindicator } from '../../src/shared/api/campaigns.js';

/**
 * What a sub-indicator of a test's questionnaire asks beyond its answer: nothing ("No aplica" not allowed, no
 * evidence); and nothing put beside the answer (no comment, no evidence, not copied from an earlier edition).
 */
export const ASKS_NOTHING = { allowsNotApplicable: false, evidenceRule: 'none', evidenceCriteria: null, ...NO_NOTES, review: null } as const;

/** A single-choice question of a sent campaign answered 'Sí' ('Sí' worth 2 points, 'No' 0), with what else a test gives it. */
export const yesNoQuestion = (id: number, text: string, extra: Partial<Subindicator> = {}): Subindicator => ({
  id,
  text,
  type: 'single',
  ...ASKS_NOTHING,
  responses: [
    { id: id * 10 + 1, text: 'Sí', value: 2, obsolete: false, exclusive: false },
    { id: id * 10 + 2, text: 'No', value: 0, obsolete: false, exclusive: false },
  ],
  answer: [id * 10 + 1],
  ...extra,
});

/** A campaign of 2026 sent by 'Ayuntamiento de Prueba', its questions in one indicator, with what else a test gives it. */
export const sentCampaignOf = (subindicators: Subindicator[], extra: Partial<CampaignDetail> = {}): CampaignDetail => ({
  id: 5,
  campaignNumber: 2026,
  text: 'Campaña 2026',
  entityId: 1,
  entity: 'Ayuntamiento de Prueba',
  status: 'sent',
  startDate: '2026-02-01T10:00:00Z',
  endDate: '2026-03-01T10:00:00Z',
  deadline: null,
  reopening: null,
  reviewStatus: 'pending',
  prefillFrom: null,
  reviewMessage: null,
  validatedAt: null,
  objectionsUntil: null,
  autonomousCommunity: '10',
  indicators: [
    {
      id: 1,
      text: 'Plan de acción',
      axisId: 1,
      axisText: 'Gobernanza',
      policyId: 2,
      policyText: 'Planificación',
      measureId: 3,
      measureText: 'Plan local',
      competenceId: null,
      subindicators,
    },
  ],
  ...extra,
});
