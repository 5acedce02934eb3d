/**
 * Synthetic collections for benchmarks and scale tests: the real records repeated, each copy with a distinct
 * record ID and slightly perturbed masses (so mass indexes see distinct values). Structures, InChIKeys,
 * formulas and names repeat: they are real records copied, not new chemistry.
 */
import type { CompoundRecord } from '../src/service/store/record';

export function syntheticCollection(seed: readonly CompoundRecord[], size: number, firstId = 1): CompoundRecord[] {
  if (seed.length === 0) throw new Error('no seed records');
  const out = new Array<CompoundRecord>(size);
  for (let i = 0; i < size; i++) {
    const base = seed[i % seed.length];
    const copy = Math.floor(i / seed.length);
    // A deterministic offset below 0.005 amu, different for each copy.
    const delta = copy === 0 ? 0 : ((copy * 7919) % 5000) / 1_000_000;
    out[i] = {
      ...base,
      id: firstId + i,
      monoisotopicMass: base.monoisotopicMass + delta,
      averageMass: base.averageMass + delta,
      molecularWeight: base.molecularWeight + delta,
    };
  }
  return out;
}
