import fc from 'fast-check';
import { testBackends } from '../helpers/db.js';
import { startDemoServer, type Caller, type DemoServer } from '../helpers/demoServer.js';
import { signInDemoAccounts } from '../helpers/auth.js';
import {
  bodyValue,
  documentedCalls,
  examplesFor,
  oneFieldExamples,
  MALFORMED_BODIES,
  multipartValue,
  queryValue,
  type DocumentedCall,
} from '../helpers/fuzz.js';
import { ERROR_STATUS } from '../../src/shared/api/errors.js';
import type { Db } from '../../src/server/db/client.js';

/**
 * Property-based test of the whole API against its own OpenAPI document: every documented call, for every kind
 * of caller, gets generated invalid and boundary inputs (fast-check). Whatever comes in, the answer is never a 5xx,
 * always the envelope (RFC 6749 form at the token endpoint), never a stack trace or SQL, and a refused request
 * changes no row. FUZZ_RUNS (default 3) sets the inputs per call and caller; e.g. FUZZ_RUNS=200 for a long run.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 3);
const CALLERS: Caller[] = ['admin', 'fec', 'user', 'share', 'none'];
const backends = await testBackends();

/**
 * The tables of the product's data, whose rows a refused request must leave alone. Audit rows (a failed login is
 * recorded), login throttling and spent authorization codes are meant to be written by refused requests.
 */
const DATA_TABLES = [
  'users',
  'user_entities',
  'entities',
  'entity_municipalities',
  'campaigns',
  'answers',
  'campaign_scores',
  'territory_sums',
  'territory_entities',
  'share_links',
  'editions',
  'indicators',
  'subindicators',
  'responses',
  'categories',
  'refresh_token_families',
  'deadline_extensions',
  'campaign_reopenings',
  'answer_notes',
  'evidence',
  'evidence_chunks',
  'review_marks',
  'objections',
  'final_places',
  'final_territory_entities',
  'seal_thresholds',
  'seals',
  'campaign_assignments',
  'answer_history',
  'campaign_receipts',
  'assignee_reminders',
  'campaign_policy_assignments',
  'edition_drafts',
];

/** Counts every row written to the data tables from now on (test-only triggers on the throw-away database). */
async function countWrites(db: Db): Promise<() => Promise<number>> {
  await db.exec(`
    CREATE TABLE fuzz_writes (n bigint NOT NULL); INSERT INTO fuzz_writes VALUES (0);
    CREATE FUNCTION fuzz_count_write() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE fuzz_writes SET n = n + 1; RETURN NULL; END $$;
    ${DATA_TABLES.map((t) => `CREATE TRIGGER fuzz_${t} AFTER INSERT OR UPDATE OR DELETE ON ${t} FOR EACH ROW EXECUTE FUNCTION fuzz_count_write();`).join('\n')}`);
  return async () => Number((await db.query<{ n: number }>('SELECT n FROM fuzz_writes'))[0].n);
}

