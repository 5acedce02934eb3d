/**
 * Where asynchronous queries live: in this process (QueryEngine) or in the database (PostgresQueries), so that
 * every service process over one database answers the same query IDs. The routes use only this.
 */
import type { Query, QueryKind, QueryOutcome } from './query-engine';

export interface Queries {
  /**
   * Queues a search; answers its query ID once it has finished or the engine's answer time has passed (`run` may not
   * have begun by then). `notRun` is called when the query ends without `run` (it failed before it could start).
   */
  start(kind: QueryKind, run: () => Promise<QueryOutcome>, notRun?: () => void): Promise<string>;
  /** The query, or undefined when unknown or expired. */
  get(id: string): Query | undefined | Promise<Query | undefined>;
  close(): void;
  /** What this process holds (the in-memory engine's bounds); undefined where the queries live in the database. */
  readonly stored?: { queries: number; resultIds: number };
}
