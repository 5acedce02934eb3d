/**
 * Every conversion against an independent implementation: test/service/reference/reference-table.json holds InChI,
 * InChIKey, formula and masses of several hundred structures (stereo, undefined stereo, E/Z, isotopes, charges, salts,
 * metals, tautomers, large natural products, and the collection's structures) computed by Open Babel with the InChI
 * Trust library (scripts/build-reference-table.mjs). Where the two implementations legitimately differ, the case is
 * listed below with the reason, and the test checks that it still differs only in that way.
 */
import * as assert from 'assert';
import { loadChemistry, type Chemistry } from '../../../src/service/toolkits';
import { loadRDKit } from '../../../src/service/toolkits/rdkit';
import { Toolkit } from '../../../src/webview/grid/chemistry';
import { loadShippedCollection } from '../../../src/service/collection/shipped-collection';
import { elementCounts, referenceRows, referenceTableFaults } from '../../support/collection-checks/open-babel';
import { assertHolds, fixedSample, hardCase } from '../../support/collection-checks/sample';

/** Structures RDKit refuses although Open Babel reads them: both use a bond model RDKit does not allow. */
const RDKIT_REFUSES: Readonly<Record<string, string>> = {
  'heme b (iron protoporphyrin IX)': 'a neutral 4-connected [N] (dative N->Fe written as a plain bond) breaks RDKit valence rules',
};

/**
 * Open Babel's FORMULA descriptor leaves out hydrogens written inside a bracket metal atom, and gives diborane's bridging
 * hydrogens implicit ones (B2H8); its InChI and masses have the right counts.
 */
const OPEN_BABEL_FORMULA_WRONG = ['lithium aluminium hydride', 'diborane'];

describe('chemistry against Open Babel and the InChI Trust library (reference table)', function () {
  this.timeout(600_000);
  let chemistry: Chemistry;
  const rows = referenceRows();

  before(async () => {
    chemistry = await loadChemistry();
    await chemistry.prepareInchi();
  });

  it('holds a few hundred varied structures', () => {
    assert.ok(rows.length >= 300, `${rows.length} rows`);
    for (const word of ['stereo', 'unspecified', '(E)', '(Z)', '13C', 'd3', 'ammonium', 'sodium chloride', 'iron', 'pyridone', 'paclitaxel']) {
      assert.ok(
        rows.some((r) => r.name.includes(word)),
        word,
      );
    }
  });

  it('SMILES -> InChI, InChIKey, formula, monoisotopic and average mass agree', () => {
    const wrong: string[] = [];
    const refused: string[] = [];
    for (const r of rows) {
      const f = chemistry.describe(r.smiles);
      if (!f) {
        refused.push(r.name);
        continue;
      }
      if (f.inchi !== r.inchi) wrong.push(`${r.name}: InChI ${f.inchi} (Open Babel ${r.inchi})`);
      if (f.inchiKey !== r.inchiKey) wrong.push(`${r.name}: InChIKey ${f.inchiKey} (Open Babel ${r.inchiKey})`);
      if (elementCounts(f.formula) !== elementCounts(r.formula) && !OPEN_BABEL_FORMULA_WRONG.includes(r.name))
        wrong.push(`${r.name}: formula ${f.formula} (Open Babel ${r.formula})`);
      // Neither subtracts electron masses for ions; mf-parser and Open Babel use isotope tables of different years.
      if (Math.abs(f.monoisotopicMass - r.exactMass) > 0.001) wrong.push(`${r.name}: monoisotopic ${f.monoisotopicMass} (Open Babel ${r.exactMass})`);
      // Standard atomic weights differ a little between the two tables (lead: 207.2 against 207.217 and the like).
      if (Math.abs(f.averageMass - r.averageMass) > 0.05) wrong.push(`${r.name}: average ${f.averageMass} (Open Babel ${r.averageMass})`);
    }
    assert.deepStrictEqual(wrong, []);
    assert.deepStrictEqual(refused.sort(), Object.keys(RDKIT_REFUSES).sort());
  });

  it("the structure grid's toolkit (browser code, the same RDKit) gives the table's InChIKey and formula for every curated row", async () => {
    const grid = new Toolkit(await loadRDKit());
    const wrong: string[] = [];
    for (const r of rows.filter((row) => row.origin === 'curated' && !RDKIT_REFUSES[row.name])) {
      const { inchikey, problem } = grid.identify(r.smiles, false);
      if (inchikey !== r.inchiKey) wrong.push(`${r.name}: InChIKey ${inchikey ?? problem} (Open Babel ${r.inchiKey})`);
      const { formula } = grid.factsOf(r.smiles);
      if (elementCounts(formula ?? '') !== elementCounts(r.formula) && !OPEN_BABEL_FORMULA_WRONG.includes(r.name))
        wrong.push(`${r.name}: formula ${formula} (Open Babel ${r.formula})`);
    }
    assert.deepStrictEqual(wrong, []);
  });

  it('InChI -> InChIKey is the hash of the InChI itself, for every row (undefined stereo and proton layers included)', async () => {
    const wrong: string[] = [];
    for (const r of rows) {
      const key = await chemistry.inchiKeyOfInchi(r.inchi);
      if (key !== r.inchiKey) wrong.push(`${r.name}: ${key} (Open Babel ${r.inchiKey})`);
    }
    assert.deepStrictEqual(wrong, []);
  });

  it('InChI -> Mol and InChI -> SMILES give back a structure whose InChI is the input', async () => {
    const notRebuilt: string[] = [];
    const wrong: string[] = [];
    for (const r of rows) {
      const mol = await chemistry.molFromInchiAsync(r.inchi);
      if (!mol) {
        notRebuilt.push(r.name);
        continue;
      }
      const fromMol = chemistry.describe(mol);
      if (fromMol?.inchi !== r.inchi) wrong.push(`${r.name}: MOL gives ${fromMol?.inchi}`);
      if (fromMol && chemistry.describe(fromMol.smiles)?.inchi !== r.inchi) wrong.push(`${r.name}: SMILES ${fromMol.smiles} gives another InChI`);
    }
    assert.deepStrictEqual(wrong, []);
    assert.deepStrictEqual(notRebuilt, []);
  });

  it("a fixed sample of the collection's records agrees with the table wherever their InChIKey is in it: 1 in 10 by ID and the hard cases", async () => {
    // `npm run check:data` checks every record the table holds (test/support/collection-checks/open-babel.ts).
    assertHolds(referenceTableFaults(chemistry, fixedSample(await loadShippedCollection(), 10, hardCase), rows));
  });
});
