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
