import * as assert from 'assert';
import { FakeServer } from './support/fake-server';
import { makeClient } from './support/client-setup';
import { record } from './support/fixtures';

describe('batches beyond one request and result paging', () => {
  const server = FakeServer.forSuite();

  it('getDetailsBatch splits at 100, matches by id and returns the caller order, unknown IDs left out', async () => {
    server.otherwise((req) => {
      const { recordIds } = JSON.parse(req.body) as { recordIds: number[] };
      // answer shuffled (reversed) and without the unknown ID 13
      return {
        body: {
          records: recordIds
            .filter((id) => id !== 13)
            .reverse()
            .map((id) => record(id)),
        },
      };
    });
    const ids = Array.from({ length: 250 }, (_, i) => 250 - i); // descending: not the server's order
    const { client } = makeClient(server);
    const records = await client.getDetailsBatch([...ids, 250]);
    const sent = server.requests.map((r) => (JSON.parse(r.body) as { recordIds: number[] }).recordIds);
    assert.deepStrictEqual(
      sent.map((s) => s.length),
      [100, 100, 50],
    );
    assert.deepStrictEqual(sent.flat(), ids, 'each ID asked once, duplicates folded');
    assert.deepStrictEqual(
      records.map((r) => r.id),
      [...ids.filter((id) => id !== 13), 250],
    );
  });

  it('filterAllResults pages with start while limitedToMaxAllowed is true', async () => {
    const page = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);
    server.reply(
      { body: { results: page(1, 10000), limitedToMaxAllowed: true } },
      { body: { results: page(10001, 10000), limitedToMaxAllowed: true } },
      { body: { results: page(20001, 7), limitedToMaxAllowed: false } },
    );
    const { client } = makeClient(server);
    const all = await client.filterAllResults('q');
    assert.strictEqual(all.length, 20007);
    assert.deepStrictEqual(all.slice(-2), [20006, 20007]);
    assert.deepStrictEqual(
      server.requests.map((r) => r.query),
      [{}, { start: '10000' }, { start: '20000' }],
    );
  });

  it('filterAllResults stops on an empty page even if it claims to be cut', async () => {
    server.reply({ body: { results: [], limitedToMaxAllowed: true } });
    const { client } = makeClient(server);
    assert.deepStrictEqual(await client.filterAllResults('q'), []);
    assert.strictEqual(server.requests.length, 1);
  });
});