/** Text that only a leaking error would put in an answer: a stack trace, a source path, SQL or a driver message. */
const LEAK =
  /\n\s+at |\.[jt]s:\d+|node_modules|\b(SELECT|INSERT|UPDATE|DELETE)\b[^"]*\b(FROM|INTO|SET)\b|syntax error|relation "|violates|duplicate key|pg_|PGlite/i;

interface Answer {
  status: number;
  text: string;
}

/** What every answer must be, whatever the request: no 5xx, the right error form, nothing leaked. */
function checkAnswer(call: DocumentedCall, answer: Answer, request: string): void {
  const where = `${call.method} ${call.path} ${request.slice(0, 300)} -> ${answer.status} ${answer.text.slice(0, 300)}`;
  if (answer.status >= 500) throw new Error(`5xx: ${where}`);
  // A successful answer holds the product's data, which may say anything; an error says only what went wrong.
  if (answer.status >= 400 && LEAK.test(answer.text)) throw new Error(`leak: ${where}`);
  // A file call's success is the file itself.
  if (call.file && answer.status < 400) return;
  let body: any;
  try {
    body = JSON.parse(answer.text);
  } catch {
    throw new Error(`not JSON: ${where}`);
  }
  if (answer.status < 400) {
    if (!call.oauth && !('response' in body)) throw new Error(`no envelope: ${where}`);
    return;
  }
  if (call.oauth) {
    if (typeof body.error !== 'string') throw new Error(`not RFC 6749: ${where}`);
    return;
  }
  const type = body.error?.type as keyof typeof ERROR_STATUS;
  if (ERROR_STATUS[type] !== answer.status || typeof body.error.message !== 'string' || typeof body.request?.id !== 'string') {
    throw new Error(`not the error envelope: ${where}`);
  }
}

describe.each(backends)('the API under hostile input on $name', ({ openDemo }) => {
  let demo: DemoServer;
  let calls: DocumentedCall[];
  let writes: () => Promise<number>;
  const sent = { requests: 0, refused: 0, serverErrors: 0, unauthorized: 0 };

  /**
   * Jest ends a test that runs out of time but not its loop, whose requests (some of which write, as they may) would
   * then be counted against the next test's refusals: a long test checks, before each request, that it still runs.
   */
  let testNumber = 0;
  afterEach(() => void testNumber++);
  const stillRunning = () => {
    const mine = testNumber;
    return () => {
      if (testNumber !== mine) throw new Error('this test ran out of time: its requests stop here');
    };
  };

  /** Sends one request; with contentType it is sent as it is, else as JSON. */
  async function send(call: DocumentedCall, caller: Caller, query: string, body: unknown, contentType?: string): Promise<Answer> {
    const headers: Record<string, string> = {};
    if (demo.tokens[caller]) headers.authorization = `Bearer ${demo.tokens[caller]}`;
    let payload: string | Uint8Array<ArrayBuffer> | undefined;
    if (call.method === 'POST') {
      headers['content-type'] = contentType ?? 'application/json';
      const raw = body as string | Buffer;
      payload = !contentType ? JSON.stringify(body) : typeof raw === 'string' ? raw : new Uint8Array(raw);
    }
    const res = await fetch(demo.server.url + call.path + query, { method: call.method, headers, body: payload });
    sent.requests++;
    if (res.status >= 400 && res.status < 500) sent.refused++;
    if (res.status === 401 && headers.authorization) sent.unauthorized++;
    if (res.status >= 500) sent.serverErrors++;
    return { status: res.status, text: await res.text() };
  }

  let accounts: { id: number; email: string; role: number; password_hash: string }[];
  let memberships: { user_id: number; entity_id: number }[];

  /**
   * The demo accounts put back (a generated request may have removed one or regenerated its password) and signed
   * in again when a generated request ended a session, so that every caller keeps being tried.
   */
  async function renewSessions(): Promise<void> {
    const alive = await Promise.all(
      (['admin', 'fec', 'user'] as const).map((c) =>
        fetch(`${demo.server.url}/api/secure/v1/auth/me`, { headers: { authorization: `Bearer ${demo.tokens[c]}` } }),
      ),
    );
    if (alive.every((r) => r.ok)) return;
    for (const a of accounts) {
      await demo.db.query(
        'INSERT INTO users (id, email, role, password_hash) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO UPDATE SET password_hash = EXCLUDED.password_hash',
        [a.id, a.email, a.role, a.password_hash],
      );
    }
    for (const m of memberships) {
      await demo.db.query('INSERT INTO user_entities (user_id, entity_id) SELECT $1, id FROM entities WHERE id = $2 ON CONFLICT DO NOTHING', [
        m.user_id,
        m.entity_id,
      ]);
    }
    Object.assign(demo.tokens, await signInDemoAccounts(demo.server));
  }

  beforeAll(async () => {
    demo = await startDemoServer(openDemo);
    const doc = await (await fetch(`${demo.server.url}/api/docs/openapi.json`)).json();
    calls = documentedCalls(doc);
    accounts = await demo.db.query('SELECT id, email, role, password_hash FROM users');
    memberships = await demo.db.query('SELECT user_id, entity_id FROM user_entities');
    writes = await countWrites(demo.db);
  });
  afterAll(async () => {
    console.log(`fuzz (FUZZ_RUNS=${RUNS}): ${sent.requests} requests, ${sent.refused} refused with a 4xx, ${sent.serverErrors} answered 5xx`);
    await demo?.close();
  });

  it('documents every call', () => {
    expect(calls.length).toBeGreaterThanOrEqual(30);
    expect(calls.filter((c) => c.method === 'POST').every((c) => c.body)).toBe(true);
  });

  it(
    'answers generated invalid and boundary input to every call, for every caller, without a 5xx, in its error form, and changes nothing when it refuses',
    async () => {
      // Calls that end sessions or remove accounts go last, so that every caller is tried on the others first.
      const alive = stillRunning();
      const destructive = (c: DocumentedCall) => /logout|users\/remove|regeneratePassword|entities\/remove/.test(c.path);
      const ordered = [...calls.filter((c) => !destructive(c)), ...calls.filter(destructive)];
      for (const call of ordered) {
        for (const caller of CALLERS) {
          // Sessions end by those calls, or by one that answered 401 to a signed-in caller: only then are they checked.
          if (destructive(call) || sent.unauthorized > 0) {
            await renewSessions();
            sent.unauthorized = 0;
          }
          const request = fc.record({ query: queryValue(call.query), body: bodyValue(call.body) });
          const known = caller === 'admin' || caller === 'user' ? examplesFor(call) : [];
          // One bad field among valid ones: as ADMIN, who gets past every permission check to the code behind.
          const examples = [...known, ...(caller === 'admin' ? oneFieldExamples(call) : [])].map((e): [typeof e] => [e]);
          await fc.assert(
            fc.asyncProperty(request, async ({ query, body }) => {
              alive();
              const before = await writes();
              const answer = await send(call, caller, query, body);
              checkAnswer(call, answer, `${caller} ${query} ${JSON.stringify(body)}`);
              if (answer.status >= 400 && (await writes()) !== before)
                throw new Error(`a refused request changed rows: ${call.path} ${caller} ${query} ${JSON.stringify(body)}`);
            }),
            // The known classes of bad input always, for the callers that reach the most code; random ones for everyone
            // (fast-check counts the examples among numRuns).
            { numRuns: RUNS + examples.length, examples },
          );
        }
      }
    },
    // A guard against a hang, not a measure: on a loaded 2-core machine one backend's run has taken 150 s.
    60_000 + RUNS * 80_000,
  );

  it('refuses bodies that are not JSON objects, oversize bodies and wrong content types to every POST with a 4xx, changing nothing', async () => {
    await renewSessions();
    for (const call of calls.filter((c) => c.method === 'POST')) {
      for (const malformed of MALFORMED_BODIES) {
        const before = await writes();
        const answer = await send(call, 'admin', '', malformed.body, malformed.contentType);
        checkAnswer(call, answer, malformed.why);
        expect([call.path, malformed.why, answer.status >= 400, await writes()]).toEqual([call.path, malformed.why, true, before]);
        if (malformed.why.includes('1 MiB')) expect([call.path, answer.status]).toEqual([call.path, 413]);
      }
    }
  });

  it(
    'answers generated multipart bodies, well-formed, hostile and broken, to every upload call, for every caller, without a 5xx, changing nothing when it refuses',
    async () => {
      const alive = stillRunning();
      const uploads = calls.filter((c) => c.multipart);
      // An open campaign of the current edition and its questions, so that well-formed uploads reach the code that stores them.
      const [open] = await demo.db.query<{ id: number; questions: number[] }>(
        `SELECT c.id, array_agg(s.id ORDER BY s.id) AS questions FROM campaigns c JOIN editions e ON e.id = c.edition_id
           JOIN indicators i ON i.edition_id = c.edition_id JOIN subindicators s ON s.indicator_id = i.id
          WHERE c.status <> 'sent' GROUP BY c.id, e.campaign_number ORDER BY e.campaign_number DESC, c.id LIMIT 1`,
      );
      const known = { id: [String(open.id)], question: open.questions.slice(0, 3).map(String) };
      const answeredBefore = sent.requests - sent.refused;
      expect(uploads.map((c) => c.path)).toEqual(expect.arrayContaining(['/api/secure/v1/campaigns/evidence/upload', '/api/secure/v1/editions/import']));
      for (const call of uploads) {
        for (const caller of CALLERS) {
          await renewSessions();
          await fc.assert(
            fc.asyncProperty(multipartValue(call.multipart!, known), async ({ contentType, body, why }) => {
              alive();
              const before = await writes();
              const answer = await send(call, caller, '', body, contentType);
              checkAnswer(call, answer, `${caller} multipart ${why}`);
              if (answer.status >= 400 && (await writes()) !== before) throw new Error(`a refused request changed rows: ${call.path} ${caller} ${why}`);
            }),
            // Several times the JSON runs: a body has more ways to be wrong than a field.
            { numRuns: 5 * RUNS + 10 },
          );
        }
      }
      // Well-formed uploads got through to be stored too (the rows they wrote are allowed).
      const [{ n: stored }] = await demo.db.query<{ n: number }>("SELECT count(*)::int AS n FROM evidence WHERE kind = 'file'");
      console.log(`multipart fuzz: ${sent.requests - sent.refused - answeredBefore} answered without a 4xx, ${stored} files stored`);
    },
    // A guard against a hang, not a measure: on a loaded 2-core machine one backend's run has taken 150 s.
    60_000 + RUNS * 80_000,
  );

  it('refuses hostile Authorization headers with 401, in the envelope', async () => {
    const me = calls.find((c) => c.path.endsWith('/auth/me'))!;
    for (const authorization of [
      'Bearer',
      'Bearer ',
      'Bearer a.b.c',
      'Bearer ' + 'x'.repeat(10000),
      'Basic %%%',
      'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.',
      'bearer\u0000x',
    ]) {
      const res = await fetch(demo.server.url + me.path, { headers: { authorization } }).catch(() => undefined);
      // A header Node itself refuses to send (a NUL) never reaches the server.
      if (!res) continue;
      checkAnswer(me, { status: res.status, text: await res.text() }, authorization.slice(0, 40));
      expect([authorization.slice(0, 40), res.status]).toEqual([authorization.slice(0, 40), 401]);
    }
  });
});
