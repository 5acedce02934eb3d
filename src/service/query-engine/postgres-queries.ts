/**
 * Asynchronous queries kept in PostgreSQL: the process that accepts a query runs it and writes each state
 * change (Created, Processing, then Complete with its results, TooManyRecords or Failed) to the `queries`
 * table; any process over the same database answers its status and results. Expired rows are swept.
 * The stored-query bounds hold over the database as in memory: at most `maxQueries` rows and `maxResultIds` result
 * IDs over the finished ones, the oldest finished dropped first. A one-row tally (`query_tally`) holds both totals and
 * is changed in the same statement as the row it counts, so a submit checks the bounds without counting the table;
 * at a bound, one process at a time (holding the tally's row) counts exactly, drops the oldest finished queries down to
 * HEADROOM of the bounds (so the next submits find room again at once) and sets the tally.
 * Each process beats a heartbeat row (`service_processes`); a query whose process has stopped beating (it died, or
 * was closed mid-run) is marked Failed, with a message saying so, by whichever process looks at it next.
 */
import { randomUUID } from 'crypto';
import type { Pool, PoolClient } from 'pg';
import type { QueryStatus } from '../../wire';
import { inTransaction, query as sql } from '../store/postgres/pool';
import type { IdsDecodedOnRead } from '../store/compound-store';
import {
  DEFAULT_ANSWER_WITHIN_MS,
  DEFAULT_MAX_QUERIES,
  DEFAULT_MAX_RESULT_IDS,
  DEFAULT_QUERY_TTL_MS,
  DEFAULT_RESULT_CAP,
  FULL_RETRY_AFTER_S,
  QueryStoreFull,
  type Query,
  type QueryEngineOptions,
  type QueryKind,
  type QueryOutcome,
} from './query-engine';
import type { Queries } from './stored-queries';

interface QueryRow {
  id: string;
  kind: QueryKind;
  status: QueryStatus;
  message: string;
  count: number;
  created_at: Date;
  finished_at: Date | null;
  outcome: QueryOutcome | null;
  orphaned: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DEFAULT_HEARTBEAT_MS = 5000;
/** Heartbeats a process may miss before its running queries are taken as dead. */
const MISSED_BEATS = 3;
/** At a bound, the oldest finished queries are dropped until this share of both bounds is used. */
const HEADROOM = 0.9;

interface TallyRow {
  queries: number;
  result_ids: string;
}
export const ORPHANED_MESSAGE = 'The service process running this search stopped before it finished; submit the search again.';

export class PostgresQueries implements Queries {
  private readonly delayMs: number;
  readonly resultCap: number;
  private readonly ttlMs: number;
  private readonly heartbeatMs: number;
  private readonly maxQueries: number;
  private readonly maxResultIds: number;
  private readonly processId = randomUUID();
  private readonly timers: NodeJS.Timeout[];
  private readonly running = new Set<Promise<void>>();
  private alive: Promise<void>;
  private closed = false;
  /** Ends the test delay of queries still waiting when the engine closes (they then stop without running). */
  private endDelays = (): void => undefined;
  private readonly delaysEnded = new Promise<void>((resolve) => (this.endDelays = resolve));
  /** The stored queries and result IDs as this process last counted them (under the bounds lock). */
  private counted = { queries: 0, resultIds: 0 };

  constructor(
    private readonly pool: Pool,
    private readonly options: QueryEngineOptions = {},
  ) {
    this.delayMs = options.delayMs ?? 0;
    this.resultCap = options.resultCap ?? DEFAULT_RESULT_CAP;
    this.ttlMs = options.ttlMs ?? DEFAULT_QUERY_TTL_MS;
    this.heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    this.maxQueries = options.maxQueries ?? DEFAULT_MAX_QUERIES;
    this.maxResultIds = options.maxResultIds ?? DEFAULT_MAX_RESULT_IDS;
    this.alive = this.beat();
    this.alive.catch(() => undefined);
    this.timers = [
      setInterval(() => void this.sweep().catch(() => undefined), Math.min(60_000, Math.max(1000, this.ttlMs, this.heartbeatMs))),
      setInterval(() => void this.beat().catch(() => undefined), this.heartbeatMs),
    ];
    for (const t of this.timers) t.unref();
  }

