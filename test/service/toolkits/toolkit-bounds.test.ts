/**
 * No request can hold the service: the two hostile inputs of issue 24 (a recursive SMARTS nested 49 deep; a 60-atom
 * `*~*` chain highlighted on the C60 record), RDKit JSON sized like SMILES and MOL, other requests answered while a
 * toolkit call runs, SIGTERM obeyed while one runs, and the fair queues of substructure and similarity searches (a
 * phenol search beside 50 slow ones of another key; 503 with Retry-After past a key's share).
 */
import * as assert from 'assert';
import * as os from 'os';
import * as path from 'path';
import { fork } from 'child_process';
import { startService, type RunningService } from '../../../src/service';
import { QUERY_SHAPE_LIMITS, type LocalServiceMessage } from '../../../src/wire';
import { SEARCH_QUEUE_LIMITS } from '../../../src/service/search/structure/structure-search';
import { api, runFilter } from '../support/http';
import { WILDCARD_CHAIN_60, nestedSmarts, unbondedAtomsJson } from '../support/hostile-shapes';

const CLI = path.resolve(__dirname, '../../../src/service/main.js');

describe('service: bounded toolkit calls', function () {
  this.timeout(180_000);
  let svc: RunningService;
  let c60: number;

  before(async () => {
    // No structure search here: the index is left unbuilt.
    svc = await startService({ port: 0, toolkitCallMs: 2000, structureIndexOnDemand: true });
    [c60] = await runFilter(svc.baseUrl, 'filter/name', { name: 'C60' });
    assert.ok(c60, 'the shipped collection holds C60');
  });
  after(() => svc?.close());

  async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
    const started = performance.now();
    const out = await work();
    return [out, performance.now() - started];
  }

  it(`refuses a recursive SMARTS nested deeper than ${QUERY_SHAPE_LIMITS.recursionDepth} with a 400 naming query and the rule, before RDKit reads it`, async () => {
    for (const route of ['filter/substructure']) {
      const [r, ms] = await timed(() => api(svc.baseUrl, 'POST', route, { query: nestedSmarts(49), queryFormat: 'SMARTS' }));
      console.log(`      depth 49 on ${route}: ${r.status} in ${ms.toFixed(0)} ms`);
      assert.strictEqual(r.status, 400, r.text);
      assert.match(r.json.errors.query.join(' '), /49 levels of recursive SMARTS.*at most 8/);
    }
    const image = await api(svc.baseUrl, 'GET', `records/${c60}/image?highlight=${encodeURIComponent(nestedSmarts(49))}`);
    assert.strictEqual(image.status, 400);
    assert.match(image.json.errors.highlight.join(' '), /levels of recursive SMARTS/);
    // At the bound the query is read (and drawn; the search of it is in the fuzz).
    const ok = await api(
      svc.baseUrl,
      'GET',
      `records/${c60}/image?highlight=${encodeURIComponent(nestedSmarts(QUERY_SHAPE_LIMITS.recursionDepth))}&highlightFormat=SMARTS`,
    );
    assert.strictEqual(ok.status, 200, ok.text);
  });

  it('stops a 60-atom wildcard chain highlighted on C60 at the toolkit deadline with a 400 naming highlight, answering others meanwhile', async () => {
    // A normal highlight first: the toolkit workers are loaded, so the hostile call starts in one as it arrives.
    assert.strictEqual((await api(svc.baseUrl, 'GET', `records/${c60}/image?highlight=${encodeURIComponent('c1ccccc1')}`)).status, 200);
    const started = performance.now();
    let hostileEnded = false;
    const hostile = api(svc.baseUrl, 'GET', `records/${c60}/image?highlight=${encodeURIComponent(WILDCARD_CHAIN_60)}&highlightFormat=SMARTS`).finally(
      () => (hostileEnded = true),
    );
    const [details, detailsMs] = await timed(() => api(svc.baseUrl, 'GET', `records/${c60}/details`));
    assert.ok(!hostileEnded, 'the details were answered while the hostile call ran');
    const r = await hostile;
    const hostileMs = performance.now() - started;
    const [normal, normalMs] = await timed(() => api(svc.baseUrl, 'GET', `records/${c60}/image?highlight=${encodeURIComponent('c1ccccc1')}`));
    console.log(
      `      hostile highlight: ${r.status} after ${hostileMs.toFixed(0)} ms; details meanwhile ${detailsMs.toFixed(0)} ms; a normal highlight next ${normalMs.toFixed(0)} ms`,
    );
    assert.strictEqual(details.status, 200);
    assert.ok(detailsMs < 2000, `details took ${detailsMs} ms while the hostile call ran`);
    assert.strictEqual(r.status, 400, r.text);
    assert.match(r.json.errors.highlight.join(' '), /stopped after 2 s/);
    assert.ok(hostileMs < 15_000);
    assert.strictEqual(normal.status, 200, normal.text);
  });

  it('reads RDKit JSON with the atom and part limits of SMILES and MOL (a 400, not a 28 s layout)', async () => {
    const json = unbondedAtomsJson(300);
    for (const [route, body, field] of [
      ['filter/smiles', { smiles: json }, 'smiles'],
      ['tools/convert', { input: json, inputFormat: 'SMILES', outputFormat: 'InChI' }, 'input'],
    ] as const) {
      const [r, ms] = await timed(() => api(svc.baseUrl, 'POST', route, body));
      assert.strictEqual(r.status, 400, `${route}: ${r.text}`);
      assert.match(r.json.errors[field].join(' '), /300 atoms other than hydrogen; at most 250|300 separate parts/, r.text);
      assert.ok(ms < 5000, `${route} took ${ms} ms`);
    }
    const few = await api(svc.baseUrl, 'POST', 'tools/convert', { input: unbondedAtomsJson(3), inputFormat: 'SMILES', outputFormat: 'InChI' });
    assert.strictEqual(few.status, 200, few.text);
  });

  it('exits on SIGTERM within 2 s while a hostile toolkit call runs', async () => {
    const child = fork(CLI, ['--port', '0'], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    try {
      const baseUrl = await new Promise<string>((resolve, reject) => {
        child.once('message', (m: LocalServiceMessage) => (m.type === 'ready' ? resolve(m.baseUrl) : reject(new Error(m.message))));
        child.once('exit', (code) => reject(new Error(`the service exited (${code}) before it was ready`)));
      });
      const [id] = await runFilter(baseUrl, 'filter/name', { name: 'C60' });
      // A normal highlight first loads the toolkit workers; then the hostile call starts in one as it arrives, and a
      // details request answered after it was sent means the service has taken it.
      assert.strictEqual((await api(baseUrl, 'GET', `records/${id}/image?highlight=${encodeURIComponent('c1ccccc1')}`)).status, 200);
      let hostileEnded = false;
      const hostile = api(baseUrl, 'GET', `records/${id}/image?highlight=${encodeURIComponent(WILDCARD_CHAIN_60)}&highlightFormat=SMARTS`)
        .catch(() => undefined)
        .finally(() => (hostileEnded = true));
      assert.strictEqual((await api(baseUrl, 'GET', `records/${id}/details`)).status, 200);
      assert.ok(!hostileEnded, 'the hostile call still runs');
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const started = performance.now();
      child.kill('SIGTERM');
      const code = await exited;
      const ms = performance.now() - started;
      await hostile;
      console.log(`      SIGTERM during a hostile highlight: exited ${code} after ${ms.toFixed(0)} ms`);
      assert.strictEqual(code, 0);
      assert.ok(ms < 4000, `exit took ${ms} ms (target 2 s; the bound leaves room for a loaded machine)`);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});

describe('service: closing while toolkit calls run and wait', function () {
  this.timeout(120_000);

  it('ends them as the shutdown they are, logging no internal error', async () => {
    const logged: string[] = [];
    const svc = await startService({ port: 0, structureIndexOnDemand: true, log: (line) => logged.push(line) });
    const [c60] = await runFilter(svc.baseUrl, 'filter/name', { name: 'C60' });
    assert.strictEqual((await api(svc.baseUrl, 'GET', `records/${c60}/image?highlight=${encodeURIComponent('c1ccccc1')}`)).status, 200);
    // Four hostile calls: two run in the two toolkit workers, two wait in the queue.
    const hostile = Array.from({ length: 4 }, () =>
      api(svc.baseUrl, 'GET', `records/${c60}/image?highlight=${encodeURIComponent(WILDCARD_CHAIN_60)}&highlightFormat=SMARTS`).catch(
        () => undefined,
      ),
    );
    assert.strictEqual((await api(svc.baseUrl, 'GET', `records/${c60}/details`)).status, 200);
    await svc.close();
    await Promise.all(hostile);
    assert.deepStrictEqual(
      logged.filter((l) => /internal error/.test(l)),
      [],
    );
  });
});

describe('service: fair structure search', function () {
  this.timeout(180_000);
  const slowKey = 'slow-key-for-the-fairness-test';
  const quickKey = 'quick-key-for-the-fairness-test';
  let svc: RunningService;

  before(async () => {
    svc = await startService({ port: 0, keys: { apiKeys: [slowKey, quickKey], tokens: [] }, structureTimeLimitMs: 8000 });
    await svc.buildStructureIndex();
  });
  after(() => svc?.close());

  async function ended(key: string, queryId: string): Promise<{ status: string; count: number }> {
    for (;;) {
      const status = await api(svc.baseUrl, 'GET', `filter/${queryId}/status`, undefined, key);
      if (status.json.status !== 'Processing' && status.json.status !== 'Created') return status.json;
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  async function searchMs(key: string, query: string): Promise<{ ms: number; count: number }> {
    const started = performance.now();
    const submit = await api(svc.baseUrl, 'POST', 'filter/substructure', { query, maxResults: 100_000 }, key);
    assert.strictEqual(submit.status, 200, submit.text);
    const { count } = await ended(key, submit.json.queryId);
    return { ms: performance.now() - started, count };
  }

  it('answers a phenol search in about its usual time beside 50 slow searches of another key, and refuses past a key share with 503 and Retry-After', async () => {
    await searchMs(quickKey, 'Oc1ccccc1'); // the toolkit worker that reads queries loads on the first
    const alone = await searchMs(quickKey, 'Oc1ccccc1');
    // Slow: `*~*~*~*~*~*~*~*~*~*~*~*` passes every record's screen, so each search runs RDKit's matcher on all of them.
    const slowQuery = { query: Array.from({ length: 12 }, () => '*').join('~'), queryFormat: 'SMARTS', maxResults: 100_000 };
    const submits = await Promise.all(Array.from({ length: 50 }, () => api(svc.baseUrl, 'POST', 'filter/substructure', slowQuery, slowKey)));
    const accepted = submits.filter((r) => r.status === 200);
    const refused = submits.filter((r) => r.status === 503);
    const beside = await searchMs(quickKey, 'Oc1ccccc1');
    console.log(
      `      phenol alone ${alone.ms.toFixed(0)} ms, beside 50 slow searches ${beside.ms.toFixed(0)} ms; slow ones admitted ${accepted.length}, refused ${refused.length}`,
    );
    assert.strictEqual(beside.count, alone.count);
    // A key's share is full at once; a slow search that ends while the others are asked frees a place.
    assert.ok(accepted.length >= SEARCH_QUEUE_LIMITS.perCaller && refused.length > 0);
    assert.strictEqual(accepted.length + refused.length, 50);
    assert.ok(Number(refused[0].headers.get('retry-after')) > 0);
    // Whichever queue the key's share fills first refuses: reading the queries (toolkit calls) or the searches.
    assert.match(refused[0].json.detail, /Too many (substructure searches|toolkit calls) are queued .*share/);
    // Generous: its usual time plus a slice or two of the slow ones (the queue puts it first), on a loaded machine.
    assert.ok(beside.ms < alone.ms + 5000, `phenol took ${beside.ms} ms beside the slow searches, ${alone.ms} ms alone`);
    // Every slow one ends by its time bound.
    for (const r of accepted) assert.strictEqual((await ended(slowKey, r.json.queryId)).status, 'Complete');
  });

  async function similarityMs(key: string, body: object): Promise<{ ms: number; count: number }> {
    const started = performance.now();
    const submit = await api(svc.baseUrl, 'POST', 'filter/similarity', body, key);
    assert.strictEqual(submit.status, 200, submit.text);
    const { count } = await ended(key, submit.json.queryId);
    return { ms: performance.now() - started, count };
  }

  it('answers a common similarity search in about its usual time beside 50 slow ones of another key, and refuses past a key share with 503 and Retry-After', async () => {
    const common = { smiles: 'Oc1ccccc1', threshold: 0.5, maxResults: 20 };
    await similarityMs(quickKey, common);
    const alone = await similarityMs(quickKey, common);
    // Slow: every record with bits scored and ordered, and 10,000 of them read.
    const slow = { smiles: 'CCO', threshold: 0, maxResults: 10_000 };
    const submits = await Promise.all(Array.from({ length: 50 }, () => api(svc.baseUrl, 'POST', 'filter/similarity', slow, slowKey)));
    const accepted = submits.filter((r) => r.status === 200);
    const refused = submits.filter((r) => r.status === 503);
    const beside = await similarityMs(quickKey, common);
    const load = os.loadavg()[0].toFixed(1);
    console.log(
      `      phenol similarity alone ${alone.ms.toFixed(0)} ms, beside 50 slow similarity searches ${beside.ms.toFixed(0)} ms; slow ones admitted ${accepted.length}, refused ${refused.length}; load ${load}`,
    );
    assert.strictEqual(beside.count, alone.count);
    assert.strictEqual(accepted.length + refused.length, 50);
    assert.ok(accepted.length >= SEARCH_QUEUE_LIMITS.perCaller);
    // In memory a similarity search ends in milliseconds, so a key's share rarely fills; over PostgreSQL each holds its
    // place for seconds, and the share must refuse.
    if (process.env.COMPOUND_DB_TEST_DATABASE) assert.ok(refused.length > 0, 'no slow search was refused over PostgreSQL');
    for (const r of refused) {
      assert.ok(Number(r.headers.get('retry-after')) > 0);
      assert.match(r.json.detail, /Too many (similarity searches|toolkit calls) are queued .*share/);
    }
    assert.ok(beside.ms < alone.ms + 5000, `the common search took ${beside.ms} ms beside the slow ones, ${alone.ms} ms alone`);
    for (const r of accepted) assert.strictEqual((await ended(slowKey, r.json.queryId)).status, 'Complete');
  });
});
