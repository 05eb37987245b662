import v8 from 'node:v8';
import vm from 'node:vm';

/** This process's peak RSS and heap in use, sampled every 20 ms from sampleMemoryPeaks() until stop() (which samples once more). */
export interface MemoryPeak {
  rss: number;
  heap: number;
}

export interface MemoryPeaks {
  readonly peak: MemoryPeak;
  stop(): MemoryPeak;
}

export function sampleMemoryPeaks(): MemoryPeaks {
  const peak: MemoryPeak = { rss: 0, heap: 0 };
  const sample = () => {
    const m = process.memoryUsage();
    peak.rss = Math.max(peak.rss, m.rss);
    peak.heap = Math.max(peak.heap, m.heapUsed);
  };
  sample();
  const sampler = setInterval(sample, 20);
  return {
    peak,
    stop() {
      clearInterval(sampler);
      sample();
      return peak;
    },
  };
}

/**
 * Full garbage collections now (the flag set at run time, as the bench is not started with --expose-gc), so that a
 * peak sampled next counts what the measured step keeps alive and leaves behind, not what earlier steps (seeding a
 * data set, thousands of report calls) left for the collector: until a major collection, V8 counts that as in use.
 * One collection is not enough: what is only weakly held (WeakRef targets, kept until the task that read them ends;
 * objects a FinalizationRegistry's callback lets go) goes in a later one, after a task has run; measured after the
 * PGlite pass of a bench, 120 MB in use after one and two collections, 37 MB after the third. So it collects,
 * lets tasks run, and again, until a collection frees less than a megabyte (at most COLLECTIONS times); answers the
 * heap in use then.
 */
export async function collectGarbage(): Promise<number> {
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  let used = Infinity;
  for (let i = 0; i < COLLECTIONS; i++) {
    gc();
    const now = process.memoryUsage().heapUsed;
    if (used - now < 2 ** 20) return now;
    used = now;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return used;
}

/** The most collections collectGarbage makes. */
const COLLECTIONS = 8;
