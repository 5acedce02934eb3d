import * as assert from 'assert';
import { gzipSync } from 'zlib';
import {
  CancelledError,
  Compound,
  CompoundDbClient,
  InputError,
  QueryFailedError,
  Results,
  TimeoutError,
  type SearchProgress,
} from '../../../src/client';
import type { SortKey } from '../../../src/wire';
import { FakeServer, cancelOnArrival, xmlReply, type Reply } from './support/fake-server';
import { TOKEN, assertCurrent, assertLegacy, makeClient } from './support/client-setup';
import { ASPIRIN_KEY } from './support/fixtures';

const status = (s: string, count = 0, message = ''): Reply => ({ body: { status: s, count, message } });
const results = (ids: number[]): Reply => ({ body: { results: ids, limitedToMaxAllowed: false } });

describe('composite search (spec 3)', () => {
  const server = FakeServer.forSuite();

  it('a name: filter name, checks status at once and then with growing waits, then fetches the results', async () => {
    let t = 0;
    const { client, sleeps } = makeClient(server, { now: () => (t += 10) });
    server.reply(
      { body: { queryId: 'q1' } },
      status('Created'),
      status('Processing'),
      status('Processing'),
      status('Complete', 2, 'Found'),
      results([2157, 3]),
    );
    const progress: SearchProgress[] = [];
    const res = await client.search('aspirin', { onProgress: (p) => progress.push(p) });
    assert.ok(res instanceof Results);
    assertCurrent(server.requests[0], 'POST', 'filter/name', { body: { name: 'aspirin', orderDirection: 'ascending' } });
    for (const r of server.requests.slice(1, 5)) assertCurrent(r, 'GET', 'filter/q1/status');
    assertCurrent(server.requests[5], 'GET', 'filter/q1/results');
    assert.strictEqual(server.requests.length, 6);
    assert.deepStrictEqual(sleeps, [200, 200, 200], 'no wait before the first check; then, with nothing learned, 200 ms');
    assert.strictEqual(res.statusChecks, 4);
    assert.deepStrictEqual(
      progress.map((p) => p.status),
      ['Created', 'Created', 'Processing', 'Processing', 'Complete'],
      'after the submit, then after each check',
    );
    assert.strictEqual(res.status, 'Complete');
    assert.strictEqual(res.message, 'Found');
    assert.strictEqual(res.count, 2);
    assert.strictEqual(res.queryId, 'q1');
    assert.strictEqual(res.kind, 'name');
    assert.strictEqual(res.error, undefined);
    assert.ok(res.ok);
    assert.ok(res.durationMs > 0);
    assert.ok(res.compounds.every((c) => c instanceof Compound));
    assert.deepStrictEqual(res.recordIds, [2157, 3]);
  });

  it('waits grow up to maxWaitMs', async () => {
    const clock = { t: 0 };
    const { client, sleeps } = makeClient(server, { now: () => clock.t, sleep: async (ms) => void (sleeps.push(ms), (clock.t += ms)) });
    server.reply({ body: { queryId: 'q' } }, ...Array.from({ length: 9 }, () => status('Processing')), status('ResultReady'), results([]));
    await client.search('aspirin', { maxWaitMs: 1000 });
    assert.deepStrictEqual(sleeps, [200, 200, 200, 300, 450, 675, 1000, 1000, 1000]);
  });

  it('name order and direction are passed to filter name', async () => {
    const { client } = makeClient(server);
    server.reply({ body: { queryId: 'q' } }, status('Complete'), results([]));
    await client.search('aspirin', { order: 'dbid', direction: 'descending' });
    assertCurrent(server.requests[0], 'POST', 'filter/name', { body: { name: 'aspirin', orderBy: 'recordId', orderDirection: 'descending' } });
  });

  const routes: Array<[string, string, unknown]> = [
    ['InChI=1S/CH4/h1H4', 'filter/inchi', { inchi: 'InChI=1S/CH4/h1H4' }],
    [ASPIRIN_KEY, 'filter/inchikey', { inchikey: ASPIRIN_KEY }],
    ['c1ccccc1O', 'filter/smiles', { smiles: 'c1ccccc1O' }],
  ];
  for (const [query, path, body] of routes) {
    it(`${query} runs ${path}`, async () => {
      const { client } = makeClient(server);
      server.reply({ body: { queryId: 'q' } }, status('Complete', 1), results([1]));
      const res = await client.search(query);
      assertCurrent(server.requests[0], 'POST', path, { body });
      assert.deepStrictEqual(res.recordIds, [1]);
    });
  }

  it('a record ID needs no search request', async () => {
    const { client } = makeClient(server);
    const res = await client.search(2157);
    assert.strictEqual(server.requests.length, 0);
    assert.strictEqual(res.kind, 'recordId');
    assert.deepStrictEqual(res.recordIds, [2157]);
    assert.strictEqual(res.status, 'Complete');
    assert.strictEqual(res.count, 1);
  });

  it('stops after maxStatusChecks: kept with raiseErrors off, status readable', async () => {
    const { client } = makeClient(server);
    server.reply({ body: { queryId: 'q' } });
    server.otherwise(() => status('Processing', 0, 'still going'));
    const res = await client.search('aspirin', { maxStatusChecks: 3 });
    assert.strictEqual(server.requests.length, 4, 'submit and exactly three status checks');
    assert.ok(res.error instanceof TimeoutError);
    assert.match(res.error.message, /still Processing after 3 status checks/);
    assert.strictEqual(res.status, 'Processing');
    assert.strictEqual(res.message, 'still going');
    assert.strictEqual(res.ok, false);
  });

  it('checks at most 40 times by default', async () => {
    const { client } = makeClient(server);
    server.reply({ body: { queryId: 'q' } });
    server.otherwise(() => status('Processing'));
    const res = await client.search('aspirin');
    assert.strictEqual(server.requests.length, 41);
    assert.strictEqual(res.statusChecks, 40);
  });

  for (const failed of ['Failed', 'TooManyRecords', 'Suspended', 'Not Found', 'Unknown']) {
    it(`${failed} ends the search: kept with raiseErrors off, thrown with it on`, async () => {
      const { client } = makeClient(server);
      server.reply({ body: { queryId: 'q' } }, status('Processing'), status(failed, 0, 'server says why'));
      const res = await client.search('aspirin');
      assert.strictEqual(server.requests.length, 3, 'no results request after a failure');
      assert.ok(res.error instanceof QueryFailedError);
      assert.strictEqual(res.error.queryStatus, failed);
      assert.match(res.error.message, new RegExp(`status ${failed}: .*server says why`));
      assert.strictEqual(res.status, failed);
      assert.strictEqual(res.message, 'server says why');

      server.reset();
      server.reply({ body: { queryId: 'q' } }, status(failed));
      await assert.rejects(
        client.search('aspirin', { raiseErrors: true }),
        (e: unknown) => e instanceof QueryFailedError && e.queryStatus === failed,
      );
    });
  }

  it('an HTTP error is kept with raiseErrors off and thrown with it on', async () => {
    const { client } = makeClient(server);
    server.reply({ status: 401, body: { title: 'Unauthorized', detail: 'API key refused' } });
    const res = await client.search('aspirin');
    assert.match(String(res.error?.message), /API key refused/);
    assert.strictEqual(res.status, undefined);
    server.reply({ status: 401, body: { title: 'Unauthorized' } });
    await assert.rejects(client.search('aspirin', { raiseErrors: true }), /Unauthorized/);
  });

  it('an unknown sort key is refused before any request', async () => {
    const { client } = makeClient(server);
    const res = await client.search('aspirin', { order: 'weight' as SortKey });
    assert.ok(res.error instanceof InputError);
    await assert.rejects(client.search('aspirin', { order: 'weight' as SortKey, raiseErrors: true }), InputError);
    assert.strictEqual(server.requests.length, 0);
  });

  it('cancellation mid-poll rejects with CancelledError and sends nothing more', async () => {
    const { client } = makeClient(server);
    const controller = new AbortController();
    server.reply({ body: { queryId: 'q' } });
    server.otherwise(() => status('Processing'));
    const pending = client.search('aspirin', {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.statusChecks === 2) controller.abort();
      },
    });
    await assert.rejects(pending, CancelledError);
    assert.strictEqual(server.requests.length, 3, 'submit and two status checks, nothing after the cancel');
  });

  it('cancellation while a status request is in flight', async () => {
    const { client } = makeClient(server);
    const controller = new AbortController();
    server.reply({ body: { queryId: 'q' } }, cancelOnArrival(controller));
    await assert.rejects(client.search('aspirin', { signal: controller.signal }), CancelledError);
    assert.strictEqual(server.requests.length, 2);
  });

  it('cancellation while the submit is in flight', async () => {
    const { client } = makeClient(server);
    const controller = new AbortController();
    server.reply(cancelOnArrival(controller));
    await assert.rejects(client.search('aspirin', { signal: controller.signal }), CancelledError);
    assert.strictEqual(server.requests.length, 1, 'no status check after a cancelled submit');
  });

  it('cancellation while the results are being fetched', async () => {
    const { client } = makeClient(server);
    const controller = new AbortController();
    server.reply({ body: { queryId: 'q' } }, status('Complete', 2), cancelOnArrival(controller));
    await assert.rejects(client.search('aspirin', { signal: controller.signal }), CancelledError);
    assert.strictEqual(server.requests.length, 3);
    assertCurrent(server.requests[2], 'GET', 'filter/q/results');
  });

  it('cancellation with raiseErrors off still rejects', async () => {
    const { client } = makeClient(server);
    await assert.rejects(client.search('aspirin', { signal: AbortSignal.abort() }), CancelledError);
    assert.strictEqual(server.requests.length, 0);
  });

  it('results.sdf() of a record-ID query says no search ran, without a request', async () => {
    const { client } = makeClient(server);
    const res = await client.search('2157');
    await assert.rejects(res.sdf(), (e: unknown) => e instanceof InputError && /no search ran for query "2157"/.test(e.message));
    assert.strictEqual(server.requests.length, 0);
  });

  it('results.sdf() fetches the SDF of the query', async () => {
    const { client } = makeClient(server);
    server.reply({ body: { queryId: 'q' } }, status('Complete', 1), results([1]), { body: { results: gzipSync('x\n$$$$\n').toString('base64') } });
    const res = await client.search('aspirin');
    assert.strictEqual(await res.sdf(), 'x\n$$$$\n');
    assertCurrent(server.requests[3], 'GET', 'filter/q/results/sdf');
  });

  it('with only a token it runs the older ordered async simple search', async () => {
    const { client, sleeps } = makeClient(server, { apiKey: undefined, token: TOKEN });
    server.reply(
      xmlReply('string', 'rid-9'),
      xmlReply('RequestStatus', '<Status>Processing</Status><Count>0</Count><Elapsed>0:00:00.100</Elapsed>'),
      xmlReply('RequestStatus', '<Status>ResultReady</Status><Count>2</Count><Message>Done</Message><Elapsed>0:00:00.300</Elapsed>'),
      xmlReply('ArrayOfInt', '<int>5</int><int>6</int>'),
    );
    const res = await client.search('c1ccccc1', { order: 'molecular_weight' });
    assertLegacy(server.requests[0], '/Search.asmx/AsyncSimpleSearchOrdered', [
      ['query', 'c1ccccc1'],
      ['orderBy', 'eMolecularWeight'],
      ['orderDirection', 'eAscending'],
    ]);
    assertLegacy(server.requests[1], '/Search.asmx/GetAsyncSearchStatusAndCount', [['rid', 'rid-9']]);
    assertLegacy(server.requests[3], '/Search.asmx/GetAsyncSearchResult', [['rid', 'rid-9']]);
    assert.deepStrictEqual(res.recordIds, [5, 6]);
    assert.strictEqual(res.via, 'older');
    assert.strictEqual(res.status, 'ResultReady');
    assert.strictEqual(res.message, 'Done');
    assert.strictEqual(res.queryId, 'rid-9');
    assert.deepStrictEqual(sleeps, [200], 'the first check at once, the second after 200 ms');
    await assert.rejects(res.sdf(), /API key/);
  });

  it('with neither key nor token the error says so', async () => {
    const client = new CompoundDbClient({ baseUrl: server.url });
    const res = await client.search('aspirin');
    assert.match(String(res.error?.message), /API key or a security token/);
    assert.strictEqual(server.requests.length, 0);
  });
});
