/** One RDKit MinimalLib instance per process, loaded from node_modules or from `wasmDir`. */
import initRDKitModule from '@rdkit/rdkit';
import { readWasm } from './wasm';
import { withMol, type RDKit } from '../../chemistry/molecule/read';

export async function loadRDKit(wasmDir?: string): Promise<RDKit> {
  const rdkit = await initRDKitModule({ wasmBinary: readWasm('rdkit', wasmDir) });
  // Unparsable input is an expected answer (undefined), not something to print on stderr.
  rdkit.disable_logging();
  return rdkit;
}

const PROBE_INCHI = 'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3';

/** True when the instance still reads and describes a known structure (ethanol) correctly. */
export function rdkitWorks(rdkit: RDKit): boolean {
  return withMol(rdkit, 'CCO', (mol) => mol.get_inchi()) === PROBE_INCHI;
}
