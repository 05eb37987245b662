import { loadConfig } from '../../../src/server/config.js';
import { createPgCluster, type PgCluster } from '../../helpers/pgCluster.js';
import { healthStatus, spawnServer, waitHealthy, waitUntil, type ServerProcess } from '../../helpers/serverProcess.js';
import { call, type TestServer } from '../../helpers/server.js';
import { signIn } from '../../helpers/auth.js';

/**
 * The real server (its own process) on a PostgreSQL cluster of the test's own, which the test breaks:
 * backends terminated during a stream of saves, the server stopped as in a crash and started again, and the
 * app started before its database. The process must never exit, answer 503 UNAVAILABLE meanwhile and work
 * again afterwards, and never lose an answer it acknowledged.
 */

const cluster = await createPgCluster();
const describeWithCluster = cluster ? describe : describe.skip;

const SAVES = 240;
const WORKERS = 4;
/** A termination of every app backend after each this many answered saves. */
const TERMINATE_EVERY = 30;
/** Saves during which the server is stopped as in a crash (pg_ctl stop -m immediate), a quarter of the way in. */
const CRASH_SAVES = 80;

interface Item {
  campaign: number;
  question: number;
  response: number;
}

interface Outcome {
  item: Item;
  status: number;
  type?: string;
}

describeWithCluster('database faults on PostgreSQL', () => {
  const pg = cluster as PgCluster;
  const env = {
    DATABASE_URL: pg.url('campaigns'),
    SEED_DEMO: 'true',
    JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256-signing',
    STATIC_DIR: '/nonexistent',
  };
  let app: ServerProcess;
  let server: TestServer;
  let tokens: { access_token: string; refresh_token: string };

  /** What the auth helpers need of a test server: its address and the configuration it runs with. */
  const asTestServer = (p: ServerProcess) =>
    ({ url: p.url, ctx: { config: loadConfig({ ...env, PORT: String(p.port), PUBLIC_URL: p.url }) } }) as unknown as TestServer;
  const save = (item: Item) =>
    call(server, 'POST', '/api/secure/v1/campaigns/saveAnswer', {
      token: tokens.access_token,
      body: { id: item.campaign, question: item.question, answer: [item.response] },
    });

  beforeAll(async () => {
    await pg.sql('CREATE DATABASE campaigns');
    app = await spawnServer(env);
    await waitHealthy(app, 90_000);
    server = asTestServer(app);
    tokens = await signIn(server, 'admin@demo.es', 'demo1234');
  }, 120_000);

  afterAll(async () => {
    await app?.stop();
    await pg.destroy();
  });

  /** Open campaigns' questions from offset on, each to be answered once with a response it has no answer for yet. */
  async function freshItems(offset: number, count: number): Promise<Item[]> {
    const items = await pg.sql<Item>(
      `SELECT c.id AS campaign, s.id AS question, (SELECT max(r.id) FROM responses r WHERE r.subindicator_id = s.id AND NOT r.obsolete) AS response
         FROM campaigns c JOIN indicators i ON i.edition_id = c.edition_id JOIN subindicators s ON s.indicator_id = i.id
        WHERE c.status <> 'sent' ORDER BY c.id, s.id OFFSET ${offset} LIMIT ${count}`,
      [],
      'campaigns',
    );
    expect(items).toHaveLength(count);
    await pg.sql(
      'DELETE FROM answers WHERE (campaign_id, subindicator_id) IN (SELECT * FROM unnest($1::int[], $2::int[]))',
      [items.map((i) => i.campaign), items.map((i) => i.question)],
      'campaigns',
    );
    return items;
  }

  /** Saves every item, WORKERS at a time; after each answer, afterEach(answers so far) may break something. */
  async function saveAll(items: Item[], afterEach: (answered: number) => Promise<void>): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    const queue = [...items];
    const worker = async () => {
      for (let item = queue.shift(); item; item = queue.shift()) {
        const answer = await save(item).catch(() => ({ status: 0, body: undefined }));
        outcomes.push({ item, status: answer.status, type: answer.body?.error?.type });
        await afterEach(outcomes.length);
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, worker));
    return outcomes;
  }

  /** The acknowledged (200) saves whose answer is not stored as sent. */
  async function lostAnswers(outcomes: Outcome[]): Promise<Item[]> {
    const acknowledged = outcomes.filter((o) => o.status === 200).map((o) => o.item);
    const stored = await pg.sql<{ campaign: number; question: number; response_ids: number[] }>(
      'SELECT campaign_id AS campaign, subindicator_id AS question, response_ids FROM answers WHERE (campaign_id, subindicator_id) IN (SELECT * FROM unnest($1::int[], $2::int[]))',
      [acknowledged.map((i) => i.campaign), acknowledged.map((i) => i.question)],
      'campaigns',
    );
    return acknowledged.filter(
      (i) => !stored.some((s) => s.campaign === i.campaign && s.question === i.question && s.response_ids.length === 1 && s.response_ids[0] === i.response),
    );
  }

  /** The saves that did not answer 503 UNAVAILABLE when they failed (500, a dropped socket...). */
  const badFailures = (outcomes: Outcome[]) => outcomes.filter((o) => o.status !== 200 && (o.status !== 503 || o.type !== 'UNAVAILABLE'));

  it('keeps running while its backends are terminated during saves: 503 UNAVAILABLE or 200, and no acknowledged answer lost', async () => {
    let terminations = 0;
    let terminated = 0;
    const outcomes = await saveAll(await freshItems(0, SAVES), async (answered) => {
      if (answered % TERMINATE_EVERY !== 0) return;
      const [{ n }] = await pg.sql<{ n: number }>("SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = 'campaigns'");
      terminations += 1;
      terminated += n;
    });

    expect(app.exited()).toBe(false);
    expect(terminations).toBe(SAVES / TERMINATE_EVERY);
    expect(terminated).toBeGreaterThan(0);
    expect(badFailures(outcomes)).toEqual([]);
    const lost = await lostAnswers(outcomes);
    expect(lost).toEqual([]);
    // Afterwards every refused save goes through.
    const failed = outcomes.filter((o) => o.status !== 200);
    for (const { item } of failed) expect((await save(item)).status).toBe(200);
    console.log(
      `Fault run (backends terminated): ${SAVES} saves while every backend was terminated ${terminations} times (${terminated} backends): ` +
        `0 process exits, ${failed.length} answered 503 UNAVAILABLE, 0 other failures, ${lost.length} acknowledged answers lost.`,
    );
  });

  it('answers 503 UNAVAILABLE while the server is down after a crash during saves, and works again once it is back, without a restart', async () => {
    let stopped = false;
    let outcomes: Outcome[];
    try {
      outcomes = await saveAll(await freshItems(SAVES, CRASH_SAVES), async (answered) => {
        if (answered !== CRASH_SAVES / 4) return;
        await pg.stop('immediate');
        stopped = true;
      });
      expect(stopped).toBe(true);
      const health = await call(server, 'GET', '/api/v1/health');
      expect(health.status).toBe(503);
      expect(health.body.error.type).toBe('UNAVAILABLE');
      expect(health.headers.get('retry-after')).toBe('10');
      const list = await call(server, 'GET', '/api/secure/v1/campaigns/all', { token: tokens.access_token });
      expect([list.status, list.body.error.type]).toEqual([503, 'UNAVAILABLE']);
      expect(JSON.stringify(list.body)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|stack/);
      const { oauth } = server.ctx.config;
      const refresh = await call(server, 'POST', '/api/v1/auth/token', {
        form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: oauth.clientId, client_secret: oauth.clientSecret },
      });
      // The token endpoint speaks RFC 6749: its 503 is temporarily_unavailable.
      expect([refresh.status, refresh.body.error]).toEqual([503, 'temporarily_unavailable']);
      await expect(signIn(server, 'admin@demo.es', 'demo1234')).rejects.toThrow(/UNAVAILABLE/);
      expect(app.exited()).toBe(false);
    } finally {
      await pg.start();
    }
    await waitUntil(
      async () => (await healthStatus(app.url)) === 200,
      () => `health did not come back:\n${app.output()}`,
      20_000,
    );
    expect((await call(server, 'GET', '/api/secure/v1/campaigns/all', { token: tokens.access_token })).status).toBe(200);
    expect(badFailures(outcomes)).toEqual([]);
    const lost = await lostAnswers(outcomes);
    expect(lost).toEqual([]);
    const failed = outcomes.filter((o) => o.status !== 200);
    for (const { item } of failed) expect((await save(item)).status).toBe(200);
    tokens = await signIn(server, 'admin@demo.es', 'demo1234');
    expect(app.exited()).toBe(false);
    console.log(
      `Fault run (server crashed): ${CRASH_SAVES} saves, pg_ctl stop -m immediate after ${CRASH_SAVES / 4}, then start: ` +
        `0 process exits, ${failed.length} answered 503 UNAVAILABLE, 0 other failures, ${lost.length} acknowledged answers lost.`,
    );
  });

  it('answers health with 503 while the server is frozen, within its bounded wait', async () => {
    await pg.freeze(true);
    try {
      const health = await call(server, 'GET', '/api/v1/health');
      expect([health.status, health.body.error?.type]).toEqual([503, 'UNAVAILABLE']);
    } finally {
      await pg.freeze(false);
    }
    await waitUntil(
      async () => (await healthStatus(app.url)) === 200,
      () => `health did not come back:\n${app.output()}`,
      20_000,
    );
  });

  it('waits for PostgreSQL at start, saying so, and starts once it answers', async () => {
    await app.stop();
    await pg.stop('fast');
    let started = false;
    try {
      app = await spawnServer(env);
      const waiting = new RegExp(`PostgreSQL at 127\\.0\\.0\\.1:${pg.port}/campaigns is not reachable \\(ECONNREFUSED\\); trying again in 5 s`);
      await waitUntil(
        () => waiting.test(app.output()) || app.exited(),
        () => `no waiting line:\n${app.output()}`,
        30_000,
      );
      expect(app.exited()).toBe(false);
      expect(app.output()).not.toContain('postgres@');
      await pg.start();
      started = true;
      await waitHealthy(app, 60_000);
    } finally {
      if (!started) await pg.start();
    }
  }, 120_000);

  it('stops at start with a plain message when PostgreSQL refuses for good (no such database)', async () => {
    const wrong = await spawnServer({ ...env, DATABASE_URL: pg.url('nope') });
    await wrong.ended;
    expect(wrong.child.exitCode).toBe(1);
    expect(wrong.output()).toContain(`Cannot start: PostgreSQL at 127.0.0.1:${pg.port}/nope refused the connection: database "nope" does not exist`);
    expect(wrong.output()).not.toMatch(/\n\s+at /);
  });
});
