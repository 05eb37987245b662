import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  BenchTable,
  LATENCY_COLUMNS,
  LATEST_RUN_MARKERS,
  runInfo,
  VERDICT_COLUMN,
  withLatestRun,
  writeBenchResults,
  writeLatestRun,
} from '../../../src/server/cli/benchTables.js';

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
    await writeBenchResults(file, [table, latencyTable()], runInfo({ seconds: 10 }, new Date('2026-12-01T03:00:00Z')));
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

  describe("README's latest run", () => {
    const [start, end] = LATEST_RUN_MARKERS;
    const readme = ['# Title', '', 'Before.', '', start, 'an older run', 'of two lines', end, '', 'After.', ''].join('\n');
    const info = runInfo({ 'seconds per call': 10, databases: 'pglite,postgres', only: null }, new Date('2026-12-05T01:02:03Z'));
    const tables = () => {
      const calls = latencyTable();
      calls.add(row('health', 4.25, null));
      calls.add(row('campaigns/result (cached)', 12.6, 13));
      calls.add(row('campaigns/trend', 40, 13));
      const deadline = new BenchTable('deadline', [
        { key: 'group', heading: 'database' },
        { key: 'instances', heading: 'instances' },
        { key: 'call', heading: 'call' },
        ...LATENCY_COLUMNS,
        VERDICT_COLUMN,
      ]);
      deadline.add({ ...row('campaigns/submit', 61, 50), group: 'PostgreSQL', instances: 'two' });
      return [calls, deadline, latencyTable()];
    };

    it('writes the run between the markers and leaves the rest of the file byte for byte', async () => {
      const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'bench-readme-')), 'README.md');
      await fs.writeFile(file, readme);
      await writeLatestRun(file, tables(), info);
      const written = await fs.readFile(file, 'utf8');
      const [before, rest] = written.split(start);
      const [block, after] = rest.split(end);
      expect(before).toBe('# Title\n\nBefore.\n\n');
      expect(after).toBe('\n\nAfter.\n');
      expect(block).not.toContain('an older run');
      // When and where, and the count over every table; then a summary line per table, the rows over budget by name.
      expect(block).toContain('from its run of 2026-12-05 01:02 UTC');
      expect(block).toContain(`Machine: ${os.cpus().length} cores (`);
      expect(block).toContain('Settings: seconds per call 10, databases pglite,postgres. **1 of 3 rows within budget.**');
      expect(block).toContain('| calls | 3 | 2 | 1 | PGlite, campaigns/trend |');
      expect(block).toContain('| deadline | 1 | 1 | 0 | PostgreSQL, two, campaigns/submit |');
      // Each table in full, as the bench prints it, folded under its count; an empty table is left out.
      expect(block).toContain(`<details><summary>calls: 1 of 2 rows within budget</summary>\n\n${tables()[0].markdown()}\n\n</details>`);
      expect(block.match(/<details>/g)).toHaveLength(2);

      // A second run replaces the first: the file keeps one block, the newer one.
      const again = runInfo({ 'seconds per call': 3 }, new Date('2026-12-06T09:00:00Z'));
      await writeLatestRun(file, tables().slice(0, 1), again);
      const rewritten = await fs.readFile(file, 'utf8');
      expect(rewritten.split(start)).toHaveLength(2);
      expect(rewritten).toContain('from its run of 2026-12-06 09:00 UTC');
      expect(rewritten).not.toContain('2026-12-05 01:02');
      expect(rewritten.endsWith(`${end}\n\nAfter.\n`)).toBe(true);
    });

    it('refuses a file without the block, or with two, rather than guess where the run goes', () => {
      expect(() => withLatestRun('# Title\n', 'x')).toThrow(/no single/);
      expect(() => withLatestRun(`${end}\n${start}\n`, 'x')).toThrow(/no single/);
      expect(() => withLatestRun(`${start}\n${end}\n${start}\n${end}\n`, 'x')).toThrow(/no single/);
      expect(withLatestRun(`a\n${start}\n${end}\nb`, 'x')).toBe(`a\n${start}\nx\n${end}\nb`);
    });
  });
});
