/**
 * Substructure and similarity search (shared/beyond-the-spec.md 1) over the shipped collection plus a user SDF,
 * every answer compared with a brute-force run of RDKit's own matcher and fingerprints over every record.
 */
import * as assert from 'assert';
import initRDKitModule from '@rdkit/rdkit';
import type { MainModule, Mol } from '@rdkit/rdkit';
import { startService, type RunningService } from '../../../../src/service';
import { loadChemistry } from '../../../../src/service/toolkits';
import type { Chemistry } from '../../../../src/service/toolkits/types';
import { loadShippedCollection } from '../../../../src/service/collection/shipped-collection';
import { recordsFromSdf } from '../../../../src/service/collection/sdf-records';
import type { CompoundRecord } from '../../../../src/service/record';
import { api, runFilter, waitQuery } from '../../support/http';
import { CAGE_WALK } from '../../support/hostile-shapes';

/** Queries as a chemist writes them: functional groups, ring systems, elements, charges, isotopes, stereo. */
const SMILES_QUERIES = [
  'c1ccccc1O',
  'c1ccncc1',
  'C(=O)O',
  'C1CCC2C(C1)CCC1C2CCC2CCCC12',
  'c1ccccc1',
  'CCO',
  'C=O',
  'N',
  'Cl',
  '[Na+]',
  'c1ccc2ccccc2c1',
  'C1CCCCC1',
  'c1cnc[nH]1',
  'S',
  'P',
  'Br',
  'C#N',
  'C=C',
  'OCC(O)CO',
  'OC(=O)c1ccccc1',
  'C1=CC=CC=C1',
  'NC(C)C(=O)O',
  'O=C1NC(=O)NC=C1',
  '[2H]',
  'OS(=O)(=O)O',
  'C[N+](C)(C)C',
  'c1ccc2[nH]ccc2c1',
];
const SMARTS_QUERIES = [
  '[OX2H][CX4]',
  '[CX3](=O)[OX2H1]',
  '[NX3;H2,H1;!$(NC=O)]',
  '[#7]',
  '[R]',
  '[r6]',
  '[a]',
  '[$([OH]c)]',
  '[CX3]=[CX3]',
  '[#6]1~[#6]~[#6]~[#6]2~[#6](~[#6]~1)~[#6]~[#6]~[#6]1~[#6]~2~[#6]~[#6]~[#6]2~[#6]~[#6]~[#6]~[#6]~1~2',
  '[#6]~[#7]',
  'c:c',
  '[!#6;!#1]',
  '[Cl,Br,I]',
  '[#8]=[#6]-[#8]',
  '[NX3][CX3](=[OX1])',
  '[SX2]',
  '[+,-]',
  '[D4]',
  'C@C',
  // Hybridization is set by sanitizing: a matcher over unsanitized molecules (RDKit's SubstructLibrary reads trusted
  // SMILES that way) finds none of these.
  '[C^3]',
  '[N^2]',
  '[C^2]=O',
];
// C/C=C/C: double-bond stereo, which the same unsanitized reading loses when chirality counts.
const CHIRAL_QUERIES = ['C[C@H](N)C(=O)O', 'C[C@@H](N)C(=O)O', 'O[C@H]1CC[C@H]2CC[C@@H]1C2', 'C/C=C/C'];
const SIMILARITY_QUERIES = [
  'CN1C=NC2=C1C(=O)N(C(=O)N2C)C',
  'CC(=O)Oc1ccccc1C(=O)O',
  'c1ccccc1O',
  'CCO',
  'OC[C@H]1OC(O)[C@H](O)[C@@H](O)[C@@H]1O',
  'CC(C)Cc1ccc(cc1)C(C)C(=O)O',
  'N',
];

/** Buckminsterfullerene: CAGE_WALK finds no match in it only after RDKit's matcher has spent many seconds walking the
 * cage's cycles (the pattern-fingerprint screen lets it through). */
const C60 =
  'C12=C3C4=C5C6=C1C7=C8C9=C1C%10=C%11C(=C29)C3=C2C3=C4C4=C5C5=C9C6=C7C6=C7C8=C1C1=C8C%10=C%10C%11=C2C2=C3C3=C4C4=C5C5=C%11C%12=C(C6=C95)C7=C1C1=C%12C5=C%11C4=C3C3=C5C(=C81)C%10=C23';

const LAB_SMILES = ['Oc1ccc(cc1)C(C)(C)C', 'CC(C)Cc1ccc(cc1)C(C)C(=O)O', 'Oc1ccccc1C(=O)O', 'c1ccc2ncccc2c1', 'CCN(CC)CC'];

