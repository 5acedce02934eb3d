/**
 * Identity levels (shared/beyond-the-spec.md 4) and spelling suggestions over the shipped collection. The parent and
 * tautomer keys are checked against Open Babel (Debian `openbabel`, its own InChI library build): `-r` keeps the
 * largest fragment, `--neutralize` takes the charges off, `-xX "KET 15T"` asks the library for the same tautomer
 * options (test/support/collection-checks/open-babel.ts). Open Babel shares no code with RDKit MinimalLib.
 */
import * as assert from 'assert';
import * as path from 'path';
import { CompoundDbClient, resolveCsv, resolveIdentifiers } from '../../../src/client';
import { DEV_API_KEY, startService, type RunningService } from '../../../src/service';
import { api, waitQuery } from '../support/http';
import { loadShippedCollection } from '../../../src/service/collection/shipped-collection';
import { identityKeyFaults } from '../../support/collection-checks/open-babel';
import { assertHolds, fixedSample } from '../../support/collection-checks/sample';

const ROOT = path.resolve(__dirname, '../../../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ensureDebianPackages } = require(path.join(ROOT, 'scripts/vscode/apt.js')) as { ensureDebianPackages: (p: string[], log: string) => void };

describe('service: identity levels and spelling suggestions (shipped collection)', function () {
  this.timeout(600_000);
  let svc: RunningService;
  let base: string;

  before(async () => {
    ensureDebianPackages(['openbabel'], path.join(ROOT, '.vscode-tools', 'apt.log'));
    svc = await startService({ port: 0 });
    base = svc.baseUrl;
  });
  after(async () => {
    await svc.close();
  });

  const levelled = async (body: Record<string, unknown>, path: string) => {
    const submit = await api(base, 'POST', path, body);
    assert.strictEqual(submit.status, 200, JSON.stringify(submit.json));
    await waitQuery(base, `filter/${submit.json.queryId}/status`);
    const r = await api(base, 'GET', `filter/${submit.json.queryId}/results`);
    return { ids: r.json.results as number[], levels: r.json.matchLevels as string[] };
  };

  it("every multi-part record's parent key, and a fixed sample's tautomer keys (1 in 20 by ID), agree with Open Babel's", async () => {
    // test/support/collection-checks/open-babel.ts; `npm run check:data` checks every record's tautomer key.
    assertHolds(identityKeyFaults(fixedSample(await loadShippedCollection(), 20, (r) => r.components > 1)));
  });

  it('exact stays the default: no matchLevels, the same records as before', async () => {
    const submit = await api(base, 'POST', 'filter/inchikey', { inchikey: 'BSYNRYMUTXBXSQ-UHFFFAOYSA-N' });
    await waitQuery(base, `filter/${submit.json.queryId}/status`);
    const r = await api(base, 'GET', `filter/${submit.json.queryId}/results`);
    assert.deepStrictEqual(r.json.results, [1358]);
    assert.strictEqual(r.json.matchLevels, undefined);
  });

  it('a sodium salt finds its parent, closest level first', async () => {
    const salt = await levelled({ smiles: 'CC(=O)Oc1ccccc1C(=O)[O-].[Na+]', identity: 'parent' }, 'filter/smiles');
    assert.strictEqual(salt.ids[salt.levels.indexOf('parent')], 1358, JSON.stringify(salt));
    assert.ok(!salt.levels.includes('exact') || salt.levels[0] === 'exact');
    const hydrochloride = await levelled({ smiles: 'CN1C=NC2=C1C(=O)N(C(=O)N2C)C.Cl', identity: 'tautomer' }, 'filter/smiles');
    assert.ok(hydrochloride.ids.includes(507), JSON.stringify(hydrochloride));
  });

  it('a SMILES without its stereo finds the stereo record at connectivity, and an InChIKey does too', async () => {
    const flat = await levelled({ smiles: 'CNCC(O)c1ccc(O)c(O)c1', identity: 'connectivity' }, 'filter/smiles');
    assert.deepStrictEqual(flat.ids.slice(0, 2), [6793, 560]);
    assert.deepStrictEqual(flat.levels.slice(0, 2), ['exact', 'connectivity']);
    const key = await levelled({ inchikey: 'UCTWMZQNUQWSLP-UHFFFAOYSA-N', identity: 'parent' }, 'filter/inchikey');
    assert.deepStrictEqual(key.ids.slice(0, 2), [6793, 560]);
  });

  it('another tautomer finds the record at tautomer level only', async () => {
    const dienone = 'O=C1CC=CC=C1';
    const parent = await levelled({ smiles: dienone, identity: 'parent' }, 'filter/smiles');
    assert.ok(!parent.ids.includes(240));
    const tautomer = await levelled({ smiles: dienone, identity: 'tautomer' }, 'filter/smiles');
    assert.strictEqual(tautomer.levels[tautomer.ids.indexOf(240)], 'tautomer');
  });

  it('an InChI of a salt finds its parent; a bad identity is a 400 naming it', async () => {
    const inchi = 'InChI=1S/C9H8O4.Na/c1-6(10)13-8-5-3-2-4-7(8)9(11)12;/h2-5H,1H3,(H,11,12);/q;+1/p-1';
    const found = await levelled({ inchi, identity: 'parent' }, 'filter/inchi');
    assert.ok(found.ids.includes(1358), JSON.stringify(found));
    const bad = await api(base, 'POST', 'filter/smiles', { smiles: 'CCO', identity: 'loose' });
    assert.strictEqual(bad.status, 400);
    assert.ok(bad.json.errors.identity);
  });

  it('suggests names a transposition, a dropped or an added letter away', async () => {
    for (const [typo, name] of [
      ['asprin', 'Aspirin'],
      ['caffiene', 'Caffeine'],
      ['paracetmol', 'Paracetamol'],
      ['quercetinn', 'Quercetin'],
    ]) {
      const r = await api(base, 'POST', 'tools/names/suggest', { name: typo });
      assert.strictEqual(r.status, 200);
      assert.strictEqual(r.json.suggestions[0], name, `${typo}: ${JSON.stringify(r.json.suggestions)}`);
    }
    const started = Date.now();
    for (let i = 0; i < 20; i++) await api(base, 'POST', 'tools/names/suggest', { name: `zzqxw${i}yy` });
    console.log(`      20 suggestion requests with nothing near: ${Date.now() - started} ms`);
    const bad = await api(base, 'POST', 'tools/names/suggest', { name: 'x', maxResults: 0 });
    assert.strictEqual(bad.status, 400);
  });
});

describe('bulk resolver: identity levels and invalid inputs (shipped collection)', function () {
  this.timeout(300_000);
  let svc: RunningService;

  before(async () => {
    svc = await startService({ port: 0 });
  });
  after(() => svc.close());

  it('gives the parent of a salt, the stereo record of a flat SMILES, the match column, and errors with reasons', async () => {
    const client = new CompoundDbClient({ baseUrl: svc.baseUrl, apiKey: DEV_API_KEY });
    const inputs = [
      'CC(=O)Oc1ccccc1C(=O)[O-].[Na+]',
      'CN[C@@H](C)[C@H](O)c1ccccc1',
      'BSYNRYMUTXBXSQ-UHFFFAOYSA-N',
      'aspirin',
      '1358',
      'C1CC(',
      'InChI=1S/C8H10N4O2/c1-10-4-9-6-5(10)7(13)12(3)8(14)11(6)2',
      'BSYNRYMUTXBXSQ-UHFFFAOY',
      'no such compound at all',
    ];
    const rows = await resolveIdentifiers(client, inputs);
    const byInput = new Map(rows.map((r) => [r.input, r]));
    const row = (input: string) => byInput.get(input)!;
    assert.strictEqual(row(inputs[0]).record?.recordId, 1358);
    assert.strictEqual(row(inputs[0]).match, 'parent');
    assert.strictEqual(row(inputs[2]).match, 'exact');
    assert.strictEqual(row(inputs[3]).match, 'name');
    assert.strictEqual(row(inputs[4]).match, 'id');
    for (const bad of [inputs[5], inputs[6], inputs[7]]) {
      assert.strictEqual(row(bad).status, 'error', `${bad}: ${row(bad).status} ${row(bad).message}`);
      assert.ok(row(bad).message.length > 10, row(bad).message);
    }
    assert.strictEqual(row(inputs[8]).status, 'not_found');
    assert.strictEqual(row(inputs[8]).match, undefined);
    const csv = resolveCsv(rows).split('\n');
    assert.ok(csv[0].endsWith(',message,match'), csv[0]);
    assert.ok(csv[1].endsWith(',parent'), csv[1]);
    console.log(`      ${inputs[1]}: ${row(inputs[1]).status} ${row(inputs[1]).match ?? ''} ${row(inputs[1]).record?.name ?? ''}`);
  });
});
