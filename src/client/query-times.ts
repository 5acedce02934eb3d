/**
 * How long each server's queries typically take, per origin and query kind: a moving average the poller
 * learns from (poll.ts). Plain JSON in and out, so a host (the extension) can keep it across sessions.
 */

export interface QueryTimeEntry {
  /** Moving average of the estimated query time, in ms. */
  ms: number;
  /** Samples seen (capped; only the first one sets the average outright). */
  n: number;
}
export type QueryTimesJson = Record<string, QueryTimeEntry>;

/** Weight of a new sample in the moving average. */
const ALPHA = 0.3;
const MAX_ENTRIES = 200;
const MAX_KEY_LENGTH = 300;
/** Longer than any wait the poller would make; a larger figure is damaged data. */
const MAX_MS = 10 * 60_000;

export class QueryTimes {
  private readonly entries = new Map<string, QueryTimeEntry>();

  /** `saved` is untrusted (a persisted value): damaged entries are dropped. `onChange` runs after each sample. */
  constructor(
    saved?: unknown,
    private readonly onChange?: (times: QueryTimes) => void,
  ) {
    if (!saved || typeof saved !== 'object' || Array.isArray(saved)) return;
    for (const [key, value] of Object.entries(saved as Record<string, unknown>)) {
      const e = value as Partial<QueryTimeEntry> | null;
      if (key.length > MAX_KEY_LENGTH || !e || typeof e.ms !== 'number' || typeof e.n !== 'number') continue;
      if (!(e.ms >= 0 && e.ms <= MAX_MS) || !(e.n >= 1)) continue;
      this.entries.set(key, { ms: e.ms, n: Math.min(Math.floor(e.n), 1000) });
      if (this.entries.size >= MAX_ENTRIES) break;
    }
  }

  /** The typical time of this origin's queries of this kind, or undefined before the first sample. */
  expected(origin: string, kind: string): number | undefined {
    return this.entries.get(keyOf(origin, kind))?.ms;
  }

  learn(origin: string, kind: string, ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    const key = keyOf(origin, kind);
    if (key.length > MAX_KEY_LENGTH) return;
    const sample = Math.min(ms, MAX_MS);
    const old = this.entries.get(key);
    this.entries.delete(key); // re-inserted last: the least recently learned entry goes first when full
    this.entries.set(key, old ? { ms: old.ms + ALPHA * (sample - old.ms), n: Math.min(old.n + 1, 1000) } : { ms: sample, n: 1 });
    while (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
    this.onChange?.(this);
  }

  toJSON(): QueryTimesJson {
    return Object.fromEntries(this.entries);
  }
}

function keyOf(origin: string, kind: string): string {
  return `${origin} ${kind}`;
}
