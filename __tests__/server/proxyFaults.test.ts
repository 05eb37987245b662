import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDemoPostgres, postgresAvailable, testPostgresUrl } from '../helpers/db.js';
import { createTestUser, signInDemoAccounts } from '../helpers/auth.js';
import { campaignOfNewEntity } from '../helpers/concurrency.js';
import { freePort, ROOT, sleep, spawnServer, waitHealthy, waitUntil, type ServerProcess } from '../helpers/serverProcess.js';
import type { TestServer } from '../helpers/server.js';
import { loadConfig } from '../../src/server/config.js';
import type { Db } from '../../src/server/db/client.js';
import type { CampaignDetail } from '../../src/shared/api/campaigns.js';

/**
 * Debian's nginx, with the configuration of docs/nginx/campaigns.conf, in front of two instances on one PostgreSQL,
 * under signed-in users' answers and reads: one instance stopped with SIGTERM (it drains), started again, then the
 * other killed with SIGKILL. No acknowledged answer is lost, and only requests in flight on the killed process fail.
 */

const NGINX = '/usr/sbin/nginx';
const available = (await postgresAvailable()) && (await fs.stat(NGINX).catch(() => undefined)) !== undefined;
const USERS = 4;
const SECRET = 'proxy-test-secret-that-is-long-enough-for-hs256';

interface Outcome {
  user: number;
  method: string;
  status: number;
  startedAt: number;
  endedAt: number;
}

