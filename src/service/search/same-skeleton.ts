/**
 * Records that differ only in stereo one of them leaves undefined (the same first InChIKey block and protonation, one
 * of them with the stereo-free second block) are one skeleton in a result list: each hit is followed by such records,
 * found or not by the search itself ("adrenaline" finds R-adrenaline, and with it the record of epinephrine whose
 * stereocentre is undefined).
 */
import type { CompoundRecord } from '../record';
import type { SearchContext } from './context';

/** The second block of a key without stereo or isotope layers (the hash of nothing), with its standard flags. */
const STEREO_FREE = 'UHFFFAOYSA';
/** Hits whose skeletons are gathered: a long list's tail keeps its order (one index lookup covers them all). */
const MAX_GROUPED = 1000;

const blockOf = (r: CompoundRecord): string => r.inchiKey.slice(0, 14);
const stereoFree = (r: CompoundRecord): boolean => r.inchiKey.slice(15, 25) === STEREO_FREE;

function oneSkeleton(a: CompoundRecord, b: CompoundRecord): boolean {
  // Isotope labels change the second block too: a labelled standard is another compound, not a stereo variant.
  return blockOf(a) === blockOf(b) && a.inchiKey.slice(-1) === b.inchiKey.slice(-1) && a.isotopic === b.isotopic && (stereoFree(a) || stereoFree(b));
}

export async function groupedBySkeleton(ctx: SearchContext, found: readonly CompoundRecord[]): Promise<CompoundRecord[]> {
  if (found.length === 0) return [];
  const head = found.slice(0, MAX_GROUPED);
  const kin = new Map<string, CompoundRecord[]>();
  for (const r of await ctx.store.byIdentityKeys('connectivity', [...new Set(head.map(blockOf))])) {
    const list = kin.get(blockOf(r));
    if (list) list.push(r);
    else kin.set(blockOf(r), [r]);
  }
  const out: CompoundRecord[] = [];
  const seen = new Set<number>();
  const add = (r: CompoundRecord) => {
    if (seen.has(r.id)) return;
    seen.add(r.id);
    out.push(r);
  };
  found.forEach((r, i) => {
    if (seen.has(r.id)) return;
    add(r);
    if (i >= MAX_GROUPED) return;
    // Most skeletons hold one record, the hit itself.
    const others = kin.get(blockOf(r));
    if (others && others.length > 1) for (const other of others) if (oneSkeleton(r, other)) add(other);
  });
  return out;
}
