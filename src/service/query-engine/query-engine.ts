/**
 * Asynchronous searches for real: a search is queued (Created), picked up on a later event-loop turn
 * (Processing), run, and finished (Complete; the older interface shows it as ResultReady) or ended
 * (TooManyRecords over the result cap, Failed on an error). Finished queries expire after `ttlMs`.
 */
import { randomUUID } from 'crypto';
import type { IdentityLevel, QueryStatus, SpectrumBatchResult } from '../../wire';
import type { RecordIds } from '../store/compound-store';

export interface FormulaBatchEntry {
  formula: string;
  results: number[];
}
export interface MassBatchEntry {
  mass: number;
  range: number;
  results: number[];
}

export type QueryOutcome =
  | {
      kind: 'ids';
      ids: RecordIds;
      /** Similarity and spectrum queries: parallel to `ids`. */
      scores?: number[];
      /** Spectrum queries: each record's best spectrum and the query peaks it matched, parallel to `ids`. */
      spectrumIds?: number[];
      matchedPeaks?: number[];
      /** Identity searches: the level at which each record matched, parallel to `ids`. */
      matchLevels?: IdentityLevel[];
      message?: string;
    }
  | { kind: 'formulaBatch'; entries: FormulaBatchEntry[] }
  | { kind: 'massBatch'; entries: MassBatchEntry[] }
  | { kind: 'spectrumBatch'; entries: SpectrumBatchResult[] };
export type QueryKind = QueryOutcome['kind'];

export interface Query {
  readonly id: string;
  readonly kind: QueryKind;
  status: QueryStatus;
  message: string;
  count: number;
  readonly createdAt: number;
  finishedAt?: number;
  outcome?: QueryOutcome;
}

export interface QueryEngineOptions {
  /** Extra time a query spends in Processing (tests use it to see a query that is not finished). */
  delayMs?: number;
  /** A query with more results than this ends TooManyRecords. */
  resultCap?: number;
  /** How long a query is kept after it was created. */
  ttlMs?: number;
  /** How long `start` waits for a query to finish before answering with its ID (default 50 ms; 0: no wait). */
  answerWithinMs?: number;
  /** Queries kept at once (finished or not); past it the oldest finished one goes, or submit throws QueryStoreFull. */
  maxQueries?: number;
  /** Result IDs kept over all finished queries (a result kept in a smaller form counts its `keptSize`); past it the oldest finished queries go. */
  maxResultIds?: number;
  log?: (line: string) => void;
  /** The clock of creation, finish and expiry times (tests move it instead of sleeping). Default `Date.now`. */
  now?: () => number;
  /**
   * Queries in PostgreSQL only: how often this process tells the database it is alive (default 5 s). A query whose
   * process has not done so for three of these is marked Failed by any other process.
   */
  heartbeatMs?: number;
}

export const DEFAULT_RESULT_CAP = 100_000;
export const DEFAULT_QUERY_TTL_MS = 30 * 60_000;
export const DEFAULT_ANSWER_WITHIN_MS = 50;
export const DEFAULT_MAX_QUERIES = 10_000;
export const DEFAULT_MAX_RESULT_IDS = 2_000_000;
/** Seconds a client is told to wait when the store is full of unfinished queries. */
export const FULL_RETRY_AFTER_S = 1;

/** Every query kept is still running: the caller answers 503 with Retry-After. */
export class QueryStoreFull extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('too many searches are running; try again shortly');
  }
}

function resultCount(outcome: QueryOutcome): number {
  return outcome.kind === 'ids' ? outcome.ids.length : outcome.entries.reduce((n, e) => n + e.results.length, 0);
}

/** The IDs' worth of memory a finished query keeps (what `maxResultIds` bounds). */
function keptSize(outcome: QueryOutcome): number {
  return outcome.kind === 'ids' && 'keptSize' in outcome.ids ? outcome.ids.keptSize : resultCount(outcome);
}

export class QueryEngine {
  private readonly queries = new Map<string, Query>();
  /** Callers of `start` waiting for a query to finish, by query ID. */
  private readonly waiting = new Map<string, () => void>();
  private readonly timers = new Set<NodeJS.Timeout | NodeJS.Immediate>();
  private readonly sweeper: NodeJS.Timeout;
  private readonly delayMs: number;
  readonly resultCap: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly maxQueries: number;
  private readonly maxResultIds: number;
  /** IDs' worth of memory held by the finished queries in `queries`. */
  private heldIds = 0;
  private closed = false;

  constructor(private readonly options: QueryEngineOptions = {}) {
    this.delayMs = options.delayMs ?? 0;
    this.resultCap = options.resultCap ?? DEFAULT_RESULT_CAP;
    this.ttlMs = options.ttlMs ?? DEFAULT_QUERY_TTL_MS;
    this.now = options.now ?? Date.now;
    this.maxQueries = options.maxQueries ?? DEFAULT_MAX_QUERIES;
    this.maxResultIds = options.maxResultIds ?? DEFAULT_MAX_RESULT_IDS;
    this.sweeper = setInterval(() => this.sweep(), Math.min(60_000, Math.max(1000, this.ttlMs)));
    this.sweeper.unref();
  }

