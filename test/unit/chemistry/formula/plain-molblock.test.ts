/**
 * The grid's linear MOL block reader (src/chemistry/formula/plain-molblock.ts) against RDKit read the grid's way: the
 * same Hill formula and masses for the shipped records it reads (as the indexer and the grid's toolkit worker read them:
 * src/grid/recordFacts.ts), and undefined (RDKit's turn) for what it does not.
 */
import * as assert from 'assert';
import { hillFormula } from '../../../../src/chemistry/formula/composition';
import { plainMolComposition } from '../../../../src/chemistry/formula/plain-molblock';
import { loadRDKit } from '../../../../src/service/toolkits/rdkit';
import { shippedRecords } from '../../../support/structure-files';
import { plainMolFaults } from '../../../support/collection-checks/toolkit';
import { assertHolds, fixedSample } from '../../../support/collection-checks/sample';

describe('plain MOL blocks read without a toolkit', () => {
  it('give the formula and masses RDKit gives for a fixed sample of shipped records: 1 in 20 by ID and every charged one', async function () {
    // `npm run check:data` checks every record (test/support/collection-checks/toolkit.ts).
    this.timeout(300_000);
    const sample = fixedSample(shippedRecords(), 20, (r) => /^M {2}CHG/m.test(r.mol2D));
    assertHolds(plainMolFaults(await loadRDKit(), sample));
  });

  it('leave to RDKit what needs more than the simplest valence rules', () => {
    const mol = (atoms: string[], bonds: string[], props: string[] = []) =>
      [
        'name',
        '  test',
        '',
        `${String(atoms.length).padStart(3)}${String(bonds.length).padStart(3)}  0  0  0  0  0  0  0  0999 V2000`,
        ...atoms,
        ...bonds,
        ...props,
        'M  END',
      ].join('\n');
    const atom = (symbol: string, rest = '  0  0  0  0  0  0  0  0  0  0  0  0') => `    0.0000    0.0000    0.0000 ${symbol.padEnd(3)} 0${rest}`;
    const ethanol = mol([atom('C'), atom('C'), atom('O')], ['  1  2  1  0', '  2  3  1  0']);
    assert.strictEqual(hillFormula(plainMolComposition(ethanol)!), 'C2H6O');
    assert.strictEqual(hillFormula(plainMolComposition(mol([atom('C'), atom('O')], ['  1  2  1  0'], ['M  CHG  1   2  -1']))!), 'CH3O-', 'methoxide');
    const betaine = mol([atom('N'), atom('C'), atom('O')], ['  1  2  1  0', '  2  3  1  0'], ['M  CHG  2   1   1   3  -1']);
    assert.strictEqual(hillFormula(plainMolComposition(betaine)!), 'CH5NO', 'a zwitterion');
    assert.strictEqual(plainMolComposition(mol([atom('C'), atom('O')], ['  1  2  1  0'], ['M  CHG  1   2  -2'])), undefined, 'a charge of -2');
    assert.strictEqual(
      plainMolComposition(mol([atom('C'), atom('O')], ['  1  2  1  0'], ['M  CHG  2   2  -1   2  -1'])),
      undefined,
      'an atom charged twice',
    );
    assert.strictEqual(
      plainMolComposition(mol([atom('C'), atom('Cl')], ['  1  2  1  0'], ['M  CHG  1   2   1'])),
      undefined,
      'a charged atom outside the rules',
    );
    assert.strictEqual(plainMolComposition(mol([atom('C'), atom('C')], ['  1  2  4  0'])), undefined, 'an aromatic bond');
    assert.strictEqual(
      plainMolComposition(mol([atom('C'), atom('O', '  3  0  0  0  0  0  0  0  0  0  0  0')], ['  1  2  1  0'])),
      undefined,
      'a charge field',
    );
    assert.strictEqual(plainMolComposition(mol([atom('Na'), atom('Cl')], [])), undefined, 'an element outside the rules');
    const ammonium = mol([atom('N'), atom('C'), atom('C'), atom('C'), atom('C')], ['  1  2  1  0', '  1  3  1  0', '  1  4  1  0', '  1  5  1  0']);
    assert.strictEqual(plainMolComposition(ammonium), undefined, 'a neutral nitrogen with four bonds');
    assert.strictEqual(plainMolComposition(ethanol.replace('V2000', 'V3000')), undefined, 'V3000');
  });
});