interface Indexed {
  id: number;
  smiles: string;
  mol: Mol;
  morgan: Int16Array;
  sources: string[];
}

/** The set bits of RDKit's fingerprint text ('0'/'1' per bit). */
function onBits(fp: string): Int16Array {
  const bits: number[] = [];
  for (let i = 0; i < fp.length; i++) if (fp.charCodeAt(i) === 49) bits.push(i);
  return Int16Array.from(bits);
}

/** Tanimoto of two fingerprints given as set bits, `a` also as a 0/1 array: bits set in both over bits set in either. */
function tanimoto(a: Uint8Array, aCount: number, b: Int16Array): number {
  let both = 0;
  for (let k = 0; k < b.length; k++) both += a[b[k]];
  const either = aCount + b.length - both;
  return either === 0 ? 0 : both / either;
}

describe('service: substructure and similarity search against a brute-force run of RDKit', function () {
  this.timeout(240_000);
  let svc: RunningService;
  let base: string;
  let rdkit: MainModule;
  let all: Indexed[] = [];
  let records: CompoundRecord[];
  let chemistry: Chemistry;

  before(async () => {
    chemistry = await loadChemistry();
    const sdf = LAB_SMILES.map((s, i) => `${chemistry.describe(s)?.mol2D.replace(/^.*\n/, `lab-${i}\n`)}\n> <NAME>\nLab ${i}\n\n$$$$\n`).join('');
    const shipped = await loadShippedCollection();
    // A user SDF as loadRecords reads one, without the 3D conformers it would generate (structure search reads none).
    const lab = await recordsFromSdf(sdf, 'lab', chemistry, shipped.reduce((max, r) => Math.max(max, r.id), 0) + 1, { maxGenerated3D: 0 });
    records = [...shipped, ...lab];
    // These tests compare whole result lists with a brute-force run: the search's time bound (10 s by default, its own
    // tests below) must not cut a common query short on a loaded machine.
    svc = await startService({ port: 0, records, structureTimeLimitMs: 120_000 });
    base = svc.baseUrl;
    // Built before the first query: its build (a minute on a loaded 2-core machine) is not what these tests time.
    await svc.buildStructureIndex();
    rdkit = await initRDKitModule();
    const morgan = JSON.stringify({ radius: 2, nBits: 2048 });
    for (const r of records) {
      const mol = rdkit.get_mol(r.smiles) as Mol;
      all.push({ id: r.id, smiles: r.smiles, mol, morgan: onBits(mol.get_morgan_fp(morgan)), sources: r.dataSources });
    }
    all.sort((a, b) => a.id - b.id);
  });
  after(async () => {
    for (const r of all) r.mol.delete();
    all = [];
    await svc.close();
  });

  /** Each query's brute-force answer is computed once (several tests ask for the same one). */
  const bruteAnswers = new Map<string, number[]>();
  function bruteSubstructure(text: string, format: 'SMILES' | 'SMARTS', useChirality = false): number[] {
    const key = JSON.stringify([text, format, useChirality]);
    const known = bruteAnswers.get(key);
    if (known) return known;
    const q = (format === 'SMILES' ? rdkit.get_mol(text) : rdkit.get_qmol(text)) as Mol;
    try {
      const details = JSON.stringify({ useChirality });
      const ids = all
        .filter((r) => r.mol.get_substruct_match(q, details) !== '{}')
        .map((r) => r.id)
        .sort((a, b) => a - b);
      bruteAnswers.set(key, ids);
      return ids;
    } finally {
      q.delete();
    }
  }

  /** Each similarity query's exact Tanimoto to every record, computed once (each is asked at several thresholds). */
  const bruteScores = new Map<string, Array<{ id: number; exact: number }>>();
  function bruteSimilarity(smiles: string, threshold: number, max: number): Array<{ id: number; score: number }> {
    let scores = bruteScores.get(smiles);
    if (!scores) {
      const q = rdkit.get_mol(smiles) as Mol;
      const bits = onBits(q.get_morgan_fp(JSON.stringify({ radius: 2, nBits: 2048 })));
      q.delete();
      const query = new Uint8Array(2048);
      for (const b of bits) query[b] = 1;
      scores = all.map((r) => ({ id: r.id, exact: tanimoto(query, bits.length, r.morgan) }));
      bruteScores.set(smiles, scores);
    }
    return scores
      .filter((r) => r.exact >= threshold)
      .map((r) => ({ id: r.id, score: Math.round(r.exact * 10_000) / 10_000 }))
      .sort((a, b) => b.score - a.score || a.id - b.id)
      .slice(0, max);
  }

  async function similarity(body: object): Promise<{ results: number[]; scores: number[] }> {
    const submit = await api(base, 'POST', 'filter/similarity', body);
    assert.strictEqual(submit.status, 200, submit.text);
    const status = await waitQuery(base, `filter/${submit.json.queryId}/status`);
    assert.strictEqual(status.status, 'Complete');
    return (await api(base, 'GET', `filter/${submit.json.queryId}/results`)).json;
  }

  it('reads every record of the shipped collection and the user SDF', () => {
    assert.strictEqual(all.length, svc.records);
  });

  for (const q of SMILES_QUERIES) {
    it(`substructure SMILES ${q}: the same records as RDKit's matcher over every record`, async () => {
      const got = await runFilter(base, 'filter/substructure', { query: q });
      assert.deepStrictEqual(got, bruteSubstructure(q, 'SMILES'));
    });
  }
  for (const q of SMARTS_QUERIES) {
    it(`substructure SMARTS ${q}: the same records as RDKit's matcher over every record`, async () => {
      const got = await runFilter(base, 'filter/substructure', { query: q, queryFormat: 'SMARTS' });
      assert.deepStrictEqual(got, bruteSubstructure(q, 'SMARTS'));
    });
  }
  for (const q of CHIRAL_QUERIES) {
    it(`substructure ${q} with and without chirality`, async () => {
      assert.deepStrictEqual(await runFilter(base, 'filter/substructure', { query: q, useChirality: true }), bruteSubstructure(q, 'SMILES', true));
      assert.deepStrictEqual(await runFilter(base, 'filter/substructure', { query: q }), bruteSubstructure(q, 'SMILES', false));
    });
  }
  for (const q of SIMILARITY_QUERIES) {
    it(`similarity ${q}: order and scores equal to Tanimoto over RDKit's Morgan fingerprints of every record`, async () => {
      for (const [threshold, max] of [
        [0.7, 100],
        [0.3, 25],
        [0, 10],
        // Few wanted: over PostgreSQL the search can end at a higher stage (0.9 or 0.7) with the same answer.
        [0.3, 2],
        [0, 1],
      ]) {
        const want = bruteSimilarity(q, threshold, max);
        const got = await similarity({ smiles: q, threshold, maxResults: max });
        assert.deepStrictEqual(
          got.results,
          want.map((w) => w.id),
          `threshold ${threshold}`,
        );
        assert.deepStrictEqual(
          got.scores,
          want.map((w) => w.score),
          `threshold ${threshold}`,
        );
      }
    });
  }

  it('restricts to datasources: the user SDF alone', async () => {
    const lab = svc.dataSources[svc.dataSources.length - 1];
    const labIds = all.filter((r) => r.sources.includes(lab)).map((r) => r.id);
    assert.strictEqual(labIds.length, LAB_SMILES.length);
    const phenols = await runFilter(base, 'filter/substructure', { query: 'c1ccccc1O', dataSources: [lab] });
    assert.deepStrictEqual(
      phenols,
      bruteSubstructure('c1ccccc1O', 'SMILES').filter((id) => labIds.includes(id)),
    );
    assert.strictEqual(phenols.length, 2);
    const similar = await similarity({ smiles: 'CC(C)Cc1ccc(cc1)C(C)C(=O)O', threshold: 0.1, dataSources: [lab.toUpperCase()] });
    assert.ok(similar.results.every((id) => labIds.includes(id)));
    assert.strictEqual(similar.scores[0], 1);
  });

  it('orders by a sort key like every filter, scores staying with their records', async () => {
    const byWeight = await runFilter(base, 'filter/substructure', { query: 'c1ccncc1', orderBy: 'molecularWeight', orderDirection: 'descending' });
    assert.deepStrictEqual(
      [...byWeight].sort((a, b) => a - b),
      bruteSubstructure('c1ccncc1', 'SMILES'),
    );
    const plain = await similarity({ smiles: 'c1ccccc1O', threshold: 0.2, maxResults: 30 });
    const byId = await similarity({ smiles: 'c1ccccc1O', threshold: 0.2, maxResults: 30, orderBy: 'recordId', orderDirection: 'descending' });
    assert.deepStrictEqual(
      byId.results,
      [...plain.results].sort((a, b) => b - a),
    );
    const scoreOf = new Map(plain.results.map((id, i) => [id, plain.scores[i]]));
    assert.deepStrictEqual(
      byId.scores,
      byId.results.map((id) => scoreOf.get(id)),
    );
  });

  it('pages results with scores parallel to them', async () => {
    const submit = await api(base, 'POST', 'filter/similarity', { smiles: 'c1ccccc1O', threshold: 0, maxResults: 50 });
    await waitQuery(base, `filter/${submit.json.queryId}/status`);
    const whole = (await api(base, 'GET', `filter/${submit.json.queryId}/results`)).json;
    const page = (await api(base, 'GET', `filter/${submit.json.queryId}/results?start=10&count=5`)).json;
    assert.deepStrictEqual(page.results, whole.results.slice(10, 15));
    assert.deepStrictEqual(page.scores, whole.scores.slice(10, 15));
  });

  it('stops at maxResults and says so; * on the whole store stops at the default bound', async () => {
    const submit = await api(base, 'POST', 'filter/substructure', { query: 'C', maxResults: 25 });
    const status = await waitQuery(base, `filter/${submit.json.queryId}/status`);
    assert.strictEqual(status.status, 'Complete');
    assert.strictEqual(status.count, 25);
    assert.match(status.message, /Stopped at maxResults \(25\)/);
    assert.deepStrictEqual(
      (await api(base, 'GET', `filter/${submit.json.queryId}/results`)).json.results,
      bruteSubstructure('C', 'SMILES').slice(0, 25),
    );
    const star = await api(base, 'POST', 'filter/substructure', { query: '*', queryFormat: 'SMARTS', maxResults: 100 });
    const starStatus = await waitQuery(base, `filter/${star.json.queryId}/status`);
    assert.strictEqual(starStatus.count, 100);
    assert.match(starStatus.message, /more records may match/);
  });

  it('stops at its time bound with the matches found so far and says so, never stalling other requests', async () => {
    // Both stores look at the clock after each record matched (in memory) or each slice's candidate (PostgreSQL): with
    // a bound of 0 the search stops after its first match, well before the last of these records.
    const slow = await startService({ port: 0, records, structureTimeLimitMs: 0 });
    try {
      const submit = await api(slow.baseUrl, 'POST', 'filter/substructure', { query: '*', queryFormat: 'SMARTS' });
      const status = await waitQuery(slow.baseUrl, `filter/${submit.json.queryId}/status`);
      assert.strictEqual(status.status, 'Complete');
      assert.match(status.message, /^Stopped after 0 s having checked \d+ of \d+ records/);
      assert.ok(status.count > 0 && status.count < slow.records);
      const details = await api(slow.baseUrl, 'GET', `records/${records[0].id}/details`);
      assert.strictEqual(details.status, 200);
    } finally {
      await slow.close();
    }
  });

  it("matches in worker threads: a query that holds RDKit's matcher for seconds on one record holds up no other request, and stops at its bound", async () => {
    const cageSmiles = chemistry.describe(C60)?.smiles;
    assert.ok(cageSmiles);
    const last = records[records.length - 1];
    const cage: CompoundRecord = { ...last, id: last.id + 1, smiles: cageSmiles, dataSources: ['cage'] };
    const busy = await startService({ port: 0, records: [...records, cage], structureTimeLimitMs: 3000 });
    try {
      await busy.buildStructureIndex();
      const submitted = Date.now();
      const heavy = await api(busy.baseUrl, 'POST', 'filter/substructure', { query: CAGE_WALK, queryFormat: 'SMARTS', dataSources: ['cage'] });
      assert.strictEqual(heavy.status, 200, heavy.text);
      const heavyStatus = `filter/${heavy.json.queryId}/status`;
      // While the cage holds one worker: a details request, and a structure search on the other worker.
      const details = await api(busy.baseUrl, 'GET', `records/${records[0].id}/details`);
      const light = await api(busy.baseUrl, 'POST', 'filter/substructure', { query: 'c1ccncc1', maxResults: 25 });
      const lightStatus = await waitQuery(busy.baseUrl, `filter/${light.json.queryId}/status`);
      const during = await api(busy.baseUrl, 'GET', heavyStatus);
      assert.strictEqual(details.status, 200);
      assert.strictEqual(lightStatus.count, 25);
      assert.deepStrictEqual(
        (await api(busy.baseUrl, 'GET', `filter/${light.json.queryId}/results`)).json.results,
        bruteSubstructure('c1ccncc1', 'SMILES').slice(0, 25),
      );
      assert.strictEqual(during.json.status, 'Processing', 'the heavy query was still running');
      const end = await waitQuery(busy.baseUrl, heavyStatus);
      // The bound (one slice and RDKit's second a record: the worker is terminated then, over both stores) and its grace
      assert.ok(Date.now() - submitted < 10_000, `the heavy query ended ${Date.now() - submitted} ms after it was submitted`);
      assert.strictEqual(end.status, 'Complete');
      assert.strictEqual(end.count, 0);
      // The worker's slice knows the record that held it; a search past its time bound first says so instead.
      assert.match(end.message, /^Stopped after \d+ s(: RDKit's matcher spent longer than 1 s on one record| having checked \d+ of \d+ records)/);
      // The terminated worker's place is taken: searches go on, with RDKit's answers.
      assert.deepStrictEqual(await runFilter(busy.baseUrl, 'filter/substructure', { query: 'c1ccncc1' }), bruteSubstructure('c1ccncc1', 'SMILES'));
    } finally {
      await busy.close();
    }
  });

  it('answers bad input with a 400 naming the field and the rule', async () => {
    const cases: Array<[string, object, string, RegExp]> = [
      ['filter/substructure', { query: 'C1CC(', queryFormat: 'SMARTS' }, 'query', /is not valid SMARTS/],
      ['filter/substructure', { query: '[OX2H]' }, 'query', /queryFormat to SMARTS/],
      ['filter/substructure', { query: '' }, 'query', /non-empty/],
      ['filter/substructure', { query: '   ' }, 'query', /non-empty/],
      ['filter/substructure', {}, 'query', /non-empty/],
      ['filter/substructure', { query: 'C'.repeat(1001) }, 'query', /at most 1000/],
      ['filter/substructure', { query: 'C'.repeat(150) }, 'query', /1 to 100/],
      ['filter/substructure', { query: 'CC', queryFormat: 'InChI' }, 'queryFormat', /SMILES or SMARTS/],
      ['filter/substructure', { query: 'CC', useChirality: 'yes' }, 'useChirality', /true or false/],
      ['filter/substructure', { query: 'CC', maxResults: 0 }, 'maxResults', /1 to 100000/],
      ['filter/substructure', { query: 'CC', dataSources: ['nowhere'] }, 'dataSources', /unknown datasource/],
      ['filter/substructure', { query: 'CC', orderBy: 'colour' }, 'orderBy', /not a sort key/],
      ['filter/similarity', { smiles: 'not a smiles' }, 'smiles', /not valid SMILES/],
      ['filter/similarity', { smiles: '' }, 'smiles', /non-empty/],
      ['filter/similarity', { smiles: 'CCO', threshold: 1.5 }, 'threshold', /0 to 1/],
      ['filter/similarity', { smiles: 'CCO', maxResults: 10_001 }, 'maxResults', /1 to 10000/],
    ];
    for (const [route, body, field, message] of cases) {
      const r = await api(base, 'POST', route, body);
      assert.strictEqual(r.status, 400, `${route} ${JSON.stringify(body)}: ${r.text}`);
      assert.ok(r.json.errors[field], `${JSON.stringify(body)} names ${field}: ${r.text}`);
      assert.match(r.json.errors[field].join(' '), message);
    }
  });

  it('draws the match highlighted: a different PNG from the plain one, the plain one when nothing matches', async () => {
    const phenol =
      all.find((r) => r.smiles === 'Oc1ccccc1') ?? all.find((r) => r.mol.get_substruct_match(rdkit.get_qmol('c1ccccc1[OH]') as Mol) !== '{}');
    assert.ok(phenol);
    const plain = await api(base, 'GET', `records/${phenol.id}/image`);
    const lit = await api(base, 'GET', `records/${phenol.id}/image?highlight=${encodeURIComponent('c1ccccc1O')}`);
    const smarts = await api(base, 'GET', `records/${phenol.id}/image?highlight=${encodeURIComponent('[OX2H]')}&highlightFormat=SMARTS`);
    const none = await api(base, 'GET', `records/${phenol.id}/image?highlight=${encodeURIComponent('[Xe]')}`);
    for (const r of [plain, lit, smarts, none]) {
      assert.strictEqual(r.status, 200, r.text);
      assert.strictEqual(Buffer.from(r.json.image, 'base64').subarray(1, 4).toString(), 'PNG');
    }
    assert.notStrictEqual(lit.json.image, plain.json.image);
    assert.notStrictEqual(smarts.json.image, lit.json.image);
    assert.strictEqual(none.json.image, plain.json.image);
    const bad = await api(base, 'GET', `records/${phenol.id}/image?highlight=${encodeURIComponent('C1CC(')}`);
    assert.strictEqual(bad.status, 400);
    assert.ok(bad.json.errors.highlight);
  });
});
