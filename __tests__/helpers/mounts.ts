import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';

/** A folder with a file system of the test's own: a small tmpfs, or a read-only view of another folder. */
export interface TestMount {
  dir: string;
  /** Takes all but leaveBytes of its free space (0: all of it) with a file of its own. */
  fill(leaveBytes?: number): void;
  /** Gives back what fill took. */
  unfill(): void;
  /** Unmounts it and removes the folders it made. */
  remove(): void;
}

/** fill and unfill for the file system of dir, with a file of their own in it. */
export function filler(dir: string): Pick<TestMount, 'fill' | 'unfill'> {
  const file = path.join(dir, '.filler');
  return {
    fill(leaveBytes = 0) {
      const stats = fs.statfsSync(dir);
      const size = Math.max(0, stats.bavail * stats.bsize - leaveBytes);
      try {
        fs.appendFileSync(file, Buffer.alloc(leaveBytes === 0 ? size + 1024 * 1024 : size));
      } catch (err) {
        // Filling to the last byte ends with ENOSPC, which is the point.
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
      }
    },
    unfill: () => fs.rmSync(file, { force: true }),
  };
}

function mountAt(args: string[], made: string[]): TestMount {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'campaigns-mount-'));
  try {
    execFileSync('mount', [...args, dir], { stdio: 'pipe' });
  } catch (err) {
    for (const folder of [dir, ...made]) fs.rmSync(folder, { recursive: true, force: true });
    throw err;
  }
  return {
    dir,
    ...filler(dir),
    remove() {
      try {
        execFileSync('umount', [dir], { stdio: 'pipe' });
      } catch {
        // Still in use (a process that has not let go yet): detached now, gone once it does.
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      }
      for (const folder of [dir, ...made]) fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

/** A tmpfs of sizeMb megabytes. */
export const mountTmpfs = (sizeMb: number): TestMount => mountAt(['-t', 'tmpfs', '-o', `size=${sizeMb}m`, 'tmpfs'], []);

/** A read-only view of a new empty folder. */
export function mountReadOnly(): TestMount {
  const source = fs.mkdtempSync(path.join(os.tmpdir(), 'campaigns-ro-source-'));
  return mountAt(['--bind', '-o', 'ro', source], [source]);
}

/** True when this process may mount file systems (root, or a container that allows it); else a printed note. */
export function canMount(): boolean {
  try {
    mountTmpfs(1).remove();
    return true;
  } catch (err) {
    console.warn(`Cannot mount a tmpfs here (${(err as Error).message.split('\n')[0]}): the full and read-only folder tests are skipped.`);
    return false;
  }
}
