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
 * Structures Indigo reads from an InChI, to try in this order (none when Indigo rejects it). First SMILES, which keeps
 * defined stereo and is quick; then, only for an InChI with undefined stereo (`?` in its /t layer) or double-bond
 * geometry (/b), a laid-out MOL block with wavy bonds and ring geometry from coordinates, which RDKit reads back into the same InChI (it cannot read Indigo's CXSMILES wavy-bond flags).
 * Indigo's layout is slow on some cages (minutes on C80), hence not tried for every InChI. An exception other than
 * Indigo's refusal is left to the caller's ToolkitGuard.
 */
export function inchiToStructures(indigo: Indigo, inchi: string): string[] {
  const text = inchi.trim();
  if (!INCHI_SHAPE.test(text)) return [];
  const smiles = readInchi(indigo, text, 'smiles', false);
  if (smiles === undefined) return [];
  // Undefined stereocentres (`?` in /t) and double-bond geometry in rings (/b) are what the SMILES route can lose.
  const needsLayout = /\/t[^/]*\?/.test(text) || /\/b/.test(text);
  const molfile = needsLayout ? readInchi(indigo, text, 'molfile', true) : undefined;
  // Indigo appends CXSMILES extensions (`|w:4|`) that RDKit refuses: the plain SMILES before them.
  return [smiles.replace(/\s+\|.*$/, ''), ...(molfile ? [molfile] : [])];
}

function readInchi(indigo: Indigo, text: string, format: 'smiles' | 'molfile', layout: boolean): string | undefined {
  const options = new indigo.MapStringString();
  try {
    options.set('output-content-type', 'application/json');
    options.set('input-format', 'chemical/x-inchi');
    let answer: { struct?: string };
    try {
      answer = JSON.parse(layout ? indigo.layout(text, format, options) : indigo.convert(text, format, options)) as { struct?: string };
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
  return inchiToStructures(indigo, PROBE_INCHI)[0] === 'CCO';
}
