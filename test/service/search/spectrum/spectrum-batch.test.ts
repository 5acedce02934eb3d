/**
 * filter/spectrum/batch (an addition beside shared/beyond-the-spec.md 5) over real HTTP on the shipped spectra: each
 * spectrum of a batch gets exactly what filter/spectrum answers for it alone (records, scores, spectra, matched peaks)
 * over the 300 perturbed queries of the MSEntropy fixture in the four modes; bad batches are 400s naming the spectrum
 * and the rule, an oversized body a 413; one key's batches do not hold back another key's single search.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { DEV_API_KEY, startService, type RunningService } from '../../../../src/service';
import { CompoundDbClient, SpectrumIdentifier } from '../../../../src/client';
import { SPECTRUM_LIMITS, type Peak, type SpectrumBatchResult } from '../../../../src/wire';
import { SEARCH_MODES, type ReferenceQuery } from '../../../support/spectrum-reference';
import { api, waitQuery } from '../../support/http';

const FIXTURE = path.resolve(__dirname, '../../../../../test/service/reference/spectrum-search.json');

describe('spectrum batch search (filter/spectrum/batch)', function () {
  this.timeout(600_000);
  const batchKey = 'batch-key-for-the-fairness-test';
  const singleKey = 'single-key-for-the-fairness-test';
  const queries = (JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as { queries: ReferenceQuery[] }).queries;
  let svc: RunningService;
  let client: CompoundDbClient;

  before(async () => {
    svc = await startService({ port: 0, structureIndexOnDemand: true, keys: { apiKeys: [DEV_API_KEY, batchKey, singleKey], tokens: [] } });
    client = new CompoundDbClient({ baseUrl: svc.baseUrl, apiKey: DEV_API_KEY });
    await svc.buildSpectrumIndex();
  });
  after(() => svc?.close());

  async function single(peaks: Peak[], precursorMz: number, searchType: string, maxResults: number, key = DEV_API_KEY) {
    const submit = await api(svc.baseUrl, 'POST', 'filter/spectrum', { peaks, precursorMz, searchType, maxResults }, key);
    assert.strictEqual(submit.status, 200, submit.text);
    const status = await waitQuery(svc.baseUrl, `filter/${submit.json.queryId}/status`);
    assert.strictEqual(status.status, 'Complete');
    return (await api(svc.baseUrl, 'GET', `filter/${submit.json.queryId}/results`, undefined, key)).json;
  }

  for (const mode of SEARCH_MODES) {
    it(`${mode}: each spectrum of a batch gets what filter/spectrum answers for it alone, over ${queries.length} perturbed queries`, async () => {
      const started = performance.now();
      const batched: SpectrumBatchResult[] = [];
      for (let i = 0; i < queries.length; i += 100) {
        const part = queries.slice(i, i + 100);
        batched.push(
          ...(await client.searchSpectra(
            part.map((q) => ({ peaks: q.peaks, precursorMz: q.precursor })),
            { searchType: mode, maxResults: 10 },
          )),
        );
      }
      const batchMs = performance.now() - started;
      assert.strictEqual(batched.length, queries.length);
      let hits = 0;
      for (const [n, q] of queries.entries()) {
        const alone = await single(q.peaks, q.precursor, mode, 10);
        const got = batched[n];
        assert.strictEqual(got.query, n % 100, `query ${n}: its position in its batch`);
        assert.deepStrictEqual(got.results, alone.results, `query ${n}: records`);
        assert.deepStrictEqual(got.scores, alone.scores, `query ${n}: scores`);
        assert.deepStrictEqual(got.spectrumIds, alone.spectrumIds, `query ${n}: spectra`);
        assert.deepStrictEqual(got.matchedPeaks, alone.matchedPeaks, `query ${n}: matched peaks`);
        hits += got.results.length;
      }
      console.log(`      ${queries.length} queries, ${hits} hits equal; the batches took ${batchMs.toFixed(0)} ms`);
    });
  }

  it('identifies through the client in batches: a spectrum without precursor for an identity search gets its own error, the others answer', async () => {
    const q = queries[0];
    const identifier = new SpectrumIdentifier(client, { top: 3 });
    const answers = await identifier.identifyMany([
      { peaks: q.peaks, precursorMz: q.precursor },
      { peaks: q.peaks },
      { peaks: q.peaks, precursorMz: q.precursor },
    ]);
    assert.ok(Array.isArray(answers[0]) && answers[0].length > 0 && answers[0][0].name !== '');
    assert.ok(answers[1] instanceof Error && /no precursor m\/z/.test(answers[1].message));
    assert.deepStrictEqual(answers[2], answers[0]);
  });

  it('refuses bad batches with a 400 naming the spectrum and the rule, and an oversized body with a 413', async () => {
    const ok = { peaks: [[100, 1]], precursorMz: 200 };
    const cases: Array<[unknown, RegExp]> = [
      [{}, /spectra must be a non-empty list/],
      [{ spectra: [] }, /spectra must be a non-empty list/],
      [{ spectra: Array.from({ length: SPECTRUM_LIMITS.batchSpectra + 1 }, () => ok) }, /spectra has 1001 spectra; at most 1000/],
      [
        // [1,1] repeated: 110,000 peaks in a body under 1 MiB
        { spectra: Array.from({ length: 11 }, () => ({ peaks: Array.from({ length: 10_000 }, () => [1, 1]), searchType: 'open' })) },
        /spectra have 110000 peaks in all; at most 100000/,
      ],
      [{ spectra: [ok, ok, { peaks: [[100, -1]], precursorMz: 200 }] }, /spectra\[2\]\.peaks peak 1 has intensity -1; it must not be negative/],
      [{ spectra: [ok, { peaks: [[100, 1]] }] }, /spectra\[1\]\.precursorMz is required for a identity search/],
      [{ spectra: [ok, 'x'] }, /spectra\[1\] must be an object/],
      [{ spectra: [{ ...ok, searchType: 'fuzzy' }] }, /spectra\[0\]\.searchType "fuzzy" must be one of/],
      [{ spectra: [ok], maxResults: 101 }, /maxResults 101 must be a whole number from 1 to 100/],
      [{ spectra: [ok], dataSources: ['nowhere'] }, /unknown datasource/],
    ];
    for (const [body, pattern] of cases) {
      const r = await api(svc.baseUrl, 'POST', 'filter/spectrum/batch', body);
      assert.strictEqual(r.status, 400, JSON.stringify(body).slice(0, 80));
      const text = Object.values(r.json.errors ?? { detail: [r.json.detail] })
        .flat()
        .join(' ');
      assert.match(text, pattern);
    }
    const big = {
      spectra: Array.from({ length: 900 }, () => ({ peaks: Array.from({ length: 100 }, (_, i) => [100.123456 + i, 1000.5]), precursorMz: 500 })),
    };
    const r = await api(svc.baseUrl, 'POST', 'filter/spectrum/batch', big);
    assert.strictEqual(r.status, 413, r.text.slice(0, 200));
    // A query ID of another kind is refused at the batch's routes.
    const submit = await api(svc.baseUrl, 'POST', 'filter/spectrum', ok);
    const wrong = await api(svc.baseUrl, 'GET', `filter/spectrum/batch/${submit.json.queryId}/results`);
    assert.strictEqual(wrong.status, 400);
  });

  it("answers another key's single search beside a key's batches of open searches", async () => {
    const q = queries[1];
    await single(q.peaks, q.precursor, 'open', 10, singleKey);
    let alone = Infinity;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      await single(q.peaks, q.precursor, 'open', 10, singleKey);
      alone = Math.min(alone, performance.now() - t);
    }
    const spectra = Array.from({ length: 500 }, (_, i) => ({ peaks: queries[i % queries.length].peaks }));
    const started = performance.now();
    const submits = await Promise.all(
      Array.from({ length: 2 }, () => api(svc.baseUrl, 'POST', 'filter/spectrum/batch', { spectra, searchType: 'open', maxResults: 1 }, batchKey)),
    );
    for (const s of submits) assert.strictEqual(s.status, 200, s.text);
    const t = performance.now();
    await single(q.peaks, q.precursor, 'open', 10, singleKey);
    const beside = performance.now() - t;
    for (const s of submits) {
      const status = await waitQuery(svc.baseUrl, `filter/spectrum/batch/${s.json.queryId}/status`, 300_000);
      assert.strictEqual(status.status, 'Complete');
    }
    const batchesMs = performance.now() - started;
    const results = await api(svc.baseUrl, 'GET', `filter/spectrum/batch/${submits[0].json.queryId}/results`, undefined, batchKey);
    assert.strictEqual(results.json.batchResults.length, 500);
    console.log(
      `      a single open search: ${alone.toFixed(1)} ms alone, ${beside.toFixed(1)} ms beside 2 batches of 500 open searches (which took ${batchesMs.toFixed(0)} ms)`,
    );
    // Generous: the single search waits one slice of the batch at most, not for the 1,000 searches.
    assert.ok(beside < batchesMs / 2, `the single search (${beside.toFixed(0)} ms) did not wait for the batches (${batchesMs.toFixed(0)} ms)`);
  });
});
