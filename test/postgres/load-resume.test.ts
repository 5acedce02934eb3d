/**
 * A bulk load interrupted after a later batch committed but not an earlier one (its batches run on two
 * connections at once), then run again: it writes only the missing batches, and every record is stored once, in
 * the load's order, with the load's progress whole.
 */
import * as assert from 'assert';
import { PostgresStore } from '../../src/service/store/postgres/postgres-store';
import { previousLoad, writeLoad, type LoadIdentity } from '../../src/service/store/postgres/write-load';
import { freshDatabase } from './support/use-postgres';
import { loadShippedCollection } from '../../src/service/collection/shipped-collection';

describe('postgres: a load interrupted and run again', function () {
  this.timeout(120_000);
  const BATCH = 10;
  let store: PostgresStore;
  let drop: () => Promise<void>;

  before(async () => {
    const db = await freshDatabase();
    drop = db.drop;
    store = await PostgresStore.open(db.url);
  });
  after(async () => {
    await store?.close();
    await drop?.();
  });

  it('writes only the batches not committed, each record once and in load order', async () => {
    const records = (await loadShippedCollection()).slice(0, 6 * BATCH);
    const load: LoadIdentity = { key: 'test:resume', dataSource: 'resumed', firstId: records[0].id, skipped: 0 };
    // A record already holding an ID of the first batch makes that batch fail; the second, written at the same
    // time on the other connection, commits.
    await store.append([records[5]]);
    await assert.rejects(writeLoad(store, load, records, { batch: BATCH, connections: 2 }), /duplicate key/);
    const committed = (await store.pool.query<{ id: number }>('SELECT id FROM records WHERE id = ANY($1::int[])', [records.map((r) => r.id)])).rows
      .length;
    assert.ok(committed > 1 && committed < records.length, `the first run committed ${committed} records`);
    assert.strictEqual((await previousLoad(store, load.key))?.finished, false);

    await store.pool.query('DELETE FROM records WHERE id = $1', [records[5].id]);
    const again = await writeLoad(store, load, records, { batch: BATCH, connections: 2 });
    assert.deepStrictEqual(again, { written: records.length - (committed - 1), resumed: true });

    const { rows } = await store.pool.query<{ id: number }>('SELECT id FROM records ORDER BY pos');
    assert.deepStrictEqual(
      rows.map((r) => r.id),
      records.map((r) => r.id),
    );
    const row = await previousLoad(store, load.key);
    assert.deepStrictEqual([row?.records_done, row?.finished], [records.length, true]);
    const names = await store.pool.query<{ n: string }>('SELECT count(DISTINCT record_pos) AS n FROM names');
    assert.strictEqual(Number(names.rows[0].n), records.filter((r) => r.commonName || r.synonyms.length).length);
  });
});
