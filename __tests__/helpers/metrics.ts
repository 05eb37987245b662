import { execFileSync } from 'node:child_process';

/**
 * A scrape of GET /metrics as the Prometheus project's own Python client parses it (Debian's
 * python3-prometheus-client, text_string_to_metric_families): it refuses a malformed scrape, and it reads labelled
 * histograms, which the JavaScript parsers on npm fold into one. Counters' family names lose their `_total`; their
 * samples keep it.
 */
export interface MetricFamily {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'unknown';
  samples: Array<{ name: string; labels: Record<string, string>; value: number }>;
}

const PARSER = `
import json, math, sys
from prometheus_client.parser import text_string_to_metric_families
def value(v):
    return v if math.isfinite(v) else str(v)
print(json.dumps([{'name': f.name, 'type': f.type, 'samples': [{'name': s.name, 'labels': s.labels, 'value': value(s.value)} for s in f.samples]}
                  for f in text_string_to_metric_families(sys.stdin.read())]))
`;

/** The scrape's families; throws what the parser said when a line is not valid. Debian's Python, not a user's own. */
export const parseMetrics = (text: string): MetricFamily[] => JSON.parse(execFileSync('/usr/bin/python3', ['-c', PARSER], { input: text, encoding: 'utf8' }));

/** The family a sample name belongs to (a counter's `x_total`, a histogram's `x_bucket`); fails when the scrape lacks it. */
export function family(families: MetricFamily[], sampleName: string): MetricFamily {
  const found = families.find((f) => f.samples.some((s) => s.name === sampleName) || f.name === sampleName);
  if (!found) throw new Error(`no metric ${sampleName} in the scrape`);
  return found;
}

/** The value of the sample of that name whose labels include these (0 when there is none yet). */
export function sampleValue(families: MetricFamily[], sampleName: string, labels: Record<string, string> = {}): number {
  const sample = families.flatMap((f) => f.samples).find((s) => s.name === sampleName && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return sample ? sample.value : 0;
}

/** Every label value in the scrape, to look for what must not be there. */
export const labelValues = (families: MetricFamily[]): string[] => families.flatMap((f) => f.samples.flatMap((s) => Object.values(s.labels)));
