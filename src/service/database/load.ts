/**
 * `compound-db load --database URL [FILE.sdf ...]`: records into the PostgreSQL store with COPY, in batches of
 * BATCH records, each batch committed with its progress (table `loads`), so an interrupted load run again
 * continues after the last committed batch. A large file is loaded with the cartridge's GiST indexes dropped and
 * built again at the end (structure-indexes.ts). Without files, the shipped collection. Each file becomes one
 * datasource, named and numbered exactly as the in-memory loader does, with the same report line.
 */
import { promises as fs } from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import type { Chemistry } from '../chemistry';
import { loadShippedCollection, recordsFromSdf } from '../chemistry';
import { PostgresStore } from '../store/postgres/postgres-store';
import { copyRecords } from '../store/postgres/copy-records';
import { inTransaction, query } from '../store/postgres/pool';
import { ensureStructureIndexes, withStructureIndexesRebuilt, worthRebuilding } from '../store/postgres/structure-indexes';
import type { CompoundRecord } from '../store/record';
import { dataSourceNameFor, loadReport } from '../load-records';

export const BATCH = 5000;

interface LoadRow {
  data_source: string;
  first_id: number;
  entries_done: number;
  records_done: number;
  skipped: number;
  finished: boolean;
}

export interface LoadSummary {
  records: number;
  resumed: boolean;
}

/** Writes `records` after those already committed for `key`; returns how many this run wrote. */
async function writeResumable(
  store: PostgresStore,
  key: string,
  before: LoadRow | undefined,
  name: string,
  firstId: number,
  records: readonly CompoundRecord[],
  skipped: number,
): Promise<LoadSummary> {
  const done = before?.records_done ?? 0;
  if (!before) {
    await query(
      store.pool,
      'INSERT INTO loads (source_key, data_source, first_id, entries_done, records_done, skipped, finished) VALUES ($1, $2, $3, 0, 0, $4, false)',
      [key, name, firstId, skipped],
    );
  }
  const write = async (): Promise<void> => {
    for (let at = done; at < records.length; at += BATCH) {
      const batch = records.slice(at, at + BATCH);
      await inTransaction(store.pool, async (client) => {
        const { rows } = await client.query<{ next: string }>('SELECT coalesce(max(pos), -1) + 1 AS next FROM records');
        await copyRecords(client, batch, Number(rows[0].next));
        await client.query('UPDATE loads SET records_done = $2, entries_done = $2 WHERE source_key = $1', [key, at + batch.length]);
      });
    }
  };
  if (worthRebuilding(records.length - done, await store.refreshSize())) await withStructureIndexesRebuilt(store.pool, write);
  else await write();
  await query(store.pool, 'UPDATE loads SET finished = true WHERE source_key = $1', [key]);
  return { records: records.length - done, resumed: done > 0 };
}

async function previousLoad(store: PostgresStore, key: string): Promise<LoadRow | undefined> {
  return (await query<LoadRow>(store.pool, 'SELECT * FROM loads WHERE source_key = $1', [key]))[0];
}

/** Past every stored ID and every ID of the shipped collection, so that it can still be loaded later. */
async function nextId(store: PostgresStore, dataDir: string | undefined): Promise<number> {
  const [row] = await query<{ top: number }>(store.pool, 'SELECT coalesce(max(id), 0) AS top FROM records');
  const shipped = await loadShippedCollection(dataDir);
  return shipped.reduce((max, r) => Math.max(max, r.id), row.top) + 1;
}

export async function loadIntoDatabase(
  url: string,
  files: readonly string[],
  chemistry: () => Promise<Chemistry>,
  log: (line: string) => void,
  dataDir?: string,
): Promise<number> {
  const store = await PostgresStore.open(url);
  let written = 0;
  try {
    if (!files.length) {
      const records = await loadShippedCollection(dataDir);
      const key = `shipped:${records.length}:${records[0]?.id}:${records[records.length - 1]?.id}`;
      const before = await previousLoad(store, key);
      if (before?.finished) log('the shipped collection is already loaded');
      else {
        const r = await writeResumable(store, key, before, 'shipped collection', records[0]?.id ?? 1, records, 0);
        written += r.records;
        log(`loaded ${records.length} records of the shipped collection${r.resumed ? ` (resumed: ${r.records} were left)` : ''}`);
      }
    }
    for (const file of files) {
      const stat = await fs.stat(file).catch((err: NodeJS.ErrnoException) => {
        throw new Error(`cannot read SDF file ${file}: ${err.code ?? err.message}`);
      });
      const key = `sdf:${path.resolve(file)}:${stat.size}:${stat.mtimeMs}`;
      const before = await previousLoad(store, key);
      if (before?.finished) {
        log(`${file} is already loaded as datasource "${before.data_source}"`);
        continue;
      }
      const text = await fs.readFile(file, 'utf8');
      const name = before?.data_source ?? dataSourceNameFor(file, new Set((await store.dataSources()).map((s) => s.toLowerCase())));
      const firstId = before?.first_id ?? (await nextId(store, dataDir));
      const added = await recordsFromSdf(text, name, await chemistry(), firstId, { sourceUrl: pathToFileURL(path.resolve(file)).href });
      const r = await writeResumable(store, key, before, name, firstId, added, added.skipped?.length ?? 0);
      written += r.records;
      const [summary, ...skippedLines] = loadReport(added, file, name);
      log(summary + (r.resumed ? ` (resumed: ${r.records} were left)` : ''));
      skippedLines.forEach((line) => log(line));
    }
    await ensureStructureIndexes(store.pool);
    await query(store.pool, 'ANALYZE records');
  } finally {
    await store.close();
  }
  return written;
}
