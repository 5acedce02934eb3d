/**
 * Distinct molecules for the structure benches at 100k and 1M records (issue 29): enumerated from the shipped
 * structures, so each record is a different molecule rather than a copy. Each step puts one substituent (methyl,
 * ethyl, propyl, hydroxy, amino, fluoro, chloro, bromo, methoxy, cyano, trifluoromethyl, carboxy, phenyl) on a
 * carbon that carries a hydrogen: on an aromatic ring position, or on a chain carbon (methyl, ethyl and propyl there
 * are chain extensions). Ring fusions are not made. Generation 1 substitutes the shipped structures once; generation
 * 2 substitutes generation 1, and so on, until the size asked for is reached. Positions and substituents go round
 * the seeds in turn, so every seed has descendants before any seed has many.
 * RDKit reads each candidate SMILES (one a carbon cannot take fails its valence check and is skipped), writes its
 * canonical SMILES (duplicates are skipped) and its standard InChI and InChIKey; a repeated InChIKey is counted and
 * skipped, so the keys of the collection are distinct. Formula and masses are the seed's plus the substituent's
 * atoms (exact, the seeds being single neutral molecules without isotope labels); logP and the MOL blocks are not
 * computed (the seed's logP, empty MOL blocks): the structure benches read the SMILES alone.
 */
import type { MainModule } from '@rdkit/rdkit';
import type { CompoundRecord } from '../src/service/record';

/** A substituent's SMILES and the atoms it adds in place of the hydrogen it replaces. */
const SUBSTITUENTS: Array<[string, Record<string, number>]> = [
  ['C', { C: 1, H: 2 }],
  ['O', { O: 1 }],
  ['F', { F: 1, H: -1 }],
  ['Cl', { Cl: 1, H: -1 }],
  ['N', { N: 1, H: 1 }],
  ['OC', { O: 1, C: 1, H: 2 }],
  ['CC', { C: 2, H: 4 }],
  ['C#N', { C: 1, N: 1, H: -1 }],
  ['Br', { Br: 1, H: -1 }],
  ['C(F)(F)F', { C: 1, F: 3, H: -1 }],
  ['C(=O)O', { C: 1, O: 2 }],
  ['CCC', { C: 3, H: 6 }],
  ['c1ccccc1', { C: 6, H: 4 }],
];

const MONOISOTOPIC: Record<string, number> = {
  C: 12,
  H: 1.00782503207,
  N: 14.0030740048,
  O: 15.99491461956,
  F: 18.99840322,
  Cl: 34.96885268,
  Br: 78.9183371,
};
const AVERAGE: Record<string, number> = { C: 12.0107, H: 1.00794, N: 14.0067, O: 15.9994, F: 18.9984032, Cl: 35.453, Br: 79.904 };

/** Hill formulas of plain neutral molecules (no charge, isotope or second part). */
const PLAIN_FORMULA = /^(?:[A-Z][a-z]?\d*)+$/;

function atomsOf(formula: string): Map<string, number> {
  const atoms = new Map<string, number>();
  for (const [, el, n] of formula.matchAll(/([A-Z][a-z]?)(\d*)/g)) atoms.set(el, (atoms.get(el) ?? 0) + (n ? Number(n) : 1));
  return atoms;
}

function hill(atoms: Map<string, number>): string {
  const order = [...atoms.keys()].filter((e) => e !== 'C' && e !== 'H').sort();
  if (atoms.has('C')) order.unshift(...(atoms.has('H') ? ['C', 'H'] : ['C']));
  else if (atoms.has('H')) {
    order.push('H');
    order.sort();
  }
  return order.map((e) => `${e}${atoms.get(e) === 1 ? '' : atoms.get(e)}`).join('');
}

/**
 * Where a substituent can go in a SMILES: after each carbon atom written outside brackets (`C` not starting `Cl`,
 * `c`) and after the ring-closure digits that follow it, so the branch comes where SMILES wants it.
 */
export function substitutionSites(smiles: string): number[] {
  const sites: number[] = [];
  let depth = 0;
  for (let i = 0; i < smiles.length; i++) {
    const ch = smiles[i];
    if (ch === '[') depth++;
    else if (ch === ']') depth--;
    else if (depth === 0 && (ch === 'c' || (ch === 'C' && smiles[i + 1] !== 'l'))) {
      let j = i + 1;
      while (j < smiles.length && (/\d/.test(smiles[j]) || (smiles[j] === '%' && /\d\d/.test(smiles.slice(j + 1, j + 3)))))
        j += smiles[j] === '%' ? 3 : 1;
      sites.push(j);
    }
  }
  return sites;
}

