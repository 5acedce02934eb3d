/**
 * Required by test/service/.mocharc.postgres.json: every `startService` of the suites runs over PostgreSQL.
 * Each call gets a fresh database on the test cluster (COMPOUND_DB_TEST_DATABASE, started by
 * scripts/test-postgres.js), loaded with the records the test asked for through the same COPY path as
 * `compound-db load`, and dropped when the service closes. The suites themselves are unchanged.
 */
import * as service from '../../../src/service';
import { loadChemistry } from '../../../src/service/chemistry';
import { loadRecords } from '../../../src/service/load-records';
import { PostgresStore } from '../../../src/service/store/postgres/postgres-store';
import { createDatabase } from '../../../src/service/database/cluster';
import { Client } from 'pg';

const adminUrl = process.env.COMPOUND_DB_TEST_DATABASE;
if (!adminUrl) throw new Error('COMPOUND_DB_TEST_DATABASE is not set: run the PostgreSQL suite through scripts/test-postgres.js');

let counter = 0;
/** SQLSTATE of "database is being accessed by other users". */
const OBJECT_IN_USE = '55006';

/** A fresh empty database on the test cluster; returns its URL and a function that drops it. */
export async function freshDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${process.pid}_${++counter}`;
  const url = new URL(adminUrl!);
  url.pathname = '/postgres';
  await createDatabase(url.href, name);
  const dbUrl = new URL(adminUrl!);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.href,
    drop: async () => {
      const admin = new Client({ connectionString: url.href });
      await admin.connect();
      try {
        // A connection the service abandoned (its answer overdue) ends with its statement's timeout: FORCE waits for it.
        for (const giveUp = Date.now() + 120_000; ; await new Promise((resolve) => setTimeout(resolve, 500))) {
          try {
            await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
            return;
          } catch (err) {
            if ((err as { code?: unknown }).code !== OBJECT_IN_USE || Date.now() > giveUp) throw err;
          }
        }
      } finally {
        await admin.end();
      }
    },
  };
}

const original = service.startService;

async function startOverPostgres(options: service.ServiceOptions = {}): Promise<service.RunningService> {
  if (options.database) return original(options);
  const { url, drop } = await freshDatabase();
  try {
    const chemistry = options.chemistry ?? (await loadChemistry({ wasmDir: options.wasmDir }));
    const loaded = options.records
      ? { records: options.records, skippedFiles: [] }
      : await loadRecords(() => Promise.resolve(chemistry), options.dataDir, options.dataFiles ?? [], options.log ?? (() => undefined));
    const records = loaded.records;
    const store = await PostgresStore.open(url);
    try {
      await store.append(records);
    } finally {
      await store.close();
    }
    const running = await original({ ...options, chemistry, records: undefined, dataFiles: undefined, database: url });
    let closing: Promise<void> | undefined;
    return { ...running, skippedDataFiles: loaded.skippedFiles, close: () => (closing ??= running.close().then(drop)) };
  } catch (err) {
    await drop();
    throw err;
  }
}

(service as { startService: typeof original }).startService = startOverPostgres;
