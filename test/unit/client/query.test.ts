/** The query object (`client.query(spec)`): one search's submit, status, paging, "more", groups and cancel. */
import * as assert from 'assert';
import { CancelledError, InputError, type SearchSpec } from '../../../src/client';
import { FakeServer, cancelOnArrival, xmlReply, type Reply } from './support/fake-server';
import { TOKEN, assertCurrent, assertLegacy, makeClient } from './support/client-setup';

const status = (s: string, count = 0): Reply => ({ body: { status: s, count, message: '' } });
const ids = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('query object', () => {
  const server = FakeServer.forSuite();

  it('runs a filter: submit, status at once, then pages asking one more than shown to know whether more follow', async () => {
    const { client } = makeClient(server);
    server.reply({ body: { queryId: 'q1' } }, status('Complete', 60), { body: { results: ids(1, 51), limitedToMaxAllowed: false } });
    const query = client.query({ kind: 'formula', formula: 'C9H8O4', dataSources: ['a'] });
    await query.run();
    assertCurrent(server.requests[0], 'POST', 'filter/formula', { body: { formula: 'C9H8O4', dataSources: ['a'] } });
    assertCurrent(server.requests[1], 'GET', 'filter/q1/status');
    assert.deepStrictEqual(
      [query.queryId, query.status, query.count, query.statusChecks, query.via, query.grouped],
      ['q1', 'Complete', 60, 1, 'current', false],
    );
    const page = await query.page(0, 50);
    assertCurrent(server.requests[2], 'GET', 'filter/q1/results', { query: { count: '51' } });
    assert.deepStrictEqual(page, { ids: ids(1, 50), more: true });
  });

  it('a page cut at the server cap says more; a short page says no more', async () => {
    const { client } = makeClient(server);
    server.reply({ body: { results: ids(51, 3), limitedToMaxAllowed: true } }, { body: { results: ids(51, 3), limitedToMaxAllowed: false } });
    const query = client.query({ kind: 'name', name: 'x' }, { queryId: 'q9' });
    assert.deepStrictEqual(await query.page(50, 50), { ids: ids(51, 3), more: true });
    assertCurrent(server.requests[0], 'GET', 'filter/q9/results', { query: { start: '50', count: '51' } });
    assert.deepStrictEqual(await query.page(50, 50), { ids: ids(51, 3), more: false });
  });

  it('batch searches: their own status route, groups by formula or mass, pages over all their IDs', async () => {
    const { client } = makeClient(server);
    const batch = {
      body: {
        batchResults: [
          { mass: 180, range: 0.5, results: [1, 2] },
          { mass: 46, range: 0.1, results: [2, 3] },
        ],
      },
    };
    server.reply({ body: { queryId: 'b' } }, status('Complete', 4), batch, batch);
    const query = client.query({
      kind: 'massBatch',
      masses: [
        { mass: 180, range: 0.5 },
        { mass: 46, range: 0.1 },
      ],
    });
    await query.run();
    assertCurrent(server.requests[1], 'GET', 'filter/mass/batch/b/status');
    assert.ok(query.grouped);
    assert.deepStrictEqual(await query.groups(), [
      { label: '180 ± 0.5', ids: [1, 2] },
      { label: '46 ± 0.1', ids: [2, 3] },
    ]);
    assert.deepStrictEqual(await query.page(0, 2), { ids: [1, 2], more: true });
  });

  it('the older asynchronous search: transaction ID, status and count, result parts', async () => {
    const { client } = makeClient(server, { apiKey: undefined, token: TOKEN });
    server.reply(
      xmlReply('string', 'rid-1'),
      xmlReply('RequestStatus', '<Status>ResultReady</Status><Count>3</Count><Elapsed>0:00:00.010</Elapsed>'),
      xmlReply('ArrayOfInt', '<int>7</int><int>8</int><int>9</int>'),
    );
    const query = client.query({ kind: 'legacyAsync', query: 'benzene', order: 'molecular_weight' });
    await query.run();
    assert.strictEqual(query.via, 'older');
    assert.deepStrictEqual(await query.page(0, 2), { ids: [7, 8], more: true });
    assertLegacy(server.requests[2], '/Search.asmx/GetAsyncSearchResultPart', [
      ['rid', 'rid-1'],
      ['start', '0'],
      ['count', '3'],
    ]);
  });

  it('a search answered at once (the older simple search) pages from what it holds', async () => {
    const { client } = makeClient(server, { apiKey: undefined, token: TOKEN });
    server.reply(
      xmlReply(
        'ArrayOfInt',
        ids(1, 60)
          .map((i) => `<int>${i}</int>`)
          .join(''),
      ),
    );
    const query = client.query({ kind: 'legacySimple', query: 'benzene' });
    await query.run();
    assert.deepStrictEqual([query.status, query.count, query.queryId], ['ResultReady', 60, undefined]);
    assert.deepStrictEqual(await query.page(50, 50), { ids: ids(51, 10), more: false });
    assert.strictEqual(server.requests.length, 1);
  });

  it('a composite record ID sends nothing', async () => {
    const { client } = makeClient(server);
    const query = client.query({ kind: 'composite', query: ' 2157 ' });
    await query.run();
    assert.deepStrictEqual([query.kind, query.status, await query.allIds()], ['recordId', 'Complete', [2157]]);
    assert.strictEqual(server.requests.length, 0);
  });

  it('bad input is refused before anything is sent; paging before a run says so', async () => {
    const { client } = makeClient(server);
    await assert.rejects(client.query({ kind: 'composite', query: '  ' }).run(), InputError);
    await assert.rejects(client.query({ kind: 'mass', mass: -1, range: 1 }).run(), InputError);
    await assert.rejects(client.query({ kind: 'name', name: 'x' }).run({ maxStatusChecks: 0 }), InputError);
    await assert.rejects(client.query({ kind: 'name', name: 'x' }).page(), /run\(\) it first/);
    assert.strictEqual(server.requests.length, 0);
  });

  it('a cancel during a status check rejects with CancelledError and sends nothing more', async () => {
    const { client } = makeClient(server);
    const controller = new AbortController();
    server.reply({ body: { queryId: 'q' } }, cancelOnArrival(controller));
    const query = client.query({ kind: 'smiles', smiles: 'CCO' } satisfies SearchSpec);
    await assert.rejects(query.run({ signal: controller.signal }), CancelledError);
    assert.strictEqual(server.requests.length, 2);
    assert.strictEqual(query.status, 'Created');
  });

  it('sends every request of a query through its pace, which gives the signal it ends on', async () => {
    const { client } = makeClient(server, { token: TOKEN });
    server.reply(
      { body: { queryId: 'q' } },
      status('Processing'),
      status('Complete', 2),
      { body: { results: [7, 8], limitedToMaxAllowed: false } },
      {
        body: { results: [7], limitedToMaxAllowed: false },
      },
    );
    let paced = 0;
    const pace = <T>(request: (signal?: AbortSignal) => Promise<T>): Promise<T> => {
      paced++;
      return request();
    };
    const query = client.query({ kind: 'smiles', smiles: 'CCO' }, { pace });
    await query.run();
    assert.deepStrictEqual(await query.allIds(), [7, 8]);
    assert.deepStrictEqual(await query.page(0, 1), { ids: [7], more: false });
    assert.deepStrictEqual([paced, server.requests.length], [5, 5], 'submit, two status checks, all results, one page');
    server.reply(xmlReply('ArrayOfInt', '<int>3</int>'));
    const simple = client.query({ kind: 'legacySimple', query: 'benzene' }, { pace });
    await simple.run();
    assert.deepStrictEqual(await simple.allIds(), [3]);
    assert.deepStrictEqual([paced, server.requests.length], [6, 6], 'the older simple search is one request');
    const stopped = AbortSignal.abort();
    await assert.rejects(client.query({ kind: 'name', name: 'x' }, { pace: (request) => request(stopped) }).run(), CancelledError);
    assert.strictEqual(server.requests.length, 6);
  });

  it('reports progress after the submit and after each check', async () => {
    const { client } = makeClient(server);
    server.reply({ body: { queryId: 'q' } }, status('Processing'), status('Complete', 1));
    const seen: string[] = [];
    await client
      .query({ kind: 'inchikey', inchikey: 'BSYNRYMUTXBXSQ-UHFFFAOYSA-N' })
      .run({ onProgress: (p) => seen.push(`${p.status}/${p.statusChecks}`) });
    assert.deepStrictEqual(seen, ['Created/0', 'Processing/1', 'Complete/2']);
  });
});
