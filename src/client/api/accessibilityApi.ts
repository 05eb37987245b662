import { get, http, post, type Fetch } from './http.js';
import type { AccessibilityStatement, Complaint, ComplaintRequest, StatementContents } from '../../shared/api/accessibility.js';

/** The accessibility statement's calls (docs/api.md, "Accessibility statement"). */
export const accessibilityApi = {
  /** The statement's contents; no session needed. */
  statement: (fetchImpl?: Fetch) => http<AccessibilityStatement>({ path: '/v1/accessibility/statement' }, fetchImpl),
  /** Files a complaint; no session needed. */
  complain: (complaint: ComplaintRequest, fetchImpl?: Fetch) =>
    http<{ receivedAt: string }>({ method: 'POST', path: '/v1/accessibility/complaint', body: complaint }, fetchImpl),
  /** An administrator's change of the statement. */
  update: (token: string | null, contents: StatementContents) => post<AccessibilityStatement>('/accessibility/statement/update', token, contents),
  /** The complaints received, newest first (administrators). */
  complaints: (token: string | null) => get<Complaint[]>('/accessibility/complaints', token),
};

export type AccessibilityApi = typeof accessibilityApi;
