/**
 * The bulk resolver against the built-in service, directly and through a proxy that rate-limits, drops connections
 * and echoes secrets: every row, in input order, the fewest requests, the cache on disk reused with no request.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import {
  CompoundDbClient,
  DiskResolveCache,
  RequestGate,
  cacheScope,
  resolveIdentifiers,
  type RequestLogEntry,
  type ResolveRow,
} from '../../../src/client';
import { abortableSleep, type Sleep } from '../../../src/client/sleep';
import { DEV_API_KEY, DEV_TOKEN, startService, type RunningService } from '../../../src/service';
import { mixedIdentifiers, recordsOf, type MixedIdentifier } from '../support/mixed-identifiers';
import { startUnreliableProxy, type UnreliableProxy } from '../support/unreliable-proxy';

describe('bulk resolver', function () {
  this.timeout(120_000);
  let service: RunningService;
  let list: MixedIdentifier[];
  let proxy: UnreliableProxy | undefined;
  const temps: string[] = [];

  const client = (baseUrl: string, credentials: { apiKey?: string; token?: string } = { apiKey: DEV_API_KEY, token: DEV_TOKEN }) =>
    new CompoundDbClient({ baseUrl, ...credentials, retryBaseMs: 50 });
  const tempDir = (): string => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compound-db-resolve-'));
    temps.push(dir);
    return dir;
  };

  before(async () => {
    service = await startService({ port: 0 });
    list = mixedIdentifiers(await recordsOf(client(service.baseUrl), 120), 700);
  });
  afterEach(async () => {
    await proxy?.close();
    proxy = undefined;
  });
  after(async () => {
    await service.close();
    for (const dir of temps) fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Each row answers its own input, and what it found is the record the identifier came from. */
  function assertRows(rows: ResolveRow[], inputs: MixedIdentifier[]): void {
    assert.strictEqual(rows.length, inputs.length);
    rows.forEach((row, i) => {
      const want = inputs[i];
      assert.strictEqual(row.input, want.text, `row ${i}`);
      if (want.kind === 'unknown') return assert.strictEqual(row.status, 'not_found', `${want.text}: ${row.message}`);
      assert.ok(row.status === 'found' || row.status === 'ambiguous', `${want.kind} ${want.text}: ${row.status} ${row.message}`);
      if (want.kind === 'recordId') assert.strictEqual(row.record?.recordId, want.recordId);
      if (want.kind === 'inchikey') assert.strictEqual(row.record?.inchikey, want.text);
      if (row.status === 'ambiguous') assert.match(row.message, /^\d+ records match/);
    });
  }

  const distinctSearches = (inputs: MixedIdentifier[]): number => new Set(inputs.filter((i) => i.kind !== 'recordId').map((i) => i.text.trim())).size;

  it('gives one row per input in input order, asking each distinct identifier once and records 100 a request', async () => {
    proxy = await startUnreliableProxy(service.baseUrl);
    const seen: number[] = [];
    const rows = await resolveIdentifiers(
      client(proxy.url),
      list.map((i) => i.text),
      { onRow: (_, index) => seen.push(index) },
    );
    assertRows(rows, list);
    assert.deepStrictEqual(
      seen,
      list.map((_, i) => i),
    );
    const searches = proxy.log.filter((l) => l.includes('SimpleSearch')).length;
    const batches = proxy.log.filter((l) => l.includes('GetExtendedCompoundInfoArray')).length;
    assert.strictEqual(searches, distinctSearches(list));
    const records = new Set(rows.flatMap((r) => (r.record ? [r.record.recordId] : []))).size;
    assert.ok(batches <= Math.ceil(records / 100) + 1, `${batches} record requests for ${records} records`);
    assert.ok(proxy.requests <= 1.1 * searches + Math.ceil(records / 100) + 1);
  });

  it('keeps to the configured rate: no 429 from a server that allows that rate', async () => {
    proxy = await startUnreliableProxy(service.baseUrl, { ratePerSecond: 40 });
    const inputs = list.slice(0, 120);
    const rows = await resolveIdentifiers(
      client(proxy.url),
      inputs.map((i) => i.text),
      { ratePerSecond: 40, concurrency: 6 },
    );
    assertRows(rows, inputs);
    assert.strictEqual(proxy.tooMany, 0);
  });

  it('honours Retry-After and still answers every row when sent too fast', async () => {
    proxy = await startUnreliableProxy(service.baseUrl, { ratePerSecond: 15, retryAfterSeconds: 1 });
    const inputs = list.slice(0, 40);
    const started = Date.now();
    const rows = await resolveIdentifiers(
      client(proxy.url),
      inputs.map((i) => i.text),
      { concurrency: 8 },
    );
    assertRows(rows, inputs);
    assert.ok(proxy.tooMany > 0, 'the proxy refused some requests');
    assert.ok(Date.now() - started >= 1000, 'it waited as Retry-After asked');
  });

  it('retries dropped connections without losing or reordering a row', async () => {
    proxy = await startUnreliableProxy(service.baseUrl, { dropEvery: 7 });
    const inputs = list.slice(0, 150);
    const rows = await resolveIdentifiers(
      client(proxy.url),
      inputs.map((i) => i.text),
      { concurrency: 4, retryBaseMs: 10 },
    );
    assertRows(rows, inputs);
    assert.ok(proxy.dropped > 5);
    assert.ok(proxy.requests <= 1.1 * (distinctSearches(inputs) + proxy.dropped) + 3);
  });

  it('reuses its cache on disk in a later run with no request at all', async () => {
    proxy = await startUnreliableProxy(service.baseUrl);
    const dir = tempDir();
    const scope = cacheScope(proxy.url, 'older');
    const inputs = list.slice(0, 200).map((i) => i.text);
    const first = DiskResolveCache.inFolder(dir, scope);
    const rows = await resolveIdentifiers(client(proxy.url), inputs, { cache: first });
    first.close();
    assert.ok(proxy.requests > 0);
    proxy.reset();
    const second = DiskResolveCache.inFolder(dir, scope);
    const again = await resolveIdentifiers(client(proxy.url), inputs, { cache: second });
    second.close();
    assert.strictEqual(proxy.requests, 0);
    assert.deepStrictEqual(again, rows);
  });

  it('reads a journal cut in the middle of a line and goes on appending after it', () => {
    const dir = tempDir();
    const cache = DiskResolveCache.inFolder(dir, 'scope');
    cache.putSearch('caffeine', [507]);
    cache.putRecord(507, {
      recordId: 507,
      name: 'Caffeine',
      formula: 'C8H10N4O2',
      inchikey: 'RYYVLZVUVIJVGH-UHFFFAOYSA-N',
      smiles: 'C',
      monoisotopicMass: 194.08,
    });
    cache.close();
    fs.appendFileSync(cache.file, '{"s":"aspir');
    const reread = DiskResolveCache.inFolder(dir, 'scope');
    assert.deepStrictEqual(reread.search('caffeine'), [507]);
    assert.strictEqual(reread.record(507)?.name, 'Caffeine');
    assert.strictEqual(reread.search('aspir'), undefined);
    reread.putSearch('water', []);
    reread.close();
    assert.deepStrictEqual(DiskResolveCache.inFolder(dir, 'scope').search('water'), []);
    assert.strictEqual(DiskResolveCache.inFolder(dir, 'other scope').search('caffeine'), undefined);
  });

  it('works with only an API key through the current interface, InChIKeys included', async () => {
    proxy = await startUnreliableProxy(service.baseUrl);
    const inputs = list.slice(0, 30);
    const rows = await resolveIdentifiers(
      client(proxy.url, { apiKey: DEV_API_KEY }),
      inputs.map((i) => i.text),
    );
    assertRows(rows, inputs);
    for (const row of rows) if (row.record) assert.match(row.record.inchikey, /^[A-Z]{14}-[A-Z]{10}-[A-Z]$/);
    assert.ok(proxy.log.every((l) => l.includes('/compounds/v1/')));
  });

  it('gives bad inputs and server failures their own error rows, and never shows a secret', async () => {
    proxy = await startUnreliableProxy(service.baseUrl, {
      intercept: (req, body, res) => {
        if (!body.includes('echo-me')) return false;
        res.writeHead(500, { 'Content-Type': 'application/problem+json' });
        res.end(JSON.stringify({ title: 'Internal error', status: 500, detail: `bad key ${String(req.headers.apikey)} token ${DEV_TOKEN}` }));
        return true;
      },
    });
    const inputs = ['caffeine', '', 'x'.repeat(5000), 'echo-me', 'no such thing at all', 'a\u0001b', '0'];
    const rows = await resolveIdentifiers(client(proxy.url), inputs, { retryBaseMs: 1 });
    assert.deepStrictEqual(
      rows.map((r) => r.status),
      ['found', 'error', 'error', 'error', 'not_found', 'error', 'error'],
    );
    assert.match(rows[1].message, /empty/);
    assert.match(rows[2].message, /at most 1000 are allowed/);
    const text = JSON.stringify(rows);
    assert.ok(!text.includes(DEV_API_KEY) && !text.includes(DEV_TOKEN), text);
  });

  it('stops the whole run with one clear error when no request can succeed (refused connection, refused key)', async () => {
    const closed = await startUnreliableProxy(service.baseUrl);
    const url = closed.url;
    await closed.close();
    await assert.rejects(resolveIdentifiers(client(url), ['caffeine', 'water'], { retryBaseMs: 1 }), {
      kind: 'Network',
      message: /connection refused/,
    });
    await assert.rejects(resolveIdentifiers(client(service.baseUrl, { apiKey: 'not-the-key-123' }), ['caffeine']), { kind: 'Authorization' });
  });

  it('stops at once on cancel and says so, every request and wait of the run ended when it rejects', async () => {
    proxy = await startUnreliableProxy(service.baseUrl, { delayMs: 50 });
    const controller = new AbortController();
    const rows: ResolveRow[] = [];
    // Every wait of the run (the gate's pacing, the client's polling and retry waits) and every request it sends is
    // counted: when the run rejects none may be left, so nothing of it can send a request later.
    let waits = 0;
    const sleep: Sleep = async (ms, signal) => {
      waits++;
      try {
        await abortableSleep(ms, signal);
      } finally {
        waits--;
      }
    };
    const ended: RequestLogEntry[] = [];
    const cancelled = new CompoundDbClient({
      baseUrl: proxy.url,
      apiKey: DEV_API_KEY,
      token: DEV_TOKEN,
      retryBaseMs: 50,
      sleep,
      log: (e) => ended.push(e),
    });
    const run = resolveIdentifiers(
      cancelled,
      list.slice(0, 100).map((i) => i.text),
      {
        signal: controller.signal,
        onProgress: (p) => p.searched >= 5 && controller.abort(),
        onRow: (row) => rows.push(row),
        concurrency: 2,
        ratePerSecond: 20, // the gate's pacing waits are pending when the cancel comes
        sleep,
      },
    );
    await assert.rejects(run, { kind: 'Cancelled' });
    assert.strictEqual(waits, 0, 'no wait of the run is pending');
    const received = proxy.requests;
    assert.ok(ended.length >= received, `each of the ${received} requests the proxy received has ended in the client (${ended.length} ended)`);
    await proxy.settled(); // the two in flight are answered
    assert.ok(proxy.requests <= 8, `${proxy.requests} requests`);
    assert.strictEqual(proxy.requests, received, 'no request after the cancel');
    assert.strictEqual(rows.length, 0, 'no record batch went out, so no row is complete');
  });

  it('paces requests evenly at the rate asked', async () => {
    let clock = 0;
    const sleep = async (ms: number): Promise<void> => {
      const until = clock + ms;
      await Promise.resolve();
      clock = Math.max(clock, until);
    };
    const gate = new RequestGate({ ratePerSecond: 10, concurrency: 3, now: () => clock, sleep });
    const starts: number[] = [];
    await Promise.all(Array.from({ length: 6 }, () => gate.run(async () => void starts.push(clock))));
    for (let i = 1; i < starts.length; i++) assert.ok(starts[i] - starts[i - 1] >= 100, starts.join(','));
  });
});
