/** RDKit MinimalLib instances, loaded from node_modules or from `wasmDir`, all of a process from one compiled module. */
import initRDKitModule from '@rdkit/rdkit';
import * as fs from 'fs';
import { wasmPath } from './wasm';
import { withMol, type RDKit } from '../../chemistry/molecule/read';

const compiled = new Map<string, WebAssembly.Module>();

/**
 * RDKit's WebAssembly compiled once per process (per file): every instance (the main thread's, its spare, each
 * worker's, handed it in its workerData) instantiates this one module, so V8 compiles each function once, on its
 * first call, and optimises it once for all of them, where each instance used to redo both on the same cores. V8
 * compiles functions lazily: this call only decodes and validates the 7 MB (tens of ms, once).
 */
export function compiledRdkit(wasmDir?: string): WebAssembly.Module {
  const file = wasmPath('rdkit', wasmDir);
  let module = compiled.get(file);
  if (!module) compiled.set(file, (module = new WebAssembly.Module(fs.readFileSync(file))));
  return module;
}

/** For a worker's workerData: undefined when the file cannot be read (the worker then fails to load, saying why). */
export function rdkitForWorker(wasmDir?: string): WebAssembly.Module | undefined {
  try {
    return compiledRdkit(wasmDir);
  } catch {
    return undefined;
  }
}

/** A fresh instance; `module`: the process's compiled RDKit handed to a worker (else compiled here, once). */
export async function loadRDKit(wasmDir?: string, module?: WebAssembly.Module): Promise<RDKit> {
  const wasm = module ?? compiledRdkit(wasmDir);
  let failed!: (err: unknown) => void;
  const instantiation = new Promise<never>((_resolve, reject) => (failed = reject));
  const rdkit = await Promise.race([
    initRDKitModule({
      instantiateWasm: (imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance, module: WebAssembly.Module) => void) => {
        WebAssembly.instantiate(wasm, imports).then((instance) => receive(instance, wasm), failed);
        return {};
      },
    }),
    instantiation,
  ]);
  // Unparsable input is an expected answer (undefined), not something to print on stderr.
  rdkit.disable_logging();
  return rdkit;
}

const PROBE_INCHI = 'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3';

/** True when the instance still reads and describes a known structure (ethanol) correctly. */
export function rdkitWorks(rdkit: RDKit): boolean {
  return withMol(rdkit, 'CCO', (mol) => mol.get_inchi()) === PROBE_INCHI;
}
