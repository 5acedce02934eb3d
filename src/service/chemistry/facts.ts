/** Everything the service stores about one structure, computed with RDKit and mf-parser. */
import { isInchiKeyShape } from '../../wire';
import type { StructureFacts } from './types';
import { type RDKit, type RDKitMol, withMol } from './rdkit';
import { compositionOf, elementsOf, hillFormula, isIsotopic, isMetal, mfParserFormula, type RdkitJson } from '../../formula/composition';
import { massesOf } from '../../formula/masses';
import { withTitle } from './molblock';
import { MolJson } from './rdkit-json';

/** The standard InChI and InChIKey of a molecule, or undefined when RDKit gives none of the standard shape. */
function standardIdentifiers(rdkit: RDKit, mol: RDKitMol): { inchi: string; inchiKey: string } | undefined {
  const inchi = mol.get_inchi();
  if (!inchi.startsWith('InChI=1S/')) return undefined;
  const inchiKey = rdkit.get_inchikey_for_inchi(inchi);
  return isInchiKeyShape(inchiKey) ? { inchi, inchiKey } : undefined;
}

export function describeMol(rdkit: RDKit, mol: RDKitMol): StructureFacts | undefined {
  const ids = standardIdentifiers(rdkit, mol);
  if (!ids) return undefined;
  const composition = compositionOf(JSON.parse(mol.get_json()) as RdkitJson);
  if (composition.counts.has('*')) return undefined;
  const masses = massesOf(mfParserFormula(composition));
  if (!masses) return undefined;
  const elements = elementsOf(composition);
  const descriptors = JSON.parse(mol.get_descriptors()) as { CrippenClogP?: number };
  return {
    smiles: mol.get_smiles(),
    ...ids,
    formula: hillFormula(composition),
    averageMass: masses.averageMass,
    molecularWeight: masses.averageMass,
    monoisotopicMass: masses.monoisotopicMass,
    nominalMass: masses.nominalMass,
    alogp: Math.round((descriptors.CrippenClogP ?? 0) * 1000) / 1000,
    mol2D: molBlock2D(rdkit, mol, ids.inchi),
    elements,
    components: composition.components,
    hasMetal: elements.some(isMetal),
    isotopic: isIsotopic(composition),
  };
}

/**
 * Fresh 2D coordinates (RDKit's own depiction layout), deterministic, no timestamp in the header, and a blank title
 * line, so the block depends on the structure only (not on the input's name). The block that RDKit reads back into the
 * molecule's own InChI; the first layout when none does.
 */
export function molBlock2D(rdkit: RDKit, mol: RDKitMol, inchi: string = mol.get_inchi()): string {
  return faithfulMolBlock2D(rdkit, mol, inchi) ?? withEitherDoubleBonds(layout(mol, false), openDoubleBonds(mol));
}

/**
 * A 2D block that RDKit reads back into `inchi`, or undefined. A block says stereo through its coordinates and wedges,
 * and two things get lost that way, so every block is read back before it is given out:
 * - 2D coordinates fix a geometry for double bonds that the molecule leaves open (large rings: porphine, the
 *   annulenes; oximes): such bonds are marked "cis or trans either" (V2000 bond stereo 3) wherever they could be
 *   stereogenic, since other readers (the InChI library) take the geometry from the coordinates otherwise;
 * - RDKit's default layout of some bridged cages (diterpenoid alkaloids, gibberellins) draws atoms so that their wedges
 *   say another configuration: then CoordGen's layout is tried.
 */
export function faithfulMolBlock2D(rdkit: RDKit, mol: RDKitMol, inchi: string): string | undefined {
  const open = openDoubleBonds(mol);
  for (const coordGen of [false, true]) {
    const block = withEitherDoubleBonds(layout(mol, coordGen), open);
    if (readsBackAs(rdkit, block, inchi)) return block;
  }
  return undefined;
}

function layout(mol: RDKitMol, coordGen: boolean): string {
  mol.set_new_coords(coordGen);
  return withTitle(mol.get_molblock(), '');
}

function readsBackAs(rdkit: RDKit, block: string, inchi: string): boolean {
  return withMol(rdkit, block, (read) => read.get_inchi()) === inchi;
}

/**
 * Indices of the double bonds whose geometry the molecule leaves open and could be stereogenic: both atoms have other
 * neighbours, and the bond is in no ring of fewer than 8 atoms (where the ring fixes the geometry).
 */
function openDoubleBonds(mol: RDKitMol): number[] {
  const json = new MolJson(mol);
  const degree = json.degrees();
  const fixedByRing = new Set<string>();
  for (const ring of json.rings()) {
    if (ring.length >= 8) continue;
    ring.forEach((atom, i) => {
      const next = ring[(i + 1) % ring.length];
      fixedByRing.add(`${Math.min(atom, next)}-${Math.max(atom, next)}`);
    });
  }
  return json.bonds.flatMap(({ atoms: [a, b], order, stereo }, i) =>
    order === 2 &&
    (stereo === 'unspecified' || stereo === 'either') &&
    degree[a] > 1 &&
    degree[b] > 1 &&
    !fixedByRing.has(`${Math.min(a, b)}-${Math.max(a, b)}`)
      ? [i]
      : [],
  );
}

/**
 * The block with the given double bonds marked "cis or trans either" where they carry no stereo: V2000 bond stereo 3,
 * V3000 `CFG=2` (RDKit writes V3000 for some molecules, e.g. with enhanced stereo groups). Other lines untouched.
 */
function withEitherDoubleBonds(block: string, bondIndices: readonly number[]): string {
  if (bondIndices.length === 0) return block;
  const lines = block.split('\n');
  const counts = lines[3] ?? '';
  const marked = new Set(bondIndices);
  let changed = false;
  if (/V2000/.test(counts)) {
    const atoms = Number(counts.slice(0, 3));
    for (const bond of marked) {
      const i = 4 + atoms + bond;
      const line = lines[i] ?? '';
      if (line.slice(6, 9).trim() === '2' && line.slice(9, 12).trim() === '0') {
        lines[i] = `${line.slice(0, 9)}  3${line.slice(12)}`;
        changed = true;
      }
    }
  } else if (/V3000/.test(counts)) {
    let inBonds = false;
    lines.forEach((line, i) => {
      if (line.startsWith('M  V30 BEGIN BOND')) inBonds = true;
      else if (line.startsWith('M  V30 END BOND')) inBonds = false;
      else if (inBonds) {
        const m = /^M {2}V30 (\d+) 2 \d+ \d+(.*)$/.exec(line);
        if (m && marked.has(Number(m[1]) - 1) && !/CFG=/.test(m[2])) {
          lines[i] = `${line} CFG=2`;
          changed = true;
        }
      }
    });
  }
  return changed ? lines.join('\n') : block;
}

export function describeStructure(rdkit: RDKit, structure: string): StructureFacts | undefined {
  return withMol(rdkit, structure, (mol) => describeMol(rdkit, mol));
}

export function inchiKeyOfStructure(rdkit: RDKit, structure: string): string | undefined {
  return withMol(rdkit, structure, (mol) => standardIdentifiers(rdkit, mol)?.inchiKey);
}
