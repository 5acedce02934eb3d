/** One RDKit MinimalLib instance per process, loaded from node_modules or from `wasmDir`. */
import initRDKitModule from '@rdkit/rdkit';
import type { MainModule, Mol } from '@rdkit/rdkit';
import { readWasm } from './wasm';

export type RDKit = MainModule;
export type RDKitMol = Mol;

export async function loadRDKit(wasmDir?: string): Promise<RDKit> {
  const rdkit = await initRDKitModule({ wasmBinary: readWasm('rdkit', wasmDir) });
  // Unparsable input is an expected answer (undefined), not something to print on stderr.
  rdkit.disable_logging();
  return rdkit;
}

/**
 * Explicit hydrogen atoms of a MOL block are folded into their heavy atoms (MinimalLib keeps them unless told), so the
 * SMILES and 2D layout do not depend on how the input drew them. Isotopic H ([2H]) and stereo-defining H stay.
 */
const PARSE_DETAILS = JSON.stringify({ removeHs: true });

/**
 * Parses SMILES or a MOL block; undefined when RDKit refuses it. An exception (RDKit aborting inside WASM) is left to
 * the caller's ToolkitGuard, which checks whether the instance still works.
 */
export function parseMol(rdkit: RDKit, structure: string): RDKitMol | undefined {
  if (structure.trim() === '') return undefined;
  const mol = rdkit.get_mol(structure, PARSE_DETAILS);
  if (!mol) return undefined;
  if (!mol.is_valid()) {
    mol.delete();
    return undefined;
  }
  return mol;
}

const PROBE_INCHI = 'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3';

/** True when the instance still reads and describes a known structure (ethanol) correctly. */
export function rdkitWorks(rdkit: RDKit): boolean {
  return withMol(rdkit, 'CCO', (mol) => mol.get_inchi()) === PROBE_INCHI;
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
