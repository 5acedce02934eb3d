/**
 * Fingerprints keyed by structure (canonical SMILES): the same structure in several datasources, in a user's SDF
 * and the shipped collection, or in the benchmark's repeated records is fingerprinted once per process.
 */

export interface CachedFingerprints {
  /** RDKit's pattern fingerprint (zeros when RDKit cannot read the structure). */
  pattern: Uint8Array;
  /** Set bits of the Morgan fingerprint; undefined when RDKit cannot read the structure. */
  morgan: Uint16Array | undefined;
  /** RDKit's pickle of the molecule (empty when RDKit cannot read the structure). */
  pickle: Uint8Array;
}

/** Enough for the shipped collection and a few user files; a million distinct structures are not held twice. */
const MAX_ENTRIES = 50_000;
const cache = new Map<string, CachedFingerprints>();

export function fingerprintsOf(smiles: string): CachedFingerprints | undefined {
  return cache.get(smiles);
}

export function rememberFingerprints(smiles: string, fingerprints: CachedFingerprints): CachedFingerprints {
  if (cache.size < MAX_ENTRIES) cache.set(smiles, fingerprints);
  return fingerprints;
}
