import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { BenchTable, LATENCY_COLUMNS, VERDICT_COLUMN, writeBenchResults } from '../../../src/server/cli/benchTables.js';

const latencyTable = () =>
  new BenchTable('calls', [{ key: 'group', heading: 'database' }, { key: 'call', heading: 'call' }, ...LATENCY_COLUMNS, VERDICT_COLUMN], 'Under ten clients:');

const row = (call: string, p95: number, budgetMs: number | null) => ({
  group: 'PGlite',
  call,
  p50: p95 / 2,
  p95,
  p99: p95 * 1.5,
  requestsPerSecond: 1234.4,
  budgetMs,
  budget: budgetMs === null ? null : `p95 <= ${budgetMs}`,
  withinBudget: budgetMs === null ? null : p95 <= budgetMs,
});

describe("the bench's tables", () => {
  it('prints Markdown and writes JSON from the same rows: the figures, the budget and whether it was held', async () => {
    const table = latencyTable();
    table.add(row('health', 4.25, null));
    table.add(row('campaigns/result (cached)', 12.6, 13));
    table.add({ ...row('campaigns/trend', 40, 13), note: '2 failed' });
    expect(table.markdown().split('\n')).toEqual([
      'Under ten clients:',
      '',
      '| database | call | p50 ms | p95 ms | p99 ms | requests/s | within budget |',
      '|---|---|---|---|---|---|---|',
      '| PGlite | health | 2.1 | 4.3 | 6.4 | 1234 |  |',
      '| PGlite | campaigns/result (cached) | 6.3 | 13 | 19 | 1234 | yes (p95 <= 13) |',
      '| PGlite | campaigns/trend | 20 | 40 | 60 | 1234 | NO (p95 <= 13) 2 failed |',
    ]);

    const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'bench-results-')), 'bench-results.json');
    await writeBenchResults(file, [table, latencyTable()], { seconds: 10 }, new Date('2026-12-01T03:00:00Z'));
    const written = JSON.parse(await fs.readFile(file, 'utf8'));
    expect(written).toMatchObject({ measuredAt: '2026-12-01T03:00:00.000Z', settings: { seconds: 10 }, machine: { cpus: os.cpus().length } });
    // Tables without rows are left out; the rows keep their exact figures.
    expect(written.tables.map((t: { name: string }) => t.name)).toEqual(['calls']);
    expect(written.tables[0].rows[1]).toEqual(row('campaigns/result (cached)', 12.6, 13));
    expect(written.tables[0].rows).toHaveLength(table.markdown().split('\n').length - 4);
  });

  it('refuses a row without one of its columns, and prints nothing for an empty table', () => {
    const table = latencyTable();
    expect(() => table.add({ group: 'PGlite', call: 'health', p50: 1, p95: 2, p99: 3, withinBudget: null })).toThrow(/without requestsPerSecond/);
    expect(table.markdown()).toBe('');
  });
});
