import http from 'node:http';
import { brotliDecompressSync, constants as zlibConstants, gunzipSync } from 'node:zlib';

/**
 * The deadline-day load (bench.ts, deadlineDay), run in a child process so that making and parsing requests does
 * not slow the server it measures: virtual users, each calling one kind of call again and again for a fixed
 * time over keep-alive connections, spread over the given instances.
 *
 * Freshness: every result read notes, before it is sent, how many submissions had been answered (committed) by
 * then; the result must count at least that many more participants in the country than at the start. A result
 * that counts fewer is stale: older than a submission its reader was told about.
 */

/** A body as sent (brotli or gzip, as the server chose among those the mix accepts), decoded. */
const decoded = (body: Buffer, encoding: string | undefined): Buffer =>
  encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;

/** How much of a compressed result the freshness check decodes first: some KB of JSON, whose first 1 KB holds the country's participants. */
const START_BYTES = 4096;

/**
 * The start of a body as sent, decoded from its first START_BYTES alone (zlib flushes what it has instead of failing
 * on a stream cut short). Decoding a whole 165 KB result and reading it as text took 0.6 ms of the load generator's
 * CPU per read: with two cores, CPU taken from the server it measures.
 */
const decodedStart = (body: Buffer, encoding: string | undefined): Buffer => {
  const start = body.subarray(0, START_BYTES);
  if (encoding === 'br') return brotliDecompressSync(start, { finishFlush: zlibConstants.BROTLI_OPERATION_FLUSH });
  return encoding === 'gzip' ? gunzipSync(start, { finishFlush: zlibConstants.Z_SYNC_FLUSH }) : start;
};

/** The country's participants a result counts (its first mention, in its global figures); undefined when it names none. */
export function countryParticipants(body: Buffer, encoding: string | undefined): number | undefined {
  const found = COUNTRY_PARTICIPANTS.exec(decodedStart(body, encoding).toString('latin1')) ?? COUNTRY_PARTICIPANTS.exec(decoded(body, encoding).toString());
  return found ? Number(found[1]) : undefined;
}

export const MIX_KINDS = ['health', 'saveAnswer', 'get', 'result', 'comparison', 'submit'] as const;
export type MixKind = (typeof MIX_KINDS)[number];

export interface MixPlan {
  /** The instances' base URLs; virtual user i of each kind calls instance i mod their number (submissions alternate). */
  urls: string[];
  token: string;
  seconds: number;
  /** Virtual users per kind, each calling again as soon as its last call is answered (a closed loop). */
  users: Record<MixKind, number>;
  /**
   * Instead of users: calls per second per kind, each started on its schedule whether or not the earlier ones are
   * answered (an open loop at a fixed arrival rate), so that a call's time is its own and its queue's, never
   * the backlog of a load larger than the server can take.
   */
  rates?: Record<MixKind, number>;
  /** Open (draft, answered) campaigns whose answers are saved and whose questionnaires are loaded. */
  openCampaigns: number[];
  /** Open, answered campaigns to submit, each once, in order. */
  submitCampaigns: number[];
  /** Sent campaigns of the current edition whose result and comparison are read. */
  readCampaigns: number[];
  /** The current edition's sub-indicators, each with response ids one may answer. */
  questions: [number, number[]][];
  /** The country's participants in the current edition at the start. */
  countryParticipants: number;
  /** Pause after each submission, per submitting user (ms). */
  submitPauseMs: number;
}

export interface MixKindMeasured {
  p50: number;
  p95: number;
  p99: number;
  requestsPerSecond: number;
  count: number;
  /** Answers other than 2xx. */
  failures: number;
}

export interface MixMeasured {
  kinds: Partial<Record<MixKind, MixKindMeasured>>;
  freshness: { checked: number; stale: number };
  submitted: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))];
}

