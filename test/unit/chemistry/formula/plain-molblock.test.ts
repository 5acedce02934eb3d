/**
 * The grid's linear MOL block reader (src/formula/plain-molblock.ts) against RDKit read the grid's way: the same Hill
 * formula for every record of the shipped collection it reads, and undefined (RDKit's turn) for what it does not.
 */
import * as assert from 'assert';
import { hillFormula, mfParserFormula } from '../../../../src/chemistry/formula/composition';
import { plainMolComposition } from '../../../../src/chemistry/formula/plain-molblock';
import { loadRDKit } from '../../../../src/service/chemistry/rdkit';
import { Toolkit } from '../../../../src/webview/grid/chemistry';
import { shippedRecords } from '../../../support/structure-files';

describe('plain MOL blocks read without a toolkit', () => {
  it('give the formula RDKit gives for every shipped record they read', async function () {
    this.timeout(300_000);
    const toolkit = new Toolkit(await loadRDKit());
    let read = 0;
    const records = shippedRecords();
    for (const r of records) {
      const plain = plainMolComposition(r.mol2D);
      if (!plain) continue;
      read++;
      const rdkit = toolkit.factsOf(r.mol2D);
      assert.strictEqual(hillFormula(plain), rdkit.formula, `${r.commonName}: ${mfParserFormula(plain)}`);
    }
    console.log(`      read without a toolkit: ${read} of ${records.length} shipped records; the rest go to RDKit`);
    assert.ok(read > records.length / 2, `${read} read`);
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
    assert.strictEqual(plainMolComposition(mol([atom('C'), atom('O')], ['  1  2  1  0'], ['M  CHG  1   2  -1'])), undefined, 'a charge');
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
