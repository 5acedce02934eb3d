/**
 * Every sort key in both directions on every current search that takes an order (spec 2.6, 4.2 rule 8): the
 * ordered result holds the same records as the unordered one, sorted by the key's values as the details route
 * reports them, ties by record ID.
 */
import * as assert from 'assert';
import { DIRECTIONS, ORDER_BY_VALUES, type Direction, type OrderBy, type RecordDetails } from '../../../src/wire';
import { startService, type RunningService } from '../../../src/service';
import { loadChemistry } from '../../../src/service/toolkits';
import { buildFixtureRecords, FIXTURE } from '../support/fixture';
import { api, runFilter, waitQuery } from '../support/http';

type Key = (r: Required<RecordDetails>) => number;

/** The value each wire sort key orders by, read from the record object of contract 1.3. */
const KEY: Readonly<Record<OrderBy, Key>> = {
  recordId: (r) => r.id,
  massDefect: (r) => r.monoisotopicMass - r.nominalMass,
  molecularWeight: (r) => r.molecularWeight,
  referenceCount: (r) => r.referenceCount,
  dataSourceCount: (r) => r.dataSourceCount,
  articleCount: (r) => r.articleCount,
  orgCount: (r) => r.orgCount,
};

/** Searches with an order, each as path and body; batches give one list per entry. */
const PLAIN: Array<[string, Record<string, unknown>]> = [
  ['filter/element', { includeElements: ['C'] }],
  ['filter/formula', { formula: 'C7H8N4O2' }],
  ['filter/mass', { mass: 100, range: 100 }],
  ['filter/name', { name: 'acet' }],
  ['filter/intrinsicproperty', { monoisotopicMass: { mass: 150, range: 100 } }],
];
const BATCHES: Array<[string, Record<string, unknown>]> = [
  ['filter/formula/batch', { formulas: ['C7H8N4O2', 'C9H8O4', 'C2H6O'] }],
  [
    'filter/mass/batch',
    {
      masses: [
        { mass: 100, range: 100 },
        { mass: 300, range: 100 },
      ],
    },
  ],
];

describe('service: sort keys and directions on every ordered search', () => {
  let svc: RunningService;
  let base: string;
  const details = new Map<number, Required<RecordDetails>>();

  before(async () => {
    svc = await startService({ port: 0, records: buildFixtureRecords(await loadChemistry()), shippedSpectra: false });
    base = svc.baseUrl;
    const all = await api(base, 'POST', 'records/batch', { recordIds: FIXTURE.map((e) => e.id) });
    for (const r of all.json.records) details.set(r.id, r);
  });
  after(() => svc.close());

  async function batchLists(path: string, body: Record<string, unknown>): Promise<number[][]> {
    const submit = await api(base, 'POST', path, body);
    assert.strictEqual(submit.status, 200, submit.text);
    assert.strictEqual((await waitQuery(base, `${path}/${submit.json.queryId}/status`)).status, 'Complete');
    const r = await api(base, 'GET', `${path}/${submit.json.queryId}/results`);
    return r.json.batchResults.map((e: { results: number[] }) => e.results);
  }

  function assertSorted(got: number[], unordered: number[], orderBy: OrderBy, direction: Direction, what: string): void {
    assert.deepStrictEqual(
      [...got].sort((a, b) => a - b),
      [...unordered].sort((a, b) => a - b),
      `${what}: the same records`,
    );
    const sign = direction === 'descending' ? -1 : 1;
    for (let i = 1; i < got.length; i++) {
      const [a, b] = [details.get(got[i - 1])!, details.get(got[i])!];
      const d = sign * (KEY[orderBy](a) - KEY[orderBy](b));
      assert.ok(d < 0 || (d === 0 && a.id < b.id), `${what}: ${a.id} before ${b.id}`);
    }
  }

  for (const [path, body] of PLAIN) {
    it(`${path}: each of the ${ORDER_BY_VALUES.length} keys, both directions`, async () => {
      const unordered = await runFilter(base, path, body);
      assert.ok(unordered.length >= 2, `${path} finds records to order`);
      for (const orderBy of ORDER_BY_VALUES) {
        for (const direction of DIRECTIONS) {
          const got = await runFilter(base, path, { ...body, orderBy, orderDirection: direction });
          assertSorted(got, unordered, orderBy, direction, `${path} ${orderBy} ${direction}`);
        }
      }
      const descending = await runFilter(base, path, { ...body, orderBy: null, orderDirection: 'descending' });
      // shared/beyond-the-spec.md 4: name search keeps its relevance order when only a direction is given.
      assert.deepStrictEqual(
        descending,
        path === 'filter/name' ? unordered : [...unordered].sort((a, b) => b - a),
        path === 'filter/name' ? 'a direction alone keeps the relevance order' : 'a direction alone orders by record ID',
      );
    });
  }

  for (const [path, body] of BATCHES) {
    it(`${path}: each entry ordered by each key, both directions`, async () => {
      const unordered = await batchLists(path, body);
      assert.ok(unordered.some((list) => list.length >= 2));
      for (const orderBy of ORDER_BY_VALUES) {
        for (const direction of DIRECTIONS) {
          const got = await batchLists(path, { ...body, orderBy, orderDirection: direction });
          got.forEach((list, i) => assertSorted(list, unordered[i], orderBy, direction, `${path}[${i}] ${orderBy} ${direction}`));
        }
      }
    });
  }
});
