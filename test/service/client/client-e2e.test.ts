/**
 * The client of src/client pointed at this service: every client operation of both generations end to end.
 * This suite is the proof that the two sides agree on the wire contract.
 */
import * as assert from 'assert';
import {
  AuthorizationError,
  BadRequestError,
  CompoundDbClient,
  LegacyAuthorizationError,
  LegacyNotFoundError,
  NotFoundError,
  PayloadError,
  QueryFailedError,
  RateError,
} from '../../../src/client';
import { startService, type RunningService } from '../../../src/service';
import { loadChemistry } from '../../../src/service/toolkits';
import type { CompoundRecord } from '../../../src/service/record';
import { buildFixtureRecords, SPECTRUM_TEXT, writeSpectraDir } from '../support/fixture';
import { pollPause } from '../support/http';

const KEY = 'e2e-api-key-1234';
const SUB = 'e2e-subscriber-token';
const USER = 'e2e-user-token-1234';
const CAFFEINE_KEY = 'RYYVLZVUVIJVGH-UHFFFAOYSA-N';
const CAFFEINE_INCHI = 'InChI=1S/C8H10N4O2/c1-10-4-9-6-5(10)7(13)12(3)8(14)11(6)2/h4H,1-3H3';

describe('client end to end against the local service', () => {
  let svc: RunningService;
  let fixture: CompoundRecord[];
  let both: CompoundDbClient;
  let keyOnly: CompoundDbClient;
  let tokenOnly: CompoundDbClient;
  const fast = { maxWaitMs: 20 };

  before(async () => {
    fixture = buildFixtureRecords(await loadChemistry());
    svc = await startService({
      port: 0,
      records: fixture,
      shippedSpectra: false,
      spectraDir: writeSpectraDir(),
      keys: {
        apiKeys: [KEY],
        tokens: [
          { token: SUB, role: 'subscriber' },
          { token: USER, role: 'user' },
        ],
      },
    });
    both = new CompoundDbClient({ baseUrl: svc.baseUrl, legacyBaseUrl: svc.legacyBaseUrl, apiKey: KEY, token: SUB });
    keyOnly = new CompoundDbClient({ baseUrl: svc.baseUrl, apiKey: KEY });
    tokenOnly = new CompoundDbClient({ baseUrl: svc.baseUrl, token: SUB });
  });
  after(() => svc.close());

  async function finished(
    client: CompoundDbClient,
    queryId: string,
    status: (id: string) => Promise<{ status: string }> = (id) => client.filterStatus(id),
  ) {
    // A structure query first waits for the index its workers build (seconds on a loaded machine): bounded by the
    // suite's timeout, not by a count of polls.
    for (let polls = 0; ; polls++) {
      const s = await status(queryId);
      if (s.status !== 'Created' && s.status !== 'Processing') return s;
      await pollPause(polls);
    }
  }
  async function ids(queryId: string): Promise<number[]> {
    await finished(both, queryId);
    return both.filterAllResults(queryId);
  }

  describe('current interface', () => {
    it('getDetails, getDetailsBatch (split past 100, caller order), getExternalReferences, getImage, getMol, getDatasources', async () => {
      const d = await both.getDetails(2424);
      assert.strictEqual(d.formula, 'C_{8}H_{10}N_{4}O_{2}');
      assert.strictEqual(d.monoisotopicMass, 194.080376);
      assert.deepStrictEqual(await both.getDetails(682, ['SMILES']), { id: 682, smiles: 'CCO' });
      const batchIds = [682, ...Array.from({ length: 150 }, (_, i) => 100_000 + i), 2424];
      const batch = await both.getDetailsBatch(batchIds, ['CommonName']);
      assert.deepStrictEqual(
        batch.map((r) => [r.id, r.commonName]),
        [
          [682, 'Ethanol'],
          [2424, 'Caffeine'],
        ],
      );
      assert.deepStrictEqual(
        (await both.getExternalReferences(2424, ['Beta'])).map((r) => r.externalId),
        ['beta-2424'],
      );
      const png = await both.getImage(2424);
      assert.strictEqual(Buffer.from(png.subarray(1, 4)).toString('latin1'), 'PNG');
      assert.match(await both.getMol(171), /M {2}END/);
      assert.deepStrictEqual(await both.getDatasources(), ['Alpha', 'Beta']);
    });

    it('filters with their options, sort keys and datasources', async () => {
      assert.deepStrictEqual(await ids(await both.filterElement({ includeElements: ['N', 'O'], includeAll: true })), [2068, 2424, 5236]);
      assert.deepStrictEqual(await ids(await both.filterElement({ includeElements: ['Cl'], complexity: 'multiple' })), [5044]);
      assert.deepStrictEqual(await ids(await both.filterElement({ includeElements: ['O'], isotopic: 'labeled' })), [7000]);
      assert.deepStrictEqual(await ids(await both.filterFormula('H8C7N4O2', { dataSources: ['Beta'] })), [2068]);
      assert.deepStrictEqual(await ids(await both.filterFormula('C7H8N4O2', { order: 'reference_count', direction: 'ascending' })), [5236, 2068]);
      assert.deepStrictEqual(await ids(await both.filterFormula('C7H8N4O2', { order: 'dbid', direction: 'descending' })), [5236, 2068]);
      assert.deepStrictEqual(await ids(await both.filterInchi(CAFFEINE_INCHI)), [2424]);
      assert.deepStrictEqual(await ids(await both.filterInchikey(CAFFEINE_KEY)), [2424]);
      assert.deepStrictEqual(await ids(await both.filterSmiles('OCC')), [682]);
      assert.deepStrictEqual(await ids(await both.filterName('guaranine')), [2424]);
      assert.deepStrictEqual(await ids(await both.filterMass(180.04, 0.01)), [2157, 9001]);
      assert.deepStrictEqual(
        await ids(await both.filterIntrinsicProperty({ formula: 'C9H8O4', monoisotopicMass: { mass: 180.04, range: 0.01 } })),
        [2157, 9001],
      );
    });

    it('formula and mass batches with their own status and results', async () => {
      const f = await both.filterFormulaBatch(['C9H8O4', 'C2H6O']);
      assert.strictEqual((await finished(both, f, (id) => both.filterFormulaBatchStatus(id))).status, 'Complete');
      assert.deepStrictEqual(await both.filterFormulaBatchResults(f), [
        { formula: 'C9H8O4', results: [2157, 9001] },
        { formula: 'C2H6O', results: [682] },
      ]);
      const m = await both.filterMassBatch([{ mass: 194.08, range: 0.01 }]);
      await finished(both, m, (id) => both.filterMassBatchStatus(id));
      assert.deepStrictEqual(await both.filterMassBatchResults(m), [{ mass: 194.08, range: 0.01, results: [2424] }]);
    });

    it('filterStatus, filterResults with start and count, filterResultsSdf (gunzipped)', async () => {
      const q = await both.filterElement({ includeElements: ['C'] });
      const s = await finished(both, q);
      assert.strictEqual(s.status, 'Complete');
      assert.deepStrictEqual(await both.filterResults(q, 1, 2), { results: [171, 236], limitedToMaxAllowed: false });
      const f = await both.filterFormula('C7H8N4O2');
      await finished(both, f);
      const sdf = await both.filterResultsSdf(f);
      assert.strictEqual(sdf.split('$$$$').length - 1, 2);
    });

    it('convert and validateInchikey', async () => {
      assert.strictEqual(await both.convert('OCC', 'SMILES', 'InChI'), 'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3');
      assert.strictEqual(await both.convert(CAFFEINE_INCHI, 'InChI', 'InChIKey'), CAFFEINE_KEY);
      assert.strictEqual(await both.convert(CAFFEINE_KEY, 'InChIKey', 'InChI'), CAFFEINE_INCHI);
      assert.strictEqual(await both.validateInchikey(CAFFEINE_KEY), true);
      assert.strictEqual(await both.validateInchikey('RYYVLZVUVIJVGH-UHFFFAOYSA-X'), true);
    });

    it('maps the service errors onto the client error kinds', async () => {
      await assert.rejects(both.getDetails(999999), NotFoundError);
      await assert.rejects(new CompoundDbClient({ baseUrl: svc.baseUrl, apiKey: 'wrong-key-123456' }).getDatasources(), AuthorizationError);
      await assert.rejects(both.filterFormula('not a formula'), BadRequestError);
      await assert.rejects(both.convert('XLYOFNOQVPJJNP-UHFFFAOYSA-N', 'InChIKey', 'InChI'), NotFoundError);
      // A body past 1 MiB made of valid entries (every text field has its own, smaller limit, checked before sending).
      const masses = Array.from({ length: 40_000 }, () => ({ mass: 194.0804, range: 0.0001 }));
      await assert.rejects(both.filterMassBatch(masses), PayloadError);
      await assert.rejects(both.filterName('x'.repeat(1024 * 1024 + 1)), /name is 1048577 characters long; at most 1000 are allowed/);
    });

    it('composite search: record ID, name, InChI, InChIKey, SMILES, order and SDF', async () => {
      assert.deepStrictEqual((await both.search(2424, fast)).recordIds, [2424]);
      const byName = await both.search('caffeine', fast);
      assert.strictEqual(byName.status, 'Complete');
      assert.deepStrictEqual(byName.recordIds, [2424]);
      assert.strictEqual(await byName.compounds[0].commonName(), 'Caffeine');
      assert.deepStrictEqual((await both.search(CAFFEINE_INCHI, fast)).recordIds, [2424]);
      assert.deepStrictEqual((await both.search(CAFFEINE_KEY, fast)).recordIds, [2424]);
      assert.deepStrictEqual((await both.search('C(O)C', fast)).recordIds, [682]);
      assert.deepStrictEqual((await both.search('acet', { ...fast, order: 'reference_count', direction: 'descending' })).recordIds, [2157, 171, 30]);
      assert.match(await (await both.search('theo', fast)).sdf(), /Theobromine/);
    });

    it('Compound objects load lazily from details and convert', async () => {
      const c = both.compound(2424);
      assert.strictEqual(await c.inchiKey(), CAFFEINE_KEY);
      assert.strictEqual(await c.inchi(), CAFFEINE_INCHI);
      assert.strictEqual((await c.masses()).nominalMass, 194);
      assert.strictEqual((await c.mol3D())?.split('\n')[0], '2424');
      assert.ok((await c.image()).length > 100);
      assert.match(c.imageUrl, /ImagesHandler\.ashx\?id=2424$/);
      assert.strictEqual(await c.rawMol(), fixture.find((r) => r.id === 2424)!.originalMol);
    });
  });

  describe('older interface', () => {
    it('compound info, extended info and its lists, mol info with mol type and flags', async () => {
      assert.strictEqual((await tokenOnly.getCompoundInfo(2424)).InChIKey, CAFFEINE_KEY);
      const ext = await tokenOnly.getExtendedCompoundInfo(2424);
      assert.strictEqual(ext.CommonName, 'Caffeine');
      assert.strictEqual(ext.MonoisotopicMass, 194.080376);
      assert.deepStrictEqual(
        (await tokenOnly.getExtendedCompoundInfoList([2424, 999999, 682])).map((x) => x.CSID),
        [2424, 682],
      );
      const mol = await tokenOnly.getExtendedMolCompoundInfoList([2424], {
        molType: 'both',
        includeReferenceCounts: true,
        includeExternalReferences: true,
      });
      assert.strictEqual(mol[0].ReferenceCount, 50);
      assert.ok(mol[0].MOL2d && mol[0].MOL3d);
      assert.deepStrictEqual(
        mol[0].ExternalReferences?.map((r) => r.ds_name),
        ['Alpha', 'Beta'],
      );
      const many = await tokenOnly.getExtendedMolCompoundInfoList([...Array.from({ length: 300 }, (_, i) => 200_000 + i), 682]);
      assert.deepStrictEqual(
        many.map((x) => x.CSID),
        [682],
      );
    });

    it('record MOL with calc3d, original MOL, thumbnail, databases', async () => {
      assert.ok((await tokenOnly.getRecordMol(682, true)).startsWith('682\n'));
      assert.match(await tokenOnly.getRecordMol(682), /RDKit/);
      assert.ok((await tokenOnly.getOriginalMol(682)).startsWith('original of 682'));
      assert.strictEqual(Buffer.from((await tokenOnly.getCompoundThumbnail(2424)).subarray(1, 4)).toString('latin1'), 'PNG');
      assert.deepStrictEqual(await tokenOnly.getDatabases(), ['Alpha', 'Beta']);
    });

    it('simple search, async search (ordered), status, status and count, result, result part', async () => {
      assert.deepStrictEqual(await tokenOnly.simpleSearch('caffeine'), [2424]);
      const rid = await tokenOnly.asyncSimpleSearch('acet');
      await finished(tokenOnly, rid, async (id) => ({ status: String(await tokenOnly.getAsyncSearchStatus(id)) }));
      assert.strictEqual(await tokenOnly.getAsyncSearchStatus(rid), 'ResultReady');
      const sc = await tokenOnly.getAsyncSearchStatusAndCount(rid);
      assert.strictEqual(sc.Count, 3);
      assert.strictEqual(await tokenOnly.getAsyncSearchResult(rid).then((r) => r.length), 3);
      assert.deepStrictEqual(await tokenOnly.getAsyncSearchResultPart(rid, 1, -1), [171, 2157]);
      const ordered = await tokenOnly.asyncSimpleSearchOrdered('acet', 'dbid', 'descending');
      await finished(tokenOnly, ordered, async (id) => ({ status: String(await tokenOnly.getAsyncSearchStatus(id)) }));
      assert.deepStrictEqual(await tokenOnly.getAsyncSearchResult(ordered), [2157, 171, 30]);
      const search = await tokenOnly.search('acet', { ...fast, order: 'reference_count', direction: 'ascending' });
      assert.strictEqual(search.via, 'older');
      assert.deepStrictEqual(search.recordIds, [30, 171, 2157]);
    });

    it('spectra: info, compound spectra, lists, spectrum objects and their data', async () => {
      assert.strictEqual((await tokenOnly.getSpectrumInfo(11)).spc_type, 'EI');
      assert.deepStrictEqual(
        (await tokenOnly.getCompoundSpectraInfo(2424)).map((s) => s.spc_id),
        [11, 12],
      );
      assert.deepStrictEqual(
        (await tokenOnly.getSpectraInfoList([2157, 2424])).map((s) => s.spc_id),
        [20, 11, 12],
      );
      assert.strictEqual((await tokenOnly.getAllSpectraInfo()).length, 3);
      const s = await tokenOnly.getSpectrum(11);
      assert.strictEqual(s.spectrumType, 'EI');
      assert.strictEqual(s.recordId, 2424);
      assert.strictEqual(s.submittedDate?.toISOString(), '2024-01-02T03:04:05.678Z');
      assert.strictEqual(await s.data(), SPECTRUM_TEXT);
      assert.deepStrictEqual(
        (await tokenOnly.getSpectra([11, 20])).map((x) => x.fileName),
        ['caffeine-ms.jdx', 'aspirin-ms.jdx'],
      );
      assert.deepStrictEqual(
        (await tokenOnly.getCompoundSpectra(2424)).map((x) => x.id),
        [11, 12],
      );
      assert.strictEqual((await tokenOnly.getAllSpectra()).length, 3);
      assert.strictEqual(await tokenOnly.getSpectrumData(20), '##TITLE=Aspirin\n##END=\n');
    });

    it('recognises the older error texts', async () => {
      await assert.rejects(tokenOnly.getExtendedCompoundInfo(999999), LegacyNotFoundError);
      await assert.rejects(
        new CompoundDbClient({ baseUrl: svc.baseUrl, token: 'unknown-token-1234' }).getCompoundInfo(2424),
        LegacyAuthorizationError,
      );
      await assert.rejects(new CompoundDbClient({ baseUrl: svc.baseUrl, token: USER }).getAllSpectraInfo(), LegacyAuthorizationError);
    });
  });

  describe('section 9 routing with only an API key', () => {
    it('older operations answered by their current replacements', async () => {
      assert.deepStrictEqual(await keyOnly.getDatabases(), ['Alpha', 'Beta']);
      assert.strictEqual((await keyOnly.getExtendedCompoundInfo(2424)).MF.replace(/[_{}]/g, ''), 'C8H10N4O2');
      assert.strictEqual((await keyOnly.getCompoundInfo(2424)).InChIKey, CAFFEINE_KEY);
      assert.match(await keyOnly.getRecordMol(682), /M {2}END/);
      assert.strictEqual(Buffer.from((await keyOnly.getCompoundThumbnail(2424)).subarray(1, 4)).toString('latin1'), 'PNG');
      const mol = await keyOnly.getExtendedMolCompoundInfoList([2424], { includeReferenceCounts: true });
      assert.strictEqual(mol[0].ReferenceCount, 50);
      assert.deepStrictEqual(await keyOnly.getDatabases(), await keyOnly.getDatasources());
    });
  });

  describe('structure search', () => {
    it('substructure and similarity with scores, highlighted images; a 400 names the field', async () => {
      const phenols = await keyOnly.filterSubstructure('c1ccccc1', { order: 'record_id' });
      await finished(keyOnly, phenols);
      assert.deepStrictEqual(await keyOnly.filterAllResults(phenols), [236, 2157, 7620, 9001]);
      const similar = await keyOnly.filterSimilarity('CN1C=NC2=C1C(=O)N(C(=O)N2C)C', { threshold: 0.3 });
      await finished(keyOnly, similar);
      const scored = await keyOnly.filterScoredResults(similar);
      assert.strictEqual(scored.results[0], 2424);
      assert.strictEqual(scored.scores[0], 1);
      assert.strictEqual(scored.scores.length, scored.results.length);
      assert.ok(scored.scores.every((x, i) => i === 0 || x <= scored.scores[i - 1]));
      const plain = await keyOnly.getImage(2424);
      const lit = await keyOnly.getImageHighlighted(2424, 'c1ncn(C)c1', 'SMILES');
      assert.notDeepStrictEqual(Buffer.from(lit), Buffer.from(plain));
      await assert.rejects(
        keyOnly.filterSubstructure('C1CC(', { queryFormat: 'SMARTS' }),
        (e: unknown) => e instanceof BadRequestError && e.fieldErrors.some((f) => f.field === 'query'),
      );
    });
  });

  describe('limits the service enforces', () => {
    it('TooManyRecords and 429 reach the client as their error kinds', async () => {
      const small = await startService({ port: 0, records: fixture, shippedSpectra: false, resultCap: 1, rateLimitPerMinute: 6 });
      try {
        const client = new CompoundDbClient({ baseUrl: small.baseUrl, apiKey: 'compound-db-dev-key', retries: 0 });
        await assert.rejects(client.search('acet', { ...fast, raiseErrors: true }), QueryFailedError);
        let limited: unknown;
        for (let i = 0; i < 10 && !limited; i++) await client.getDatasources().catch((e: unknown) => (limited = e));
        assert.ok(limited instanceof RateError);
      } finally {
        await small.close();
      }
    });
  });
});
