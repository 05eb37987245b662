import { createSelector } from '@reduxjs/toolkit';
import type { RootState } from '../../app/rootReducer.js';
import type { SMTP_NOT_CONFIGURED } from '../../../shared/api/editionOpening.js';
import type { RequestError } from '../../lib/remote.js';
import type { Language } from '../../../shared/constants.js';
import { compareSpanish } from '../../lib/search.js';

const notConfigured: typeof SMTP_NOT_CONFIGURED = 'SMTP_NOT_CONFIGURED';

export const selectTerritories = (state: RootState) => state.editionOpening.territories;
export const selectOpeningSummary = (state: RootState) => state.editionOpening.summary;
export const selectOpening = (state: RootState) => state.editionOpening.opening;
export const selectReminders = (state: RootState) => state.editionOpening.reminders;
export const selectReminding = (state: RootState) => state.editionOpening.reminding;

/** The communities and the provinces of the chosen community (all when none), by name, for the scope's lists. */
export const selectScopeOptions = createSelector([selectTerritories], ({ communities, provinces }) => ({
  communities: [...communities].sort((a, b) => compareSpanish(a.name, b.name)).map((c) => ({ id: c.ccaaId, name: c.name })),
  provinces: [...provinces].sort((a, b) => compareSpanish(a.name, b.name)).map((p) => ({ id: p.provinceId, name: p.name })),
}));

/** The toast of a refused opening or reminder. */
export const mailErrorToast = (error: RequestError) => {
  if (error.type === 'CONFLICT' && error.data === notConfigured) return 'OPENING.TOAST.SMTP_NOT_CONFIGURED';
  if (error.type === 'FORBIDDEN') return 'DEADLINE.TOAST.FORBIDDEN';
  if (error.type === 'VALIDATION') return 'OPENING.TOAST.INVALID_SCOPE';
  return 'OPENING.TOAST.ERROR';
};

/** How many entities are not started and not finished, and how many users they have. */
export const selectPendingCounts = createSelector([selectReminders], ({ data }) => ({
  notStarted: data?.entities.filter((e) => e.status !== 'draft').length ?? 0,
  unfinished: data?.entities.filter((e) => e.status === 'draft').length ?? 0,
  users: data?.recipients.length ?? 0,
}));

/** What 'Descargar CSV de correos' writes, in the interface's language. */
export const selectEmailsCsvSource = (
  state: RootState,
): { language: Language; edition: number | null; recipients: { email: string; name: string; entities: string[] }[] } => ({
  language: state.locale.language,
  edition: state.editionOpening.reminders.data?.edition ?? null,
  recipients: state.editionOpening.reminders.data?.recipients ?? [],
});
