/**
 * A server on which the service's role may not create pg_trgm (it does not own the database, so CREATE EXTENSION is
 * refused): migration 8 leaves the trigram indexes out, the store opens, and a name search reads every name and
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

describe('postgres: name search where pg_trgm cannot be created', function () {
  this.timeout(300_000);
  const role = `no_extensions_${process.pid}`;
  let db: { url: string; drop: () => Promise<void> };
  let pg: PostgresStore | undefined;
  let mem: MemoryStore;

  async function asAdmin(sql: string): Promise<void> {
    const admin = new Client({ connectionString: db.url });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  }

  before(async () => {
    db = await freshDatabase();
    // May make tables in the public schema, not extensions in the database (the database's owner is the admin).
    await asAdmin(`CREATE ROLE ${role} LOGIN; GRANT USAGE, CREATE ON SCHEMA public TO ${role}`);
    const url = new URL(db.url);
    url.username = role;
    pg = await PostgresStore.open(url.href);
    // One record in ten of the shipped collection, by position: 856 records, their names and synonyms.
    const records: CompoundRecord[] = (await loadShippedCollection()).filter((_, i) => i % 10 === 0);
    mem = new MemoryStore(records);
    await pg.append(records);
  });
  after(async () => {
    await pg?.close();
    await db?.drop();
    const adminUrl = new URL(db.url);
    adminUrl.pathname = '/postgres';
    const admin = new Client({ connectionString: adminUrl.href });
    await admin.connect();
    await admin.query(`DROP ROLE IF EXISTS ${role}`).finally(() => admin.end());
  });

  it('opens without the trigram indexes, and finds names inside longer names as the in-memory store does', async () => {
    const { rows } = await pg!.pool.query("SELECT indexname FROM pg_indexes WHERE tablename = 'names' AND indexdef LIKE '%gin_trgm_ops%'");
    assert.deepStrictEqual(rows, [], 'no trigram index without pg_trgm');
    const trgm = await pg!.pool.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'");
    assert.strictEqual(trgm.rowCount, 0);
    for (const name of ['acid', 'ine', 'caffeine', 'glucose', 'penicillin', 'DL-', ...HOSTILE]) {
      const ids = async (s: PostgresStore | MemoryStore) => (await s.byName(name)).map((r) => r.id);
      assert.deepStrictEqual(await ids(pg!), await ids(mem), `name ${JSON.stringify(name)}`);
    }
  });
});
