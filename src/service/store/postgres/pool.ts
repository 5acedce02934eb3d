/**
 * The connection pool of the PostgreSQL store and the query store: every session uses 2048-bit Morgan
 * fingerprints (the shared contract; the cartridge's default is 512), and an error that means "the database
 * is not reachable" becomes StoreUnavailableError so the routes answer 503 with Retry-After.
 */
import { Pool, type PoolClient, type QueryResultRow } from 'pg';
import { StoreUnavailableError } from '../unavailable';

export const MORGAN_FP_BITS = 2048;
const RETRY_AFTER_SECONDS = 2;

export function openPool(url: string, max = 8): Pool {
  const pool = new Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    options: `-c rdkit.morgan_fp_size=${MORGAN_FP_BITS}`,
  });
  // An idle client losing its server must not crash the process: the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

/** SQLSTATE classes and socket errors that mean the server went away or is not up yet. */
export function isConnectionError(err: unknown): boolean {
  if (!(err instanceof Error)) return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && (/^(08|57P0[1-3])/.test(code) || /^E(CONNREFUSED|CONNRESET|PIPE|NOTFOUND|TIMEDOUT)$/.test(code))) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable/i.test(err.message);
}

export function unavailableOr(err: unknown): unknown {
  return isConnectionError(err) ? new StoreUnavailableError(RETRY_AFTER_SECONDS, err) : err;
}

const statementNames = new Map<string, string>();
/** Every caller passes one of the store's fixed SQL templates, so the names stay few; past this, unnamed. */
const MAX_NAMED_STATEMENTS = 200;

/**
 * A name per SQL text, so each connection parses and plans it once instead of at every call (a record read by ID:
 * 0.21-0.23 ms of server CPU unnamed, 0.08-0.10 ms named, measured on the shared machine).
 */
function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) statementNames.set(text, (name = `cdb${statementNames.size}`));
  return name;
}

/** A parameterised query (a prepared statement per text); connection failures become StoreUnavailableError. */
export async function query<R extends QueryResultRow>(pool: Pool | PoolClient, text: string, values: unknown[] = []): Promise<R[]> {
  try {
    return (await pool.query<R>({ name: statementName(text), text, values })).rows;
  } catch (err) {
    throw unavailableOr(err);
  }
}

/** An answer due by `deadline` (ms since the epoch) whatever the database does: `late()` gives it then. */
export interface AnswerBy<T> {
  deadline: number;
  late: () => T;
}

/**
 * Runs `work` in one transaction on one pooled connection. With `by`, the answer comes by its deadline even when the
 * server does not: the cartridge's RDKit checks for cancellation only between records, so one record can hold a
 * statement far past its statement_timeout (a 3 s timeout fired after 30 s on a C60 cage walk). Then the connection
 * is dropped from the pool (its backend stops at its next interrupt check, its statement_timeout being past) and
 * `late()` answers.
 */
export async function inTransaction<T>(pool: Pool, work: (client: PoolClient) => Promise<T>, by?: AnswerBy<T>): Promise<T> {
  let client: PoolClient;
  try {
    client = await pool.connect();
  } catch (err) {
    throw unavailableOr(err);
  }
  const run = (async () => {
    await client.query('BEGIN');
    const out = await work(client);
    await client.query('COMMIT');
    return { out };
  })();
  let timer: NodeJS.Timeout | undefined;
  const overdue = by && new Promise<undefined>((resolve) => (timer = setTimeout(() => resolve(undefined), Math.max(0, by.deadline - Date.now()))));
  try {
    const done = await (overdue ? Promise.race([run, overdue]) : run);
    if (done) {
      client.release();
      return done.out;
    }
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release();
    throw unavailableOr(err);
  } finally {
    clearTimeout(timer);
  }
  run.catch(() => undefined);
  client.release(new Error('the statement outlived its deadline'));
  return by!.late();
}
