/**
 * The structure index's fingerprints shipped in data/ (STRUCTURE_INDEX_FILE, made by scripts/build-structure-index.mjs
 * from the compounds file alone): each distinct structure of the collection with its pattern fingerprint, Morgan bits
 * and RDKit pickle, exactly what the matcher workers would compute at start-up. The service puts them in the
 * fingerprint cache before it builds its index, so the shipped collection's index is ready in milliseconds; a
 * structure the file lacks (a user's SDF, a collection changed since) is fingerprinted by the workers as before.
 *
 * Layout (little-endian, then gzip): u32 header length, the header (JSON), then for N structures: their SMILES joined
 * by "\n" (u32 byte length first), N × PATTERN_BYTES pattern fingerprints, N u16 Morgan bit counts (0xFFFF: RDKit
 * cannot read the structure) and the bits back to back, N u32 pickle lengths and the pickles back to back.
 */
import * as fs from 'fs';
import * as path from 'path';
import { gzipSync } from 'zlib';
import { gunzipInBackground } from '../../collection/gunzip';
import { wasmPath } from '../../toolkits/wasm';
import { rememberFingerprints, type CachedFingerprints } from './fingerprint-cache';
import { PATTERN_BYTES } from './substructure-protocol';

export const STRUCTURE_INDEX_FILE = 'structure-index.bin.gz';
const FORMAT = 'compound-db-structure-index/1';
const UNREADABLE = 0xffff;

interface Header {
  format: typeof FORMAT;
  /** RDKit's version and the byte size of its WASM: pickles and fingerprints are only valid for the RDKit that made them. */
  rdkit: { version: string; wasmBytes: number };
  structures: number;
}

export interface ShippedStructure extends CachedFingerprints {
  smiles: string;
}

function u32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
}

/** @public Used by scripts/build-structure-index.mjs (through out/) to write the file. */
export function encodeStructureIndex(structures: readonly ShippedStructure[], rdkit: Header['rdkit']): Buffer {
  const header = Buffer.from(JSON.stringify({ format: FORMAT, rdkit, structures: structures.length } satisfies Header));
  const smiles = Buffer.from(structures.map((s) => s.smiles).join('\n'));
  const counts = Buffer.alloc(structures.length * 2);
  const lengths = Buffer.alloc(structures.length * 4);
  structures.forEach((s, i) => {
    if (s.pattern.length !== PATTERN_BYTES) throw new Error(`the pattern fingerprint of ${s.smiles} is not ${PATTERN_BYTES} bytes`);
    counts.writeUInt16LE(s.morgan ? s.morgan.length : UNREADABLE, i * 2);
    lengths.writeUInt32LE(s.pickle.length, i * 4);
  });
  const bits = structures.map((s) => Buffer.from((s.morgan ?? new Uint16Array(0)).buffer, s.morgan?.byteOffset, s.morgan?.byteLength));
  const parts = [u32(header.length), header, u32(smiles.length), smiles, ...structures.map((s) => s.pattern), counts, ...bits, lengths];
  return gzipSync(Buffer.concat([...parts, ...structures.map((s) => s.pickle)]), { level: 9 });
}

/** Read and inflated off the event loop (a request arriving meanwhile is answered): only the decoding holds it. */
async function decodeStructureIndex(file: string): Promise<{ header: Header; structures: ShippedStructure[] }> {
  const bytes = await gunzipInBackground(await fs.promises.readFile(file));
  let at = 0;
  const take = (n: number): Buffer => {
    if (at + n > bytes.length) throw new Error(`${file} is cut short`);
    return bytes.subarray(at, (at += n));
  };
  const header = JSON.parse(take(take(4).readUInt32LE()).toString('utf8')) as Header;
  if ((header.format as string) !== FORMAT) throw new Error(`${file} is not a ${FORMAT as string} file`);
  const n = header.structures;
  const smiles = take(take(4).readUInt32LE()).toString('utf8').split('\n');
  if (smiles.length !== n) throw new Error(`${file} names ${smiles.length} structures, not ${n}`);
  const patterns = take(n * PATTERN_BYTES);
  const counts = take(n * 2);
  // Copied out (an odd offset cannot hold a Uint16Array view), all at once.
  const total = smiles.reduce((sum, _s, i) => sum + (counts.readUInt16LE(i * 2) === UNREADABLE ? 0 : counts.readUInt16LE(i * 2)), 0);
  const allBits = new Uint16Array(total);
  const bitBytes = take(total * 2);
  for (let k = 0; k < total; k++) allBits[k] = bitBytes.readUInt16LE(k * 2);
  const lengths = take(n * 4);
  let bit = 0;
  const structures = smiles.map((s, i) => {
    const count = counts.readUInt16LE(i * 2);
    const morgan = count === UNREADABLE ? undefined : allBits.subarray(bit, (bit += count));
    return { smiles: s, pattern: patterns.subarray(i * PATTERN_BYTES, (i + 1) * PATTERN_BYTES), morgan, pickle: take(lengths.readUInt32LE(i * 4)) };
  });
  if (at !== bytes.length) throw new Error(`${file} has ${bytes.length - at} bytes past its last structure`);
  return { header, structures };
}

/**
 * Puts the shipped fingerprints of `dataDir` in the fingerprint cache, once per process and folder. Returns how many,
 * or why none (no file, or one made by another RDKit than the one installed): the workers then compute them.
 */
const loaded = new Map<string, Promise<{ count: number } | { skipped: string }>>();

export function rememberShippedFingerprints(dataDir: string, wasmDir?: string): Promise<{ count: number } | { skipped: string }> {
  const file = path.join(dataDir, STRUCTURE_INDEX_FILE);
  let outcome = loaded.get(file);
  if (!outcome) loaded.set(file, (outcome = remember(file, wasmDir)));
  return outcome;
}

async function remember(file: string, wasmDir: string | undefined): Promise<{ count: number } | { skipped: string }> {
  let outcome: { count: number } | { skipped: string };
  try {
    const { header, structures } = await decodeStructureIndex(file);
    const wasmBytes = fs.statSync(wasmPath('rdkit', wasmDir)).size;
    if (header.rdkit.wasmBytes !== wasmBytes) {
      outcome = { skipped: `${file} was made by RDKit ${header.rdkit.version}, not the RDKit installed` };
    } else {
      for (const s of structures) rememberFingerprints(s.smiles, s);
      outcome = { count: structures.length };
    }
  } catch (err) {
    outcome = { skipped: (err as NodeJS.ErrnoException).code === 'ENOENT' ? `no ${file}` : err instanceof Error ? err.message : String(err) };
  }
  return outcome;
}