  /** What this process last counted in the database (the bounds checked at each submit and finish). */
  get stored(): { queries: number; resultIds: number } {
    return { ...this.counted };
  }

  /** As QueryEngine.start: answers once the query has finished here or `answerWithinMs` has passed. */
  async start(kind: QueryKind, run: () => Promise<QueryOutcome>, notRun?: () => void): Promise<string> {
    if (this.closed) throw new Error('query engine is closed');
    // The first heartbeat must be in before a query names this process (after an outage, beat again).
    await this.alive.catch(() => (this.alive = this.beat()));
    const id = randomUUID();
    const [tally] = await sql<TallyRow>(
      this.pool,
      `WITH room AS (UPDATE query_tally SET queries = queries + 1 WHERE queries < $4 RETURNING queries, result_ids),
         added AS (INSERT INTO queries (id, kind, status, message, count, created_at, owner) SELECT $1, $2, 'Created', '', 0, now(), $3 FROM room)
       SELECT queries, result_ids FROM room`,
      [id, kind, this.processId, this.maxQueries],
    );
    if (tally) this.note(tally);
    else {
      await this.withRoom(1, 0, undefined, async (client) => {
        await client.query(`INSERT INTO queries (id, kind, status, message, count, created_at, owner) VALUES ($1, $2, 'Created', '', 0, now(), $3)`, [
          id,
          kind,
          this.processId,
        ]);
        return true;
      });
    }
    let ran = false;
    const job = this.execute(id, () => {
      ran = true;
      return run();
    }).finally(() => {
      this.running.delete(job);
      if (!ran) notRun?.();
    });
    this.running.add(job);
    const within = this.options.answerWithinMs ?? DEFAULT_ANSWER_WITHIN_MS;
    if (within > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([job, new Promise((resolve) => (timer = setTimeout(resolve, within)))]);
      clearTimeout(timer);
    }
    return id;
  }

  async get(id: string): Promise<Query | undefined> {
    if (!UUID.test(id)) return undefined;
    let [row] = await this.read(id);
    if (row?.orphaned) {
      await this.failOrphans(id);
      [row] = await this.read(id);
    }
    if (!row) return undefined;
    return {
      id: row.id,
      kind: row.kind,
      status: row.status,
      message: row.message,
      count: row.count,
      createdAt: row.created_at.getTime(),
      finishedAt: row.finished_at?.getTime(),
      outcome: row.outcome ?? undefined,
    };
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearInterval(t);
    this.endDelays();
  }

  /** Resolves when every query this process accepted has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  /** After close: waits for this process's queries, then removes its heartbeat (what it left running is failed). */
  async retire(): Promise<void> {
    await this.idle();
    await sql(this.pool, 'DELETE FROM service_processes WHERE id = $1', [this.processId]).catch(() => undefined);
  }

  private read(id: string): Promise<QueryRow[]> {
    return sql<QueryRow>(
      this.pool,
      `SELECT q.*, q.status IN ('Created', 'Processing') AND NOT ${this.ownerAlive('q')} AS orphaned
       FROM queries q WHERE q.id = $1 AND q.created_at > now() - make_interval(secs => $2)`,
      [id, this.ttlMs / 1000, this.staleSeconds],
    );
  }

  private get staleSeconds(): number {
    return (MISSED_BEATS * this.heartbeatMs) / 1000;
  }

  /** SQL: the owner of query row `q` has beaten within the stale bound (parameter $3: seconds). */
  private ownerAlive(q: string): string {
    return `EXISTS (SELECT 1 FROM service_processes p WHERE p.id = ${q}.owner AND p.seen_at > now() - make_interval(secs => $3))`;
  }

