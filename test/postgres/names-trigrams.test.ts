/**
 * Migration 8 on servers set up otherwise than the test cluster: where an administrator put pg_trgm in a schema of its
 * own (outside the search path), the trigram indexes are made with its operator class; where the service's role may
 * not create pg_trgm (it does not own the database), they are left out. Either way the store opens and a name search
 * answers as the in-memory store does.
 */
import * as assert from 'assert';
import { Client } from 'pg';
import { loadShippedCollection } from '../../src/service/collection/shipped-collection';
import { MemoryStore } from '../../src/service/store/memory-store';
import { PostgresStore } from '../../src/service/store/postgres/postgres-store';
import type { CompoundRecord } from '../../src/service/record';
import { HOSTILE } from './store-parity.test';
import { freshDatabase } from './support/use-postgres';

const NAMES = ['acid', 'ine', 'caffeine', 'glucose', 'penicillin', 'DL-', ...HOSTILE];

/** The names' trigram indexes of the store's database. */
async function trigramIndexes(pg: PostgresStore): Promise<string[]> {
  const { rows } = await pg.pool.query<{ indexname: string }>(
    "SELECT indexname FROM pg_indexes WHERE tablename = 'names' AND indexdef LIKE '%gin_trgm_ops%' ORDER BY indexname",
  );
  return rows.map((r) => r.indexname);
}

/**
 * A fresh database prepared by `setUp` (run by the cluster's administrator), opened as `role` when given, with one
 * record in ten of the shipped collection (856 records, their names and synonyms).
 */
function storeOn(setUp: (role: string) => string, asRole: boolean) {
  const role = `limited_${process.pid}`;
  const made: { db?: { url: string; drop: () => Promise<void> }; pg?: PostgresStore; mem?: MemoryStore } = {};
  const asAdmin = async (url: string, sql: string) => {
    const admin = new Client({ connectionString: url });
    await admin.connect();
    await admin.query(sql).finally(() => admin.end());
  };
  before(async () => {
    made.db = await freshDatabase();
    await asAdmin(made.db.url, setUp(role));
    const url = new URL(made.db.url);
    if (asRole) url.username = role;
    made.pg = await PostgresStore.open(url.href);
    const records: CompoundRecord[] = (await loadShippedCollection()).filter((_, i) => i % 10 === 0);
    made.mem = new MemoryStore(records);
    await made.pg.append(records);
  });
  after(async () => {
    await made.pg?.close();
    await made.db?.drop();
    if (!asRole || !made.db) return;
    const admin = new URL(made.db.url);
    admin.pathname = '/postgres';
    await asAdmin(admin.href, `DROP ROLE IF EXISTS ${role}`);
  });
  return made;
}

async function sameNames(pg: PostgresStore, mem: MemoryStore): Promise<void> {
  for (const name of NAMES) {
    const ids = async (s: PostgresStore | MemoryStore) => (await s.byName(name)).map((r) => r.id);
    assert.deepStrictEqual(await ids(pg), await ids(mem), `name ${JSON.stringify(name)}`);
  }
}

describe('postgres: name search with pg_trgm in a schema outside the search path', function () {
  this.timeout(300_000);
  const made = storeOn(() => 'CREATE SCHEMA extensions; CREATE EXTENSION pg_trgm SCHEMA extensions', false);

  it('makes the trigram indexes with the operator class of that schema, and finds names as the in-memory store does', async () => {
    assert.deepStrictEqual(await trigramIndexes(made.pg!), ['names_bare_key_trigrams', 'names_key_trigrams']);
    const { rows } = await made.pg!.pool.query<{ indexdef: string }>("SELECT indexdef FROM pg_indexes WHERE indexname = 'names_key_trigrams'");
    assert.match(rows[0].indexdef, /extensions\.gin_trgm_ops/);
    await sameNames(made.pg!, made.mem!);
  });
});

describe('postgres: name search where pg_trgm cannot be created', function () {
  this.timeout(300_000);
  // May make tables in the public schema, not extensions in the database (the database's owner is the administrator).
  const made = storeOn((role) => `CREATE ROLE ${role} LOGIN; GRANT USAGE, CREATE ON SCHEMA public TO ${role}`, true);

  it('opens without the trigram indexes, and finds names inside longer names as the in-memory store does', async () => {
    assert.deepStrictEqual(await trigramIndexes(made.pg!), [], 'no trigram index without pg_trgm');
    const trgm = await made.pg!.pool.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'");
    assert.strictEqual(trgm.rowCount, 0);
    await sameNames(made.pg!, made.mem!);
  });
});
