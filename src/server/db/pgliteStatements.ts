import type { NamedStatement } from './client.js';
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

/**
 * A statement on PGlite, which is one session without protocol-level statement names: text runs as a plain
 * parameterised query; a named statement is PREPAREd once in SQL (the session keeps it, whether the transaction
 * it was prepared in commits or rolls back) and then EXECUTEd with its arguments written as literals, so that
 * PostgreSQL parses and plans it once. An argument that cannot be a literal (sqlLiteral) runs its text instead.
 */
export async function queryOnPglite<T>(session: PgliteSession, sql: string | NamedStatement, params: unknown[] = []): Promise<T[]> {
  if (typeof sql === 'string') return session.query<T>(sql, params);
  const literals = params.map(sqlLiteral);
  if (literals.some((l) => l === undefined)) return session.query<T>(sql.text, params);
  if (!session.prepared.has(sql.name)) {
    await session.exec(`PREPARE ${sql.name} AS ${sql.text}`);
    session.prepared.add(sql.name);
  }
  const [result] = await session.exec(`EXECUTE ${sql.name}${literals.length > 0 ? `(${literals.join(', ')})` : ''}`);
  return result.rows as T[];
}