export interface DistinctCollection {
  records: CompoundRecord[];
  /** Candidates RDKit refused (a carbon without a free hydrogen), repeated canonical SMILES, repeated InChIKeys. */
  refused: number;
  sameSmiles: number;
  sameKey: number;
  generations: number;
  ms: number;
}

interface Parent {
  record: CompoundRecord;
  atoms: Map<string, number>;
}

/**
 * `size` distinct molecules with record IDs from `firstId`: the seeds themselves first (those with a plain formula),
 * then their substituted descendants. `onProgress` is told the count now and then.
 */
export function distinctCollection(
  rdkit: MainModule,
  shipped: readonly CompoundRecord[],
  size: number,
  firstId = 1,
  onProgress?: (made: number) => void,
): DistinctCollection {
  const started = performance.now();
  const out: CompoundRecord[] = [];
  const smilesSeen = new Set<string>();
  const keysSeen = new Set<string>();
  let refused = 0;
  let sameSmiles = 0;
  let sameKey = 0;
  let generation: Parent[] = [];
  for (const r of shipped) {
    if (out.length >= size) break;
    if (!PLAIN_FORMULA.test(r.formula) || r.smiles.includes('.') || r.isotopic || keysSeen.has(r.inchiKey) || smilesSeen.has(r.smiles)) continue;
    smilesSeen.add(r.smiles);
    keysSeen.add(r.inchiKey);
    const record = { ...r, id: firstId + out.length };
    out.push(record);
    generation.push({ record, atoms: atomsOf(r.formula) });
  }
  let generations = 0;
  while (out.length < size && generation.length > 0) {
    generations++;
    const next: Parent[] = [];
    const sites = generation.map((p) => substitutionSites(p.record.smiles));
    const mostSites = Math.max(...sites.map((s) => s.length));
    // Round the seeds: the k-th site of every parent with each substituent, then the (k+1)-th.
    for (let k = 0; k < mostSites && out.length < size; k++) {
      for (const [sub, adds] of SUBSTITUENTS) {
        for (let p = 0; p < generation.length && out.length < size; p++) {
          const at = sites[p][k];
          if (at === undefined) continue;
          const parent = generation[p];
          const candidate = `${parent.record.smiles.slice(0, at)}(${sub})${parent.record.smiles.slice(at)}`;
          const made = molecule(rdkit, candidate);
          if (!made) {
            refused++;
            continue;
          }
          if (smilesSeen.has(made.smiles)) {
            sameSmiles++;
            continue;
          }
          smilesSeen.add(made.smiles);
          if (keysSeen.has(made.inchiKey)) {
            sameKey++;
            continue;
          }
          keysSeen.add(made.inchiKey);
          const atoms = new Map(parent.atoms);
          for (const [el, n] of Object.entries(adds)) atoms.set(el, (atoms.get(el) ?? 0) + n);
          if (atoms.get('H') === 0) atoms.delete('H');
          const delta = (table: Record<string, number>) => Object.entries(adds).reduce((m, [el, n]) => m + n * table[el], 0);
          const record: CompoundRecord = {
            ...parent.record,
            id: firstId + out.length,
            smiles: made.smiles,
            inchi: made.inchi,
            inchiKey: made.inchiKey,
            formula: hill(atoms),
            monoisotopicMass: parent.record.monoisotopicMass + delta(MONOISOTOPIC),
            averageMass: parent.record.averageMass + delta(AVERAGE),
            molecularWeight: parent.record.molecularWeight + delta(AVERAGE),
            nominalMass: parent.record.nominalMass + Math.round(delta(MONOISOTOPIC)),
            elements: [...atoms.keys()].sort(),
            mol2D: '',
            mol3D: '',
            originalMol: '',
            parentKey: undefined,
            tautomerKey: undefined,
          };
          out.push(record);
          next.push({ record, atoms });
          if (out.length % 10_000 === 0) onProgress?.(out.length);
        }
      }
    }
    generation = next;
  }
  return { records: out, refused, sameSmiles, sameKey, generations, ms: performance.now() - started };
}

function molecule(rdkit: MainModule, smiles: string): { smiles: string; inchi: string; inchiKey: string } | undefined {
  let mol;
  try {
    mol = rdkit.get_mol(smiles);
  } catch {
    return undefined;
  }
  if (!mol) return undefined;
  try {
    if (!mol.is_valid()) return undefined;
    const inchi = mol.get_inchi();
    if (!inchi) return undefined;
    return { smiles: mol.get_smiles(), inchi, inchiKey: rdkit.get_inchikey_for_inchi(inchi) };
  } finally {
    mol.delete();
  }
}
