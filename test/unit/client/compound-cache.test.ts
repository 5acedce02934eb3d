import * as assert from 'assert';
import { MemoryCompoundCache, TokenRequiredError } from '../../../src/client';
import { FakeServer, xmlReply } from './support/fake-server';
import { TOKEN, assertCurrent, assertLegacy, makeClient } from './support/client-setup';
import { ALL_FIELDS, ASPIRIN_INCHI, ASPIRIN_KEY, MOL, PNG, record } from './support/fixtures';

describe('Compound objects load lazily and once', () => {
  const server = FakeServer.forSuite();

  it('nothing is requested until a value is asked for; details load once', async () => {
    const { client } = makeClient(server);
    const compound = client.compound(2157);
    assert.strictEqual(compound.recordId, 2157);
    assert.strictEqual(server.requests.length, 0);
    server.reply({ body: record(2157) });
    const [formula, smiles] = await Promise.all([compound.formula(), compound.smiles()]);
    assert.strictEqual(formula, 'C_{9}H_{8}O_{4}');
    assert.strictEqual(smiles, 'CC(=O)Oc1ccccc1C(=O)O');
    assert.strictEqual(await compound.commonName(), 'Aspirin');
    assert.deepStrictEqual(await compound.masses(), {
      averageMass: 180.1574,
      molecularWeight: 180.1574,
      monoisotopicMass: 180.042252,
      nominalMass: 180,
    });
    assert.strictEqual(await compound.mol2D(), MOL);
    assert.strictEqual(await compound.mol3D(), `2157\n${MOL}`);
    assert.strictEqual(server.requests.length, 1);
    assertCurrent(server.requests[0], 'GET', 'records/2157/details', { query: { fields: ALL_FIELDS } });
  });

  it('InChI and InChIKey come through convert once, then from memory', async () => {
    const { client } = makeClient(server);
    const compound = client.compound(2157);
    server.reply({ body: record(2157) }, { body: { output: ASPIRIN_INCHI } }, { body: { output: ASPIRIN_KEY } });
    assert.strictEqual(await compound.inchiKey(), ASPIRIN_KEY);
    assert.strictEqual(await compound.inchi(), ASPIRIN_INCHI);
    assert.strictEqual(await compound.inchiKey(), ASPIRIN_KEY);
    assert.strictEqual(server.requests.length, 3);
    assertCurrent(server.requests[1], 'POST', 'tools/convert', {
      body: { input: 'CC(=O)Oc1ccccc1C(=O)O', inputFormat: 'SMILES', outputFormat: 'InChI' },
    });
    assertCurrent(server.requests[2], 'POST', 'tools/convert', { body: { input: ASPIRIN_INCHI, inputFormat: 'InChI', outputFormat: 'InChIKey' } });
  });

  it('image bytes load once; imageUrl is the ImagesHandler address', async () => {
    const { client } = makeClient(server);
    const compound = client.compound(7);
    assert.strictEqual(compound.imageUrl, `${server.url}/ImagesHandler.ashx?id=7`);
    server.reply({ body: { image: PNG.toString('base64') } });
    assert.deepStrictEqual(Buffer.from(await compound.image()), PNG);
    await compound.image();
    assert.strictEqual(server.requests.length, 1);
  });

  it('a failed load is not kept: the next call tries again', async () => {
    const { client } = makeClient(server);
    const compound = client.compound(7);
    server.reply({ status: 500, body: { title: 'boom' } }, { body: record(7) });
    await assert.rejects(compound.details(), /boom/);
    assert.strictEqual((await compound.details()).id, 7);
  });

  it('with a token: raw MOL and standard InChI / InChIKey from the older interface, once each', async () => {
    const { client } = makeClient(server, { token: TOKEN });
    const compound = client.compound(7);
    server.reply(
      xmlReply('string', MOL.replace(/&/g, '&amp;')),
      xmlReply('CompoundInfo', `<CSID>7</CSID><InChI>${ASPIRIN_INCHI}</InChI><InChIKey>${ASPIRIN_KEY}</InChIKey><SMILES>CCO</SMILES>`),
    );
    assert.strictEqual(await compound.rawMol(), MOL);
    assert.strictEqual(await compound.rawMol(), MOL);
    assert.strictEqual(await compound.stdInchi(), ASPIRIN_INCHI);
    assert.strictEqual(await compound.stdInchiKey(), ASPIRIN_KEY);
    assert.strictEqual(server.requests.length, 2);
    assertLegacy(server.requests[0], '/InChI.asmx/CSIDToMol', [['csid', '7']]);
    assertLegacy(server.requests[1], '/Search.asmx/GetCompoundInfo', [['csid', '7']]);
  });

  it('without a token the raw MOL says a token is needed', async () => {
    const { client } = makeClient(server);
    await assert.rejects(client.compound(7).rawMol(), TokenRequiredError);
  });

  it('with only a token, details come from the older mol-info list (both MOLs, counts) with its InChI', async () => {
    const { client } = makeClient(server, { apiKey: undefined, token: TOKEN });
    server.reply(
      xmlReply(
        'ArrayOfExtendedMolCompoundInfo',
        `<ExtendedMolCompoundInfo><CSID>7</CSID><MF>H_{2}O</MF><SMILES>O</SMILES><InChI>InChI=1S/H2O/h1H2</InChI><InChIKey>XLYOFNOQVPJJNP-UHFFFAOYSA-N</InChIKey>` +
          '<AverageMass>18.015</AverageMass><MolecularWeight>18.015</MolecularWeight><MonoisotopicMass>18.0106</MonoisotopicMass><NominalMass>18</NominalMass>' +
          '<ALogP>0</ALogP><XLogP>0</XLogP><CommonName>Water</CommonName><MOL2d>m2</MOL2d><MOL3d>m3</MOL3d><ReferenceCount>4</ReferenceCount>' +
          '<DataSourceCount>2</DataSourceCount><ArticleCount>1</ArticleCount><OrgCount>0</OrgCount></ExtendedMolCompoundInfo>',
      ),
    );
    const compound = client.compound(7);
    assert.strictEqual(await compound.commonName(), 'Water');
    assert.strictEqual(await compound.mol3D(), 'm3');
    assert.strictEqual(await compound.inchiKey(), 'XLYOFNOQVPJJNP-UHFFFAOYSA-N');
    assert.strictEqual((await compound.details()).referenceCount, 4);
    assert.strictEqual(server.requests.length, 1);
    assertLegacy(server.requests[0], '/MassSpecAPI.asmx/GetExtendedMolCompoundInfoArray', [
      ['csids', '7'],
      ['eMolType', 'eBoth'],
      ['includeReferenceCounts', 'true'],
      ['includeExternalReferences', 'false'],
    ]);
  });
});

