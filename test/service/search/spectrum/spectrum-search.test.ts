/**
 * filter/spectrum (shared/beyond-the-spec.md 5) over real HTTP on the shipped spectra: a library spectrum finds its
 * own record first at score 1; results carry scores, spectrum IDs and matched peaks; bad bodies are 400s naming the
 * field; the client's filterSpectrum and the query object's `spectrum` kind; a server without the route is one clear
 * error. Scores against the authors' implementation: spectrum-reference.test.ts.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as http from 'http';
import type { AddressInfo } from 'net';
import { DEV_API_KEY, startService, type RunningService } from '../../../../src/service';
import { CompoundDbClient, SpectrumSearchUnavailableError, parseSpectra } from '../../../../src/client';
import { loadSpectra } from '../../../../src/service/collection/spectra-files';
import { SHIPPED_DATA_DIR } from '../../../../src/service/collection/shipped-collection';
import { readLibrarySpectrum } from '../../../../src/service/search/spectrum/library-spectrum';
import { SpectrumLibrary } from '../../../../src/service/search/spectrum/library';
import { searchSpectrum } from '../../../../src/service/search/spectrum/search';
import type { Peak } from '../../../../src/wire';
import { api, waitQuery } from '../../support/http';
import * as path from 'path';

describe('spectrum search (filter/spectrum)', function () {
  this.timeout(300_000);
  let svc: RunningService;
  let client: CompoundDbClient;
  /** A caffeine-like library spectrum with its IDs. */
  let sample: { spectrumId: number; recordId: number; precursor: number; peaks: Peak[]; ionMode?: string };

  before(async () => {
    svc = await startService({ port: 0, structureIndexOnDemand: true });
    client = new CompoundDbClient({ baseUrl: svc.baseUrl, apiKey: DEV_API_KEY });
    const store = await loadSpectra(path.join(SHIPPED_DATA_DIR, 'spectra'));
    // The first spectrum with a precursor and at least 4 peaks.
    for (const { id, csid } of (await store.ids()).slice(0, 200)) {
      const s = readLibrarySpectrum((await store.readData(id)) as string);
      if (s.precursorMz !== undefined && s.mz.length >= 4) {
        sample = { spectrumId: id, recordId: csid, precursor: s.precursorMz, peaks: s.mz.map((mz, i) => [mz, s.intensity[i]]), ionMode: s.ionMode };
        break;
      }
    }
    const stats = await svc.buildSpectrumIndex();
    console.log(
      `      index: ${stats.indexed} of ${stats.spectra} spectra, ${stats.peaks} peaks, ${Math.round(stats.approximateBytes / 1e6)} MB, ${stats.buildMs} ms`,
    );
  });
  after(() => svc?.close());

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function run(body: unknown): Promise<{ status: string; message: string; results: any }> {
    const submit = await api(svc.baseUrl, 'POST', 'filter/spectrum', body);
    assert.strictEqual(submit.status, 200, submit.text);
    const status = await waitQuery(svc.baseUrl, `filter/${submit.json.queryId}/status`);
    const results = await api(svc.baseUrl, 'GET', `filter/${submit.json.queryId}/results`);
    return { status: status.status, message: status.message, results: results.json };
  }

  it('finds the record of a library spectrum first, at score 1, in every mode', async () => {
    for (const searchType of ['identity', 'open', 'neutralLoss', 'hybrid']) {
      const { status, results } = await run({ peaks: sample.peaks, precursorMz: sample.precursor, searchType });
      assert.strictEqual(status, 'Complete');
      assert.strictEqual(results.results[0], sample.recordId, searchType);
      assert.strictEqual(results.scores[0], 1, searchType);
      assert.ok(results.spectrumIds[0] > 0);
      assert.ok(results.matchedPeaks[0] >= 1);
      assert.strictEqual(results.scores.length, results.results.length);
      assert.strictEqual(new Set(results.results).size, results.results.length, 'each record once');
      for (let i = 1; i < results.scores.length; i++) {
        const [a, b] = [results.scores[i - 1], results.scores[i]];
        assert.ok(a > b || (a === b && results.results[i - 1] < results.results[i]), `order at ${i}`);
      }
    }
  });

  it('bounds results by maxResults and threshold, and restricts by ion mode', async () => {
    const few = await run({ peaks: sample.peaks, precursorMz: sample.precursor, searchType: 'open', maxResults: 3 });
    assert.ok(few.results.results.length <= 3);
    const high = await run({ peaks: sample.peaks, precursorMz: sample.precursor, searchType: 'open', threshold: 0.9 });
    assert.ok(high.results.scores.every((s: number) => s >= 0.9));
    const other = sample.ionMode === 'positive' ? 'negative' : 'positive';
    const wrongMode = await run({ peaks: sample.peaks, precursorMz: sample.precursor, ionMode: other });
    assert.ok(!wrongMode.results.results.includes(sample.recordId));
  });

  it('says why nothing can match when no peak survives cleaning', async () => {
    const { status, message, results } = await run({ peaks: [[500, 10]], precursorMz: 300 });
    assert.strictEqual(status, 'Complete');
    assert.deepStrictEqual(results.results, []);
    assert.match(message, /No peak of the query is left after cleaning/);
  });

  it('refuses bad bodies with a 400 naming the field', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [{ peaks: [], precursorMz: 100 }, /peaks must be a non-empty list/],
      [{ peaks: [[100, 'x']], precursorMz: 100 }, /peaks peak 1 has intensity "x"/],
      [{ peaks: [[-1, 1]], precursorMz: 100 }, /peaks peak 1 has m\/z -1/],
      [{ peaks: [[100, -1]], precursorMz: 100 }, /must not be negative/],
      [{ peaks: Array.from({ length: 10_001 }, (_, i) => [100 + i / 100, 1]), precursorMz: 500, searchType: 'open' }, /at most 10000 are allowed/],
      [{ peaks: [[100, 1]] }, /precursorMz is required for a identity search/],
      [{ peaks: [[100, 1]], precursorMz: 200, searchType: 'fuzzy' }, /searchType "fuzzy" must be one of/],
      [{ peaks: [[100, 1]], precursorMz: 200, fragmentToleranceDa: 5 }, /fragmentToleranceDa 5/],
      [{ peaks: [[100, 1]], precursorMz: 200, maxResults: 0 }, /maxResults 0/],
      [{ peaks: [[100, 1]], precursorMz: 200, dataSources: ['nowhere'] }, /unknown datasource/],
    ];
    for (const [body, pattern] of cases) {
      const r = await api(svc.baseUrl, 'POST', 'filter/spectrum', body);
      assert.strictEqual(r.status, 400, JSON.stringify(body).slice(0, 80));
      assert.match(
        Object.values(r.json.errors ?? { detail: [r.json.detail] })
          .flat()
          .join(' '),
        pattern,
      );
    }
  });

  it('answers through the client: filterSpectrum and the query object, with scores beside the IDs', async () => {
    const queryId = await client.filterSpectrum(sample.peaks, { precursorMz: sample.precursor });
    assert.match(queryId, /\S/);
    const query = client.query({ kind: 'spectrum', peaks: sample.peaks, precursorMz: sample.precursor, searchType: 'hybrid', maxResults: 5 });
    await query.run();
    const page = await query.page(0, 5);
    assert.strictEqual(page.ids[0], sample.recordId);
    assert.strictEqual(page.scores?.[0], 1);
    assert.strictEqual(page.spectrumIds?.length, page.ids.length);
    assert.strictEqual(page.matchedPeaks?.length, page.ids.length);
  });

  it('answers a pasted MassBank peak list parsed by the client', async () => {
    const text = `MS$FOCUSED_ION: PRECURSOR_M/Z ${sample.precursor}\nPK$PEAK: m/z int. rel.int.\n${sample.peaks.map(([mz, i]) => `  ${mz} ${i} 1`).join('\n')}\n//\n`;
    const [item] = parseSpectra(text);
    assert.ok(item.spectrum);
    const query = client.query({ kind: 'spectrum', peaks: item.spectrum.peaks, precursorMz: item.spectrum.precursorMz });
    await query.run();
    assert.strictEqual((await query.page(0, 1)).ids[0], sample.recordId);
  });

  it('answers the largest queries (10,000 dense peaks, every mode) in bounded time', async () => {
    const dense: Peak[] = Array.from({ length: 10_000 }, (_, i) => [50 + i * 0.013, 1 + (i % 97)]);
    for (const searchType of ['identity', 'open', 'neutralLoss', 'hybrid']) {
      const started = Date.now();
      const { status } = await run({ peaks: dense, precursorMz: 250, searchType });
      const ms = Date.now() - started;
      assert.strictEqual(status, 'Complete');
      console.log(`      ${searchType}: 10,000 peaks in ${ms} ms`);
      assert.ok(ms < 20_000, `${searchType}: ${ms} ms`);
    }
  });

  it('answers the same best records when it gathers only the top score steps as when it ranks every record', async () => {
    // With `accept` the search ranks every record; without, the index gathers records from the top score step down
    // only until maxResults are in (entropy-index.ts, bestPerRecord). Both must answer alike, ties and threshold too.
    const fixture = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../../../test/service/reference/spectrum-search.json'), 'utf8')) as {
      queries: Array<{ precursor: number; peaks: Peak[] }>;
    };
    const index = await new SpectrumLibrary(await loadSpectra(path.join(SHIPPED_DATA_DIR, 'spectra'))).index();
    let hits = 0;
    for (const q of fixture.queries.slice(0, 100)) {
      for (const searchType of ['identity', 'open', 'neutralLoss', 'hybrid'] as const) {
        for (const [maxResults, threshold] of [
          [1, 0],
          [5, 0],
          [100, 0],
          [20, 0.5],
        ]) {
          const request = { peaks: q.peaks, precursorMz: q.precursor, searchType, maxResults, threshold };
          const gathered = await searchSpectrum(index, request);
          const everyRecord = await searchSpectrum(index, { ...request, accept: () => true });
          assert.deepStrictEqual(gathered, everyRecord, `${searchType} maxResults ${maxResults} threshold ${threshold}`);
          hits += gathered.hits.length;
        }
      }
    }
    assert.ok(hits > 10_000, `${hits} hits compared`);
  });

  it('a server without spectrum search is one clear error', async () => {
    const server = http.createServer((_req, res) => {
      res.writeHead(404, { 'Content-Type': 'application/problem+json' });
      res.end(JSON.stringify({ status: 404, title: 'Not Found' }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const other = new CompoundDbClient({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, apiKey: DEV_API_KEY });
      await assert.rejects(
        other.filterSpectrum([[100, 1]], { precursorMz: 200 }),
        (e: Error) => e instanceof SpectrumSearchUnavailableError && e.message === 'spectrum search is not offered by this server',
      );
    } finally {
      server.close();
    }
  });
});
