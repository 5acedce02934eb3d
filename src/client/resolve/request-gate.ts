/**
 * Paces a bulk run's requests: at most `ratePerSecond` starts a second, evenly spaced (so no one-second window at
 * the server ever holds more), at most `concurrency` in flight, and a pause every caller honours after the server
 * asked to slow down. Waiters are served first come, first served; `urgent` ones go to the front.
 */
import { CancelledError } from '../errors';
import { abortableSleep, throwIfAborted, type Sleep } from '../sleep';

export interface GateOptions {
  /** Requests a second; undefined or 0 means no pacing. */
  ratePerSecond?: number;
  /** Requests in flight at once; default 8. */
  concurrency?: number;
  now?: () => number;
  sleep?: Sleep;
}

/** Spacing slack per request, so scheduling jitter and the network cannot squeeze two starts closer than allowed. */
const SLACK_MS = 2;

export class RequestGate {
  private readonly intervalMs: number;
  private readonly concurrency: number;
  private readonly now: () => number;
  private readonly sleep: Sleep;
  private nextStart = 0;
  private pausedUntil = 0;
  private lastStart = Number.NEGATIVE_INFINITY;
  private active = 0;
  private readonly waiting: Array<{ go: () => void }> = [];
  /** How many times `run` started its function. */
  started = 0;

  constructor(options: GateOptions = {}) {
    const rate = options.ratePerSecond ?? 0;
    if (!Number.isFinite(rate) || rate < 0) throw new RangeError(`the request rate must be a positive number, got ${rate}`);
    const concurrency = options.concurrency ?? 8; // the bulk resolver's default too
    if (!Number.isInteger(concurrency) || concurrency < 1)
      throw new RangeError(`concurrency must be a whole number of at least 1, got ${concurrency}`);
    this.intervalMs = rate > 0 ? 1000 / rate + SLACK_MS : 0;
    this.concurrency = concurrency;
    this.now = options.now ?? (() => performance.now());
    this.sleep = options.sleep ?? abortableSleep;
  }

  /** Runs `request` when a slot and its turn have come. */
  async run<T>(request: () => Promise<T>, signal?: AbortSignal, urgent = false): Promise<T> {
    await this.acquire(signal, urgent);
    try {
      await this.waitTurn(signal);
      this.started++;
      return await request();
    } finally {
      this.release();
    }
  }

  /** No request starts for `ms` from now (a Retry-After, a back-off). */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
  }

  /**
   * Reserves the next start time at once (so concurrent callers never share one), then waits for it, for any pause,
   * and for a full interval after the last actual start (a late waker must not bunch up with the next one).
   */
  private async waitTurn(signal?: AbortSignal): Promise<void> {
    const reserved = Math.max(this.now(), this.nextStart, this.pausedUntil);
    this.nextStart = reserved + this.intervalMs;
    for (;;) {
      throwIfAborted(signal);
      const now = this.now();
      const start = Math.max(reserved, this.pausedUntil, this.lastStart + this.intervalMs);
      if (start <= now) {
        this.lastStart = now;
        this.nextStart = Math.max(this.nextStart, now + this.intervalMs);
        return;
      }
      await this.sleep(start - now, signal);
    }
  }

  private acquire(signal: AbortSignal | undefined, urgent: boolean): Promise<void> {
    throwIfAborted(signal);
    if (this.active < this.concurrency) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = (): void => {
        const i = this.waiting.indexOf(waiter);
        if (i >= 0) this.waiting.splice(i, 1);
        reject(new CancelledError());
      };
      const waiter = {
        go: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      if (urgent) this.waiting.unshift(waiter);
      else this.waiting.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next.go();
    else this.active--;
  }
}
