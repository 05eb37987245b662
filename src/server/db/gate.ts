/**
 * How calls take turns at the database: at most `places` at once hold one of the PostgreSQL pool's connections, or
 * PGlite's one session (client.ts, pgliteGuard.ts), or copy an evidence file in (routes/campaigns/evidence.ts); the
 * others wait, urgent ones (a submission, see TransactionOptions) ahead of every ordinary one, each kind in the order
 * it came. On deadline day the savers, the readers and the submissions queue for the same few connections: served in
 * arrival order, a submission spent most of its time behind the savers' backlog.
 */

/** Gives a call's place back to the gate, once (a second call does nothing). */
export type Leave = () => void;

interface Waiter {
  admit(leave: Leave): void;
  refuse(err: Error): void;
  timer?: NodeJS.Timeout;
}

/**
 * The message pg's pool gives a call that waited too long for a connection: isDatabaseUnavailable knows it, so the
 * call answers 503 UNAVAILABLE as it did when the pool did the waiting.
 */
export const GATE_TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect';

export class Gate {
  private inside = 0;
  private readonly urgent: Waiter[] = [];
  private readonly ordinary: Waiter[] = [];

  /** `places` calls at once; a call that waits longer than timeoutMs (none: no limit) is refused. */
  constructor(
    private readonly places: number,
    private readonly timeoutMs?: number,
  ) {
    if (!Number.isInteger(places) || places < 1) throw new Error(`a gate needs at least one place, not ${places}`);
  }

  /** Resolves with the call's place once it has one; the caller must leave when done with the database. */
  enter(urgent = false): Promise<Leave> {
    if (this.inside < this.places) {
      this.inside += 1;
      return Promise.resolve(this.leaver());
    }
    const queue = urgent ? this.urgent : this.ordinary;
    return new Promise<Leave>((admit, refuse) => {
      const waiter: Waiter = { admit, refuse };
      if (this.timeoutMs !== undefined) {
        waiter.timer = setTimeout(() => {
          queue.splice(queue.indexOf(waiter), 1);
          refuse(new Error(GATE_TIMEOUT_MESSAGE));
        }, this.timeoutMs);
      }
      queue.push(waiter);
    });
  }

  /** Calls holding a place now. */
  get busy(): number {
    return this.inside;
  }

  /** Calls waiting for one. */
  get waiting(): number {
    return this.urgent.length + this.ordinary.length;
  }

  private leaver(): Leave {
    let left = false;
    return () => {
      if (left) return;
      left = true;
      this.handOn();
    };
  }

  /** A place given back goes straight to the next waiter, so that no later call can take it first. */
  private handOn(): void {
    const next = this.urgent.shift() ?? this.ordinary.shift();
    if (!next) {
      this.inside -= 1;
      return;
    }
    clearTimeout(next.timer);
    next.admit(this.leaver());
  }
}
