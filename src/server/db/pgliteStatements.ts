import type { NamedStatement } from './client.js';
import type { Results } from '@electric-sql/pglite';
import type { PgliteSession } from './pgliteGuard.js';

/** An element of an array argument, inside the array's literal: a number, or a double-quoted string. */
function arrayElement(value: unknown): string | undefined {
  if (value === null) return 'NULL';
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && !/["\\\0]/.test(value)) return `"${value}"`;
  return undefined;
}

/**
 * An EXECUTE argument as a quoted literal, or undefined when it cannot be written as one safely: null, a finite
 * number (JavaScript's shortest text for it reads back as the same double), a boolean, a string without backslash
 * or NUL, or a flat array of those (its strings also without a double quote). In a quoted literal the doubled
 * quote is the only escape (standard_conforming_strings, on by default); an array's elements are numbers or
 * double-quoted strings with nothing to escape, so commas, braces, spaces and the word NULL in them stay text.
 */
export function sqlLiteral(value: unknown): string | undefined {
  if (value === null) return 'NULL';
  if (typeof value === 'number') return Number.isFinite(value) ? `'${value}'` : undefined;
  if (typeof value === 'boolean') return `'${value}'`;
  if (typeof value === 'string') return /[\\\0]/.test(value) ? undefined : `'${value.replaceAll("'", "''")}'`;
  if (Array.isArray(value)) {
    const elements = value.map(arrayElement);
    return elements.some((e) => e === undefined) ? undefined : `'{${elements.join(',').replaceAll("'", "''")}}'`;
  }
  return undefined;
}

/** The arguments as literals, or undefined when one cannot be. */
function literalsOf(params: unknown[]): string[] | undefined {
  const literals = params.map(sqlLiteral);
  return literals.some((l) => l === undefined) ? undefined : (literals as string[]);
}

/** A named statement's EXECUTE, when it is prepared on the session and every argument can be a literal. */
function preparedExecute(session: PgliteSession, sql: string | NamedStatement, params: unknown[]): string | undefined {
  if (typeof sql === 'string' || !session.prepared.has(sql.name)) return undefined;
  const literals = literalsOf(params);
  return literals && `EXECUTE ${sql.name}${literals.length > 0 ? `(${literals.join(', ')})` : ''}`;
}

const lastRows = <T>(results: Results[]) => results[results.length - 1].rows as T[];

/**
 * A statement on PGlite, which is one session without protocol-level statement names: text runs as a plain
 * parameterised query; a named statement is PREPAREd once in SQL (the session keeps it, whether the transaction
 * it was prepared in commits or rolls back) and then EXECUTEd with its arguments written as literals, so that
 * PostgreSQL parses and plans it once. An argument that cannot be a literal (sqlLiteral) runs its text instead.
 */
export async function queryOnPglite<T>(session: PgliteSession, sql: string | NamedStatement, params: unknown[] = []): Promise<T[]> {
  if (typeof sql !== 'string' && !session.prepared.has(sql.name) && literalsOf(params)) {
    await session.exec(`PREPARE ${sql.name} AS ${sql.text}`);
    session.prepared.add(sql.name);
  }
  const execute = preparedExecute(session, sql, params);
  if (execute) return lastRows<T>(await session.exec(execute));
  return session.query<T>(typeof sql === 'string' ? sql : sql.text, params);
}

/**
 * A transaction's first statement, with its BEGIN: in the same round trip (`BEGIN; EXECUTE ...`) for a prepared
 * named statement, the usual first statement of a save or a submission; otherwise BEGIN alone, then the
 * statement. Either way BEGIN is handed to PGlite in this call, before any statement called after it.
 */
export function beginWithQuery<T>(session: PgliteSession, sql: string | NamedStatement, params: unknown[] = []): Promise<T[]> {
  const execute = preparedExecute(session, sql, params);
  if (execute) return session.exec(`BEGIN; ${execute}`).then((results) => lastRows<T>(results));
  return session.exec('BEGIN').then(() => queryOnPglite<T>(session, sql, params));
}
