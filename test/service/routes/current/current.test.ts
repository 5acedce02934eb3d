/** Current interface, records / lookups / tools routes and the request-level errors, over real HTTP. */
import * as assert from 'assert';
import { startService, type RunningService } from '../../../../src/service';
import { loadChemistry } from '../../../../src/service/toolkits';
import { buildFixtureRecords } from '../../support/fixture';
import { api, request } from '../../support/http';

const CAFFEINE_KEY = 'RYYVLZVUVIJVGH-UHFFFAOYSA-N';
const CAFFEINE_INCHI = 'InChI=1S/C8H10N4O2/c1-10-4-9-6-5(10)7(13)12(3)8(14)11(6)2/h4H,1-3H3';

describe('service: current interface, records and tools', () => {
  let svc: RunningService;
  let base: string;

  before(async () => {
    const chemistry = await loadChemistry();
    svc = await startService({ port: 0, records: buildFixtureRecords(chemistry), shippedSpectra: false });
    base = svc.baseUrl;
  });
  after(() => svc.close());

  it('reports its URLs, record count and datasources', () => {
    assert.match(base, /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.strictEqual(svc.legacyBaseUrl, base);
    assert.strictEqual(svc.records, 14);
    assert.deepStrictEqual(svc.dataSources, ['Alpha', 'Beta']);
  });

  describe('get details', () => {
    it('returns all thirteen fields with exact values for caffeine', async () => {
      const r = await api(base, 'GET', 'records/2424/details');
      assert.strictEqual(r.status, 200);
      assert.match(r.headers.get('content-type') ?? '', /^application\/json; charset=utf-8/);
      const d = r.json;
      assert.deepStrictEqual(Object.keys(d).sort(), [
        'articleCount',
        'averageMass',
        'commonName',
        'dataSourceCount',
        'formula',
        'id',
        'mol2D',
        'mol3D',
        'molecularWeight',
        'monoisotopicMass',
        'nominalMass',
        'orgCount',
        'referenceCount',
        'smiles',
      ]);
      assert.strictEqual(d.id, 2424);
      assert.strictEqual(d.formula, 'C_{8}H_{10}N_{4}O_{2}');
      assert.strictEqual(d.smiles, 'Cn1c(=O)c2c(ncn2C)n(C)c1=O');
      assert.strictEqual(d.commonName, 'Caffeine');
      assert.strictEqual(d.monoisotopicMass, 194.080376);
      assert.strictEqual(d.nominalMass, 194);
      assert.ok(Math.abs(d.averageMass - 194.19) < 0.01);
      assert.strictEqual(d.referenceCount, 50);
      assert.strictEqual(d.dataSourceCount, 2);
      assert.strictEqual(d.articleCount, 30);
      assert.strictEqual(d.orgCount, 2);
      assert.match(d.mol2D, /M {2}END/);
      assert.strictEqual(d.mol3D.split('\n')[0], '2424');
    });

    it('returns only the fields asked for, plus id', async () => {
      const r = await api(base, 'GET', 'records/682/details?fields=SMILES,Formula,NominalMass');
      assert.deepStrictEqual(r.json, { id: 682, smiles: 'CCO', formula: 'C_{2}H_{6}O', nominalMass: 46 });
    });

    it('writes charges and isotopes in the formula', async () => {
      assert.strictEqual((await api(base, 'GET', 'records/30/details?fields=Formula')).json.formula, 'C_{2}H_{3}KO_{2}');
      assert.strictEqual((await api(base, 'GET', 'records/7000/details?fields=Formula')).json.formula, 'CH[2H]_{3}O');
    });

    it('400 naming fields for an unknown field name', async () => {
      const r = await api(base, 'GET', 'records/2424/details?fields=SMILES,Colour');
      assert.strictEqual(r.status, 400);
      assert.match(r.headers.get('content-type') ?? '', /^application\/problem\+json/);
      assert.strictEqual(r.json.status, 400);
      assert.strictEqual(r.json.title, 'Bad Request');
      assert.ok(r.json.errors.fields[0].includes('Colour'));
    });

    it('400 naming recordId for a record ID that is not a number, 404 for an unknown one', async () => {
      const bad = await api(base, 'GET', 'records/abc/details');
      assert.strictEqual(bad.status, 400);
      assert.ok(bad.json.errors.recordId);
      const zero = await api(base, 'GET', 'records/0/details');
      assert.strictEqual(zero.status, 400);
      const missing = await api(base, 'GET', 'records/999999/details');
      assert.strictEqual(missing.status, 404);
      assert.strictEqual(missing.json.title, 'Not Found');
    });
  });

  describe('get details batch', () => {
    it('leaves unknown IDs out and narrows fields', async () => {
      const r = await api(base, 'POST', 'records/batch', { recordIds: [2424, 999999, '682'], fields: ['CommonName'] });
      assert.strictEqual(r.status, 200);
      assert.deepStrictEqual(r.json, {
        records: [
          { id: 2424, commonName: 'Caffeine' },
          { id: 682, commonName: 'Ethanol' },
        ],
      });
    });
    it('null fields means all thirteen', async () => {
      const r = await api(base, 'POST', 'records/batch', { recordIds: [236], fields: null });
      assert.strictEqual(Object.keys(r.json.records[0]).length, 14);
    });
    it('400 for more than 100 IDs, an empty list, or bad IDs', async () => {
      const many = await api(base, 'POST', 'records/batch', { recordIds: Array.from({ length: 101 }, (_, i) => i + 1) });
      assert.strictEqual(many.status, 400);
      assert.ok(many.json.errors.recordIds[0].includes('100'));
      assert.strictEqual((await api(base, 'POST', 'records/batch', { recordIds: [] })).status, 400);
      const bad = await api(base, 'POST', 'records/batch', { recordIds: [1, 'x'] });
      assert.strictEqual(bad.status, 400);
      assert.ok(bad.json.errors['recordIds[1]']);
      assert.ok((await api(base, 'POST', 'records/batch', {})).json.errors.recordIds);
      const fields = await api(base, 'POST', 'records/batch', { recordIds: [2424], fields: ['SMILES', 'Colour'] });
      assert.strictEqual(fields.status, 400);
      assert.ok(fields.json.errors.fields[0].includes('Colour'));
      assert.ok((await api(base, 'POST', 'records/batch', { recordIds: [2424], fields: 'SMILES' })).json.errors.fields);
    });
  });

  describe('external references, image, mol, datasources', () => {
    it('lists external references, restricted by datasource case-insensitively', async () => {
      const all = await api(base, 'GET', 'records/2424/externalreferences');
      assert.deepStrictEqual(all.json.externalReferences, [
        { source: 'Alpha', sourceUrl: 'https://alpha.example/', externalId: 'alpha-2424', externalUrl: 'https://alpha.example/compound/2424' },
        { source: 'Beta', sourceUrl: 'https://beta.example/', externalId: 'beta-2424', externalUrl: 'https://beta.example/compound/2424' },
      ]);
      const beta = await api(base, 'GET', 'records/2424/externalreferences?dataSources=beta');
      assert.deepStrictEqual(
        beta.json.externalReferences.map((x: { source: string }) => x.source),
        ['Beta'],
      );
      assert.strictEqual((await api(base, 'GET', 'records/1/externalreferences')).status, 404);
    });
    it('returns a base64 PNG image, the same bytes on a second call', async () => {
      const r = await api(base, 'GET', 'records/2424/image');
      const png = Buffer.from(r.json.image, 'base64');
      assert.deepStrictEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      assert.ok(png.length > 500);
      assert.strictEqual((await api(base, 'GET', 'records/2424/image')).json.image, r.json.image);
    });
    it('returns the 2D MOL as sdf', async () => {
      const details = await api(base, 'GET', 'records/171/details?fields=Mol2D');
      const r = await api(base, 'GET', 'records/171/mol');
      assert.strictEqual(r.json.sdf, details.json.mol2D);
    });
    it('lists the datasources', async () => {
      assert.deepStrictEqual((await api(base, 'GET', 'lookups/datasources')).json, { dataSources: ['Alpha', 'Beta'] });
    });
  });

  describe('convert', () => {
    const convert = (input: string, inputFormat: string, outputFormat: string) =>
      api(base, 'POST', 'tools/convert', { input, inputFormat, outputFormat });

    it('SMILES to InChI', async () => {
      assert.deepStrictEqual((await convert('OCC', 'SMILES', 'InChI')).json, { output: 'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3' });
    });
    it('InChI to InChIKey, SMILES and Mol', async () => {
      assert.strictEqual((await convert(CAFFEINE_INCHI, 'InChI', 'InChIKey')).json.output, CAFFEINE_KEY);
      assert.strictEqual((await convert(CAFFEINE_INCHI, 'InChI', 'SMILES')).json.output, 'Cn1c(=O)c2c(ncn2C)n(C)c1=O');
      assert.match((await convert(CAFFEINE_INCHI, 'InChI', 'Mol')).json.output, / 14 15 .*V2000[\s\S]*M {2}END/);
    });
    it('InChIKey to InChI and Mol by lookup', async () => {
      assert.strictEqual((await convert(CAFFEINE_KEY, 'InChIKey', 'InChI')).json.output, CAFFEINE_INCHI);
      const mol = (await api(base, 'GET', 'records/2424/mol')).json.sdf;
      assert.strictEqual((await convert(CAFFEINE_KEY, 'InChIKey', 'Mol')).json.output, mol);
    });
    it('Mol to InChI and InChIKey', async () => {
      const mol = (await api(base, 'GET', 'records/682/mol')).json.sdf;
      assert.strictEqual((await convert(mol, 'Mol', 'InChI')).json.output, 'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3');
      assert.strictEqual((await convert(mol, 'Mol', 'InChIKey')).json.output, 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N');
    });
    it('allows exactly the eight pairs of spec 4.2 rule 6 among all sixteen', async () => {
      const mol = (await api(base, 'GET', 'records/682/mol')).json.sdf;
      const ethanol: Record<string, string> = {
        SMILES: 'CCO',
        InChI: 'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3',
        InChIKey: 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N',
        Mol: mol,
      };
      const allowed = ['InChI>InChIKey', 'InChI>Mol', 'InChI>SMILES', 'InChIKey>InChI', 'InChIKey>Mol', 'Mol>InChI', 'Mol>InChIKey', 'SMILES>InChI'];
      const seen: string[] = [];
      for (const from of Object.keys(ethanol)) {
        for (const to of Object.keys(ethanol)) {
          const r = await convert(ethanol[from], from, to);
          if (r.status === 200) {
            seen.push(`${from}>${to}`);
            const out = r.json.output;
            if (to === 'Mol') assert.strictEqual((await convert(out, 'Mol', 'InChIKey')).json.output, ethanol.InChIKey, `${from}>Mol is ethanol`);
            else assert.strictEqual(out, ethanol[to], `${from}>${to}`);
          } else {
            assert.strictEqual(r.status, 400, `${from}>${to}`);
            assert.ok(r.json.errors.outputFormat, `${from}>${to} names outputFormat`);
          }
        }
      }
      assert.deepStrictEqual(seen.sort(), allowed);
    });
    it('404 for a well-formed InChIKey no record holds', async () => {
      const r = await convert('XLYOFNOQVPJJNP-UHFFFAOYSA-N', 'InChIKey', 'InChI');
      assert.strictEqual(r.status, 404);
    });
    it('400 naming outputFormat for a pair that is not allowed, input for input that does not parse', async () => {
      const pair = await convert('CCO', 'SMILES', 'Mol');
      assert.strictEqual(pair.status, 400);
      assert.ok(pair.json.errors.outputFormat);
      const fmt = await convert('CCO', 'Smiles', 'InChI');
      assert.ok(fmt.json.errors.inputFormat);
      const smiles = await convert('C1CC(', 'SMILES', 'InChI');
      assert.strictEqual(smiles.status, 400);
      assert.ok(smiles.json.errors.input);
      const inchi = await convert('InChI=1S/garbage', 'InChI', 'InChIKey');
      assert.strictEqual(inchi.status, 400);
      assert.ok(inchi.json.errors.input);
      const key = await convert('not a key', 'InChIKey', 'InChI');
      assert.strictEqual(key.status, 400);
    });
  });

  describe('validate inchikey', () => {
    it('true for a key, false for other strings, 400 without one', async () => {
      assert.deepStrictEqual((await api(base, 'POST', 'tools/validate/inchikey', { inchikey: CAFFEINE_KEY })).json, { valid: true });
      assert.deepStrictEqual((await api(base, 'POST', 'tools/validate/inchikey', { inchikey: 'RYYVLZVUVIJVGH-UHFFFAOYSA' })).json, { valid: false });
      assert.deepStrictEqual((await api(base, 'POST', 'tools/validate/inchikey', { inchikey: 'ryyvlzvuvijvgh-uhfffaoysa-n' })).json, {
        valid: false,
      });
      const none = await api(base, 'POST', 'tools/validate/inchikey', {});
      assert.strictEqual(none.status, 400);
      assert.ok(none.json.errors.inchikey);
    });
  });

  describe('request errors', () => {
    it('401 without an API key or with a wrong one, never echoing the key', async () => {
      const none = await api(base, 'GET', 'lookups/datasources', undefined, null);
      assert.strictEqual(none.status, 401);
      assert.strictEqual(none.json.title, 'Unauthorized');
      const wrong = await api(base, 'GET', 'lookups/datasources', undefined, 'wrong-key-secret-123');
      assert.strictEqual(wrong.status, 401);
      assert.ok(!wrong.text.includes('wrong-key-secret-123'));
    });
    it('404 for an unknown endpoint, version or path outside both interfaces', async () => {
      assert.strictEqual((await api(base, 'GET', 'records/2424/colour')).status, 404);
      assert.strictEqual((await request(`${base}/compounds/v2/lookups/datasources`)).status, 404);
      const other = await request(`${base}/index.html`);
      assert.strictEqual(other.status, 404);
      assert.strictEqual(other.json.status, 404);
    });
    it('405 with Allow for a wrong method', async () => {
      const r = await api(base, 'GET', 'filter/element');
      assert.strictEqual(r.status, 405);
      assert.strictEqual(r.headers.get('allow'), 'POST');
      const d = await api(base, 'DELETE', 'records/2424/details');
      assert.strictEqual(d.status, 405);
      assert.strictEqual(d.headers.get('allow'), 'GET');
    });
    it('400 for a body that is not JSON or not an object', async () => {
      const bad = await api(base, 'POST', 'filter/name', '{"name":');
      assert.strictEqual(bad.status, 400);
      assert.ok(bad.json.errors.body);
      assert.strictEqual((await api(base, 'POST', 'filter/name', '[1,2]')).status, 400);
    });
    it('413 for a body over 1 MiB', async () => {
      const r = await api(base, 'POST', 'filter/name', { name: 'x'.repeat(1024 * 1024 + 10) });
      assert.strictEqual(r.status, 413);
      assert.strictEqual(r.json.title, 'Payload Too Large');
      // the service still answers afterwards
      assert.strictEqual((await api(base, 'GET', 'lookups/datasources')).status, 200);
    });
    it('survives hostile input and never changes the data', async () => {
      const before = (await api(base, 'GET', 'records/2424/details')).text;
      const inputs: unknown[] = [null, 42, 'x', { formula: { $ne: 1 } }, { includeElements: 'C' }, { masses: [null] }, { name: ['a'] }, { inchi: 7 }];
      const paths = [
        'filter/element',
        'filter/formula',
        'filter/formula/batch',
        'filter/mass',
        'filter/mass/batch',
        'filter/name',
        'filter/inchi',
        'filter/inchikey',
        'filter/smiles',
        'filter/intrinsicproperty',
        'tools/convert',
        'tools/validate/inchikey',
        'records/batch',
      ];
      for (const p of paths) {
        for (const body of inputs) {
          const r = await api(base, 'POST', p, JSON.stringify(body));
          assert.ok(r.status === 400, `${p} ${JSON.stringify(body)} gave ${r.status}`);
        }
      }
      const undecodable = await request(`${base}/compounds/v1/records/%E0%A4%A/details`, { headers: { apikey: 'compound-db-dev-key' } });
      assert.strictEqual(undecodable.status, 400);
      assert.ok(undecodable.json.errors.recordId, 'the path parameter is named');
      const query = await request(`${base}/compounds/v1/filter/%FF/status`, { headers: { apikey: 'compound-db-dev-key' } });
      assert.ok(query.json.errors.queryId);
      assert.strictEqual((await request(`${base}/Search.asmx/%E0%A4%A`)).status, 404);
      assert.strictEqual((await api(base, 'GET', 'records/2424/details')).text, before);
    });
  });
});
