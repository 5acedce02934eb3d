/** Indigo (WASM), loaded on first use: only InChI input needs it, since RDKit MinimalLib cannot read InChI. */
import type { IndigoModule } from 'indigo-ketcher/binaryWasmNoRender';
import { Once } from '../../shared/in-flight';
import { readWasm } from './wasm';

export type Indigo = IndigoModule;

export function lazyIndigo(wasmDir?: string): () => Promise<Indigo> {
  const loaded = new Once<Indigo>();
  return () =>
    loaded.get(async () => {
      // ESM-only package: a real dynamic import, kept as such by tsc's Node16 CommonJS output.
      const { default: factory } = await import('indigo-ketcher/binaryWasmNoRender');
      // Its loader finds the .wasm through import.meta.url, which a bundle does not keep: pass the bytes.
      return factory({ wasmBinary: readWasm('indigo', wasmDir) });
    });
}

const INCHI_SHAPE = /^InChI=1S?\/[^\s]+$/;

/**
 * SMILES of an InChI, or undefined when Indigo rejects it. SMILES rather than a MOL block: Indigo's MOL for an InChI
 * has no coordinates, so its stereo (parities) would be lost on the way into RDKit; SMILES keeps it.
 */
export function inchiToSmiles(indigo: Indigo, inchi: string): string | undefined {
  const text = inchi.trim();
  if (!INCHI_SHAPE.test(text)) return undefined;
  const options = new indigo.MapStringString();
  try {
    options.set('output-content-type', 'application/json');
    options.set('input-format', 'chemical/x-inchi');
    const answer = JSON.parse(indigo.convert(text, 'smiles', options)) as { struct?: string };
    return typeof answer.struct === 'string' && answer.struct.trim() !== '' ? answer.struct : undefined;
  } catch {
    return undefined;
  } finally {
    options.delete();
  }
}
