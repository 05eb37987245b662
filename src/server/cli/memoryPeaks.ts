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
 * A full garbage collection now (the flag set at run time, as the bench is not started with --expose-gc), so that a
 * peak sampled next counts what the measured step keeps alive and leaves behind, not what earlier steps (seeding a
 * data set, thousands of report calls) left for the collector: until a major collection, V8 counts that as in use.
 */
export function collectGarbage(): number {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}
