import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openPglite } from '../db/client.js';
import { prepareDatabase } from '../bootstrap.js';
import { TokenSigner } from '../services/auth/jwt.js';
import { signIn } from './signIn.js';
import type { EntityCampaigns } from '../../shared/api/campaigns.js';

/**
 * npm run lighthouse: Lighthouse (desktop preset) on the login page, a sent campaign's results page, ADMIN's
 * status page (its participation map) and the public page of the demo's earliest edition, made final for it,
 * served from the built client over the demo data, RUNS times each, medians printed as a table; the budget
 * (docs/benchmarks.md) is performance and accessibility >= 95. Lighthouse is fetched by npx from the npm
 * registry on first use (no browser download: it drives CHROME_PATH, Debian's Chromium by default). The command
 * fails (exit code 1) when a page is over budget, or when any run of a page shifted its layout more than 0.1.
 */
const LIGHTHOUSE = 'lighthouse@12.8.2';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
/** The pages to measure (login, results, status, public): LIGHTHOUSE_PAGES=results while working on one of them. */
const PAGES = new Set((process.env.LIGHTHOUSE_PAGES ?? 'login,results,status,public').split(',').map((page) => page.trim()));
/** A folder to keep every run's JSON report in (<page>-<run>.json), to see what a run that dipped spent its time on. */
const KEEP_DIR = process.env.LIGHTHOUSE_KEEP;
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --disable-sync --no-first-run';

interface Report {
  categories: Record<'performance' | 'accessibility', { score: number }>;
  audits: Record<string, { numericValue?: number }>;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** One Lighthouse run; a run whose trace Lighthouse could not record (it happens: NO_NAVSTART) is run again. */
async function lighthouse(url: string, keepAs: string, attempts = 3): Promise<Report> {
  try {
    return await lighthouseOnce(url, keepAs);
  } catch (err) {
    if (attempts <= 1) throw err;
    console.error(
      `Lighthouse failed (${
        String(err)
          .split('\n')
          .find((line) => line.includes('Runtime error')) ?? 'see above'
      }), running again.`,
    );
    return lighthouse(url, keepAs, attempts - 1);
  }
}

async function lighthouseOnce(url: string, keepAs: string): Promise<Report> {
  const { stdout } = await promisify(execFile)(
    'npx',
    [
      '--yes',
      LIGHTHOUSE,
      url,
      '--preset=desktop',
      '--only-categories=performance,accessibility',
      '--output=json',
      '--output-path=stdout',
      '--quiet',
      `--chrome-flags=${CHROME_FLAGS}`,
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' }, maxBuffer: 64 * 1024 * 1024 },
  );
  if (KEEP_DIR) {
    await fs.mkdir(KEEP_DIR, { recursive: true });
    await fs.writeFile(path.join(KEEP_DIR, `${keepAs}.json`), stdout);
  }
  return JSON.parse(stdout) as Report;
}

/** The layout shift a page may show in any run (Lighthouse's "good" threshold): more fails the command. */
const MAX_LAYOUT_SHIFT = 0.1;

/**
 * One table row: medians over the runs, with the performance scores of every run; and what breaks the budget: a
 * median score under 95, or a run whose layout shifted more than MAX_LAYOUT_SHIFT.
 */
async function measurePage(name: string, url: () => Promise<string>): Promise<{ row: string; failures: string[] }> {
  const reports: Report[] = [];
  for (let i = 0; i < RUNS; i++) reports.push(await lighthouse(await url(), `${name.replace(/\W+/g, '-')}-${i + 1}`));
  const score = (r: Report, c: 'performance' | 'accessibility') => Math.round(r.categories[c].score * 100);
  const audit = (id: string) => median(reports.map((r) => r.audits[id].numericValue ?? NaN));
  const performance = reports.map((r) => score(r, 'performance'));
  const accessibility = median(reports.map((r) => score(r, 'accessibility')));
  const worstShift = Math.max(...reports.map((r) => r.audits['cumulative-layout-shift'].numericValue ?? 0));
  const failures = [
    median(performance) < 95 ? `${name}: performance ${median(performance)} < 95` : null,
    accessibility < 95 ? `${name}: accessibility ${accessibility} < 95` : null,
    worstShift > MAX_LAYOUT_SHIFT ? `${name}: a run's layout shift ${worstShift.toFixed(3)} > ${MAX_LAYOUT_SHIFT}` : null,
  ].filter((f) => f !== null);
  const row = `| ${name} | ${median(performance)} (${performance.join(', ')}) | ${accessibility} | ${Math.round(audit('largest-contentful-paint'))} | ${Math.round(audit('total-blocking-time'))} | ${audit('cumulative-layout-shift').toFixed(3)} |`;
  return { row, failures };
}

/** Publishes the demo's earliest edition as final, a third of the demo's entities publishing their figures; its year. */
async function publishEarliestEdition(url: string, token: string): Promise<number> {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${url}/api/secure/v1/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { response: T }).response;
  };
  const editions = await call<{ year: number }[]>('GET', 'editions/list');
  const year = Math.min(...editions.map((e) => e.year));
  const entities = await call<{ id: number }[]>('GET', 'entities/list');
  for (const { id } of entities.filter((_, i) => i % 3 === 0)) await call('POST', 'entities/publication', { id, publish: true });
  await call('POST', 'editions/publishFinal', { campaignNumber: year });
  return year;
}

