import type { Results } from '@electric-sql/pglite';
import { beginOf, type NamedStatement } from './statements.js';

/**
 * One live instance as the wrapper uses it: every statement refused once the instance died, and every one but
 * the end of a transaction refused while the folder is short of room.
 */
export interface PgliteSession {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  exec(sql: string): Promise<Results[]>;
  /** COMMIT or ROLLBACK, which must run whatever the free space: a transaction is never left open. */
  end(sql: 'COMMIT' | 'ROLLBACK'): Promise<Results[]>;
  /** Statements PREPAREd on this instance, by name (a session's; a reopened instance starts with none). */
  readonly prepared: Map<string, PreparedStatement>;
}

/**
 * A named statement PREPAREd on a PGlite session: its parameters' types (as pg_prepared_statements names them,
 * 'integer', 'text[]', ...) once known; ready settles when it is prepared (and rejects if PREPARE failed).
 */
export interface PreparedStatement {
  types?: readonly string[];
  readonly ready: Promise<readonly string[]>;
}

const NUMERIC_TYPES = new Set(['smallint', 'integer', 'bigint', 'real', 'double precision', 'numeric']);
const STRING_CONVERTED_TYPES = new Set(['boolean', 'bytea']);

/** A value of a parameter (or array element) of this type as text, unquoted, or undefined when it cannot be one exactly. */
function valueText(value: unknown, type: string): string | undefined {
  // A string for a boolean or bytea parameter is converted by PGlite's own rules, which differ from the type's input.
  if (typeof value === 'string') return /[\\\0]/.test(value) || STRING_CONVERTED_TYPES.has(type) ? undefined : value;
  // JavaScript's shortest text for a finite number reads back as the same double (and as the same integer).
  if (typeof value === 'number') return NUMERIC_TYPES.has(type) && Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'boolean') return type === 'boolean' ? String(value) : undefined;
  return undefined;
}

/**
 * An EXECUTE argument for a parameter of the given type as a quoted literal, or undefined when it cannot be
 * written as one that means exactly what the parameterised query would pass: null; a string without backslash
 * or NUL (to any type but boolean and bytea: both ways PostgreSQL reads the same text); a finite number for a
 * numeric type; a boolean for a boolean; a flat array of those for an array type, its strings also without a
 * double quote. In a quoted literal the doubled quote is the only escape (standard_conforming_strings, on by
 * default); an array's strings are double-quoted with nothing to escape, so commas, braces, spaces and the word
 * NULL in them stay text. Anything else (a number for a date, an array for a json parameter, an object) is left to the
 * parameterised query, which converts by the parameter's type.
 */
export function sqlLiteral(value: unknown, type: string): string | undefined {
  if (value === null) return 'NULL';
  let text: string | undefined;
  if (Array.isArray(value)) {
    if (!type.endsWith('[]')) return undefined;
    const elementType = type.slice(0, -2);
    const elements = value.map((e) => {
      if (e === null) return 'NULL';
      const t = valueText(e, elementType);
      if (t === undefined || t.includes('"')) return undefined;
      return typeof e === 'string' ? `"${t}"` : t;
    });
    text = elements.some((e) => e === undefined) ? undefined : `{${elements.join(',')}}`;
  } else {
    text = valueText(value, type);
  }
  return text === undefined ? undefined : `'${text.replaceAll("'", "''")}'`;
}

/** The EXECUTE of a prepared statement whose parameters' types are known, or undefined when an argument cannot be a literal. */
function executeOf(name: string, params: unknown[], types: readonly string[]): string | undefined {
  const literals = params.map((value, i) => sqlLiteral(value, types[i] ?? 'unknown'));
  if (literals.some((l) => l === undefined)) return undefined;
  return `EXECUTE ${name}${literals.length > 0 ? `(${literals.join(', ')})` : ''}`;
}

/** PostgreSQL's code for a PREPARE whose name the session already has. */
const DUPLICATE_PREPARED_STATEMENT = '42P05';

/**
 * PREPAREs the statement and reads its parameters' types. A name the session already has was prepared by an
 * earlier call whose types were not read (refused for lack of room, or in a transaction that had failed): the
 * session keeps a PREPARE whatever happens next, so it is read rather than prepared again (each name has one text).
 */
async function prepare(session: PgliteSession, statement: NamedStatement): Promise<readonly string[]> {
  try {
    await session.exec(`PREPARE ${statement.name} AS ${statement.text}`);
  } catch (err) {
    if ((err as { code?: unknown }).code !== DUPLICATE_PREPARED_STATEMENT) throw err;
  }
  const [row] = await session.query<{ types: string[] }>('SELECT parameter_types::text[] AS types FROM pg_prepared_statements WHERE name = $1', [
    statement.name,
  ]);
  if (!row) throw new Error(`statement ${statement.name} is not prepared`);
  return row.types;
}

/**
 * The statement PREPAREd once on the session, with its parameters' types: concurrent first callers share one
 * PREPARE (PGlite runs the session's calls in the order they are made), and a failed one is forgotten, to be
 * tried again by the next caller.
 */
function prepared(session: PgliteSession, statement: NamedStatement): Promise<readonly string[]> {
  const found = session.prepared.get(statement.name);
  if (found) return found.ready;
  const entry: PreparedStatement = { ready: prepare(session, statement).then((types) => (entry.types = types)) };
  session.prepared.set(statement.name, entry);
  entry.ready.catch(() => session.prepared.get(statement.name) === entry && session.prepared.delete(statement.name));
  return entry.ready;
}

const lastRows = <T>(results: Results[]) => results[results.length - 1].rows as T[];

/**
 * A statement on PGlite, which is one session without protocol-level statement names: text runs as a plain
 * parameterised query; a named statement is PREPAREd once in SQL (the session keeps it, whether the transaction
 * it was prepared in commits or rolls back) and then EXECUTEd with its arguments written as literals, so that
 * PostgreSQL parses and plans it once. Arguments that cannot be literals (sqlLiteral) run its text instead.
 */
export async function queryOnPglite<T>(session: PgliteSession, sql: string | NamedStatement, params: unknown[] = []): Promise<T[]> {
  if (typeof sql === 'string') return session.query<T>(sql, params);
  const execute = executeOf(sql.name, params, await prepared(session, sql));
  return execute ? lastRows<T>(await session.exec(execute)) : session.query<T>(sql.text, params);
}

/**
 * A transaction's first statement, with its BEGIN (`begin`: beginOf): in the same round trip (`BEGIN; EXECUTE ...`)
 * for a named statement already prepared whose arguments can be literals, the usual first statement of a save or a
 * submission; otherwise BEGIN alone, then the statement. Either way BEGIN is handed to PGlite in this call.
 */
export function beginWithQuery<T>(session: PgliteSession, sql: string | NamedStatement, params: unknown[] = [], begin = beginOf()): Promise<T[]> {
  const types = typeof sql === 'string' ? undefined : session.prepared.get(sql.name)?.types;
  const execute = typeof sql !== 'string' && types && executeOf(sql.name, params, types);
  if (execute) return session.exec(`${begin}; ${execute}`).then((results) => lastRows<T>(results));
  return session.exec(begin).then(() => queryOnPglite<T>(session, sql, params));
}
