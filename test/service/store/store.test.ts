/** The storage layer on its own: formula parsing and keys, the indexes of the in-memory store. */
import * as assert from 'assert';
import { formulaKey, parseFormula } from '../../../src/chemistry/formula/parse';
import { MemoryStore } from '../../../src/service/store/memory-store';
import { idsPage } from '../../../src/service/store/compound-store';
import { SortedIndex } from '../../../src/service/store/sorted-index';
import { ElementIndex } from '../../../src/service/store/element-index';
import { loadChemistry } from '../../../src/service/toolkits';
import { buildFixtureRecords } from '../support/fixture';
import { texFormula } from '../../../src/chemistry/formula/text';

describe('service store', () => {
  describe('formulas', () => {
    it('gives one key to any element order and the TeX-like form', () => {
      const key = formulaKey('C8H10N4O2');
      assert.ok(key);
      for (const f of ['H10C8N4O2', 'C_{8}H_{10}N_{4}O_{2}', ' C8 H10 N4 O2 ', 'N4O2C8H10']) assert.strictEqual(formulaKey(f), key, f);
      assert.notStrictEqual(formulaKey('C8H10N4O3'), key);
    });
    it('reads charges with the sign first, isotopes and dotted parts', () => {
      assert.deepStrictEqual(parseFormula('C2H3O2-'), {
        counts: new Map([
          ['C', 2],
          ['H', 3],
          ['O', 2],
        ]),
        charge: -1,
      });
      assert.strictEqual(parseFormula('O4S-2')?.charge, -2);
      assert.strictEqual(parseFormula('H4N+')?.charge, 1);
      assert.strictEqual(parseFormula('SO_{4}^{2-}')?.charge, -2);
      assert.strictEqual(parseFormula('CH[2H]3O')?.counts.get('[2H]'), 3);
      assert.strictEqual(formulaKey('C2H6O.H2O'), formulaKey('C2H8O2'));
      assert.strictEqual(formulaKey('2H2O'), formulaKey('H4O2'));
      for (const bad of ['', 'hello', 'C8H10N4O2)', '123', 'xy2']) assert.strictEqual(formulaKey(bad), undefined, bad);
    });
    it('writes the TeX-like wire form', () => {
      assert.strictEqual(texFormula('C9H8O4'), 'C_{9}H_{8}O_{4}');
      assert.strictEqual(texFormula('C2H3O2-'), 'C_{2}H_{3}O_{2}^{-}');
      assert.strictEqual(texFormula('O4S-2'), 'O_{4}S^{2-}');
      assert.strictEqual(texFormula('CH[2H]3O'), 'CH[2H]_{3}O');
      assert.strictEqual(formulaKey(texFormula('O4S-2')), formulaKey('O4S-2'));
    });
  });

  describe('element index', () => {
    it('agrees with a brute-force scan for all of / any of / none of, across word boundaries', () => {
      const pool = ['C', 'H', 'N', 'O', 'S', 'Cl', 'P', 'Br'];
      let seed = 7;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      const rows = Array.from({ length: 1000 }, () => pool.filter(() => random() < 0.4));
      const index = new ElementIndex((p) => rows[p], rows.length);
      for (let t = 0; t < 300; t++) {
        const include = pool.filter(() => random() < 0.3);
        const exclude = pool.filter((e) => !include.includes(e) && random() < 0.2);
        if (random() < 0.1) include.push('Xx');
        for (const all of [true, false]) {
          const want = rows.flatMap((r, p) =>
            include.length && (all ? include.every((e) => r.includes(e)) : include.some((e) => r.includes(e))) && !exclude.some((e) => r.includes(e))
              ? [p]
              : [],
          );
          assert.deepStrictEqual(
            [...index.match(include, all, exclude)],
            want,
            `${all ? 'all' : 'any'} of ${include.join(' ')} none of ${exclude.join(' ')}`,
          );
        }
      }
    });
    it('reads any page of a match over many blocks of words as the slice of a brute-force scan, with IDs mapped', () => {
      let seed = 11;
      const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
      // 70,000 positions: several blocks of running counts, stretches with no match and stretches of all matches
      const rows = Array.from({ length: 70_000 }, (_, p) =>
        p >= 20_000 && p < 36_000 ? ['C'] : p >= 50_000 && p < 52_000 ? ['C', 'N'] : random() < 0.05 ? ['C', 'N'] : ['C'],
      );
      const idAt = Int32Array.from(rows, (_, p) => 3 * p + 1);
      const index = new ElementIndex((p) => rows[p], rows.length);
      const ids = index.matchIds(['N'], false, [], idAt);
      const whole = rows.flatMap((r, p) => (r.includes('N') ? [3 * p + 1] : []));
      assert.deepStrictEqual(Array.from(ids), whole);
      const n = whole.length;
      const spans: Array<[number, number]> = [
        [0, n],
        [n - 1, n + 5],
        [n, n],
      ];
      for (let i = 0; i < 200; i++) {
        const start = Math.floor(random() * n);
        spans.push([start, start + Math.floor(random() * 2000)]);
      }
      for (const [start, end] of spans) assert.deepStrictEqual(idsPage(ids, start, end), whole.slice(start, end), `[${start}, ${end})`);
      assert.strictEqual(Array.from(index.matchIds(['N'], true, ['C'], idAt)).length, 0);
    });
  });

  describe('sorted index', () => {
    it('finds inclusive ranges by binary search, in value order', () => {
      const values = [5, 1, 3, 3, 9, 7];
      const idx = new SortedIndex((i) => values[i], values.length);
      assert.deepStrictEqual(
        [...idx.range(3, 7)].map((p) => values[p]),
        [3, 3, 5, 7],
      );
      assert.deepStrictEqual([...idx.range(10, 20)], []);
      assert.deepStrictEqual([...idx.range(4, 2)], []);
      assert.deepStrictEqual([...idx.range(-Infinity, Infinity)].length, 6);
    });
  });

  describe('memory store', () => {
    let store: MemoryStore;
    before(async () => {
      store = new MemoryStore(buildFixtureRecords(await loadChemistry()));
    });

    it('looks records up by ID, InChIKey (any case) and InChI', async () => {
      assert.strictEqual((await store.getById(2424))?.commonName, 'Caffeine');
      assert.strictEqual(await store.getById(1), undefined);
      assert.deepStrictEqual(
        (await store.getByInchiKey('ryyvlzvuvijvgh-uhfffaoysa-n')).map((r) => r.id),
        [2424],
      );
      assert.deepStrictEqual(
        (await store.getByInchi('InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3')).map((r) => r.id),
        [682],
      );
    });
    it('finds mass ranges of every kind', async () => {
      assert.deepStrictEqual(
        (await store.byMassRange('nominalMass', 180, 180)).map((r) => r.id).sort((a, b) => a - b),
        [2068, 2157, 5236, 9001],
      );
      assert.deepStrictEqual(
        (await store.byMassRange('monoisotopicMass', 46, 46.1)).map((r) => r.id),
        [682],
      );
      assert.ok((await store.byMassRange('averageMass', 0, 1e9)).length === store.size);
    });
    it('freezes records so nothing can change the data', async () => {
      const r = (await store.getById(2424))!;
      assert.throws(() => ((r as { commonName: string }).commonName = 'x'), TypeError);
      assert.throws(() => (r.dataSources as string[]).push('x'), TypeError);
    });
    it('gives the IDs of an element match in ascending order, whatever the order the records came in', async () => {
      const records = await store.all();
      assert.ok(
        records.some((r, i) => i > 0 && r.id < records[i - 1].id),
        'the fixture is not in ID order',
      );
      const cases: Array<[string[], boolean, string[]]> = [
        [['C'], false, []],
        [['N', 'O'], true, ['Cl']],
        [['Cl', 'Fe'], false, ['H']],
        [['Xx'], false, []],
      ];
      for (const order of [records, [...records].sort((a, b) => a.id - b.id)]) {
        const s = new MemoryStore(order);
        for (const [include, all, exclude] of cases) {
          const want = records
            .filter((r) => (all ? include.every((e) => r.elements.includes(e)) : include.some((e) => r.elements.includes(e))))
            .filter((r) => !exclude.some((e) => r.elements.includes(e)))
            .map((r) => r.id)
            .sort((a, b) => a - b);
          assert.deepStrictEqual(Array.from(await s.idsByElements(include, all, exclude)), want, include.join(','));
        }
      }
    });
    it('reads any page of a dense element match (kept as the filter) as the same slice of the whole ID list', async () => {
      const s = new MemoryStore([...(await store.all())].sort((a, b) => a.id - b.id));
      const ids = await s.idsByElements(['C'], false, ['Xx']);
      const whole = Array.from(ids);
      // the records' own element lists, not the element index under test
      const want = (await s.all())
        .filter((r) => r.elements.includes('C'))
        .map((r) => r.id)
        .sort((a, b) => a - b);
      assert.deepStrictEqual(whole, want);
      assert.ok(!Array.isArray(ids) && !ArrayBuffer.isView(ids), 'a match of most records is kept as the filter, not its IDs');
      const n = whole.length;
      const spans: Array<[number, number]> = [
        [0, 0],
        [0, 1],
        [0, 31],
        [31, 33],
        [32, 64],
        [n - 1, n],
        [n - 5, n + 20],
        [n, n + 1],
        [n + 7, n + 9],
      ];
      for (let i = 0; i < 50; i++) {
        const start = (i * 7919) % n;
        spans.push([start, start + ((i * 104729) % 300)]);
      }
      for (const [start, end] of spans) assert.deepStrictEqual(idsPage(ids, start, end), whole.slice(start, end), `[${start}, ${end})`);
    });
    it('refuses two records with the same ID', async () => {
      const [a] = await store.all();
      assert.throws(() => new MemoryStore([a, a]), /duplicate record ID 2424/);
    });
  });
});