async function main(): Promise<void> {
  const staticDir = path.resolve('dist/client');
  await fs.access(path.join(staticDir, 'index.html')).catch(() => {
    throw new Error('No built client in dist/client: run npm run build:client first.');
  });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'campaigns-lighthouse-'));
  const db = await openPglite(dir);
  const config = loadConfig({ LOG_LEVEL: 'silent', STATIC_DIR: staticDir, AUTH_RATE_LIMIT: '1000', PUBLIC_RATE_LIMIT: '0' });
  const app = await buildApp({ config, db, signer: new TokenSigner('lighthouse-secret-long-enough-for-hs256', config.publicUrl) });
  try {
    await prepareDatabase(db, { seedDemo: true });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    const token = () => signIn(url, config.oauth, 'usuario@demo.es', 'demo1234');
    const campaigns = await fetch(`${url}/api/secure/v1/campaigns/getByUser?onlySent=true`, { headers: { authorization: `Bearer ${await token()}` } });
    const { entityCampaigns } = ((await campaigns.json()) as { response: EntityCampaigns }).response;
    const sent = entityCampaigns.flatMap((e) => e.campaigns).at(-1);
    if (!sent) throw new Error('The demo USER has no sent campaign');
    const measured = [];
    if (PAGES.has('login')) measured.push(await measurePage('login', async () => `${url}/auth/login`));
    // A new session per run, its token in the address as a link from another app would carry it (spec: 'at').
    if (PAGES.has('results')) measured.push(await measurePage(`results/${sent.id}`, async () => `${url}/results/${sent.id}?at=${await token()}`));
    if (PAGES.has('status'))
      measured.push(await measurePage('status', async () => `${url}/status?at=${await signIn(url, config.oauth, 'admin@demo.es', 'demo1234')}`));
    if (PAGES.has('public')) {
      const year = await publishEarliestEdition(url, await signIn(url, config.oauth, 'admin@demo.es', 'demo1234'));
      measured.push(await measurePage(`publico/${year}`, async () => `${url}/publico/${year}`));
    }
    const rows = ['| page | performance, median (runs) | accessibility | LCP ms | TBT ms | CLS |', '|---|---|---|---|---|---|'];
    console.log([...rows, ...measured.map((m) => m.row)].join('\n'));
    const failures = measured.flatMap((m) => m.failures);
    if (failures.length > 0) {
      console.error(`Over budget:\n  ${failures.join('\n  ')}`);
      process.exitCode = 1;
    }
  } finally {
    await app.close();
    await db.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exitCode = 1;
});