  private async beat(): Promise<void> {
    if (this.closed) return;
    await sql(this.pool, 'INSERT INTO service_processes (id, seen_at) VALUES ($1, now()) ON CONFLICT (id) DO UPDATE SET seen_at = now()', [
      this.processId,
    ]);
  }

  /** Marks Failed the running queries (this one, or all when `id` is null) whose process stopped beating. */
  private async failOrphans(id: string | null): Promise<void> {
    await sql(
      this.pool,
      `UPDATE queries q SET status = 'Failed', message = $2, count = 0, finished_at = now()
       WHERE q.status IN ('Created', 'Processing') AND ($1::uuid IS NULL OR q.id = $1::uuid) AND NOT ${this.ownerAlive('q')}`,
      [id, ORPHANED_MESSAGE, this.staleSeconds],
    );
  }

  private note(tally: TallyRow): void {
    this.counted = { queries: Number(tally.queries), resultIds: Number(tally.result_ids) };
  }

  /**
   * At a bound: holding the tally's row (every other writer waits), drops expired rows, counts exactly, drops the
   * oldest finished queries (never `keep`) down to HEADROOM of each bound, throws QueryStoreFull when every stored
   * query is still running, then runs `write` (which says whether it wrote) and sets the tally to the exact totals.
   */
  private async withRoom(queries: number, ids: number, keep: string | undefined, write: (client: PoolClient) => Promise<boolean>): Promise<void> {
    await inTransaction(this.pool, async (client) => {
      await client.query('SELECT 1 FROM query_tally FOR UPDATE');
      await client.query('DELETE FROM queries WHERE created_at < now() - make_interval(secs => $1)', [this.ttlMs / 1000]);
      let left = await this.count(client);
      const over = (stored: number, more: number, bound: number): number =>
        stored + more > bound ? stored + more - Math.floor(HEADROOM * bound) : 0;
      const dropQueries = over(left.queries, queries, this.maxQueries);
      const dropIds = over(left.resultIds, ids, this.maxResultIds);
      if (dropQueries > 0 || dropIds > 0) {
        // Oldest finished first: the first `dropQueries` of them, and as many more as free `dropIds` result IDs.
        const dropped = await client.query<{ count: number }>(
          `DELETE FROM queries WHERE id IN (
             SELECT id FROM (
               SELECT id, count, row_number() OVER w AS k, sum(count) OVER w AS upto
               FROM queries WHERE finished_at IS NOT NULL AND id IS DISTINCT FROM $3::uuid
               WINDOW w AS (ORDER BY created_at, id)
             ) o WHERE k <= $1 OR upto - count < $2
           ) RETURNING count`,
          [dropQueries, dropIds, keep ?? null],
        );
        left = {
          queries: left.queries - dropped.rows.length,
          resultIds: left.resultIds - dropped.rows.reduce((n, r) => n + r.count, 0),
        };
      }
      if (left.queries + queries > this.maxQueries) throw new QueryStoreFull(FULL_RETRY_AFTER_S);
      const wrote = await write(client);
      const tally = wrote ? { queries: left.queries + queries, resultIds: left.resultIds + ids } : left;
      await client.query('UPDATE query_tally SET queries = $1, result_ids = $2', [tally.queries, tally.resultIds]);
      this.counted = tally;
    });
  }

  /** Stored (unexpired) queries and the result IDs of the finished ones. */
  private async count(db: Pool | PoolClient): Promise<{ queries: number; resultIds: number }> {
    const [row] = await sql<{ n: string; held: string }>(
      db,
      `SELECT count(*) AS n, coalesce(sum(count) FILTER (WHERE finished_at IS NOT NULL), 0) AS held
       FROM queries WHERE created_at > now() - make_interval(secs => $1)`,
      [this.ttlMs / 1000],
    );
    return { queries: Number(row.n), resultIds: Number(row.held) };
  }

