import * as assert from 'assert';
import { gzipSync } from 'zlib';
import { ORDER_BY_OF_SORT_KEY, SORT_KEYS, type SortKey } from '../../../src/wire';
import { CompoundDbClient, InputError, StructureSearchUnavailableError } from '../../../src/client';
import { FakeServer, problemReply } from './support/fake-server';
import { KEY, UA, assertCurrent, makeClient } from './support/client-setup';
import { ALL_FIELDS, ASPIRIN_KEY, MOL, PNG, record } from './support/fixtures';

describe('current interface: every operation on the wire', () => {
  const server = FakeServer.forSuite();
  let client: CompoundDbClient;
  beforeEach(() => {
    client = makeClient(server).client;
  });
  const only = () => {
    assert.strictEqual(server.requests.length, 1, 'exactly one request');
    return server.requests[0];
  };

  it('getDetails asks for all thirteen fields by default and returns the record', async () => {
    server.reply({ body: record(2157) });
    const details = await client.getDetails(2157);
    assertCurrent(only(), 'GET', 'records/2157/details', { query: { fields: ALL_FIELDS } });
    assert.strictEqual(only().rawQuery, `fields=${ALL_FIELDS}`, 'fields are comma-joined, commas not escaped');
    assert.deepStrictEqual(details, record(2157));
  });

  it('getDetails narrows fields and accepts a string of digits', async () => {
    server.reply({ body: { id: 2157, smiles: 'CCO' } });
    await client.getDetails('2157', ['SMILES', 'Mol3D']);
    assertCurrent(only(), 'GET', 'records/2157/details', { query: { fields: 'SMILES,Mol3D' } });
  });

  it('uses the API version, trims a trailing slash and sends the default user agent', async () => {
    server.reply({ body: { dataSources: [] } });
    const c = new CompoundDbClient({ baseUrl: `${server.url}/`, apiKey: KEY, apiVersion: 'v2' });
    await c.getDatasources();
    assert.strictEqual(only().path, '/compounds/v2/lookups/datasources');
    assert.match(String(only().headers['user-agent']), /^compound-db\/\d+\.\d+\.\d+ node\/\d+\.\d+\.\d+$/);
    assert.notStrictEqual(only().headers['user-agent'], UA);
  });

  it('getDetailsBatch posts recordIds and all fields', async () => {
    server.reply({ body: { records: [record(2), record(1)] } });
    const records = await client.getDetailsBatch([1, 2]);
    assertCurrent(only(), 'POST', 'records/batch', { body: { recordIds: [1, 2], fields: ALL_FIELDS.split(',') } });
    assert.deepStrictEqual(
      records.map((r) => r.id),
      [1, 2],
    );
  });

  it('getExternalReferences with and without datasources', async () => {
    const refs = [{ source: 'db', sourceUrl: 'http://x', externalId: 'A1', externalUrl: 'http://x/A1' }];
    server.reply({ body: { externalReferences: refs } }, { body: { externalReferences: [] } });
    assert.deepStrictEqual(await client.getExternalReferences(7, ['db', 'other source']), refs);
    assert.deepStrictEqual(await client.getExternalReferences(7), []);
    assertCurrent(server.requests[0], 'GET', 'records/7/externalreferences', { query: { dataSources: 'db,other source' } });
    assertCurrent(server.requests[1], 'GET', 'records/7/externalreferences');
  });

  it('getImage returns the PNG bytes', async () => {
    server.reply({ body: { image: PNG.toString('base64') } });
    const bytes = await client.getImage(7);
    assertCurrent(only(), 'GET', 'records/7/image');
    assert.deepStrictEqual(Buffer.from(bytes), PNG);
  });

  it('getMol returns the MOL text untouched', async () => {
    server.reply({ body: { sdf: MOL } });
    assert.strictEqual(await client.getMol(7), MOL);
    assertCurrent(only(), 'GET', 'records/7/mol');
  });

  it('getDatasources', async () => {
    server.reply({ body: { dataSources: ['a', 'b'] } });
    assert.deepStrictEqual(await client.getDatasources(), ['a', 'b']);
    assertCurrent(only(), 'GET', 'lookups/datasources');
  });

  it('filterElement sends elements, options and the mapped order', async () => {
    server.reply({ body: { queryId: 'q1' } }, { body: { queryId: 'q2' } });
    const id = await client.filterElement({
      includeElements: ['C', 'N'],
      excludeElements: ['Cl'],
      includeAll: true,
      complexity: 'single',
      isotopic: 'unlabeled',
      order: 'dbid',
      direction: 'descending',
    });
    assert.strictEqual(id, 'q1');
    assertCurrent(server.requests[0], 'POST', 'filter/element', {
      body: {
        includeElements: ['C', 'N'],
        excludeElements: ['Cl'],
        options: { includeAll: true, complexity: 'single', isotopic: 'unlabeled' },
        orderBy: 'recordId',
        orderDirection: 'descending',
      },
    });
    await client.filterElement({ includeElements: ['Fe'] });
    assertCurrent(server.requests[1], 'POST', 'filter/element', { body: { includeElements: ['Fe'], options: { includeAll: false } } });
  });

  it('filterFormula and filterFormulaBatch', async () => {
    server.reply({ body: { queryId: 'f1' } }, { body: { queryId: 'f2' } });
    assert.strictEqual(await client.filterFormula('C9H8O4', { dataSources: ['db'], order: 'molecular_weight', direction: 'ascending' }), 'f1');
    assert.strictEqual(await client.filterFormulaBatch(['C9H8O4', 'H2O'], { order: 'org_count' }), 'f2');
    assertCurrent(server.requests[0], 'POST', 'filter/formula', {
      body: { formula: 'C9H8O4', dataSources: ['db'], orderBy: 'molecularWeight', orderDirection: 'ascending' },
    });
    assertCurrent(server.requests[1], 'POST', 'filter/formula/batch', { body: { formulas: ['C9H8O4', 'H2O'], orderBy: 'orgCount' } });
  });

  it('filterInchi, filterInchikey, filterSmiles', async () => {
    server.reply({ body: { queryId: 'a' } }, { body: { queryId: 'b' } }, { body: { queryId: 'c' } });
    await client.filterInchi('InChI=1S/CH4/h1H4');
    await client.filterInchikey(ASPIRIN_KEY);
    await client.filterSmiles('c1ccccc1');
    assertCurrent(server.requests[0], 'POST', 'filter/inchi', { body: { inchi: 'InChI=1S/CH4/h1H4' } });
    assertCurrent(server.requests[1], 'POST', 'filter/inchikey', { body: { inchikey: ASPIRIN_KEY } });
    assertCurrent(server.requests[2], 'POST', 'filter/smiles', { body: { smiles: 'c1ccccc1' } });
  });

  it('filterSubstructure and filterSimilarity send their bodies; scores come with the results', async () => {
    server.reply(
      { body: { queryId: 's1' } },
      { body: { queryId: 's2' } },
      { body: { results: [5, 3], scores: [1, 0.8571], limitedToMaxAllowed: false } },
    );
    assert.strictEqual(
      await client.filterSubstructure('[OX2H]c', {
        queryFormat: 'SMARTS',
        useChirality: true,
        maxResults: 25,
        dataSources: ['db'],
        order: 'record_id',
      }),
      's1',
    );
    assert.strictEqual(await client.filterSimilarity('c1ccccc1O', { threshold: 0.5, maxResults: 10 }), 's2');
    assert.deepStrictEqual(await client.filterScoredResults('s2'), { results: [5, 3], scores: [1, 0.8571] });
    assertCurrent(server.requests[0], 'POST', 'filter/substructure', {
      body: { query: '[OX2H]c', queryFormat: 'SMARTS', useChirality: true, maxResults: 25, dataSources: ['db'], orderBy: 'recordId' },
    });
    assertCurrent(server.requests[1], 'POST', 'filter/similarity', { body: { smiles: 'c1ccccc1O', threshold: 0.5, maxResults: 10 } });
  });

  it('structure search refuses bad input before a request, and a 404 says the server does not offer it', async () => {
    await assert.rejects(client.filterSubstructure(''), InputError);
    await assert.rejects(client.filterSimilarity('CCO', { threshold: 2 }), /threshold 2 must be a number from 0 to 1/);
    assert.strictEqual(server.requests.length, 0);
    server.reply(problemReply(404, { title: 'Not Found', status: 404 }), problemReply(404, { title: 'Not Found', status: 404 }));
    await assert.rejects(
      client.filterSubstructure('c1ccccc1'),
      (e: unknown) => e instanceof StructureSearchUnavailableError && e.message === 'structure search is not offered by this server',
    );
    await assert.rejects(client.filterSimilarity('c1ccccc1'), StructureSearchUnavailableError);
  });

  it('filterIntrinsicProperty sends only the given masses and options', async () => {
    server.reply({ body: { queryId: 'i1' } });
    await client.filterIntrinsicProperty({
      formula: 'C9H8O4',
      monoisotopicMass: { mass: 180.04, range: 0.01 },
      complexity: 'any',
      order: 'mass_defect',
      direction: 'descending',
    });
    assertCurrent(only(), 'POST', 'filter/intrinsicproperty', {
      body: {
        formula: 'C9H8O4',
        monoisotopicMass: { mass: 180.04, range: 0.01 },
        options: { complexity: 'any' },
        orderBy: 'massDefect',
        orderDirection: 'descending',
      },
    });
  });

  it("filterIntrinsicProperty sends masses outside filter mass's limits: the contract sets none for it", async () => {
    server.reply({ body: { queryId: 'i2' } });
    assert.strictEqual(await client.filterIntrinsicProperty({ nominalMass: { mass: 46, range: 0 } }), 'i2');
    assertCurrent(only(), 'POST', 'filter/intrinsicproperty', { body: { nominalMass: { mass: 46, range: 0 } } });
    server.reply({ body: { queryId: 'i3' } });
    await client.filterIntrinsicProperty({ averageMass: { mass: 20000, range: 150 } });
    assert.deepStrictEqual(JSON.parse(server.requests[1].body), { averageMass: { mass: 20000, range: 150 } });
    await assert.rejects(client.filterIntrinsicProperty({ nominalMass: { mass: Number.NaN, range: 0 } }), /nominalMass\.mass.*not a number/);
    assert.strictEqual(server.requests.length, 2, 'a bad number is refused before sending');
  });

  it('filterMass and filterMassBatch', async () => {
    server.reply({ body: { queryId: 'm1' } }, { body: { queryId: 'm2' } });
    await client.filterMass(180.04, 0.002, { dataSources: ['db'], order: 'datasource_count' });
    await client.filterMassBatch(
      [
        { mass: 180.04, range: 0.002 },
        { mass: 18.01, range: 0.1 },
      ],
      { direction: 'descending' },
    );
    assertCurrent(server.requests[0], 'POST', 'filter/mass', {
      body: { mass: 180.04, range: 0.002, dataSources: ['db'], orderBy: 'dataSourceCount' },
    });
    assertCurrent(server.requests[1], 'POST', 'filter/mass/batch', {
      body: {
        masses: [
          { mass: 180.04, range: 0.002 },
          { mass: 18.01, range: 0.1 },
        ],
        orderDirection: 'descending',
      },
    });
  });

  it('filterName, with and without order', async () => {
    server.reply({ body: { queryId: 'n1' } }, { body: { queryId: 'n2' } });
    await client.filterName('aspirin', { order: 'reference_count', direction: 'descending' });
    await client.filterName('aspirin');
    assertCurrent(server.requests[0], 'POST', 'filter/name', {
      body: { name: 'aspirin', orderBy: 'referenceCount', orderDirection: 'descending' },
    });
    assertCurrent(server.requests[1], 'POST', 'filter/name', { body: { name: 'aspirin' } });
  });

  it('the three status operations', async () => {
    const status = { count: 3, message: 'done', status: 'Complete' };
    server.reply({ body: status }, { body: status }, { body: status });
    assert.deepStrictEqual(await client.filterStatus('q 1'), status);
    assert.deepStrictEqual(await client.filterFormulaBatchStatus('q2'), status);
    assert.deepStrictEqual(await client.filterMassBatchStatus('q3'), status);
    assertCurrent(server.requests[0], 'GET', 'filter/q%201/status');
    assertCurrent(server.requests[1], 'GET', 'filter/formula/batch/q2/status');
    assertCurrent(server.requests[2], 'GET', 'filter/mass/batch/q3/status');
  });

  it('filterResults with and without start and count', async () => {
    server.reply({ body: { results: [1, 2], limitedToMaxAllowed: false } }, { body: { results: [3], limitedToMaxAllowed: true } });
    assert.deepStrictEqual(await client.filterResults('q'), { results: [1, 2], limitedToMaxAllowed: false });
    assert.deepStrictEqual(await client.filterResults('q', 5, 10), { results: [3], limitedToMaxAllowed: true });
    assertCurrent(server.requests[0], 'GET', 'filter/q/results');
    assertCurrent(server.requests[1], 'GET', 'filter/q/results', { query: { start: '5', count: '10' } });
  });

  it('filterResultsSdf gunzips the SDF', async () => {
    const sdf = `${MOL}$$$$\n`;
    server.reply({ body: { results: gzipSync(sdf).toString('base64') } });
    assert.strictEqual(await client.filterResultsSdf('q'), sdf);
    assertCurrent(only(), 'GET', 'filter/q/results/sdf');
  });

  it('formula and mass batch results', async () => {
    const formulas = [{ formula: 'H2O', results: [1] }];
    const masses = [{ mass: 18, range: 0.1, results: [1, 2] }];
    server.reply({ body: { batchResults: formulas } }, { body: { batchResults: masses } });
    assert.deepStrictEqual(await client.filterFormulaBatchResults('f'), formulas);
    assert.deepStrictEqual(await client.filterMassBatchResults('m'), masses);
    assertCurrent(server.requests[0], 'GET', 'filter/formula/batch/f/results');
    assertCurrent(server.requests[1], 'GET', 'filter/mass/batch/m/results');
  });

  it('convert', async () => {
    server.reply({ body: { output: ASPIRIN_KEY } });
    assert.strictEqual(await client.convert('InChI=1S/x', 'InChI', 'InChIKey'), ASPIRIN_KEY);
    assertCurrent(only(), 'POST', 'tools/convert', { body: { input: 'InChI=1S/x', inputFormat: 'InChI', outputFormat: 'InChIKey' } });
  });

  it('validateInchikey: true, false, a 400 read as false, and a non-key shape without a request', async () => {
    server.reply({ body: { valid: true } }, { body: { valid: false } }, { status: 400, body: { title: 'Bad Request' } });
    assert.strictEqual(await client.validateInchikey(ASPIRIN_KEY), true);
    assert.strictEqual(await client.validateInchikey('BSYNRYMUTXBXSQ-UHFFFAOYSA-O'), false);
    assert.strictEqual(await client.validateInchikey('AAAAAAAAAAAAAA-AAAAAAAASA-A'), false);
    assertCurrent(server.requests[0], 'POST', 'tools/validate/inchikey', { body: { inchikey: ASPIRIN_KEY } });
    assert.strictEqual(server.requests.length, 3);
    assert.strictEqual(await client.validateInchikey('aspirin'), false);
    assert.strictEqual(server.requests.length, 3, 'no request for a string not shaped like a key');
  });

  describe('sort keys (spec 2.6)', () => {
    for (const key of SORT_KEYS) {
      it(`${key} is sent as ${ORDER_BY_OF_SORT_KEY[key]}`, async () => {
        server.reply({ body: { queryId: 'x' } });
        await client.filterName('x', { order: key });
        assert.strictEqual(JSON.parse(only().body).orderBy, ORDER_BY_OF_SORT_KEY[key]);
      });
    }
    it('dbid and record_id both map to recordId', () => {
      assert.strictEqual(ORDER_BY_OF_SORT_KEY.dbid, 'recordId');
      assert.strictEqual(ORDER_BY_OF_SORT_KEY.record_id, 'recordId');
    });
    it('an unknown key or direction is refused before any request', async () => {
      await assert.rejects(
        client.filterName('x', { order: 'name' as SortKey }),
        (e: unknown) => e instanceof InputError && /order "name"/.test(e.message),
      );
      await assert.rejects(client.filterMass(100, 1, { order: 'recordId' as SortKey }), InputError);
      await assert.rejects(client.filterFormula('H2O', { direction: 'up' as 'ascending' }), /direction "up"/);
      assert.strictEqual(server.requests.length, 0);
    });
  });
});
