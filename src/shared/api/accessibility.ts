import { Type, type Static } from 'typebox';
import { apiCall, CalendarDate, NoQuery, Paragraph, Strict } from './schema.js';
import { Email } from './auth.js';
import { COMPLAINT_MAX_LENGTH, CONFORMANCE_LEVELS, EXCEPTIONS_MAX_LENGTH, type Conformance as ConformanceLevel } from '../accessibility.js';

/**
 * The accessibility statement (/accesibilidad) and its complaints (docs/api.md, "Reach and legal"): anyone reads the
 * statement and files a complaint; an administrator edits the statement and reads the complaints.
 */

/** One of CONFORMANCE_LEVELS. */
export const Conformance = Type.Unsafe<ConformanceLevel>({ type: 'string', enum: [...CONFORMANCE_LEVELS] });

/** What the administrator writes of the statement: the rest of the page is the interface's words. */
export const StatementContents = Strict({
  conformance: Conformance,
  /** The known exceptions, empty when there are none. */
  exceptions: Type.Union([Type.Literal(''), Paragraph(EXCEPTIONS_MAX_LENGTH)]),
  reviewedOn: CalendarDate,
});
export type StatementContents = Static<typeof StatementContents>;

export const AccessibilityStatement = Type.Object({
  conformance: Conformance,
  exceptions: Type.String(),
  reviewedOn: Type.Union([CalendarDate, Type.Null()], { description: 'The last review, null before the first one' }),
  updatedAt: Type.String({ format: 'date-time' }),
});
export type AccessibilityStatement = Static<typeof AccessibilityStatement>;

export const ComplaintRequest = Strict({ email: Email, text: Paragraph(COMPLAINT_MAX_LENGTH) });
export type ComplaintRequest = Static<typeof ComplaintRequest>;

export const Complaint = Type.Object({
  id: Type.Integer(),
  email: Type.String(),
  text: Type.String(),
  receivedAt: Type.String({ format: 'date-time' }),
});
export type Complaint = Static<typeof Complaint>;

export const accessibilityCalls = {
  statement: apiCall({
    method: 'GET',
    url: '/api/v1/accessibility/statement',
    access: 'public',
    querystring: NoQuery,
    response: AccessibilityStatement,
    summary: "The accessibility statement's contents: conformance as measured, known exceptions, date of the last review",
  }),
  complaint: apiCall({
    method: 'POST',
    url: '/api/v1/accessibility/complaint',
    access: 'public',
    querystring: NoQuery,
    body: ComplaintRequest,
    response: Type.Object({ receivedAt: Type.String({ format: 'date-time' }) }),
    summary: 'Files a complaint or a request about accessibility: stored, and e-mailed to the administrators (rate-limited per address)',
  }),
  updateStatement: apiCall({
    method: 'POST',
    url: '/accessibility/statement/update',
    access: 'user',
    querystring: NoQuery,
    body: StatementContents,
    response: AccessibilityStatement,
    summary: "Changes the statement's conformance, exceptions and review date (ADMIN); a review date after today is 422",
  }),
  complaints: apiCall({
    method: 'GET',
    url: '/accessibility/complaints',
    access: 'user',
    querystring: NoQuery,
    response: Type.Array(Complaint),
    summary: 'The complaints filed, newest first (ADMIN)',
  }),
};
