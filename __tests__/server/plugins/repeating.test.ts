import Fastify, { type FastifyInstance } from 'fastify';
import { Writable } from 'node:stream';
import { scheduleRepeating } from '../../../src/server/plugins/repeating.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error('the condition never held');
    await sleep(5);
  }
}

/** A Fastify app whose log lines are kept, as JSON. */
function appWithLog(): { app: FastifyInstance; lines: { level: number; msg: string }[] } {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { app: Fastify({ logger: { level: 'info', stream } }), lines };
}

/** Schedules run at once and again as soon as each run ends: what the scheduler adds is all there is to see. */
const scheduleAtOnce = (app: FastifyInstance, name: string, run: () => Promise<void>) => scheduleRepeating(app, { name, firstAfterMs: 1, everyMs: 1, run });

describe('a task the server repeats', () => {
  it('runs first once the server is ready, then again after each run ends, never two at once, and stops with the server', async () => {
    const { app } = appWithLog();
    let runs = 0;
    let running = 0;
    let overlapped = false;
    scheduleAtOnce(app, 'test task', async () => {
      running += 1;
      overlapped ||= running > 1;
      runs += 1;
      await sleep(15);
      running -= 1;
    });
    await sleep(30);
    expect(runs).toBe(0);
    await app.ready();
    await until(() => runs >= 3);
    await app.close();
    const atClose = runs;
    await sleep(60);
    expect(runs).toBeLessThanOrEqual(atClose + 1);
    expect(overlapped).toBe(false);
  });

  it('logs a failed run as a warning under its name and runs again', async () => {
    const { app, lines } = appWithLog();
    let runs = 0;
    scheduleAtOnce(app, 'flaky task', async () => {
      runs += 1;
      if (runs === 1) throw new Error('the database went away');
    });
    await app.ready();
    await until(() => runs >= 3);
    await app.close();
    const warnings = lines.filter((line) => line.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toBe('flaky task failed');
  });
});
