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
 * Indigo's reading of an InChI as CXSMILES (undefined when Indigo rejects it). It keeps defined stereo, and the geometry
 * of ring double bonds in its `c:`/`t:` fields (a ring cannot carry `/` `\` marks in Indigo's SMILES). An exception
 * other than Indigo's refusal is left to the caller's ToolkitGuard.
 */
export function inchiToSmiles(indigo: Indigo, inchi: string): string | undefined {
  const text = inchi.trim();
  if (!INCHI_SHAPE.test(text)) return undefined;
  const smiles = readInchi(indigo, text, 'smiles', false);
  return smiles === undefined ? undefined : forRdkit(smiles);
}

/**
 * A second reading, as a laid-out MOL block, for an InChI with undefined stereo (`?` in its /t layer) or double-bond
 * geometry (/b), where the SMILES route can lose something. Indigo's layout is slow on some cages (minutes on C80),
 * hence asked only when the SMILES reading did not give the InChI back.
 */
export function inchiToLaidOutMolfile(indigo: Indigo, inchi: string): string | undefined {
  const text = inchi.trim();
  const stereo = /\/t[^/]*\?/.test(text) || /\/b/.test(text);
  return stereo && INCHI_SHAPE.test(text) ? readInchi(indigo, text, 'molfile', true) : undefined;
}

/**
 * Indigo's CXSMILES without the fields RDKit should not get:
 * - `w:` (wavy bonds at undefined stereocentres), which RDKit refuses: such a centre is left unspecified, which is what
 *   the wavy bond says;
 * - `a:` (an "absolute" stereo group of every defined centre), which says what a centre outside any group means anyway;
 *   RDKit would keep the group and write V3000 MOL blocks with it.
 * Every other field (`c:`, `t:` ring double-bond geometry, `^1:` radicals, ...) is kept.
 */
function forRdkit(cxsmiles: string): string {
  const text = cxsmiles.trim();
  const space = text.search(/\s/);
  const extension = space < 0 ? '' : text.slice(space).trim();
  if (!(extension.startsWith('|') && extension.endsWith('|') && extension.length > 1)) return text;
  const smiles = text.slice(0, space);
  // A field starts with its label; the values that follow it (atom or bond numbers, `4.5` pairs) start with a digit.
  const fields: string[][] = [];
  for (const token of extension.slice(1, -1).split(',')) {
    if (/^[\d.-]/.test(token) && fields.length > 0) fields[fields.length - 1].push(token);
    else fields.push([token]);
  }
  const kept = fields.filter((field) => !/^[wa]:/.test(field[0])).map((field) => field.join(','));
  return kept.length ? `${smiles} |${kept.join(',')}|` : smiles;
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
  return inchiToSmiles(indigo, PROBE_INCHI) === 'CCO';
}
