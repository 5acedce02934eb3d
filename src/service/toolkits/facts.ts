/** Everything the service stores about one structure, computed with RDKit and mf-parser. */
import { isInchiKeyShape } from '../../wire';
import type { StructureFacts } from './types';
import { type RDKit, type RDKitMol, withMol } from '../../chemistry/molecule/read';
import { compositionOf, elementsOf, hillFormula, isIsotopic, isMetal, mfParserFormula, type RdkitJson } from '../../chemistry/formula/composition';
import { massesOf } from '../../chemistry/formula/masses';
import { withTitle } from './molblock';
import { MolJson } from '../../chemistry/molecule/rdkit-json';
import { identityKeysOf } from '../../chemistry/molecule/identity-keys';
import { wedgesReadUnambiguously } from './wedge-reading';
import { inchiWithChargesJoined, withSeparatedChargesJoined } from '../../chemistry/molecule/separated-charges';

/** The standard InChI and InChIKey of a molecule, or undefined when RDKit gives none of the standard shape. */
function standardIdentifiers(rdkit: RDKit, mol: RDKitMol): { inchi: string; inchiKey: string } | undefined {
  const inchi = inchiWithChargesJoined(rdkit, mol);
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
    ...identityKeysOf(rdkit, mol),
  };
}

/**
 * Fresh 2D coordinates (RDKit's own depiction layout), deterministic, no timestamp in the header, and a blank title
 * line, so the block depends on the structure only (not on the input's name). The block that RDKit reads back into the
 * molecule's own InChI; the first layout when none does.
 */
export function molBlock2D(rdkit: RDKit, mol: RDKitMol, inchi: string = inchiWithChargesJoined(rdkit, mol)): string {
  return faithfulMolBlock2D(rdkit, mol, inchi) ?? withEitherDoubleBonds(layout(mol, false), openDoubleBonds(mol));
}

/**
 * A 2D block that RDKit reads back into `inchi`, or undefined. A block says stereo through its coordinates and wedges,
 * and two things get lost that way, so every block is read back before it is given out:
 * - 2D coordinates fix a geometry for double bonds that the molecule leaves open (large rings: porphine, the
 *   annulenes; oximes): such bonds are marked "cis or trans either" (V2000 bond stereo 3) wherever they could be
 *   stereogenic, and a single bond at one end is drawn wavy (stereo 4, narrow end on the double bond), since other
 *   readers take the geometry from the coordinates otherwise (Open Babel ignores the crossed mark in conjugated rings);
 * - RDKit's default layout of some bridged cages (diterpenoid alkaloids, gibberellins, morphinans) draws atoms so that
 *   their wedges say another configuration, or one that the InChI library's 2D rules call undefined (a wedge between
 *   two near-opposite plain bonds, or atoms collapsed onto each other): then CoordGen's layout is tried, then both
 *   again in RDKit's canonical atom order. Of the layouts that read back, the first whose wedges the InChI library
 *   also reads is given out (the first that reads back when none does).
 */
export function faithfulMolBlock2D(rdkit: RDKit, mol: RDKitMol, inchi: string): string | undefined {
  const first = layoutsOf(rdkit, mol, inchi);
  if (first.clear) return first.clear;
  // Both layouts depend on the atom order, and an order from another toolkit (Indigo's reading of an InChI) can
  // collapse a cage's atoms onto each other in both: the same molecule in RDKit's canonical order is laid out again.
  const canonical = withMol(rdkit, mol.get_smiles(), (again) => layoutsOf(rdkit, again, inchi).clear);
  return canonical ?? first.readsBack;
}

/** RDKit's default and CoordGen's layout: the first that reads back, and the first that also has clear wedges. */
function layoutsOf(rdkit: RDKit, mol: RDKitMol, inchi: string): { readsBack?: string; clear?: string } {
  const open = openDoubleBonds(mol);
  let readsBack: string | undefined;
  for (const coordGen of [false, true]) {
    const block = withEitherDoubleBonds(layout(mol, coordGen), open);
    if (!readsBackAs(rdkit, block, inchi)) continue;
    if (wedgesReadUnambiguously(block)) return { readsBack: block, clear: block };
    readsBack ??= block;
  }
  return { readsBack };
}

function layout(mol: RDKitMol, coordGen: boolean): string {
  mol.set_new_coords(coordGen);
  return withSeparatedChargesJoined(withTitle(mol.get_molblock(), ''));
}

function readsBackAs(rdkit: RDKit, block: string, inchi: string): boolean {
  return withMol(rdkit, block, (read) => inchiWithChargesJoined(rdkit, read)) === inchi;
}

/** The double bonds whose geometry the molecule leaves open, and the atoms of those whose geometry it defines. */
interface DoubleBonds {
  /** Bond indices: both atoms have other neighbours, and the bond is in no ring of fewer than 8 atoms (where the ring fixes the geometry). */
  readonly open: readonly number[];
  /** Atom indices (0-based) of the double bonds with E/Z: a wavy bond beside them would make them unknown. */
  readonly definedAtoms: ReadonlySet<number>;
}

