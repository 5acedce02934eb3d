/**
 * Synthetic collections for benchmarks and scale tests: the real records repeated, each copy with a distinct
 * record ID, slightly perturbed masses (so mass indexes see distinct values) and a distinct InChIKey (the real
 * key's skeleton block, then a second block spelling the copy number), so a key lookup finds one record as it
 * would in a collection of distinct structures. Structures, InChIs, formulas and names repeat: the copies are
 * real records with new identifiers, not new chemistry.
 */
import type { CompoundRecord } from '../src/service/record';

const plainSeeds = new WeakMap<readonly CompoundRecord[], CompoundRecord[]>();

/** `from`: where in the endless repetition to begin, so a collection made in chunks repeats no InChIKey. */
export function syntheticCollection(seed: readonly CompoundRecord[], size: number, firstId = 1, from = 0): CompoundRecord[] {
  if (seed.length === 0) throw new Error('no seed records');
  // A shipped record reads its MOL blocks on use, parsed anew each time: read them once here, so that the copies
  // share one set of strings instead of spreading a parse into every copy (a million copies ran out of heap).
  let plain = plainSeeds.get(seed);
  if (!plain) plainSeeds.set(seed, (plain = seed.map(plainRecord)));
  const out = new Array<CompoundRecord>(size);
  for (let i = 0; i < size; i++) {
    const base = plain[(from + i) % plain.length];
    const copy = Math.floor((from + i) / seed.length);
    // A deterministic offset below 0.005 amu, different for each copy.
    const delta = copy === 0 ? 0 : ((copy * 7919) % 5000) / 1_000_000;
    out[i] = {
      ...base,
      id: firstId + i,
      inchiKey: copy === 0 ? base.inchiKey : copyKey(base.inchiKey, copy),
      monoisotopicMass: base.monoisotopicMass + delta,
      averageMass: base.averageMass + delta,
      molecularWeight: base.molecularWeight + delta,
    };
  }
  return out;
}

/**
 * The record with its MOL blocks read into data properties. Property by property on purpose: copies of a spread (or
 * JSON) copy of a record with accessors each got their own hidden class when the store froze them (measured: the
 * store's indexes 72 -> 209 MB at 200k records).
 */
function plainRecord(record: CompoundRecord): CompoundRecord {
  const plain: Record<string, unknown> = {};
  for (const key of Object.keys(record)) plain[key] = (record as unknown as Record<string, unknown>)[key];
  return plain as unknown as CompoundRecord;
}

/** `XXXXXXXXXXXXXX-YYYYYYYYSA-N` with YYYYYYYY the copy number in base 26 (A-Z). */
function copyKey(key: string, copy: number): string {
  let block = '';
  for (let n = copy, i = 0; i < 8; i++, n = Math.floor(n / 26)) block = String.fromCharCode(65 + (n % 26)) + block;
  return `${key.slice(0, 14)}-${block}SA-N`;
}
