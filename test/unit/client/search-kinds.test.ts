import * as assert from 'assert';
import { english } from '../../../src/client/user-message';
import { isSearchKind, kindOf, SEARCH_KINDS, type SearchSpec } from '../../../src/client/search-spec';
import { planOf, type Parts } from '../../../src/client/query-plans';

/** One spec of each kind, as the Searches tree keeps them. */
const SPECS: SearchSpec[] = [
  { kind: 'composite', query: 'CCO' },
  { kind: 'name', name: 'caffeine' },
  { kind: 'formula', formula: 'C8H10N4O2' },
  { kind: 'formulaBatch', formulas: ['CH4', 'C2H6'] },
  { kind: 'mass', mass: 194.08, range: 0.01 },
  { kind: 'massBatch', masses: [{ mass: 180.06, range: 0.002 }] },
  { kind: 'element', includeElements: ['C', 'N'], excludeElements: ['Cl'], includeAll: true, complexity: 'multiple' },
  { kind: 'intrinsic', formula: 'C6H12O6', monoisotopicMass: { mass: 180.06, range: 0.01 } },
  { kind: 'inchi', inchi: 'InChI=1S/CH4/h1H4' },
  { kind: 'inchikey', inchikey: 'VNWKTOKETHGBQD-UHFFFAOYSA-N' },
  { kind: 'smiles', smiles: 'CCO', identity: 'parent' },
  { kind: 'substructure', query: 'c1ccccc1', queryFormat: 'SMARTS' },
  { kind: 'similarity', smiles: 'CCO', threshold: 0.7 },
  { kind: 'spectrum', peaks: [[91.05, 100]], precursorMz: 195.09, searchType: 'open' },
  { kind: 'legacySimple', query: 'aspirin' },
  { kind: 'legacyAsync', query: 'aspirin' },
];

describe('The table of search kinds', () => {
  it('every kind has an entry, and the specs above cover them all', () => {
    assert.deepStrictEqual(SPECS.map((s) => s.kind).sort(), Object.keys(SEARCH_KINDS).sort());
  });

  it("a kind is the table's own: names every object inherits are not kinds (a damaged persisted search is dropped)", () => {
    for (const spec of SPECS) assert.ok(isSearchKind(spec.kind), spec.kind);
    for (const name of ['toString', '__proto__', 'constructor', 'hasOwnProperty', 'valueOf', '', 'Name'])
      assert.strictEqual(isSearchKind(name), false, name);
  });

  it('each kind describes its query in one line, as the tree shows it', () => {
    assert.deepStrictEqual(
      SPECS.map((s) => `${kindOf(s).title(english)}: ${kindOf(s).describe(s, english)}`),
      [
        'Search: CCO',
        'Name: caffeine',
        'Formula: C8H10N4O2',
        'Formula list: CH4, C2H6',
        'Mass: 194.08 ± 0.01',
        'Mass list: 180.06 ± 0.002',
        'Elements: all of C N, not Cl, multiple',
        'Intrinsic properties: C6H12O6, monoisotopicMass 180.06 ± 0.01',
        'InChI: InChI=1S/CH4/h1H4',
        'InChIKey: VNWKTOKETHGBQD-UHFFFAOYSA-N',
        'SMILES: CCO',
        'Substructure: c1ccccc1 (SMARTS)',
        'Similar to: CCO ≥ 0.7',
        'Spectrum: 1 peaks, precursor 195.09 (open)',
        'Simple search (older): aspirin',
        'Async search (older): aspirin',
      ],
    );
  });

  it('errors name the input as the search read it: a composite query by its shape', () => {
    const label = (s: SearchSpec) => kindOf(s).inputLabel(s, english);
    assert.strictEqual(label({ kind: 'composite', query: 'CCO' }), 'SMILES');
    assert.strictEqual(label({ kind: 'composite', query: 'caffeine' }), 'name');
    assert.strictEqual(label({ kind: 'composite', query: '507' }), 'record ID');
    assert.strictEqual(label({ kind: 'similarity', smiles: 'CCO' }), 'SMILES');
    assert.strictEqual(label({ kind: 'massBatch', masses: [] }), 'mass list');
  });

  it('only single-list filters of the current interface have a query ID with an SDF of its results', () => {
    const filters = Object.entries(SEARCH_KINDS)
      .filter(([, entry]) => entry.filterQuery)
      .map(([kind]) => kind);
    assert.deepStrictEqual(filters.sort(), [
      'element',
      'formula',
      'inchi',
      'inchikey',
      'intrinsic',
      'mass',
      'name',
      'similarity',
      'smiles',
      'spectrum',
      'substructure',
    ]);
  });

  it('every kind has a plan in its entry, built from the builders of query-plans.ts', () => {
    const any = new Proxy({}, { get: () => () => Promise.resolve('q') });
    const parts = { current: any, older: any, hasApiKey: true, hasToken: false } as unknown as Parts;
    for (const spec of SPECS) assert.ok(['current', 'older'].includes(planOf(parts, spec).via), spec.kind);
  });

  it('an identifier search asks for that identifier exactly, or through filter/identity when a level is given', async () => {
    const calls: unknown[][] = [];
    const current = new Proxy(
      {},
      {
        get:
          (_t, name) =>
          (...args: unknown[]) => (calls.push([name, ...args.slice(0, -1)]), Promise.resolve('q')),
      },
    );
    const parts = { current, older: {}, hasApiKey: true, hasToken: false } as unknown as Parts;
    const submit = async (spec: SearchSpec) => {
      const plan = planOf(parts, spec);
      assert.ok(!plan.immediate);
      return plan.submit({});
    };
    await submit({ kind: 'inchikey', inchikey: 'RYYVLZVUVIJVGH-UHFFFAOYSA-N' });
    await submit({ kind: 'inchi', inchi: 'InChI=1S/CH4/h1H4', identity: 'connectivity' });
    await submit({ kind: 'smiles', smiles: 'CCO' });
    await submit({ kind: 'smiles', smiles: 'CCO', identity: 'parent' });
    assert.deepStrictEqual(calls, [
      ['filterInchikey', 'RYYVLZVUVIJVGH-UHFFFAOYSA-N'],
      ['filterIdentity', 'inchi', 'InChI=1S/CH4/h1H4', 'connectivity'],
      ['filterSmiles', 'CCO'],
      ['filterIdentity', 'smiles', 'CCO', 'parent'],
    ]);
  });
});
