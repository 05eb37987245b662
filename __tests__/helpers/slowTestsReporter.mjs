import fs from 'node:fs';

/**
 * A jest reporter that ends every run with its slowest tests (over SLOW_MS), slowest first, and the files that
 * took longest (JEST_LONGEST_FILES of them): what to split or give a shared set-up when the loop gets slow. No test should need over 2 minutes.
 */
const SLOW_MS = 60_000;
const SHOWN = 15;
/** How many of the longest files are listed: 5, or JEST_LONGEST_FILES (e.g. every file, to see where a run's time goes). */
const FILES_SHOWN = Number(process.env.JEST_LONGEST_FILES) || 5;

class SlowTestsReporter {
  constructor() {
    this.tests = [];
    this.files = [];
  }

  onTestResult(_test, result) {
    const file = result.testFilePath.replace(`${process.cwd()}/`, '');
    this.files.push({ file, ms: result.perfStats.end - result.perfStats.start });
    for (const t of result.testResults) if (t.duration != null) this.tests.push({ name: `${file} › ${t.fullName}`, ms: t.duration });
  }

  onRunComplete() {
    const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
    const slow = this.tests.filter((t) => t.ms > SLOW_MS).sort((a, b) => b.ms - a.ms);
    const lines = [`Tests over ${SLOW_MS / 1000} s: ${slow.length}`, ...slow.slice(0, SHOWN).map((t) => `  ${seconds(t.ms)}  ${t.name}`)];
    const files = [...this.files].sort((a, b) => b.ms - a.ms).slice(0, FILES_SHOWN);
    lines.push('Longest files:', ...files.map((f) => `  ${seconds(f.ms)}  ${f.file}`));
    process.stdout.write(`\n${lines.join('\n')}\n`);
    if (process.env.JEST_DURATIONS) this.writeDurations(process.env.JEST_DURATIONS);
  }

  /** Every file's seconds in this run, merged into the durations file the test sequencer reads (testSequencer.mjs). */
  writeDurations(file) {
    const known = fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {};
    for (const { file: name, ms } of this.files) known[name] = Math.round(ms / 100) / 10;
    const sorted = Object.fromEntries(Object.entries(known).sort(([a], [b]) => (a < b ? -1 : 1)));
    fs.writeFileSync(file, `${JSON.stringify(sorted, null, 2)}\n`);
  }
}

export default SlowTestsReporter;
