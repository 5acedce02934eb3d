import * as assert from 'assert';
import { CancelledError, MemoryCompoundCache, ParseError, ServerError } from '../../../src/client';
import { FakeServer, cancelOnArrival, xmlReply, type Handler } from './support/fake-server';
import { TOKEN, assertLegacy, makeClient } from './support/client-setup';
import { MOL, PNG, record } from './support/fixtures';

/** A request that fails or is cancelled leaves the caching hook and the Compound objects as they were. */
describe('failures never corrupt what is cached', () => {
  const server = FakeServer.forSuite();
  let cache: MemoryCompoundCache;
  beforeEach(() => {
    cache = new MemoryCompoundCache();
  });
  /** Answers every details batch with whole records, except the one starting at `failFrom` (a 500). */
  const batchAnswer =
    (failFrom?: number): Handler =>
    (req) => {
      const { recordIds } = JSON.parse(req.body) as { recordIds: number[] };
      if (recordIds[0] === failFrom) return { status: 500, body: { title: 'boom' } };
      return { body: { records: recordIds.map((id) => record(id)) } };
    };

  it('a details batch with one failed request: whole records that arrived are cached, the rest asked again', async () => {
    const { client } = makeClient(server, { cache });
    const ids = Array.from({ length: 150 }, (_, i) => i + 1);
    server.otherwise(batchAnswer(101));
    await assert.rejects(client.getDetailsBatch(ids), ServerError);
    assert.strictEqual(cache.size, 100);
    assert.deepStrictEqual(cache.get('details', 1), record(1));
    assert.strictEqual(cache.get('details', 101), undefined);

    server.reset();
    server.otherwise(batchAnswer());
    assert.deepStrictEqual(
      (await client.getDetailsBatch(ids)).map((r) => r.id),
      ids,
    );
    assert.strictEqual(server.requests.length, 1);
    assert.deepStrictEqual(JSON.parse(server.requests[0].body).recordIds, ids.slice(100));
  });

  it('an answer that cannot be read is not cached', async () => {
    const { client } = makeClient(server, { cache });
    server.reply({ body: { image: '*** not base64 ***' } }, { body: { image: PNG.toString('base64') } });
    await assert.rejects(client.getImage(1), ParseError);
    assert.strictEqual(cache.size, 0);
    assert.deepStrictEqual(Buffer.from(await client.getImage(1)), PNG);
    assert.strictEqual(server.requests.length, 2);
  });

  it('a cancelled load is neither cached nor kept by the Compound: the next call asks again', async () => {
    const { client } = makeClient(server, { cache });
    const compound = client.compound(7);
    const controller = new AbortController();
    server.reply(cancelOnArrival(controller), { body: record(7) });
    await assert.rejects(compound.details({ signal: controller.signal }), CancelledError);
    assert.strictEqual(cache.size, 0);
    assert.strictEqual((await compound.details()).id, 7);
    assert.strictEqual(server.requests.length, 2);
  });

  it("one caller's cancel does not end another caller's wait for the same value", async () => {
    const { client } = makeClient(server);
    const compound = client.compound(7);
    const controller = new AbortController();
    server.reply(cancelOnArrival(controller), { body: record(7) });
    const cancelled = compound.details({ signal: controller.signal });
    const other = compound.formula();
    await assert.rejects(cancelled, CancelledError);
    assert.strictEqual(await other, record(7).formula);
    assert.strictEqual(await compound.commonName(), 'Aspirin');
    assert.strictEqual(server.requests.length, 2, 'the other caller loaded once more; later reads are from memory');
  });
});

describe('the caching hook on the older interface', () => {
  const server = FakeServer.forSuite();

  it('with only a token a compound image is the thumbnail, cached by record ID', async () => {
    const cache = new MemoryCompoundCache();
    const { client } = makeClient(server, { apiKey: undefined, token: TOKEN, cache });
    server.reply(xmlReply('base64Binary', PNG.toString('base64')));
    assert.deepStrictEqual(Buffer.from(await client.compound(7).image()), PNG);
    assertLegacy(server.requests[0], '/Search.asmx/GetCompoundThumbnail', [['id', '7']], false);
    assert.deepStrictEqual(Buffer.from(await client.compound(7).image()), PNG, 'a new Compound reads the cache');
    assert.strictEqual(server.requests.length, 1);
  });

  it('the record MOL is cached; the calculated 3D one is not', async () => {
    const cache = new MemoryCompoundCache();
    const { client } = makeClient(server, { token: TOKEN, cache });
    server.otherwise((req) => xmlReply('string', new URLSearchParams(req.body).get('calc3d') === 'true' ? '3d' : MOL));
    assert.strictEqual(await client.getRecordMol(7), MOL);
    assert.strictEqual(await client.getRecordMol(7), MOL);
    assert.strictEqual(await client.getMol(7), MOL, 'the same MOL of section 9, from the cache');
    assert.strictEqual(server.requests.length, 1);
    assert.strictEqual(await client.getRecordMol(7, true), '3d');
    assert.strictEqual(await client.getRecordMol(7, true), '3d');
    assert.strictEqual(server.requests.length, 3);
  });
});
