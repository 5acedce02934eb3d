/**
 * RDKit MinimalLib reads structures one way wherever it runs: the service (Node) and the structure grid's webview
 * (browser) parse, read raw and compute InChIs with these, so both give the same answer for the same text.
 */
import type { MainModule, Mol } from '@rdkit/rdkit';
import { MolJson } from './rdkit-json';

export type RDKit = MainModule;
export type RDKitMol = Mol;

/**
 * Explicit hydrogen atoms of a MOL block are folded into their heavy atoms (MinimalLib keeps them unless told), so the
 * SMILES and 2D layout do not depend on how the input drew them. Isotopic H ([2H]) and stereo-defining H stay.
 */
const PARSE_DETAILS = JSON.stringify({ removeHs: true });
const RAW_DETAILS = JSON.stringify({ sanitize: false, removeHs: false });
/**
 * RDKit's JSON (rdkit-json.ts, the form structures are edited in) states every stereo flag itself: RDKit's stereo
 * perception, run after reading, would drop its double bonds' E/Z (which it perceives from SMILES bond directions or
 * coordinates, neither in the JSON).
 */
const JSON_DETAILS = JSON.stringify({ removeHs: true, assignStereo: false });
const RAW_JSON_DETAILS = JSON.stringify({ sanitize: false, removeHs: false, assignStereo: false });

function isRdkitJson(structure: string): boolean {
  return structure.trimStart().startsWith('{');
}

/**
 * Parses SMILES or a MOL block; undefined when RDKit refuses it. An exception (RDKit aborting inside WASM) is left to
 * the caller's ToolkitGuard, which checks whether the instance still works.
 */
export function parseMol(rdkit: RDKit, structure: string): RDKitMol | undefined {
  if (structure.trim() === '') return undefined;
  return validOrDeleted(rdkit.get_mol(structure, isRdkitJson(structure) ? JSON_DETAILS : PARSE_DETAILS)) ?? withHydrogenBridges(rdkit, structure);
}

function validOrDeleted(mol: RDKitMol | null): RDKitMol | undefined {
  if (!mol) return undefined;
  if (mol.is_valid()) return mol;
  mol.delete();
  return undefined;
}

/**
 * Boranes and some metal hydrides hold hydrogen bridges (an H bonded to two atoms: three-centre two-electron bonds),
 * which RDKit's valence rules refuse. Such a structure is read unsanitised when the rest of it, without the bridging
 * hydrogens, passes those rules, as the InChI library reads it ("Accepted unusual valence(s): B(4); H(2)").
 */
function withHydrogenBridges(rdkit: RDKit, structure: string): RDKitMol | undefined {
  const raw = validOrDeleted(rdkit.get_mol(structure, isRdkitJson(structure) ? RAW_JSON_DETAILS : RAW_DETAILS));
  if (!raw) return undefined;
  const json = new MolJson(raw);
  const degree = json.degrees();
  const bridges = new Set(json.atoms.flatMap((atom, i) => (atom.z === 1 && degree[i] === 2 ? [i] : [])));
  const rest = bridges.size ? validOrDeleted(rdkit.get_mol(json.write(json.atoms, bridges), JSON_DETAILS)) : undefined;
  if (rest) {
    rest.delete();
    return raw;
  }
  raw.delete();
  return undefined;
}

/** `withMol` for a structure read as written, unsanitised (RDKit's valence rules not applied): for repairs and edits only. */
export function withRawMol<T>(rdkit: RDKit, structure: string, use: (mol: RDKitMol) => T): T | undefined {
  const mol = structure.trim() === '' ? undefined : validOrDeleted(rdkit.get_mol(structure, isRdkitJson(structure) ? RAW_JSON_DETAILS : RAW_DETAILS));
  if (!mol) return undefined;
  try {
    return use(mol);
  } finally {
    mol.delete();
  }
}

/** Runs `use` on a parsed molecule and deletes it afterwards; undefined when the structure does not parse. */
export function withMol<T>(rdkit: RDKit, structure: string, use: (mol: RDKitMol) => T): T | undefined {
  const mol = parseMol(rdkit, structure);
  if (!mol) return undefined;
  try {
    return use(mol);
  } finally {
    mol.delete();
  }
}