function openDoubleBonds(mol: RDKitMol): DoubleBonds {
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
  const definedAtoms = new Set(
    json.bonds.flatMap(({ atoms, order, stereo }) => (order === 2 && (stereo === 'cis' || stereo === 'trans') ? atoms : [])),
  );
  const open = json.bonds.flatMap(({ atoms: [a, b], order, stereo }, i) =>
    order === 2 &&
    (stereo === 'unspecified' || stereo === 'either') &&
    degree[a] > 1 &&
    degree[b] > 1 &&
    !fixedByRing.has(`${Math.min(a, b)}-${Math.max(a, b)}`)
      ? [i]
      : [],
  );
  return { open, definedAtoms };
}

/**
 * The block with the open double bonds marked "cis or trans either" where they carry no stereo: V2000 bond stereo 3,
 * V3000 `CFG=2` (RDKit writes V3000 for some molecules, e.g. with enhanced stereo groups); in V2000 also a wavy single
 * bond at their ends. Other lines untouched.
 */
function withEitherDoubleBonds(block: string, { open: bondIndices, definedAtoms }: DoubleBonds): string {
  if (bondIndices.length === 0) return block;
  const lines = block.split('\n');
  const counts = lines[3] ?? '';
  const marked = new Set(bondIndices);
  let changed = false;
  if (/V2000/.test(counts)) {
    const atoms = Number(counts.slice(0, 3));
    const bondLines = lines.slice(4 + atoms, 4 + atoms + Number(counts.slice(3, 6)));
    const wavy = new Set<number>();
    const doubleBonds = new Map<number, number>();
    for (const line of bondLines) {
      if (line.slice(6, 9).trim() !== '2') continue;
      for (const atom of [Number(line.slice(0, 3)), Number(line.slice(3, 6))]) doubleBonds.set(atom, (doubleBonds.get(atom) ?? 0) + 1);
    }
    const wavyEnds: number[][] = [];
    for (const bond of marked) {
      const i = 4 + atoms + bond;
      const line = lines[i] ?? '';
      const stereo = line.slice(9, 12).trim();
      if (line.slice(6, 9).trim() !== '2' || (stereo !== '0' && stereo !== '3')) continue;
      if (stereo === '0') {
        lines[i] = `${line.slice(0, 9)}  3${line.slice(12)}`;
        changed = true;
      }
      const ends = [Number(line.slice(0, 3)), Number(line.slice(3, 6))];
      // A cumulene's ends carry its axial stereo: a wavy bond there would say "unknown" about that too.
      if (ends.every((atom) => (doubleBonds.get(atom) ?? 0) === 1)) wavyEnds.push(ends);
    }
    // One wavy bond for every double bond first (at either end), then the other ends where single bonds are left.
    for (const pass of [0, 1]) {
      for (const ends of wavyEnds) {
        for (const end of pass === 0 ? ends : ends.slice(1)) {
          const single = wavyBondAt(bondLines, end, wavy, definedAtoms);
          if (!single) continue;
          wavy.add(single.index);
          lines[4 + atoms + single.index] = single.line;
          changed = true;
          break;
        }
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

/**
 * A plain single bond at `end` (a double bond's atom) not yet used, rewritten wavy (V2000 stereo 4) with that end
 * first: a wavy bond says "unknown" from its narrow end only, so the atom beyond it keeps any configuration (but
 * an atom beyond with a defined double bond is passed over: readers make that one unknown too). Both ends
 * of an open double bond get one where they can, since the InChI library may move a conjugated ring's double bonds
 * (porphine) onto the single bonds beside them, which the "either" mark on the drawn double bond does not cover.
 */
function wavyBondAt(
  bondLines: readonly string[],
  end: number,
  used: ReadonlySet<number>,
  definedAtoms: ReadonlySet<number>,
): { index: number; line: string } | undefined {
  for (let index = 0; index < bondLines.length; index++) {
    const line = bondLines[index];
    const [a, b, order, stereo] = [0, 3, 6, 9].map((at) => Number(line.slice(at, at + 3)));
    if (used.has(index) || order !== 1 || stereo !== 0 || (a !== end && b !== end)) continue;
    if (definedAtoms.has((a === end ? b : a) - 1)) continue;
    const column = (n: number) => String(n).padStart(3);
    return { index, line: `${column(end)}${column(a === end ? b : a)}${column(1)}${column(4)}${line.slice(12)}` };
  }
  return undefined;
}

export function describeStructure(rdkit: RDKit, structure: string): StructureFacts | undefined {
  return withMol(rdkit, structure, (mol) => describeMol(rdkit, mol));
}

export function inchiKeyOfStructure(rdkit: RDKit, structure: string): string | undefined {
  return withMol(rdkit, structure, (mol) => inchiKeyOfMol(rdkit, mol));
}

export function inchiKeyOfMol(rdkit: RDKit, mol: RDKitMol): string | undefined {
  return standardIdentifiers(rdkit, mol)?.inchiKey;
}
