import fs from 'node:fs/promises';
import os from 'node:os';

/**
 * The bench's tables: each row kept as values, printed as Markdown and written to bench-results.json from the same
 * values, so that a check reads the figures without parsing Markdown and the two never disagree.
 */

export type Cell = string | number | boolean | null;

export interface Column {
  /** The row's field, as bench-results.json names it. */
  key: string;
  /** The Markdown table's heading. */
  heading: string;
  /** How the value is printed (numbers as they are unless told). */
  format?: (value: Cell) => string;
}

/** Milliseconds as the tables print them: a decimal under 10, whole above. */
export const ms = (v: number) => (v < 10 ? v.toFixed(1) : Math.round(v).toString());

const asMs = (value: Cell) => (typeof value === 'number' ? ms(value) : String(value ?? ''));
const whole = (value: Cell) => (typeof value === 'number' ? Math.round(value).toString() : String(value ?? ''));

/** The columns of a latency row: where (group), what (call), its percentiles and rate, and its budget. */
export const LATENCY_COLUMNS: Column[] = [
  { key: 'p50', heading: 'p50 ms', format: asMs },
  { key: 'p95', heading: 'p95 ms', format: asMs },
  { key: 'p99', heading: 'p99 ms', format: asMs },
  { key: 'requestsPerSecond', heading: 'requests/s', format: whole },
];

/** The verdict column: `withinBudget` (null: no budget) printed with the `budget` it was held to. */
export const VERDICT_COLUMN: Column = { key: 'withinBudget', heading: 'within budget' };

export type Row = Record<string, Cell>;

export class BenchTable {
  readonly rows: Row[] = [];

  constructor(
    /** The table's name in bench-results.json. */
    readonly name: string,
    readonly columns: readonly Column[],
    /** A sentence printed above the table (what was measured, under what load). */
    public intro = '',
  ) {}

  /** Adds a row; every column's key must be given (null where there is nothing). */
  add(row: Row): void {
    const missing = this.columns.filter((c) => !(c.key in row)).map((c) => c.key);
    if (missing.length > 0) throw new Error(`bench table ${this.name}: row without ${missing.join(', ')}`);
    this.rows.push(row);
  }

  private cell(column: Column, row: Row): string {
    if (column === VERDICT_COLUMN) {
      const within = row.withinBudget;
      const verdict = within === null ? '' : `${within ? 'yes' : 'NO'} (${String(row.budget)})`;
      return typeof row.note === 'string' && row.note ? `${verdict} ${row.note}`.trim() : verdict;
    }
    return column.format ? column.format(row[column.key]) : String(row[column.key] ?? '');
  }

  /** The table in Markdown, its intro above it; empty when it has no row. */
  markdown(): string {
    if (this.rows.length === 0) return '';
    const lines = [
      `| ${this.columns.map((c) => c.heading).join(' | ')} |`,
      `|${this.columns.map(() => '---|').join('')}`,
      ...this.rows.map((row) => `| ${this.columns.map((c) => this.cell(c, row)).join(' | ')} |`),
    ];
    return [...(this.intro ? [this.intro, ''] : []), ...lines].join('\n');
  }

  toJSON() {
    return { name: this.name, intro: this.intro, columns: this.columns.map(({ key, heading }) => ({ key, heading })), rows: this.rows };
  }
}

/** The machine a run was measured on, as bench-results.json describes it. */
export function machine() {
  return {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryMb: Math.round(os.totalmem() / 2 ** 20),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
  };
}

/** When and where a run was measured, and with what settings. */
export interface RunInfo {
  measuredAt: string;
  machine: ReturnType<typeof machine>;
  settings: Record<string, Cell>;
}

export const runInfo = (settings: Record<string, Cell>, now = new Date()): RunInfo => ({ measuredAt: now.toISOString(), machine: machine(), settings });

/** Writes the run's tables that have rows to file as JSON, with when and where they were measured. */
export async function writeBenchResults(file: string, tables: readonly BenchTable[], info: RunInfo): Promise<void> {
  const body = { ...info, tables: tables.filter((t) => t.rows.length > 0) };
  await fs.writeFile(file, `${JSON.stringify(body, null, 2)}\n`);
}

/** The lines README.md keeps the latest whole run between; `npm run bench` rewrites what lies between them. */
export const LATEST_RUN_MARKERS = ['<!-- bench:latest:start -->', '<!-- bench:latest:end -->'] as const;

/** A row as the summary names it: where, on how many instances, what. */
const rowName = (row: Row) => [row.group, row.instances, row.call].filter((v) => typeof v === 'string' && v !== '').join(', ');

/**
 * A run's tables as README shows them: when, on what machine and with what settings; a summary with a line per
 * table (its rows, those held to a budget, those within it, and the ones over it by name); then each table, folded
 * under a line that gives its count (HTML <details>, which GitHub and most Markdown viewers fold).
 */
export function latestRunMarkdown(tables: readonly BenchTable[], { measuredAt, machine: m, settings }: RunInfo): string {
  const filled = tables.filter((t) => t.rows.length > 0);
  const held = (t: BenchTable) => t.rows.filter((r) => r.withinBudget !== null);
  const over = (t: BenchTable) => t.rows.filter((r) => r.withinBudget === false);
  const counted = (t: BenchTable) => `${held(t).length - over(t).length} of ${held(t).length} rows within budget`;
  const all = filled.flatMap(held);
  const allOver = filled.flatMap(over);
  return [
    `Written by \`npm run bench\` from its run of ${measuredAt.slice(0, 16).replace('T', ' ')} UTC; do not edit it by hand.`,
    '',
    `Machine: ${m.cpus} cores (${m.cpuModel}), ${(m.memoryMb / 1024).toFixed(1)} GB of memory, ${m.platform}, Node ${m.node}. ` +
      `Settings: ${Object.entries(settings)
        .filter(([, value]) => value !== null)
        .map(([key, value]) => `${key} ${String(value)}`)
        .join(', ')}. **${all.length - allOver.length} of ${all.length} rows within budget.**`,
    '',
    '| table | rows | held to a budget | within it | over it |',
    '|---|---|---|---|---|',
    ...filled.map((t) => `| ${t.name} | ${t.rows.length} | ${held(t).length} | ${held(t).length - over(t).length} | ${over(t).map(rowName).join('; ')} |`),
    ...filled.flatMap((t) => ['', `<details><summary>${t.name}: ${counted(t)}</summary>`, '', t.markdown(), '', '</details>']),
  ].join('\n');
}

/** `text` with what lies between LATEST_RUN_MARKERS replaced by `block`; throws when the markers are not there once each, in order. */
export function withLatestRun(text: string, block: string): string {
  const [start, end] = LATEST_RUN_MARKERS;
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  if (from < 0 || to < from || text.indexOf(start, from + 1) >= 0 || text.indexOf(end, to + 1) >= 0) {
    throw new Error(`the file has no single ${start} ... ${end} block for the bench's latest run`);
  }
  return `${text.slice(0, from + start.length)}\n${block}\n${text.slice(to)}`;
}

/** Rewrites the latest run's block of a file (README.md) with these tables. */
export async function writeLatestRun(file: string, tables: readonly BenchTable[], info: RunInfo): Promise<void> {
  await fs.writeFile(file, withLatestRun(await fs.readFile(file, 'utf8'), latestRunMarkdown(tables, info)));
}
