/**
 * Required by test/service/.mocharc.postgres.json: every `startService` of the suites runs over PostgreSQL.
 * Each call gets a fresh database on the test cluster (COMPOUND_DB_TEST_DATABASE, started by
 * scripts/test-postgres.js), loaded with the records the test asked for through the same COPY path as
 * `compound-db load`, and dropped when the service closes. The suites themselves are unchanged.
 */
import type * as service from '../../../src/service';
import * as composition from '../../../src/service/start-service';
import { loadChemistry } from '../../../src/service/toolkits';
import { loadRecords } from '../../../src/service/collection/data-files';
import { PostgresStore } from '../../../src/service/store/postgres/postgres-store';
import { createDatabase } from '../../../src/service/database/cluster';
import { Client } from 'pg';
import { createHash } from 'crypto';
import type { Chemistry } from '../../../src/service/toolkits';
import type { CompoundRecord } from '../../../src/service/record';

const adminUrl = process.env.COMPOUND_DB_TEST_DATABASE;
if (!adminUrl) throw new Error('COMPOUND_DB_TEST_DATABASE is not set: run the PostgreSQL suite through scripts/test-postgres.js');

let counter = 0;
/** SQLSTATE of "database is being accessed by other users". */
const OBJECT_IN_USE = '55006';

/** The admin database's URL, or the URL of the database `name` on the test cluster. */
function databaseUrl(name = 'postgres'): string {
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return url.href;
}

/**
 * A fresh database on the test cluster, empty or a file copy of `template` (half a second where loading the shipped
 * collection takes 8-25 s); returns its URL and a function that drops it.
 */
export async function freshDatabase(template?: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${process.pid}_${++counter}`;
  const url = new URL(databaseUrl());
  if (template) await copyDatabase(template, name);
  else await createDatabase(url.href, name);
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

async function copyDatabase(template: string, name: string): Promise<void> {
  const admin = new Client({ connectionString: databaseUrl() });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template} STRATEGY FILE_COPY`);
  } finally {
    await admin.end();
  }
}

/** A record as a short digest of everything it holds (its MOL blocks included): equal digests, equal records. */
function recordDigest(record: CompoundRecord): string {
  return createHash('sha1').update(JSON.stringify(record)).digest('base64');
}

/**
 * The shipped collection as the store writes it, loaded once per run into a database no service ever opens, with each
 * record's digest: most service tests start a service over it or over it and a few records more, and each then gets
 * a copy of it (and those records appended).
 */
let shippedTemplate: Promise<{ name: string; digests: string[] }> | undefined;
function shippedCollectionTemplate(chemistry: Chemistry): Promise<{ name: string; digests: string[] }> {
  shippedTemplate ??= (async () => {
    const name = `shipped_${process.pid}`;
    await createDatabase(databaseUrl(), name);
    const { records } = await loadRecords(
      () => Promise.resolve(chemistry),
      undefined,
      [],
      () => undefined,
    );
    await writeRecords(databaseUrl(name), records);
    return { name, digests: records.map(recordDigest) };
  })();
  shippedTemplate.catch(() => (shippedTemplate = undefined));
  return shippedTemplate;
}

/** True when `records` begin with the shipped collection exactly as the template holds it. */
function beginsWithShipped(records: readonly CompoundRecord[], digests: readonly string[]): boolean {
  return records.length >= digests.length && digests.every((digest, i) => recordDigest(records[i]) === digest);
}

const original = composition.startService;

/** Writes `records` into the (empty, migrated on open) database at `url`. */
async function writeRecords(url: string, records: CompoundRecord[]): Promise<void> {
  const store = await PostgresStore.open(url);
  try {
    await store.append(records);
  } finally {
    await store.close();
  }
}

/**
 * A fresh database holding `records` (none given: the shipped collection), as `compound-db load` writes them: a copy
 * of the shipped collection's template when they begin with it, the records after it appended; dropped by `drop`.
 */
export async function databaseWith(
  records: readonly CompoundRecord[] | undefined,
  chemistry?: Chemistry,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const template = await shippedCollectionTemplate(chemistry ?? (await loadChemistry()));
  const fromTemplate = !records || beginsWithShipped(records, template.digests);
  const db = await freshDatabase(fromTemplate ? template.name : undefined);
  try {
    const toWrite = records ? records.slice(fromTemplate ? template.digests.length : 0) : [];
    if (toWrite.length) await writeRecords(db.url, [...toWrite]);
    return db;
  } catch (err) {
    await db.drop();
    throw err;
  }
}

async function startOverPostgres(options: service.ServiceOptions = {}): Promise<service.RunningService> {
  if (options.database) return original(options);
  const chemistry = options.chemistry ?? (await loadChemistry({ wasmDir: options.wasmDir }));
  // A test that gives its own records or data files (or reads the load's log lines) has them loaded as it asked.
  const shipped = !options.records && !options.dataDir && !options.dataFiles?.length && !options.log;
  const loaded = shipped
    ? undefined
    : options.records
      ? { records: options.records, skippedFiles: [] }
      : await loadRecords(() => Promise.resolve(chemistry), options.dataDir, options.dataFiles ?? [], options.log ?? (() => undefined));
  const { url, drop } = await databaseWith(loaded?.records, chemistry);
  try {
    const skippedFiles: service.RunningService['skippedDataFiles'] = loaded?.skippedFiles ?? [];
    const running = await original({ ...options, chemistry, records: undefined, dataFiles: undefined, database: url });
    let closing: Promise<void> | undefined;
    return { ...running, skippedDataFiles: skippedFiles, close: () => (closing ??= running.close().then(drop)) };
  } catch (err) {
    await drop();
    throw err;
  }
}

(composition as { startService: typeof original }).startService = startOverPostgres;
