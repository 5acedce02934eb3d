/**
 * Fingerprints keyed by structure (canonical SMILES): the same structure in several datasources, in a user's SDF
 * and the shipped collection, or in the benchmark's repeated records is fingerprinted once per process.
 */
import type { StructureFingerprints, StructureToolkit } from '../chemistry/types';

const MAX_ENTRIES = 500_000;
const cache = new Map<string, StructureFingerprints | null>();

/** The structure's fingerprints, or undefined when RDKit cannot read it. */
export function fingerprintsOf(toolkit: StructureToolkit, smiles: string): StructureFingerprints | undefined {
  const hit = cache.get(smiles);
  if (hit !== undefined) return hit ?? undefined;
  const computed = toolkit.fingerprints(smiles);
  if (cache.size < MAX_ENTRIES) cache.set(smiles, computed ?? null);
  return computed;
}
