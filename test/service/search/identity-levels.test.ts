/**
 * Identity levels (shared/beyond-the-spec.md 4) and spelling suggestions over the shipped collection. The parent and
 * tautomer keys are checked against Open Babel (Debian `openbabel`, its own InChI library build): `-r` keeps the
 * largest fragment, `--neutralize` takes the charges off, `-xX "KET 15T"` asks the library for the same tautomer
 * options. Open Babel shares no code with RDKit MinimalLib.
 */
import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { spawnSync } from 'child_process';
import { CompoundDbClient, resolveCsv, resolveIdentifiers } from '../../../src/client';
import { DEV_API_KEY, startService, type RunningService } from '../../../src/service';
import type { CompoundRecord } from '../../../src/service/record';
import { api, waitQuery } from '../support/http';
import { loadShippedCollection } from '../../../src/service/collection/shipped-collection';

const ROOT = path.resolve(__dirname, '../../../..');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { ensureDebianPackages } = require(path.join(ROOT, 'scripts/vscode/apt.js')) as { ensureDebianPackages: (p: string[], log: string) => void };

/** Open Babel's InChIKey first blocks of SMILES, one per line of input (empty where it gives none). */
function openBabelBlocks(dir: string, smiles: readonly string[], args: readonly string[]): string[] {
  const input = path.join(dir, 'in.smi');
  fs.writeFileSync(input, smiles.map((s, i) => `${s} r${i}`).join('\n') + '\n');
  const out = spawnSync('obabel', ['-ismi', input, '-oinchikey', ...args, '-xt'], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const byTitle = new Map<string, string>();
  for (const line of out.stdout.split('\n')) {
    const [key, title] = line.trim().split(/\s+/);
    if (key && title) byTitle.set(title, key.slice(0, 14));
  }
  return smiles.map((_, i) => byTitle.get(`r${i}`) ?? '');
}

describe('service: identity levels and spelling suggestions (shipped collection)', function () {
  this.timeout(600_000);
  let svc: RunningService;
  let base: string;
  let dir: string;

  before(async () => {
    ensureDebianPackages(['openbabel'], path.join(ROOT, '.vscode-tools', 'apt.log'));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compound-db-identity-'));
    svc = await startService({ port: 0 });
    base = svc.baseUrl;
  });
  after(async () => {
    await svc.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const levelled = async (body: Record<string, unknown>, path: string) => {
    const submit = await api(base, 'POST', path, body);
    assert.strictEqual(submit.status, 200, JSON.stringify(submit.json));
    await waitQuery(base, `filter/${submit.json.queryId}/status`);
    const r = await api(base, 'GET', `filter/${submit.json.queryId}/results`);
    return { ids: r.json.results as number[], levels: r.json.matchLevels as string[] };
  };

  it("every multi-part record's parent key, and a sample's tautomer keys, agree with Open Babel's", async () => {
    const records = await loadShippedCollection();
    const parts = records.filter((r) => r.components > 1 && r.elements.includes('C'));
    const parents = openBabelBlocks(
      dir,
      parts.map((r) => r.smiles),
      ['-r', '--neutralize'],
    );
    // Open Babel's --neutralize also protonates carbanions (ferrocene's cyclopentadienide becomes cyclopentadiene);
    // the parent here is neutralised as the InChI library's /p layer does, which leaves a carbanion's charge alone.
    const carbanion = /\[c(H\d?)?-\]|\[C(H\d?)?-\]/i;
    const parentMiss = parts.filter((r, i) => parents[i] && parents[i] !== r.parentKey && !carbanion.test(r.smiles));
    console.log(`      parents: ${parts.length - parentMiss.length} of ${parts.length} multi-part records agree with Open Babel`);
    assert.ok(parts.length >= 20, `${parts.length}`);
    assert.deepStrictEqual(
      parentMiss.map((r) => `${r.id} ${r.smiles}`),
      [],
    );
    const sample = records.filter((_, i) => i % 20 === 0);
    const tautomers = openBabelBlocks(
      dir,
      sample.map((r) => r.smiles),
      ['-r', '-xX', 'KET 15T'],
    );
    const tautomerMiss = sample.filter((r, i) => tautomers[i] && tautomers[i] !== r.tautomerKey);
    console.log(`      tautomers: ${sample.length - tautomerMiss.length} of ${sample.length} sampled records agree with Open Babel`);
    // The two toolkits hand the InChI library their own aromaticity and stereo perception: a few may differ.
    assert.ok(tautomerMiss.length <= sample.length * 0.03, tautomerMiss.map((r: CompoundRecord) => `${r.id} ${r.smiles}`).join('\n'));
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
