import type { RootState } from '../../app/rootReducer.js';
import type { RequestError } from '../../lib/remote.js';
import { reviewOverdue } from '../../../shared/accessibility.js';

export const selectAccessibility = (state: RootState) => state.accessibility;

/**
 * The status page's reminder: null until the statement is read or while its review is recent; otherwise the date
 * of the last review (null when there was none) for the warning.
 */
export function selectOverdueReview(state: RootState, today: string): { reviewedOn: string | null } | null {
  const statement = state.accessibility.statement.value;
  if (!statement || !reviewOverdue(statement.reviewedOn, today)) return null;
  return { reviewedOn: statement.reviewedOn };
}

/** Why a complaint did not go, as a message id. */
export function complaintErrorMessage(error: RequestError): string {
  if (error.type === 'RATE_LIMITED') return 'ACCESSIBILITY.FORM.TOO_MANY';
  if (error.type === 'VALIDATION') return 'ACCESSIBILITY.FORM.INVALID';
  return 'ACCESSIBILITY.FORM.ERROR';
}

/** Why the statement was not saved, as a message id: the server names a refused review date's reason. */
export function saveErrorMessage(error: RequestError): string {
  const field = error.type === 'VALIDATION' ? (error.data as { reviewedOn?: unknown } | null)?.reviewedOn : undefined;
  return typeof field === 'string' && field.startsWith('ACCESSIBILITY.') ? field : 'ACCESSIBILITY.EDIT.ERROR';
}
