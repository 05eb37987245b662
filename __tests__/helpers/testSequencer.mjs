import fs from 'node:fs';
import path from 'node:path';
import Sequencer from '@jest/test-sequencer';

const durations = JSON.parse(fs.readFileSync(new URL('../durations.json', import.meta.url), 'utf8'));

/**
 * Jest's order (the longest files first, so that no worker is left with a long one at the end), with the durations
 * of __tests__/durations.json for the files this machine has not timed yet: a fresh clone (CI) has no timings, and
 * jest would order it by file size, which starts some of the longest browser and fault tests last. Refresh the file
 * with `JEST_DURATIONS=__tests__/durations.json npm run test:jest` (slowTestsReporter.mjs writes it).
 */
class DurationsSequencer extends Sequencer {
  time(test) {
    const timed = super.time(test);
    if (timed != null) return timed;
    const seconds = durations[path.relative(test.context.config.rootDir, test.path)];
    return seconds == null ? undefined : seconds * 1000;
  }
}

export default DurationsSequencer;
