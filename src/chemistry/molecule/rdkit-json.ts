/**
 * RDKit's JSON form of a molecule (`get_json()`, read back by `get_mol`), for the edits RDKit MinimalLib has no call
 * for: an atom's hydrogen count or charge, a bond's order, leaving atoms out.
 */
import type { RDKitMol } from './read';

interface Atom {
  z?: number;
  impHs?: number;
  chg?: number;
}
interface Bond {
  atoms: [number, number];
  bo?: number;
  stereo?: string;
  stereoAtoms?: number[];
}
interface Conformer {
  coords?: number[][];
}
interface Molecule {
  atoms: Atom[];
  bonds?: Bond[];
  conformers?: Conformer[];
  extensions?: Array<{ atomRings?: number[][] }>;
}
interface Document {
  defaults?: { atom?: Atom; bond?: Omit<Bond, 'atoms'> };
  molecules: Molecule[];
}

/** An atom with RDKit's defaults filled in: element number, hydrogen count and formal charge. */
export interface JsonAtomState {
  z: number;
  hydrogens: number;
  charge: number;
}

/** A bond with RDKit's defaults filled in; `stereo` is `cis`, `trans`, `either` or `unspecified`. */
export interface JsonBondState {
  readonly atoms: readonly [number, number];
  order: number;
  readonly stereo: string;
}

/** One molecule's JSON: its atoms and bonds (editable in place), and its text with the edits. */
export class MolJson {
  private readonly doc: Document;
  readonly atoms: JsonAtomState[];
  readonly bonds: JsonBondState[];

  constructor(mol: RDKitMol) {
    this.doc = JSON.parse(mol.get_json()) as Document;
    const atomDefaults = this.doc.defaults?.atom ?? {};
    const bondDefaults = this.doc.defaults?.bond ?? {};
    const molecule = this.doc.molecules[0] ?? { atoms: [] };
    this.atoms = molecule.atoms.map((a) => ({
      z: a.z ?? atomDefaults.z ?? 6,
      hydrogens: a.impHs ?? atomDefaults.impHs ?? 0,
      charge: a.chg ?? atomDefaults.chg ?? 0,
    }));
    this.bonds = (molecule.bonds ?? []).map((b) => ({
      atoms: b.atoms,
      order: b.bo ?? bondDefaults.bo ?? 1,
      stereo: b.stereo ?? bondDefaults.stereo ?? 'unspecified',
    }));
  }

  /** The smallest set of smallest rings, as atom lists (RDKit's cached ring data; empty when RDKit wrote none). */
  rings(): number[][] {
    return (this.doc.molecules[0]?.extensions ?? []).flatMap((e) => e.atomRings ?? []);
  }

  /** Bonds per atom. */
  degrees(): number[] {
    const degree = this.atoms.map(() => 0);
    for (const bond of this.bonds) {
      degree[bond.atoms[0]]++;
      degree[bond.atoms[1]]++;
    }
    return degree;
  }

  /**
   * The JSON text with the given atom states (same length and order as `atoms`), the bonds' orders, and without the
   * atoms in `drop` (a double bond's stereo that refers to one of them goes too). RDKit's cached representation (ring
   * and CIP data) is left out, so that RDKit computes it again for the edit; so are the coordinates without
   * `withCoordinates` (RDKit refuses to read them unsanitised).
   */
  write(states: readonly JsonAtomState[] = this.atoms, drop: ReadonlySet<number> = new Set(), withCoordinates = true): string {
    const molecule = this.doc.molecules[0];
    const newIndex = new Map<number, number>();
    const atoms: Atom[] = [];
    molecule.atoms.forEach((atom, i) => {
      if (drop.has(i)) return;
      newIndex.set(i, atoms.length);
      atoms.push({ ...atom, z: states[i].z, impHs: states[i].hydrogens, chg: states[i].charge });
    });
    const bonds: Bond[] = [];
    (molecule.bonds ?? []).forEach(({ stereo, stereoAtoms, ...bond }, i) => {
      const [a, b] = bond.atoms.map((atom) => newIndex.get(atom));
      if (a === undefined || b === undefined) return;
      const reference = stereoAtoms?.map((atom) => newIndex.get(atom));
      const keepsStereo = reference === undefined || reference.every((atom) => atom !== undefined);
      bonds.push({
        ...bond,
        atoms: [a, b],
        bo: this.bonds[i].order,
        ...(keepsStereo ? { stereo, stereoAtoms: reference as number[] | undefined } : {}),
      });
    });
    const conformers = withCoordinates ? molecule.conformers?.map((c) => ({ ...c, coords: c.coords?.filter((_, i) => newIndex.has(i)) })) : undefined;
    const { extensions: _cached, ...rest } = molecule;
    return JSON.stringify({ ...this.doc, molecules: [{ ...rest, atoms, bonds, conformers }] });
  }
}