/** The documented configuration with this run's ports and certificate, inside a minimal nginx.conf of its own. */
async function nginxConfig(dir: string, ports: { https: number; http: number; a: number; b: number }): Promise<string> {
  const documented = await fs.readFile(path.join(ROOT, 'docs/nginx/campaigns.conf'), 'utf8');
  const site = documented
    .replace('127.0.0.1:3001', `127.0.0.1:${ports.a}`)
    .replace('127.0.0.1:3002', `127.0.0.1:${ports.b}`)
    .replace('listen 443 ssl http2;', `listen 127.0.0.1:${ports.https} ssl http2;`)
    .replace('listen 80;', `listen 127.0.0.1:${ports.http};`)
    .replace('/etc/ssl/campanas/fullchain.pem', path.join(dir, 'cert.pem'))
    .replace('/etc/ssl/campanas/privkey.pem', path.join(dir, 'key.pem'));
  expect(site).toContain(`127.0.0.1:${ports.b}`);
  await fs.writeFile(path.join(dir, 'campaigns.conf'), site);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  const main = [
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${path.join(dir, 'nginx.pid')};`,
    `error_log ${path.join(dir, 'error.log')} warn;`,
    'events { worker_connections 512; }',
    'http {',
    '  access_log off;',
    `  ${temp('client_body')} ${temp('proxy')} ${temp('fastcgi')} ${temp('uwsgi')} ${temp('scgi')}`,
    `  include ${path.join(dir, 'campaigns.conf')};`,
    '}',
  ].join('\n');
  await fs.writeFile(path.join(dir, 'nginx.conf'), main);
  return path.join(dir, 'nginx.conf');
}

(available ? describe : describe.skip)('two instances behind nginx', () => {
  let dir: string;
  let db: Db;
  let nginx: ChildProcess;
  let ca: Buffer;
  let agent: https.Agent;
  const ports = { https: 0, http: 0, a: 0, b: 0 };
  const instances: Partial<Record<'a' | 'b', ServerProcess>> = {};
  let env: Record<string, string>;

  /** A JSON call through nginx over TLS; status 0 when no answer came. */
  function request(method: string, url: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> {
    return new Promise((resolve) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = https.request(
        `https://localhost:${ports.https}${url}`,
        {
          method,
          agent,
          headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(payload ? { 'content-type': 'application/json' } : {}) },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (d) => (text += d));
          res.on('end', () => {
            let parsed: unknown = text;
            try {
              parsed = JSON.parse(text);
            } catch {
              // not JSON
            }
            resolve({ status: res.statusCode ?? 0, body: parsed });
          });
        },
      );
      req.on('error', () => resolve({ status: 0, body: null }));
      req.end(payload);
    });
  }

  /** How many answers an instance has saved, by its own metrics (read from this machine, not through nginx). */
  const proxiedAnswers = async (instance: ServerProcess) => {
    const text = await (await fetch(`${instance.url}/metrics`)).text();
    const line = text
      .split('\n')
      .find((l) => l.startsWith('http_requests_total{') && l.includes('route="/api/secure/v1/campaigns/saveAnswer"') && l.includes('status="200"'));
    return line ? Number(line.split(' ').pop()) : 0;
  };

  const startInstance = async (which: 'a' | 'b') => {
    instances[which] = await spawnServer({ ...env, PORT: String(ports[which]) });
    await waitHealthy(instances[which], 60_000);
  };

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'proxy-faults-'));
    await fs.chmod(dir, 0o755);
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    ca = await fs.readFile(path.join(dir, 'cert.pem'));
    agent = new https.Agent({ ca, keepAlive: true, maxSockets: 64 });
    for (const key of Object.keys(ports) as (keyof typeof ports)[]) ports[key] = await freePort();
    db = await openDemoPostgres();
    const [{ name }] = await db.query<{ name: string }>('SELECT current_database() AS name');
    const publicUrl = `https://localhost:${ports.https}`;
    env = {
      DATABASE_URL: testPostgresUrl(name),
      JWT_SECRET: SECRET,
      TRUST_PROXY: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATABASE_POOL_SIZE: '4',
      // The default drain (serverProcess sets none).
      SHUTDOWN_DRAIN_MS: '1000',
      // Behind a proxy the server is reachable, and refuses the demo password unless told (the test signs the demo administrator in).
      ALLOW_DEMO_PASSWORDS: 'true',
    };
    await Promise.all([startInstance('a'), startInstance('b')]);
    const config = await nginxConfig(dir, ports);
    execFileSync(NGINX, ['-t', '-c', config, '-e', path.join(dir, 'error.log')], { stdio: 'pipe' });
    nginx = spawn(NGINX, ['-c', config, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'], { stdio: 'ignore' });
    await waitUntil(
      async () => (await request('GET', '/api/v1/health')).status === 200,
      () => 'nginx did not answer',
      15_000,
    );
  }, 120_000);

  afterAll(async () => {
    agent?.destroy();
    nginx?.kill('SIGTERM');
    for (const instance of Object.values(instances)) await instance?.stop();
    await db?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('redirects plain HTTP to HTTPS, keeps /metrics from the outside, and passes the API', async () => {
    const plain = await fetch(`http://127.0.0.1:${ports.http}/resultados`, { redirect: 'manual' });
    expect([plain.status, plain.headers.get('location')]).toEqual([301, 'https://127.0.0.1/resultados']);
    expect((await request('GET', '/metrics')).status).toBe(404);
    expect((await request('GET', '/api/v1/health')).body.response).toMatchObject({ status: 'ok', database: 'postgres' });
  });

  it('loses no acknowledged answer when one instance stops (SIGTERM drains it) and the other is killed (SIGKILL)', async () => {
    // Users of their own entity, each answering its campaign's questions one after another through the proxy.
    const direct = { url: instances.a!.url, ctx: { config: loadConfig({ PUBLIC_URL: env.PUBLIC_URL }) } } as unknown as TestServer;
    const { admin } = await signInDemoAccounts(direct);
    const users: { token: string; campaign: number; questions: { id: number; answers: number[] }[] }[] = [];
    for (let u = 0; u < USERS; u++) {
      const email = `proxy${u}@balanceo.es`;
      await createTestUser(db, email, 'clave-balanceo-1');
      const { id, memberToken } = await campaignOfNewEntity(direct, db, admin, { email, password: 'clave-balanceo-1' }, `Balanceo ${u}`);
      const detail = (await request('GET', `/api/secure/v1/campaigns/get?id=${id}`, admin)).body.response as CampaignDetail;
      const questions = detail.indicators
        .flatMap((i) => i.subindicators)
        .map((s) => ({ id: s.id, answers: s.responses.filter((r) => !r.obsolete && s.responses.length > 1).map((r) => r.id) }))
        .filter((q) => q.answers.length > 1);
      users.push({ token: memberToken, campaign: id, questions });
    }

    const outcomes: Outcome[] = [];
    /** Per campaign and question, the answers written in order, with the status each got. */
    const written = new Map<string, { answer: number; status: number }[]>();
    let running = true;
    const load = users.map(async (user, u) => {
      for (let step = 0; running; step++) {
        const question = user.questions[step % user.questions.length];
        const answer = question.answers[step % question.answers.length];
        const startedAt = Date.now();
        const saved = await request('POST', '/api/secure/v1/campaigns/saveAnswer', user.token, { id: user.campaign, question: question.id, answer: [answer] });
        outcomes.push({ user: u, method: 'POST', status: saved.status, startedAt, endedAt: Date.now() });
        const key = `${user.campaign}:${question.id}`;
        written.set(key, [...(written.get(key) ?? []), { answer, status: saved.status }]);
        const readAt = Date.now();
        const read = await request('GET', `/api/secure/v1/campaigns/get?id=${user.campaign}`, user.token);
        outcomes.push({ user: u, method: 'GET', status: read.status, startedAt: readAt, endedAt: Date.now() });
      }
    });

    await sleep(1500);
    // SIGTERM: the instance finishes what it has, answers with Connection: close, and exits 0.
    const terminatedAt = Date.now();
    const stopping = instances.a!.stop();
    const listenerClosing = listenerClosed(ports.a, terminatedAt + 30_000);
    await stopping;
    // When A stopped listening: SHUTDOWN_DRAIN_MS after the SIGTERM on a quiet machine, later on a saturated one.
    const listenerClosedAt = await listenerClosing;
    const drained = Date.now() - terminatedAt;
    expect(instances.a!.child.exitCode).toBe(0);
    await sleep(1000);
    await startInstance('a');
    // nginx tries the restarted instance again once its fail_timeout is over: wait until A serves the users' answers.
    await waitUntil(
      async () => (await proxiedAnswers(instances.a!)) > 0,
      () => 'nginx sent nothing to the restarted instance',
      15_000,
    );
    await sleep(500);
    // SIGKILL: what was in flight on it is lost, and nginx sends the rest to the instance just restarted.
    const killedAt = Date.now();
    instances.b!.child.kill('SIGKILL');
    await instances.b!.ended;
    await sleep(2000);
    running = false;
    await Promise.all(load);

    const failed = outcomes.filter((o) => o.status >= 500 || o.status === 0);
    // In flight on the killed process: running when it died, or sent by nginx on one of its kept-alive connections in
    // the moment before nginx saw them close (nginx resends a GET then, not a POST): a few milliseconds on a quiet
    // machine, over 100 on one saturated by a whole test run.
    const NOTICED_MS = 500;
    const inFlightAtKill = (o: Outcome) => o.startedAt <= killedAt + NOTICED_MS && o.endedAt >= killedAt;
    // The one moment a stop can fail a request: the listener closing (SHUTDOWN_DRAIN_MS after SIGTERM) resets a
    // connection the kernel had accepted and the server not yet, with the POST nginx wrote on it. Seen once in a
    // few runs with the machine saturated (CI), once two at that instant, never otherwise; docs/operations.md says how
    // to take an instance out of nginx first for a planned stop. Each user has one request in flight, so at most one
    // per user (the bound on all failures below). The close is seen by the first connection refused (tried every
    // 10 ms), so a request it reset started shortly before.
    const atListenerClose = (o: Outcome) => o.startedAt >= listenerClosedAt - 250 && o.startedAt <= listenerClosedAt + 50;
    const atClose = failed.filter(atListenerClose);
    // Every failure was such a request: at most one per user, and none around the SIGTERM.
    expect(
      failed
        .filter((o) => !inFlightAtKill(o) && !atListenerClose(o))
        .map((o) => ({ ...o, sinceStop: o.startedAt - terminatedAt, sinceKill: o.startedAt - killedAt })),
    ).toEqual([]);
    expect(failed.length).toBeLessThanOrEqual(USERS);
    expect(outcomes.filter((o) => o.status !== 200 && o.status < 500 && o.status !== 0)).toEqual([]);

    // Every question's stored answer is its last acknowledged one, or a later one whose answer never came.
    for (const user of users) {
      const rows = await db.query<{ q: number; ids: number[] }>('SELECT subindicator_id AS q, response_ids AS ids FROM answers WHERE campaign_id = $1', [
        user.campaign,
      ]);
      const stored = new Map(rows.map((r) => [r.q, r.ids[0]]));
      for (const question of user.questions) {
        const writes = written.get(`${user.campaign}:${question.id}`) ?? [];
        const lastAcked = writes.map((w) => w.status).lastIndexOf(200);
        if (lastAcked < 0) continue;
        const possible = writes
          .slice(lastAcked)
          .filter((w, i) => i === 0 || w.status !== 200)
          .map((w) => w.answer);
        expect([question.id, possible]).toEqual([question.id, expect.arrayContaining([stored.get(question.id)])]);
      }
    }
    const requests = outcomes.length;
    console.log(
      `proxy failover: ${requests} requests by ${USERS} users over ${((Math.max(...outcomes.map((o) => o.endedAt)) - Math.min(...outcomes.map((o) => o.startedAt))) / 1000).toFixed(1)} s; ` +
        `SIGTERM drained in ${drained} ms, ${atClose.length} failed as the listener closed; SIGKILL failed ${failed.length - atClose.length} in-flight request(s) (${failed.map((f) => `${f.method} ${f.status}`).join(', ') || 'none'})`,
    );
  }, 180_000);
});

/** When the server on that local port stopped listening: the first connection to it refused, tried every 10 ms until `until`. */
async function listenerClosed(port: number, until: number): Promise<number> {
  while (Date.now() < until) {
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve(false);
      });
      socket.once('error', () => resolve(true));
    });
    if (refused) return Date.now();
    await sleep(10);
  }
  throw new Error(`the server on port ${port} was still listening`);
}
