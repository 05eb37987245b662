import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer.js';
import type { CLOSING_BEFORE_OPENING, EDITION_CLOSED, EDITION_NOT_OPEN } from '../../../shared/api/campaignCycle.js';
import type { RequestError } from '../../lib/remote.js';
import type { Subindicator } from '../../../shared/api/campaigns.js';

const closed: typeof EDITION_CLOSED = 'EDITION_CLOSED';
const notOpen: typeof EDITION_NOT_OPEN = 'EDITION_NOT_OPEN';
const closingBeforeOpening: typeof CLOSING_BEFORE_OPENING = 'CLOSING_BEFORE_OPENING';

/** A save or submit refused because of the edition's dates (409 EDITION_CLOSED / EDITION_NOT_OPEN). */
export const isDeadlineRefusal = (error: RequestError | null) => error?.type === 'CONFLICT' && (error.data === closed || error.data === notOpen);

/** The toast of a refused save or submit: the dates when they are the cause, else the call's own message. */
export const answerErrorToast = (fallback: string) => (error: RequestError) => {
  if (error.type === 'CONFLICT' && error.data === closed) return 'DEADLINE.TOAST.CLOSED';
  if (error.type === 'CONFLICT' && error.data === notOpen) return 'DEADLINE.TOAST.NOT_OPEN';
  return fallback;
};

/** The toast of a refused change on the status page. */
export const changeErrorToast = (error: RequestError) => {
  if (error.type === 'VALIDATION' && error.data === closingBeforeOpening) return 'DEADLINE.TOAST.CLOSING_BEFORE_OPENING';
  if (error.type === 'VALIDATION') return 'DEADLINE.TOAST.INVALID';
  if (error.type === 'FORBIDDEN') return 'DEADLINE.TOAST.FORBIDDEN';
  if (error.type === 'CONFLICT') return 'REOPEN.TOAST.NOT_SENT';
  return 'DEADLINE.TOAST.CHANGE_ERROR';
};

export const selectEditionDeadline = (state: RootState) => state.campaignCycle.edition;
export const selectChange = (state: RootState) => state.campaignCycle.change;
export const selectReopenings = (state: RootState) => state.campaignCycle.reopenings;

/** The questionnaire's dates, once loaded for the campaign on screen. */
export const selectCampaignDeadline = (state: RootState) => {
  const { campaign } = state.campaignCycle;
  return campaign.campaignId === state.campaigns.questionnaire.campaign?.id ? campaign.deadline : null;
};

/** Whether answers may change now: not sent, and inside the dates (unknown dates: the server decides). */
export const selectAnswerable = (state: RootState) => {
  const campaign = state.campaigns.questionnaire.campaign;
  // A sent campaign back with its entity for corrections takes them whatever the dates (docs/api.md, "Review").
  if (campaign?.status === 'sent') return campaign.reviewStatus === 'changesRequested';
  return (selectCampaignDeadline(state)?.state ?? 'open') === 'open';
};

/** Whether the questionnaire on screen is a sent campaign back with its entity for corrections. */
export const selectCorrecting = (state: RootState) => state.campaigns.questionnaire.campaign?.reviewStatus === 'changesRequested';

/** Whether a question may change now: the campaign may, and while corrections are asked, only a question marked to correct. */
export const selectQuestionChangeable = createSelector(
  [selectAnswerable, selectCorrecting],
  (answerable, correcting) => (sub: Subindicator) => answerable && (!correcting || sub.review?.verdict === 'fix'),
);

/** The entities flagged 'Retrasada', by id. */
/** Whether a status row's campaign is late: not sent, of an entity late in the edition whose dates the deadline card shows. */
export const selectIsLate = createSelector([selectEditionDeadline], (edition) => {
  const late = new Set((edition.deadline?.late ?? []).map((l) => l.entityId));
  const editionId = edition.deadline?.editionId;
  return (row: { entityId: number; editionId: number; status: string }) => row.editionId === editionId && row.status !== 'sent' && late.has(row.entityId);
});

/** The entities an extension may be given: late ones first, then the other unsent campaigns of the edition the card shows, by name. */
export const selectExtensionOptions = createSelector([selectEditionDeadline, (state: RootState) => state.campaigns.statusPage.rows], (edition, rows) => {
  const options = new Map<number, string>();
  for (const late of edition.deadline?.late ?? []) options.set(late.entityId, late.entity);
  for (const row of rows)
    if (row.editionId === edition.deadline?.editionId && row.status !== 'sent' && !options.has(row.entityId)) options.set(row.entityId, row.entity);
  return [...options].map(([entityId, entity]) => ({ entityId, entity }));
});
