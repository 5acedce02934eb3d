/**
 * Checks of the shipped records against the service's own toolkits: each record agrees with itself, and the grid's
 * toolkit-free MOL reader agrees with RDKit. `npm run check:data` (and `npm run build:data -- --check`, on the rebuilt
 * folder) hands them every record, the suites a fixed sample.
 */
import { isDeepStrictEqual } from 'util';
import type { Chemistry } from '../../../src/service/toolkits';
import type { CompoundRecord } from '../../../src/service/record';
import { hillFormula, mfParserFormula } from '../../../src/chemistry/formula/composition';
import { plainMolComposition } from '../../../src/chemistry/formula/plain-molblock';
import { plainMolFacts } from '../../../src/grid/recordFacts';
import { Toolkit } from '../../../src/webview/grid/chemistry';
import type { RDKit } from '../../../src/chemistry/molecule/read';
import type { CheckResult } from './sample';

const DESCRIBED = ['inchiKey', 'inchi', 'formula', 'monoisotopicMass', 'nominalMass', 'components', 'hasMetal', 'isotopic'] as const;

/**
 * Each record as the service loads it agrees with itself (issue 8, item 10): its SMILES, described again, gives its
 * identifiers, formula, masses and element facts; its 2D and 3D MOL give its InChIKey; no InChIKey is held twice.
 */
export function selfConsistencyFaults(chemistry: Chemistry, records: readonly CompoundRecord[]): CheckResult {
  const faults: string[] = [];
  const keys = new Set<string>();
  for (const r of records) {
    const f = chemistry.describe(r.smiles);
    if (!f) faults.push(`${r.id} ${r.commonName}: its SMILES does not parse`);
    else {
      for (const field of DESCRIBED) {
        if (JSON.stringify(f[field]) !== JSON.stringify(r[field])) faults.push(`${r.id} ${r.commonName}: its SMILES gives another ${field}`);
      }
    }
    for (const [what, structure] of [
      ['2D', r.mol2D],
      ['3D', r.mol3D],
    ] as const) {
      if (chemistry.inchiKeyOf(structure) !== r.inchiKey) faults.push(`${r.id} ${r.commonName}: its ${what} MOL gives another InChIKey`);
    }
    if (keys.has(r.inchiKey)) faults.push(`${r.id} ${r.commonName}: InChIKey ${r.inchiKey} held twice`);
    keys.add(r.inchiKey);
  }
  return { note: `${records.length} records described again`, faults };
}

/**
 * The grid's linear MOL block reader (src/chemistry/formula/plain-molblock.ts) gives the Hill formula and masses RDKit
 * read the grid's way gives (src/grid/recordFacts.ts), for every record it reads; it reads more than half of them.
 */
export function plainMolFaults(rdkit: RDKit, records: readonly Pick<CompoundRecord, 'commonName' | 'mol2D'>[]): CheckResult {
  const toolkit = new Toolkit(rdkit);
  const faults: string[] = [];
  let read = 0;
  let charged = 0;
  for (const r of records) {
    const plain = plainMolComposition(r.mol2D);
    if (!plain) continue;
    read++;
    if (/^M {2}CHG/m.test(r.mol2D)) charged++;
    const facts = toolkit.factsOf(r.mol2D);
    if (hillFormula(plain) !== facts.formula) faults.push(`${r.commonName}: ${mfParserFormula(plain)} read, RDKit gives ${facts.formula}`);
    const own = plainMolFacts(r.mol2D);
    if (!isDeepStrictEqual(own, { formula: facts.formula, mw: facts.mw, mass: facts.mass }))
      faults.push(`${r.commonName}: ${JSON.stringify(own)} read, RDKit gives ${JSON.stringify(facts)}`);
  }
  if (read <= records.length / 2) faults.push(`only ${read} of ${records.length} read`);
  return { note: `read without a toolkit: ${read} of ${records.length} records (${charged} with charges); the rest go to RDKit`, faults };
}
