import fs from 'node:fs';
import path from 'node:path';
import { sleep } from './serverProcess.js';

/** How long a test file waits for another to make what they share before making do without it. */
const WAIT_MS = 120_000;

/**
 * Something every test file of a run may share, made by the first file to ask for it (jest runs files in several
 * processes), in a folder of its own under the one globalSetup names (CAMPAIGNS_RUN_DIR); the others wait until
 * it is made. Resolves with that folder once `make` has filled it, or undefined outside jest and when making it
 * failed elsewhere (the caller then does without; where it failed, the error is thrown).
 */
export async function madeOncePerRun(name: string, make: (dir: string) => Promise<void>): Promise<string | undefined> {
  const paths = pathsOf(name);
  if (!paths) return undefined;
  const { root, dir, ready, failed } = paths;
  try {
    fs.mkdirSync(root);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const until = Date.now() + WAIT_MS;
    while (!fs.existsSync(ready) && !fs.existsSync(failed) && Date.now() < until) await sleep(100);
    return fs.existsSync(ready) ? dir : undefined;
  }
  try {
    fs.mkdirSync(dir);
    await make(dir);
    fs.writeFileSync(ready, '');
    return dir;
  } catch (err) {
    fs.writeFileSync(failed, String(err));
    throw err;
  }
}

/** The folder of what madeOncePerRun made under that name in this run, if it was made. */
export function madeThisRun(name: string): string | undefined {
  const paths = pathsOf(name);
  return paths && fs.existsSync(paths.ready) ? paths.dir : undefined;
}

function pathsOf(name: string) {
  const runDir = process.env.CAMPAIGNS_RUN_DIR;
  if (!runDir) return undefined;
  const root = path.join(runDir, name);
  return { root, dir: path.join(root, 'made'), ready: path.join(root, 'ready'), failed: path.join(root, 'failed') };
}