describe('caching hook', () => {
  const server = FakeServer.forSuite();

  it('details, image and MOL are served from the cache after the first request', async () => {
    const cache = new MemoryCompoundCache();
    const { client } = makeClient(server, { cache });
    server.reply({ body: record(1) }, { body: { image: PNG.toString('base64') } }, { body: { sdf: MOL } });
    await client.getDetails(1);
    await client.getImage(1);
    await client.getMol(1);
    assert.strictEqual(server.requests.length, 3);
    assert.deepStrictEqual(await client.getDetails(1), record(1));
    assert.deepStrictEqual(await client.getDetails(1, ['SMILES']), { id: 1, smiles: record(1).smiles }, 'narrowed from the cached record');
    assert.deepStrictEqual(Buffer.from(await client.getImage(1)), PNG);
    assert.strictEqual(await client.getMol(1), MOL);
    assert.strictEqual(server.requests.length, 3);
  });

  it('a narrowed details request is not cached; a batch fills and uses the cache', async () => {
    const cache = new MemoryCompoundCache();
    const { client } = makeClient(server, { cache });
    server.reply({ body: { id: 1, smiles: 'C' } }, { body: { records: [record(1), record(2)] } }, { body: { records: [record(3)] } });
    await client.getDetails(1, ['SMILES']);
    assert.strictEqual(cache.get('details', 1), undefined);
    await client.getDetailsBatch([1, 2]);
    assert.deepStrictEqual(
      (await client.getDetailsBatch([2, 3, 1])).map((r) => r.id),
      [2, 3, 1],
    );
    assert.deepStrictEqual(JSON.parse(server.requests[2].body).recordIds, [3], 'only the uncached ID is asked for');
  });

  it('an async cache works too, and a failing cache does not fail the lookup', async () => {
    const store = new Map<string, unknown>();
    const { client } = makeClient(server, {
      cache: {
        get: async (kind, id) => store.get(`${kind}${id}`) as never,
        set: async (kind, id, value) => {
          if (kind === 'mol') throw new Error('disk full');
          store.set(`${kind}${id}`, value);
        },
      },
    });
    server.reply({ body: record(1) }, { body: { sdf: MOL } }, { body: { sdf: MOL } });
    await client.getDetails(1);
    await client.getDetails(1);
    assert.strictEqual(await client.getMol(1), MOL);
    assert.strictEqual(await client.getMol(1), MOL);
    assert.strictEqual(server.requests.length, 3);
  });

  it('MemoryCompoundCache drops the least recently used entry', () => {
    const cache = new MemoryCompoundCache(2);
    cache.set('mol', 1, 'a');
    cache.set('mol', 2, 'b');
    cache.get('mol', 1);
    cache.set('mol', 3, 'c');
    assert.strictEqual(cache.get('mol', 2), undefined);
    assert.strictEqual(cache.get('mol', 1), 'a');
    assert.strictEqual(cache.get('mol', 3), 'c');
    assert.strictEqual(cache.size, 2);
  });
});
