/**
 * Asynchronous queries kept in PostgreSQL: the process that accepts a query runs it and writes each state
 * change (Created, Processing, then Complete with its results, TooManyRecords or Failed) to the `queries`
 * table; any process over the same database answers its status and results. Expired rows are swept.
 * A query whose process died while running stays Processing until it expires.
 */
import { randomUUID } from 'crypto';
import type { Pool } from 'pg';
import type { QueryStatus } from '../../wire';
import { query as sql } from '../store/postgres/pool';
import {
  DEFAULT_ANSWER_WITHIN_MS,
  DEFAULT_QUERY_TTL_MS,
  DEFAULT_RESULT_CAP,
  type Query,
  type QueryEngineOptions,
  type QueryKind,
  type QueryOutcome,
} from './query-engine';
import type { Queries } from './queries';

interface QueryRow {
  id: string;
  kind: QueryKind;
  status: QueryStatus;
  message: string;
  count: number;
  created_at: Date;
  finished_at: Date | null;
  outcome: QueryOutcome | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class PostgresQueries implements Queries {
  private readonly delayMs: number;
  readonly resultCap: number;
  private readonly ttlMs: number;
  private readonly sweeper: NodeJS.Timeout;
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(
    private readonly pool: Pool,
    private readonly options: QueryEngineOptions = {},
  ) {
    this.delayMs = options.delayMs ?? 0;
    this.resultCap = options.resultCap ?? DEFAULT_RESULT_CAP;
    this.ttlMs = options.ttlMs ?? DEFAULT_QUERY_TTL_MS;
    this.sweeper = setInterval(() => void this.sweep().catch(() => undefined), Math.min(60_000, Math.max(1000, this.ttlMs)));
    this.sweeper.unref();
  }

  /** As QueryEngine.start: answers once the query has finished here or `answerWithinMs` has passed. */
  async start(kind: QueryKind, run: () => Promise<QueryOutcome>): Promise<string> {
    if (this.closed) throw new Error('query engine is closed');
    const id = randomUUID();
    await sql(this.pool, `INSERT INTO queries (id, kind, status, message, count, created_at) VALUES ($1, $2, 'Created', '', 0, now())`, [id, kind]);
    const job = this.execute(id, run).finally(() => this.running.delete(job));
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
    const [row] = await sql<QueryRow>(this.pool, 'SELECT * FROM queries WHERE id = $1 AND created_at > now() - make_interval(secs => $2)', [
      id,
      this.ttlMs / 1000,
    ]);
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
    clearInterval(this.sweeper);
  }

  /** Resolves when every query this process accepted has finished (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }

  private async execute(id: string, run: () => Promise<QueryOutcome>): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    try {
      await this.set(id, 'Processing', '', 0, null);
      if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs));
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

  private async set(id: string, status: QueryStatus, message: string, count: number, outcome: QueryOutcome | null, finished = false): Promise<void> {
    await sql(
      this.pool,
      `UPDATE queries SET status = $2, message = $3, count = $4, outcome = $5, finished_at = CASE WHEN $6 THEN now() END WHERE id = $1`,
      [id, status, message, count, outcome === null ? null : JSON.stringify(outcome), finished],
    );
  }

  private async sweep(): Promise<void> {
    await sql(this.pool, 'DELETE FROM queries WHERE created_at < now() - make_interval(secs => $1)', [this.ttlMs / 1000]);
  }
}
