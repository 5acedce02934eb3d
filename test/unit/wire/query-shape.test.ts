/**
 * The linear counts that bound a structure before any toolkit reads it (src/wire/query-shape.ts, structure-size.ts),
 * against counts made by hand, and their time on 1 MiB of hostile text.
 */
import * as assert from 'assert';
import { QUERY_SHAPE_LIMITS, checkQueryShape, checkStructureSize, queryShape, rdkitJsonAtomCount, structureQueryProblem } from '../../../src/wire';

describe('query shape, counted from the text', () => {
  it('counts atoms, recursive atoms, recursion depth and ring closures', () => {
    assert.deepStrictEqual(queryShape('c1ccccc1O'), { atoms: 7, recursiveAtoms: 0, recursionDepth: 0, ringClosures: 1 });
    assert.deepStrictEqual(queryShape('[NX3;H2,H1;!$(NC=O)]'), { atoms: 1, recursiveAtoms: 3, recursionDepth: 1, ringClosures: 0 });
    assert.deepStrictEqual(queryShape('[$([$(CCl)]Br)]C%10CC%10'), { atoms: 4, recursiveAtoms: 4, recursionDepth: 2, ringClosures: 1 });
    // Ring-bond labels inside a recursive SMARTS are its own; bracket contents (isotopes, H counts) are no ring bonds.
    assert.deepStrictEqual(queryShape('[$(C1CC1)][2H]1.[13C]1'), { atoms: 3, recursiveAtoms: 3, recursionDepth: 1, ringClosures: 2 });
  });

  it('names the rule a query breaks, and passes one at each bound', () => {
    let nested = 'C';
    for (let i = 0; i < QUERY_SHAPE_LIMITS.recursionDepth; i++) nested = `[$(${nested})]`;
    assert.deepStrictEqual(checkQueryShape('query', nested), []);
    assert.match(checkQueryShape('query', `[$(${nested})]`)[0].message, /query has 9 levels of recursive SMARTS/);
    assert.match(checkQueryShape('query', 'C'.repeat(101))[0].message, /query has 101 atoms; a structure query has 1 to 100/);
    assert.match(checkQueryShape('query', `[$(${'C'.repeat(101)})]`)[0].message, /101 atoms inside recursive SMARTS/);
    const closures = (n: number) => Array.from({ length: n }, (_, i) => `C%${String(10 + i)}C%${String(10 + i)}`).join('');
    assert.deepStrictEqual(checkQueryShape('query', closures(QUERY_SHAPE_LIMITS.ringClosures / 2)), []);
    assert.match(structureQueryProblem(`C1CC1[$(${nested})]`, false) ?? '', /9 levels/);
  });

  it('reads 1 MiB of nesting in linear time', () => {
    const text = '[$('.repeat(349_525);
    const t = performance.now();
    const shape = queryShape(text);
    const ms = performance.now() - t;
    assert.strictEqual(shape.recursionDepth, 349_525);
    assert.ok(ms < 2000, `${ms} ms`);
  });
});

describe('RDKit JSON, counted like a MOL block', () => {
  const json = (atoms: number, bonds: Array<[number, number]>, z = 6) =>
    JSON.stringify({
      rdkitjson: { version: 11 },
      defaults: { atom: { z } },
      molecules: [{ atoms: Array.from({ length: atoms }, () => ({})), bonds: bonds.map((b) => ({ atoms: b })) }],
    });

  it('counts atoms, hydrogens, bonds and parts', () => {
    assert.deepStrictEqual(
      rdkitJsonAtomCount(
        json(4, [
          [0, 1],
          [1, 2],
        ]),
      ),
      { heavy: 4, all: 4, bonds: 2, components: 2 },
    );
    assert.deepStrictEqual(rdkitJsonAtomCount(json(2, [], 1)), { heavy: 0, all: 2, bonds: 0, components: 2 });
    assert.strictEqual(rdkitJsonAtomCount('{not json'), undefined);
  });

  it('refuses RDKit JSON of many unbonded atoms in a SMILES or MOL field by its atoms and parts, before any layout', () => {
    const [heavy] = checkStructureSize('smiles', 'SMILES', json(1200, []));
    assert.ok(heavy, 'too big');
    const [parts] = checkStructureSize('input', 'Mol', json(200, []));
    assert.match(heavy.message, /smiles has 1200 atoms other than hydrogen; at most 250/);
    assert.match(parts.message, /input has 200 separate parts; at most 100/);
    assert.deepStrictEqual(
      checkStructureSize(
        'input',
        'SMILES',
        json(3, [
          [0, 1],
          [1, 2],
        ]),
      ),
      [],
    );
  });
});
