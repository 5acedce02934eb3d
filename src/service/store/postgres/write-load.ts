/**
 * One resumable bulk load into the PostgreSQL store: the load reserves its record positions first (so its
 * records keep their order whatever order its batches commit in), then writes batches of `batch` records on
 * `connections` connections at once, each batch one transaction with its progress. The cartridge's work (parsing
 * each SMILES, its Morgan fingerprint, both GiST indexes kept up row by row) runs in each connection's server
 * process, so two connections use both cores of a small machine; building the GiST indexes once at the end
 * instead costs about the same CPU but on one core (measured: src/service/README.md). Run again with the same
 * key after an interruption, it writes only the batches no earlier run committed.
 */
import type { PoolClient } from 'pg';
import type { CompoundRecord } from '../../record';
import type { PostgresStore } from './postgres-store';
import { analyzeRecords, copyRecords } from './copy-records';
import { inTransaction, query } from './pool';

export const LOAD_BATCH = 5000;
export const LOAD_CONNECTIONS = 2;

/** Reserving positions for one load at a time (any constant distinct from the migrations' lock). */
const RESERVE_LOCK = 0x636463;

export interface LoadIdentity {
  /** What is loaded (a file's path, size and time; the shipped collection's size and IDs). */
  key: string;
  dataSource: string;
  firstId: number;
  skipped: number;
}

export interface LoadRow {
  data_source: string;
  first_id: number;
  records_done: number;
  finished: boolean;
}

export interface LoadProgress {
  /** Records this run wrote. */
  written: number;
  /** Whether an earlier run had committed part of this load. */
  resumed: boolean;
}

export async function previousLoad(store: PostgresStore, key: string): Promise<LoadRow | undefined> {
  return (await query<LoadRow>(store.pool, 'SELECT data_source, first_id, records_done, finished FROM loads WHERE source_key = $1', [key]))[0];
}

/** Past every stored record and every load's reservation; call it holding RESERVE_LOCK. */
async function nextFreePosition(client: PoolClient): Promise<number> {
  const { rows } = await client.query<{ pos: string }>(
    'SELECT greatest((SELECT coalesce(max(pos), -1) + 1 FROM records), (SELECT coalesce(max(first_pos + total), 0) FROM loads)) AS pos',
  );
  return Number(rows[0].pos);
}

/** The next free position, held for the caller's transaction (which appends there) against every other writer. */
export async function reservePositions(client: PoolClient): Promise<number> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [RESERVE_LOCK]);
  return nextFreePosition(client);
}

/**
 * The load's row with its first position: a new load reserves positions past every stored record and every
 * other load's reservation; a load an older version began (no reservation) continues after its first record.
 */
async function reserve(client: PoolClient, load: LoadIdentity, records: readonly CompoundRecord[]): Promise<number> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [RESERVE_LOCK]);
  const { rows } = await client.query<{ first_pos: string | null }>('SELECT first_pos FROM loads WHERE source_key = $1', [load.key]);
  if (rows[0]?.first_pos != null) return Number(rows[0].first_pos);
  const { rows: started } = await client.query<{ pos: string }>('SELECT pos FROM records WHERE id = $1', [records[0]?.id ?? null]);
  const firstPos = started.length ? Number(started[0].pos) : await nextFreePosition(client);
  await client.query(
    `INSERT INTO loads (source_key, data_source, first_id, entries_done, records_done, skipped, finished, first_pos, total)
     VALUES ($1, $2, $3, 0, 0, $4, false, $5, $6)
     ON CONFLICT (source_key) DO UPDATE SET first_pos = excluded.first_pos, total = excluded.total`,
    [load.key, load.dataSource, load.firstId, load.skipped, firstPos, records.length],
  );
  // The datasources are the records' own, in the order the in-memory store meets them (its batches may commit in any
  // order); the load's label ("shipped collection") names only a load whose records name none.
  const names = [...new Set(records.flatMap((r) => r.dataSources))];
  for (const name of names.length ? names : [load.dataSource]) {
    await client.query('INSERT INTO data_sources (name) VALUES ($1) ON CONFLICT (name) DO NOTHING', [name]);
  }
  return firstPos;
}

/** The starts of the batches an earlier run committed (a batch commits whole, so its first record tells). */
async function committedBatches(store: PostgresStore, records: readonly CompoundRecord[], batch: number): Promise<Set<number>> {
  const firstIds = new Map<number, number>();
  for (let at = 0; at < records.length; at += batch) firstIds.set(records[at].id, at);
  const rows = await query<{ id: number }>(store.pool, 'SELECT id FROM records WHERE id = ANY($1::int[])', [[...firstIds.keys()]]);
  return new Set(rows.map((r) => firstIds.get(r.id)!));
}

export async function writeLoad(
  store: PostgresStore,
  load: LoadIdentity,
  records: readonly CompoundRecord[],
  { batch = LOAD_BATCH, connections = LOAD_CONNECTIONS } = {},
): Promise<LoadProgress> {
  const firstPos = await inTransaction(store.pool, (client) => reserve(client, load, records));
  const done = await committedBatches(store, records, batch);
  const todo: number[] = [];
  for (let at = 0; at < records.length; at += batch) if (!done.has(at)) todo.push(at);
  let written = 0;
  let failed = false;
  const worker = async (): Promise<void> => {
    for (let at = todo.shift(); at !== undefined && !failed; at = todo.shift()) {
      const part = records.slice(at, at + batch);
      await inTransaction(store.pool, async (client) => {
        await copyRecords(client, part, firstPos + at);
        // Last in the transaction: the row lock it takes is held only until the commit that follows.
        await client.query('UPDATE loads SET records_done = records_done + $2, entries_done = entries_done + $2 WHERE source_key = $1', [
          load.key,
          part.length,
        ]);
      }).catch((err: unknown) => {
        failed = true;
        throw err;
      });
      written += part.length;
    }
  };
  // Every batch in flight ends (committed or rolled back) before the first failure is thrown.
  const ends = await Promise.allSettled(Array.from({ length: Math.max(1, Math.min(connections, todo.length)) }, worker));
  const failure = ends.find((e): e is PromiseRejectedResult => e.status === 'rejected');
  if (failure) throw failure.reason;
  await query(store.pool, 'UPDATE loads SET finished = true WHERE source_key = $1', [load.key]);
  await analyzeRecords(store.pool);
  return { written, resumed: done.size > 0 };
}