  private async execute(id: string, run: () => Promise<QueryOutcome>): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    try {
      await this.set(id, 'Processing', '', 0, null);
      if (this.delayMs > 0) {
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([new Promise((resolve) => (timer = setTimeout(resolve, this.delayMs))), this.delaysEnded]);
        clearTimeout(timer);
      }
      if (this.closed) return;
      const outcome = await run();
      const count = outcome.kind === 'ids' ? outcome.ids.length : outcome.entries.reduce((n, e) => n + e.results.length, 0);
      if (count > this.resultCap)
        await this.set(id, 'TooManyRecords', `More than ${this.resultCap} records match; narrow the search.`, 0, null, true);
      else await this.set(id, 'Complete', outcome.kind === 'ids' ? (outcome.message ?? '') : '', count, outcome, true);
    } catch (err) {
      this.options.log?.(`query ${id} failed: ${err instanceof Error ? err.message : String(err)}`);
      await this.set(id, 'Failed', 'The search failed on the server.', 0, null, true).catch(() => undefined);
    }
  }

  /** Writes a state of a running query (a query another process has already failed stays as it is). */
  private async set(id: string, status: QueryStatus, message: string, count: number, outcome: QueryOutcome | null, finished = false): Promise<void> {
    const update = `UPDATE queries SET status = $2, message = $3, count = $4, outcome = $5, finished_at = CASE WHEN $6 THEN now() END
      WHERE id = $1 AND status IN ('Created', 'Processing')`;
    const json = outcome === null ? null : JSON.stringify(outcome, typedAsArrays);
    if (!finished || count === 0) {
      await sql(this.pool, update, [id, status, message, count, json, finished]);
      return;
    }
    // The result IDs are added to the tally with the row that holds them, when they fit.
    const [tally] = await sql<TallyRow & { updated: string }>(
      this.pool,
      `WITH room AS (UPDATE query_tally SET result_ids = result_ids + $4 WHERE result_ids + $4 <= $6 RETURNING queries, result_ids),
         done AS (UPDATE queries SET status = $2, message = $3, count = $4, outcome = $5, finished_at = now()
           WHERE id = $1 AND status IN ('Created', 'Processing') AND EXISTS (SELECT 1 FROM room) RETURNING 1)
       SELECT queries, result_ids, (SELECT count(*) FROM done) AS updated FROM room`,
      [id, status, message, count, json, this.maxResultIds],
    );
    if (!tally) {
      await this.withRoom(0, count, id, async (client) => (await client.query(update, [id, status, message, count, json, true])).rowCount === 1);
    } else if (Number(tally.updated) === 0) {
      // Another process failed this query meanwhile: its result IDs are not held.
      await sql(this.pool, 'UPDATE query_tally SET result_ids = result_ids - $1', [count]);
    } else this.note(tally);
  }

  private async sweep(): Promise<void> {
    await sql(
      this.pool,
      `WITH gone AS (DELETE FROM queries WHERE created_at < now() - make_interval(secs => $1) RETURNING count, finished_at)
       UPDATE query_tally SET queries = queries - (SELECT count(*) FROM gone),
         result_ids = result_ids - (SELECT coalesce(sum(count) FILTER (WHERE finished_at IS NOT NULL), 0) FROM gone)
       WHERE EXISTS (SELECT 1 FROM gone)`,
      [this.ttlMs / 1000],
    );
    await this.failOrphans(null);
    await sql(this.pool, 'DELETE FROM service_processes WHERE seen_at < now() - make_interval(secs => $1)', [
      Math.max(this.ttlMs / 1000, 10 * this.staleSeconds),
    ]);
  }
}

/** JSON keeps a typed array (or a bitset) of result IDs as an object: write it as the array it stands for. */
function typedAsArrays(_key: string, value: unknown): unknown {
  const ids = value as IdsDecodedOnRead | null;
  return typeof ids === 'object' && ids !== null && typeof ids.subarray === 'function' ? Array.from(ids) : value;
}
