/**
 * What a database error means: "the database is unreachable or out of space" (answered 503 UNAVAILABLE, the
 * process carries on and the next call tries again), a race lost to a call running at the same time (a row removed
 * meanwhile, a deadlock), a duplicate; and the errors that stop a start with a plain message.
 */

const sqlState = (err: unknown) => (typeof err === 'object' && err !== null ? (err as { code?: unknown }).code : undefined);

/** True for PostgreSQL's unique_violation (23505), from PGlite or pg alike. */
export function isUniqueViolation(err: unknown): boolean {
  return sqlState(err) === '23505';
}

/** True for a foreign_key_violation (23503): a row referred to was removed by a call running at the same time. */
export function isForeignKeyViolation(err: unknown): boolean {
  return sqlState(err) === '23503';
}

/** True for the refusal of migration 022's triggers: a write to an edition whose results are final (EF001). */
export function isEditionFinalViolation(err: unknown): boolean {
  return sqlState(err) === 'EF001';
}

/** True for a deadlock (40P01) or serialization failure (40001): the transaction lost a race and may run again. */
export function isTransactionConflict(err: unknown): boolean {
  return sqlState(err) === '40P01' || sqlState(err) === '40001';
}

/** A statement not run because the database cannot take it now (out of space, stopped after a fatal error). */
export class DatabaseUnavailableError extends Error {
  readonly code = 'DATABASE_UNAVAILABLE';
}

/** The database cannot be used at start (a data folder that is read-only or full, a refused login): main prints the message and exits. */
export class DatabaseStartError extends Error {}

/** Node's socket and file-system codes for a server out of reach or a disk that takes no more writes. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_FAIL',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOSPC',
  'EDQUOT',
  'EROFS',
  'DATABASE_UNAVAILABLE',
]);

/**
 * SQLSTATEs (PostgreSQL appendix A): 57P01-57P03 admin/crash shutdown and "cannot connect now"; 53000-53300
 * insufficient resources, disk full, out of memory, too many connections. Class 08 is matched by prefix.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53000', '53100', '53200', '53300']);

/** pg's and PGlite's own failures that carry no code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /^Client has encountered a connection error and is not queryable/,
  /^Client was closed and is not queryable/,
  /^Cannot use a pool after calling end on the pool/,
  /^Query read timeout/,
  /^PGlite is clos(ed|ing)/,
];

/** True when err (or its cause, or one of an AggregateError's errors) says the database is out of reach or of space. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (typeof err !== 'object' || err === null || depth > 4) return false;
  const { code, message, severity, cause, errors } = err as { code?: unknown; message?: unknown; severity?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string') {
    if (UNAVAILABLE_CODES.has(code) || UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
  }
  // A PANIC stops the server (PostgreSQL restarts; PGlite's instance is dead): whatever its code, retry later.
  if (severity === 'PANIC') return true;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((e) => isDatabaseUnavailable(e, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
