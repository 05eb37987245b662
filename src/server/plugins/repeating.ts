import type { FastifyInstance } from 'fastify';

/** A task the server runs on its own, again and again, while it is up. */
export interface RepeatingTask {
  /** What the log calls it when it fails. */
  name: string;
  /** How long after the server is ready it runs the first time. */
  firstAfterMs: number;
  /** How long after one run has ended it runs again. */
  everyMs: number;
  run: () => Promise<void>;
}

/**
 * Runs task.run firstAfterMs after the server is ready, then everyMs after each run ends (never two at once); a
 * failure is logged as a warning and the next run goes on. Stops with the server; the timers never keep the process
 * alive.
 */
export function scheduleRepeating(app: FastifyInstance, task: RepeatingTask): void {
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const next = () => {
    void task
      .run()
      .catch((err: unknown) => app.log.warn({ err }, `${task.name} failed`))
      .finally(() => {
        // A run still going when the server closes sets no other.
        if (!closed) timer = setTimeout(next, task.everyMs).unref();
      });
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(next, task.firstAfterMs).unref();
  });
  app.addHook('onClose', async () => {
    closed = true;
    clearTimeout(timer);
  });
}
