import type { RootState } from '../../app/rootReducer.js';

/** The choice of the entity on screen, and whether the switch may be turned now (loaded, no change on its way). */
export const selectPublication = (state: RootState) => {
  const { entityId, choice, change } = state.publication;
  return {
    entityId,
    choice: choice.data,
    loading: choice.status === 'loading' || choice.status === 'idle',
    failed: choice.status === 'failed',
    saving: change.status === 'loading',
  };
};

/** What the results page says of its campaign's seal. */
export type SealView =
  | { kind: 'none' }
  | { kind: 'granted'; year: number; pageUrl: string; badgeUrl: string }
  /** Below its band's threshold: the percentage points it lacks (one decimal, as shown). */
  | { kind: 'lacking'; year: number; minPercentage: number; points: number }
  /** Reaching it in an edition not final yet: granted, if validated, when the edition becomes final. */
  | { kind: 'reaching'; year: number; minPercentage: number };

/**
 * The seal of the campaign on screen as the page says it: granted; how many points it lacks; reaching its threshold
 * before the final results; nothing without a threshold or a percentage, or once final without a seal but reaching it
 * (a campaign not validated).
 */
export const selectSealView = (state: RootState): SealView => {
  const { seal, sealCampaignId } = state.publication;
  const data = seal.data;
  if (!data || sealCampaignId !== state.results.campaignId) return { kind: 'none' };
  if (data.seal) return { kind: 'granted', year: data.year, pageUrl: data.seal.pageUrl, badgeUrl: data.seal.badgeUrl };
  if (!data.threshold || data.lackingPoints === null) return { kind: 'none' };
  // The server compares as the seal is granted (both shown to one decimal).
  if (data.lackingPoints > 0) return { kind: 'lacking', year: data.year, minPercentage: data.threshold.minPercentage, points: data.lackingPoints };
  return data.final ? { kind: 'none' } : { kind: 'reaching', year: data.year, minPercentage: data.threshold.minPercentage };
};
