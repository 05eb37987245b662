import { NO_NOTES, type CampaignDetail, type IndicatorGroup, type Subindicator } from '../../src/shared/api/campaigns.js';

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

/** A draft campaign of 2026 of 'Ayuntamiento de Prueba' opened on 1 November, with the indicators and what else a test gives it. */
export const campaignWith = (indicators: IndicatorGroup[], extra: Partial<CampaignDetail> = {}): CampaignDetail => ({
  id: 5,
  campaignNumber: 2026,
  text: 'Campaña 2026',
  entityId: 1,
  entity: 'Ayuntamiento de Prueba',
  status: 'draft',
  startDate: '2026-11-01T10:00:00Z',
  endDate: null,
  deadline: null,
  reopening: null,
  reviewStatus: 'none',
  prefillFrom: null,
  reviewMessage: null,
  validatedAt: null,
  objectionsUntil: null,
  autonomousCommunity: '10',
  indicators,
  ...extra,
});

/** Indicator 1 ('Indicador', in 'Eje' > 'Política' > 'Medida') asking the sub-indicators, with what else a test gives it. */
export const indicatorOf = (subindicators: Subindicator[], extra: Partial<IndicatorGroup> = {}): IndicatorGroup => ({
  id: 1,
  text: 'Indicador',
  axisId: 1,
  axisText: 'Eje',
  policyId: 2,
  policyText: 'Política',
  measureId: 3,
  measureText: 'Medida',
  competenceId: null,
  subindicators,
  ...extra,
});

/** A campaign of 2026 sent by 'Ayuntamiento de Prueba', its questions in one indicator, with what else a test gives it. */
export const sentCampaignOf = (subindicators: Subindicator[], extra: Partial<CampaignDetail> = {}): CampaignDetail =>
  campaignWith([indicatorOf(subindicators, { text: 'Plan de acción', axisText: 'Gobernanza', policyText: 'Planificación', measureText: 'Plan local' })], {
    status: 'sent',
    startDate: '2026-02-01T10:00:00Z',
    endDate: '2026-03-01T10:00:00Z',
    reviewStatus: 'pending',
    ...extra,
  });
