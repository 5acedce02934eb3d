/**
 * Builds what the matcher workers search, in SharedArrayBuffers they read in place: each distinct structure once
 * (a row: RDKit's pattern fingerprint and pickle of it), and the row of every record position. The fingerprints are
 * computed by the workers, batch by batch, all workers at once; a structure seen before in this process (the same
 * structure in another service, or a benchmark's repeated records) is taken from the cache.
 */
import { fingerprintsOf, rememberFingerprints, type CachedFingerprints } from './fingerprint-cache';
import type { MatcherPool } from './matcher-pool';
import { PATTERN_BYTES, type SharedIndex } from './substructure-protocol';

/** Structures per fingerprint task. */
const BATCH = 256;

export interface BuiltIndex {
  shared: SharedIndex;
  /** Morgan bits of each record position (undefined: RDKit cannot read its structure). */
  morgan: Array<Uint16Array | undefined>;
  bytes: number;
}

export async function buildSharedIndex(
  pool: MatcherPool,
  smilesOfPositions: readonly string[],
  closed: () => boolean,
): Promise<BuiltIndex | undefined> {
  const rowOf = new Map<string, number>();
  const rowSmiles: string[] = [];
  const rows = new Int32Array(new SharedArrayBuffer(smilesOfPositions.length * 4));
  smilesOfPositions.forEach((smiles, p) => {
    let row = rowOf.get(smiles);
    if (row === undefined) rowOf.set(smiles, (row = rowSmiles.push(smiles) - 1));
    rows[p] = row;
  });

  const fingerprints = new Array<CachedFingerprints | undefined>(rowSmiles.length);
  const missing: number[] = [];
  rowSmiles.forEach((smiles, r) => {
    fingerprints[r] = fingerprintsOf(smiles);
    if (!fingerprints[r]) missing.push(r);
  });
  const batches: number[][] = [];
  for (let i = 0; i < missing.length; i += BATCH) batches.push(missing.slice(i, i + BATCH));
  // Every batch is queued at once: the pool hands them to its workers as they come free.
  await Promise.all(
    batches.map(async (batch) => {
      const got = await pool.fingerprints(batch.map((r) => rowSmiles[r]));
      batch.forEach((r, i) => {
        fingerprints[r] = rememberFingerprints(rowSmiles[r], {
          pattern: got.patterns.slice(i * PATTERN_BYTES, (i + 1) * PATTERN_BYTES),
          morgan: got.morgan[i],
          pickle: got.pickles[i],
        });
      });
    }),
  );
  if (closed()) return undefined;

  const patterns = new Uint8Array(new SharedArrayBuffer(rowSmiles.length * PATTERN_BYTES));
  const bitCounts = new Uint32Array(PATTERN_BYTES * 8);
  fingerprints.forEach((fp, r) => {
    const pattern = (fp as CachedFingerprints).pattern;
    patterns.set(pattern, r * PATTERN_BYTES);
    for (let i = 0; i < PATTERN_BYTES; i++) for (let byte = pattern[i], k = 0; byte; k++, byte >>= 1) if (byte & 1) bitCounts[i * 8 + k]++;
  });
  const offsets = new Uint32Array(new SharedArrayBuffer((rowSmiles.length + 1) * 4));
  fingerprints.forEach((fp, r) => (offsets[r + 1] = offsets[r] + (fp as CachedFingerprints).pickle.length));
  const pickles = new Uint8Array(new SharedArrayBuffer(offsets[rowSmiles.length]));
  fingerprints.forEach((fp, r) => pickles.set((fp as CachedFingerprints).pickle, offsets[r]));

  const shared: SharedIndex = {
    rows: rows.buffer as SharedArrayBuffer,
    patterns: patterns.buffer as SharedArrayBuffer,
    pickles: pickles.buffer as SharedArrayBuffer,
    offsets: offsets.buffer as SharedArrayBuffer,
    bitCounts,
  };
  const morgan = Array.from(rows, (r) => (fingerprints[r] as CachedFingerprints).morgan);
  return { shared, morgan, bytes: rows.byteLength + patterns.byteLength + offsets.byteLength + pickles.byteLength };
}
