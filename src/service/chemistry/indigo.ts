/** Indigo (WASM), loaded on first use: only InChI input needs it, since RDKit MinimalLib cannot read InChI. */
import type { IndigoModule } from 'indigo-ketcher/binaryWasmNoRender';
import { readWasm } from './wasm';

export type Indigo = IndigoModule;

async function loadIndigo(wasmDir?: string): Promise<Indigo> {
  // ESM-only package: a real dynamic import, kept as such by tsc's Node16 CommonJS output.
  const { default: factory } = await import('indigo-ketcher/binaryWasmNoRender');
  // Its loader finds the .wasm through import.meta.url, which a bundle does not keep: pass the bytes.
  return factory({ wasmBinary: readWasm('indigo', wasmDir) });
}

/** `fresh()` loads a new instance each call (a replacement after a failure). */
export function lazyIndigo(wasmDir?: string): { fresh: () => Promise<Indigo> } {
  return { fresh: () => loadIndigo(wasmDir) };
}

const INCHI_SHAPE = /^InChI=1S?\/[^\s]+$/;

/**
 * A MOL block (with a 2D layout) of an InChI, or undefined when Indigo rejects it. A laid-out MOL block rather than
 * SMILES: it keeps defined stereo as wedges and undefined stereo (`?` in the /t layer) as wavy bonds, which RDKit reads
 * back into the same InChI. An exception other than Indigo's refusal is left to the caller's ToolkitGuard.
 */
export function inchiToMolBlock(indigo: Indigo, inchi: string): string | undefined {
  const text = inchi.trim();
  if (!INCHI_SHAPE.test(text)) return undefined;
  const options = new indigo.MapStringString();
  try {
    options.set('output-content-type', 'application/json');
    options.set('input-format', 'chemical/x-inchi');
    let answer: { struct?: string };
    try {
      answer = JSON.parse(indigo.layout(text, 'molfile', options)) as { struct?: string };
    } catch (err) {
      if (isRefusal(err)) return undefined;
      throw err;
    }
    return typeof answer.struct === 'string' && answer.struct.trim() !== '' ? answer.struct : undefined;
  } finally {
    options.delete();
  }
}

/** Indigo's own "cannot load this" answer, as opposed to a failure inside WASM. */
function isRefusal(err: unknown): boolean {
  const message = err instanceof Error ? err.message : String(err);
  return !/memory access out of bounds|unreachable|call stack|RuntimeError/i.test(message);
}

const PROBE_INCHI = 'InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3';

/** True when Indigo still reads a known InChI. */
export function indigoWorks(indigo: Indigo): boolean {
  return (inchiToMolBlock(indigo, PROBE_INCHI) ?? '').includes('V2000');
}
