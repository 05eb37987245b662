/**
 * The accessibility statement (RD 1112/2018, art. 15): its conformance with WCAG 2.1 AA / EN 301 549 as an
 * administrator measured it, and how old its last review may be before the status page asks for a new one.
 */

/** Fully conformant, partially (with the exceptions the statement lists), or not conformant. */
export const CONFORMANCE_LEVELS = ['FULL', 'PARTIAL', 'NONE'] as const;
export type Conformance = (typeof CONFORMANCE_LEVELS)[number];

/** The known exceptions, as the administrator writes them. */
export const EXCEPTIONS_MAX_LENGTH = 8000;
/** A complaint's text. */
export const COMPLAINT_MAX_LENGTH = 4000;
/** The complaints an administrator's list shows, newest first. */
export const COMPLAINTS_LISTED = 200;
/**
 * Complaints the whole site takes in an hour, whoever sends them: beyond it (a flood from many addresses, each within
 * COMPLAINT_RATE_LIMIT) the form answers 429 and the administrators' mailboxes are spared.
 */
export const COMPLAINTS_PER_HOUR_SITE = 60;
/** The statement is reviewed at least once a year (RD 1112/2018, art. 15.3). */
export const REVIEW_VALID_MONTHS = 12;

/**
 * Whether the statement's last review (YYYY-MM-DD, or null when it never was) is over REVIEW_VALID_MONTHS old on
 * `today` (YYYY-MM-DD): reviewed on 2025-12-01, it is due on 2026-12-01 and overdue from 2026-12-02. A review on
 * 29 February is due on 1 March of the next year.
 */
export function reviewOverdue(reviewedOn: string | null, today: string): boolean {
  if (reviewedOn === null) return true;
  const reviewed = new Date(`${reviewedOn}T00:00:00Z`);
  const due = new Date(Date.UTC(reviewed.getUTCFullYear(), reviewed.getUTCMonth() + REVIEW_VALID_MONTHS, reviewed.getUTCDate()));
  return today > due.toISOString().slice(0, 10);
}