  /** Queues a search and returns its query ID at once; `run` starts on a later turn of the event loop. */
  submit(kind: QueryKind, run: () => Promise<QueryOutcome>): string {
    if (this.closed) throw new Error('query engine is closed');
    this.makeRoom(1, 0);
    if (this.queries.size >= this.maxQueries) throw new QueryStoreFull(FULL_RETRY_AFTER_S);
    const query: Query = { id: randomUUID(), kind, status: 'Created', message: '', count: 0, createdAt: this.now() };
    this.queries.set(query.id, query);
    this.later(0, () => {
      query.status = 'Processing';
      this.later(this.delayMs, () => void this.execute(query, run));
    });
    return query.id;
  }

  /**
   * Submits and answers with the query ID once the query has finished or `answerWithinMs` has passed, whichever
   * comes first. Cheap searches (a name, a key, a formula, a mass on the shipped collection) are then finished by
   * the client's first status check, so a search costs submit + status + results; slow ones answer on time.
   * The wait is an await, not a block: other requests are served meanwhile.
   */
  async start(kind: QueryKind, run: () => Promise<QueryOutcome>): Promise<string> {
    const id = this.submit(kind, run);
    const within = this.options.answerWithinMs ?? DEFAULT_ANSWER_WITHIN_MS;
    if (within > 0) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(done, within);
        function done(): void {
          clearTimeout(timer);
          resolve();
        }
        this.waiting.set(id, done);
      });
      this.waiting.delete(id);
    }
    return id;
  }

  /** The query, or undefined when unknown, expired or evicted. */
  get(id: string): Query | undefined {
    const query = this.queries.get(id);
    if (query && this.isExpired(query)) {
      this.remove(query);
      return undefined;
    }
    return query;
  }

  /** Queries kept and the result IDs they hold (tests, load measurements). */
  get stored(): { queries: number; resultIds: number } {
    return { queries: this.queries.size, resultIds: this.heldIds };
  }

  /** Drops the oldest finished queries (Map order is creation order) until `queries` and `ids` more fit. */
  private makeRoom(queries: number, ids: number, keep?: Query): void {
    const full = () => this.queries.size + queries > this.maxQueries || this.heldIds + ids > this.maxResultIds;
    if (!full()) return;
    for (const q of this.queries.values()) {
      if (!full()) return;
      if (q !== keep && q.finishedAt !== undefined) this.remove(q);
    }
  }

  private remove(query: Query): void {
    if (!this.queries.delete(query.id)) return;
    if (query.outcome) this.heldIds -= keptSize(query.outcome);
  }

  close(): void {
    this.closed = true;
    clearInterval(this.sweeper);
    for (const done of this.waiting.values()) done();
    for (const t of this.timers) {
      clearTimeout(t as NodeJS.Timeout);
      clearImmediate(t as NodeJS.Immediate);
    }
    this.timers.clear();
  }

  private async execute(query: Query, run: () => Promise<QueryOutcome>): Promise<void> {
    try {
      const outcome = await run();
      const count = resultCount(outcome);
      if (count > this.resultCap) {
        query.status = 'TooManyRecords';
        query.message = `More than ${this.resultCap} records match; narrow the search.`;
      } else if (this.queries.has(query.id)) {
        const kept = keptSize(outcome);
        this.makeRoom(0, kept, query);
        query.outcome = outcome;
        query.count = count;
        query.status = 'Complete';
        if (outcome.kind === 'ids' && outcome.message) query.message = outcome.message;
        this.heldIds += kept;
      }
    } catch (err) {
      query.status = 'Failed';
      query.message = 'The search failed on the server.';
      this.options.log?.(`query ${query.id} failed: ${err instanceof Error ? err.message : String(err)}`);
    }
    query.finishedAt = this.now();
    this.waiting.get(query.id)?.();
  }

  private later(ms: number, fn: () => void): void {
    if (this.closed) return;
    const handle =
      ms > 0
        ? setTimeout(() => {
            this.timers.delete(handle);
            fn();
          }, ms)
        : setImmediate(() => {
            this.timers.delete(handle);
            fn();
          });
    this.timers.add(handle);
  }

  private isExpired(query: Query): boolean {
    return this.now() - query.createdAt > this.ttlMs;
  }

  private sweep(): void {
    for (const q of this.queries.values()) if (this.isExpired(q)) this.remove(q);
  }
}

/** Whether results can be fetched. */
export function isFinished(query: Query): query is Query & { outcome: QueryOutcome } {
  return query.status === 'Complete' && query.outcome !== undefined;
}

/** Whether the query is still queued or running (its results are not ready yet). */
export function isRunning(query: Query): boolean {
  return query.status === 'Created' || query.status === 'Processing';
}

/** The status name as the older interface reports it. */
export function legacyStatus(status: QueryStatus): QueryStatus {
  return status === 'Complete' ? 'ResultReady' : status === 'Not Found' ? 'Unknown' : status;
}