const COUNTRY_PARTICIPANTS = /"participants":\{"province":\d+,"autonomousCommunity":\d+,"country":(\d+)/;

/** Runs the plan; resolves with every kind's percentiles and the freshness check. */
export async function runMix(plan: MixPlan): Promise<MixMeasured> {
  const total = Object.values(plan.users).reduce((a, b) => a + b, 0);
  const agents = plan.urls.map(() => new http.Agent({ keepAlive: true, maxSockets: total }));
  const times: Record<MixKind, number[]> = { health: [], saveAnswer: [], get: [], result: [], comparison: [], submit: [] };
  const failures: Record<MixKind, number> = { health: 0, saveAnswer: 0, get: 0, result: 0, comparison: 0, submit: 0 };
  const failureSamples: string[] = [];
  const freshness = { checked: 0, stale: 0 };
  let answeredSubmits = 0;
  let nextSubmit = 0;
  const started = performance.now();
  const endsAt = started + plan.seconds * 1000;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];

  const request = (instance: number, method: 'GET' | 'POST', path: string, body?: unknown) =>
    new Promise<{ status: number; body: Buffer; encoding: string | undefined }>((resolve, reject) => {
      const url = new URL(path, plan.urls[instance]);
      const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
      const req = http.request(
        url,
        {
          method,
          agent: agents[instance],
          headers: {
            'accept-encoding': 'gzip, deflate, br, zstd',
            ...(path.startsWith('/api/secure') ? { authorization: `Bearer ${plan.token}` } : {}),
            ...(payload ? { 'content-type': 'application/json', 'content-length': String(payload.length) } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), encoding: res.headers['content-encoding'] }));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });

  /** One call of a kind; returns false when the user has nothing left to do. */
  const once = async (kind: MixKind, instance: number): Promise<boolean> => {
    let method: 'GET' | 'POST' = 'GET';
    let path: string;
    let body: unknown;
    let floor = 0;
    switch (kind) {
      case 'health':
        path = '/api/v1/health';
        break;
      case 'saveAnswer': {
        const [question, responses] = pick(plan.questions);
        method = 'POST';
        path = '/api/secure/v1/campaigns/saveAnswer';
        body = { id: pick(plan.openCampaigns), question, answer: [pick(responses)] };
        break;
      }
      case 'get':
        path = `/api/secure/v1/campaigns/get?id=${pick(plan.openCampaigns)}`;
        break;
      case 'result':
        floor = plan.countryParticipants + answeredSubmits;
        path = `/api/secure/v1/campaigns/result?id=${pick(plan.readCampaigns)}`;
        break;
      case 'comparison':
        path = `/api/secure/v1/campaigns/comparison?id=${pick(plan.readCampaigns)}`;
        break;
      case 'submit': {
        if (nextSubmit >= plan.submitCampaigns.length) return false;
        method = 'POST';
        path = '/api/secure/v1/campaigns/submit';
        body = { id: plan.submitCampaigns[nextSubmit++] };
        break;
      }
    }
    const t0 = performance.now();
    const res = await request(instance, method, path, body);
    const elapsed = performance.now() - t0;
    if (res.status < 200 || res.status > 299) {
      failures[kind]++;
      if (failureSamples.length < 5) failureSamples.push(`${kind} ${res.status} ${res.body.subarray(0, 200).toString()}`);
      return true;
    }
    times[kind].push(elapsed);
    if (kind === 'submit') answeredSubmits++;
    if (kind === 'result') {
      const participants = countryParticipants(res.body, res.encoding);
      freshness.checked++;
      if (participants === undefined || participants < floor) freshness.stale++;
    }
    return true;
  };

  /** Calls of a kind at a fixed rate, alternating between the instances, until the time is up; then their answers. */
  const paced = async (kind: MixKind, rate: number): Promise<void> => {
    const answers: Promise<boolean>[] = [];
    for (let n = 0; started + (n * 1000) / rate < endsAt; n++) {
      const wait = started + (n * 1000) / rate - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      answers.push(once(kind, n % plan.urls.length));
    }
    await Promise.all(answers);
  };

  /** One virtual user of a kind, calling again as soon as answered, until the time is up. */
  const looping = async (kind: MixKind, instance: number): Promise<void> => {
    let turn = 0;
    while (performance.now() < endsAt) {
      // Submissions alternate between the instances, so that each reads after the other's writes.
      if (!(await once(kind, kind === 'submit' ? turn++ % plan.urls.length : instance))) break;
      if (kind === 'submit' && plan.submitPauseMs > 0) await new Promise((r) => setTimeout(r, plan.submitPauseMs));
    }
  };

  const { rates } = plan;
  const users = MIX_KINDS.flatMap((kind) =>
    rates ? (rates[kind] > 0 ? [paced(kind, rates[kind])] : []) : Array.from({ length: plan.users[kind] }, (_, i) => looping(kind, i % plan.urls.length)),
  );
  await Promise.all(users);
  const seconds = (performance.now() - started) / 1000;
  for (const agent of agents) agent.destroy();
  if (failureSamples.length > 0) console.error(`bench mix: failures, e.g.\n${failureSamples.join('\n')}`);
  const kinds: MixMeasured['kinds'] = {};
  for (const kind of MIX_KINDS) {
    if ((rates ? rates[kind] : plan.users[kind]) === 0) continue;
    const sorted = times[kind].sort((a, b) => a - b);
    kinds[kind] = {
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      p99: percentile(sorted, 0.99),
      requestsPerSecond: sorted.length / seconds,
      count: sorted.length,
      failures: failures[kind],
    };
  }
  return { kinds, freshness, submitted: answeredSubmits };
}

// Run as a child process by bench.ts: the plan comes as the first message, the measures go back.
if (process.send && process.argv[2] === 'mix') {
  const send = process.send.bind(process);
  process.once('message', (plan: MixPlan) => {
    runMix(plan).then(
      (measured) => send({ measured }, () => process.disconnect()),
      (err: unknown) => send({ error: String(err) }, () => process.disconnect()),
    );
  });
}
