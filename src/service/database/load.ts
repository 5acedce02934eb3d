/**
 * `compound-db load --database URL [FILE.sdf ...]`: records into the PostgreSQL store with COPY, in batches
 * committed with their progress (table `loads`, store/postgres/write-load.ts), so an interrupted load run again
 * writes only the batches not yet committed. Without files, the shipped collection. Each file becomes one
 * datasource, named and numbered exactly as the in-memory loader does, with the same report line.
 */
import { promises as fs } from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import type { Chemistry } from '../toolkits';
import { PostgresStore } from '../store/postgres/postgres-store';
import { query } from '../store/postgres/pool';
import { ensureStructureIndexes } from '../store/postgres/structure-indexes';
import { previousLoad, writeLoad } from '../store/postgres/write-load';
import { dataSourceNameFor, loadReport } from '../collection/data-files';
import { recordsFromSdf } from '../collection/sdf-records';
import { loadShippedCollection } from '../collection/shipped-collection';

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
        const r = await writeLoad(store, { key, dataSource: 'shipped collection', firstId: records[0]?.id ?? 1, skipped: 0 }, records);
        written += r.written;
        log(`loaded ${records.length} records of the shipped collection${r.resumed ? ` (resumed: ${r.written} were left)` : ''}`);
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
      const r = await writeLoad(store, { key, dataSource: name, firstId, skipped: added.skipped?.length ?? 0 }, added);
      written += r.written;
      const [summary, ...skippedLines] = loadReport(added, file, name);
      log(summary + (r.resumed ? ` (resumed: ${r.written} were left)` : ''));
      skippedLines.forEach((line) => log(line));
    }
    await ensureStructureIndexes(store.pool);
    await query(store.pool, 'ANALYZE records');
  } finally {
    await store.close();
  }
  return written;
}
