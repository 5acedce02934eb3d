import * as assert from 'assert';
import { CompoundDbClient } from '../../../src/client';
import { FakeServer } from './support/fake-server';
import { assertCurrent, makeClient } from './support/client-setup';
import { ALL_FIELDS, ASPIRIN_INCHI, ASPIRIN_KEY, MOL, PNG, extendedInfo, record } from './support/fixtures';

/** Section 9: with only an API key, replaced older operations call their current replacements. */
describe('section 9 routing with only an API key', () => {
  const server = FakeServer.forSuite();
  let client: CompoundDbClient;
  beforeEach(() => {
    client = makeClient(server).client;
  });
  const paths = () => server.requests.map((r) => `${r.method} ${r.path}`);
  /** Answers convert calls: SMILES→InChI and InChI→InChIKey. */
  const converter = () =>
    server.otherwise((req) => {
      const body = JSON.parse(req.body) as { inputFormat: string };
      return { body: { output: body.inputFormat === 'SMILES' ? ASPIRIN_INCHI : ASPIRIN_KEY } };
    });

  it('getDatabases → getDatasources', async () => {
    server.reply({ body: { dataSources: ['a'] } });
    assert.deepStrictEqual(await client.getDatabases(), ['a']);
    assertCurrent(server.requests[0], 'GET', 'lookups/datasources');
  });

  it('getCompoundThumbnail → getImage', async () => {
    server.reply({ body: { image: PNG.toString('base64') } });
    assert.deepStrictEqual(Buffer.from(await client.getCompoundThumbnail(7)), PNG);
    assertCurrent(server.requests[0], 'GET', 'records/7/image');
  });

  it('getCompoundInfo → getDetails [SMILES] and the two conversions', async () => {
    server.reply({ body: { id: 2157, smiles: 'CC(=O)Oc1ccccc1C(=O)O' } });
    converter();
    assert.deepStrictEqual(await client.getCompoundInfo(2157), {
      CSID: 2157,
      InChI: ASPIRIN_INCHI,
      InChIKey: ASPIRIN_KEY,
      SMILES: 'CC(=O)Oc1ccccc1C(=O)O',
    });
    assertCurrent(server.requests[0], 'GET', 'records/2157/details', { query: { fields: 'SMILES' } });
    assertCurrent(server.requests[1], 'POST', 'tools/convert', {
      body: { input: 'CC(=O)Oc1ccccc1C(=O)O', inputFormat: 'SMILES', outputFormat: 'InChI' },
    });
    assertCurrent(server.requests[2], 'POST', 'tools/convert', { body: { input: ASPIRIN_INCHI, inputFormat: 'InChI', outputFormat: 'InChIKey' } });
  });

  it('getExtendedCompoundInfo → getDetails', async () => {
    server.reply({ body: record(2157) });
    converter();
    const info = await client.getExtendedCompoundInfo(2157);
    assert.deepStrictEqual({ ...info, ALogP: 0, XLogP: 0 }, extendedInfo());
    assert.ok(Number.isNaN(info.ALogP) && Number.isNaN(info.XLogP), 'logP values are not available from the current interface');
    assertCurrent(server.requests[0], 'GET', 'records/2157/details', { query: { fields: ALL_FIELDS } });
  });

  it('getExtendedCompoundInfoList → getDetailsBatch', async () => {
    server.reply({ body: { records: [record(2), record(1)] } });
    converter();
    const infos = await client.getExtendedCompoundInfoList([1, 2, 3]);
    assert.deepStrictEqual(
      infos.map((i) => i.CSID),
      [1, 2],
    );
    assertCurrent(server.requests[0], 'POST', 'records/batch', { body: { recordIds: [1, 2, 3], fields: ALL_FIELDS.split(',') } });
  });

  it('getExtendedMolCompoundInfoList → getDetailsBatch and external references', async () => {
    const refs = [{ source: 'db', sourceUrl: 'http://x', externalId: 'A1', externalUrl: 'http://x/A1' }];
    server.reply({ body: { records: [record(2157)] } });
    server.otherwise((req) =>
      req.path.endsWith('externalreferences')
        ? { body: { externalReferences: refs } }
        : { body: { output: (JSON.parse(req.body) as { inputFormat: string }).inputFormat === 'SMILES' ? ASPIRIN_INCHI : ASPIRIN_KEY } },
    );
    const [info] = await client.getExtendedMolCompoundInfoList([2157], {
      molType: '3d',
      includeReferenceCounts: true,
      includeExternalReferences: true,
    });
    assert.strictEqual(info.MOL2d, undefined);
    assert.strictEqual(info.MOL3d, `2157\n${MOL}`);
    assert.deepStrictEqual([info.ReferenceCount, info.DataSourceCount, info.ArticleCount, info.OrgCount], [12, 3, 5, 1]);
    assert.deepStrictEqual(info.ExternalReferences, [{ ds_name: 'db', ds_url: 'http://x', ext_id: 'A1', ext_url: 'http://x/A1' }]);
    assert.ok(paths().includes('GET /compounds/v1/records/2157/externalreferences'));
  });

  it('getRecordMol → getMol, or the 3D MOL of the details with calc3d', async () => {
    server.reply({ body: { sdf: MOL } }, { body: { id: 7, mol3D: `7\n${MOL}` } });
    assert.strictEqual(await client.getRecordMol(7), MOL);
    assert.strictEqual(await client.getRecordMol(7, true), `7\n${MOL}`);
    assertCurrent(server.requests[0], 'GET', 'records/7/mol');
    assertCurrent(server.requests[1], 'GET', 'records/7/details', { query: { fields: 'Mol3D' } });
  });

  it('async simple searches → filterName; status → filterStatus; results → filterResults', async () => {
    let t = 1000;
    client = makeClient(server, { now: () => t }).client;
    server.reply(
      { body: { queryId: 'q1' } },
      { body: { queryId: 'q2' } },
      { body: { status: 'Complete', count: 2, message: '' } },
      { body: { status: 'Processing', count: 0, message: 'working' } },
      { body: { status: 'Not Found', count: 0, message: '' } },
      { body: { results: [1, 2], limitedToMaxAllowed: false } },
      { body: { results: [2], limitedToMaxAllowed: false } },
    );
    assert.strictEqual(await client.asyncSimpleSearch('aspirin'), 'q1');
    assert.strictEqual(await client.asyncSimpleSearchOrdered('aspirin', 'dbid', 'descending'), 'q2');
    t = 2250;
    assert.strictEqual(await client.getAsyncSearchStatus('q1'), 'ResultReady');
    assert.deepStrictEqual(await client.getAsyncSearchStatusAndCount('q2'), {
      Status: 'Processing',
      Count: 0,
      Message: 'working',
      Elapsed: '0:00:01.250',
    });
    assert.deepStrictEqual(await client.getAsyncSearchStatusAndCount('elsewhere'), { Status: 'Unknown', Count: 0, Elapsed: '0:00:00.000' });
    assert.deepStrictEqual(await client.getAsyncSearchResult('q1'), [1, 2]);
    assert.deepStrictEqual(await client.getAsyncSearchResultPart('q1', 1, 5), [2]);
    assertCurrent(server.requests[0], 'POST', 'filter/name', { body: { name: 'aspirin' } });
    assertCurrent(server.requests[1], 'POST', 'filter/name', { body: { name: 'aspirin', orderBy: 'recordId', orderDirection: 'descending' } });
    assertCurrent(server.requests[2], 'GET', 'filter/q1/status');
    assertCurrent(server.requests[5], 'GET', 'filter/q1/results');
    assertCurrent(server.requests[6], 'GET', 'filter/q1/results', { query: { start: '1', count: '5' } });
  });

  it('getAsyncSearchResultPart with count -1 pages to the end from start', async () => {
    server.reply({ body: { results: [5, 6], limitedToMaxAllowed: true } }, { body: { results: [7], limitedToMaxAllowed: false } });
    assert.deepStrictEqual(await client.getAsyncSearchResultPart('q', 4), [5, 6, 7]);
    assertCurrent(server.requests[0], 'GET', 'filter/q/results', { query: { start: '4' } });
    assertCurrent(server.requests[1], 'GET', 'filter/q/results', { query: { start: '6' } });
  });

  it('no request ever goes to the older interface', async () => {
    server.otherwise(() => ({ body: { dataSources: [], image: PNG.toString('base64'), sdf: MOL } }));
    await client.getDatabases();
    await client.getCompoundThumbnail(1);
    await client.getRecordMol(1);
    assert.ok(
      server.requests.every((r) => r.path.startsWith('/compounds/v1/')),
      paths().join(', '),
    );
  });
});
