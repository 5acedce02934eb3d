/**
 * The keys a name is found under (shared/beyond-the-spec.md 4), the same in every store: the name lower-cased with
 * its spacing collapsed, and that key with its leading stereo descriptors set aside (`D-`, `L-`, `DL-`, `(R)-`, `(+)-`,
 * `(±)-`, `alpha-`, `cis-`, `(E)-`, `(2S,3R)-`, `L-(+)-`, ...), so "lactic acid" finds "DL-Lactic acid" and
 * "adrenaline" "R-adrenaline".
 */

/** Prefix and substring matches start at this many characters, so one letter does not match half the collection. */
export const MIN_PREFIX_LENGTH = 3;

export function normaliseName(name: string): string {
  return name.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** One stereo descriptor: in parentheses ((R), (+), (±), (+/-), (2S,3R), (R,S)) or bare (D, DL, alpha, trans, rac). */
const DESCRIPTOR =
  /^(?:\((?:[+-]|±|\+\/-|[+-]\/[+-]|[rsez]|rs|sr|r\/s|\d+[a-z]?[rsez](?:, ?\d+[a-z]?[rsez])*|[rsez](?:, ?[rsez])+)\)|d|l|dl|ld|d,l|r|s|rs|e|z|cis|trans|alpha|beta|gamma|α|β|γ|rac|meso|endo|exo|erythro|threo)-/;

/** The normalised key with its leading stereo descriptors set aside; the key itself when nothing would be left. */
export function bareName(key: string): string {
  let rest = key;
  for (let m = DESCRIPTOR.exec(rest); m && m[0].length < rest.length; m = DESCRIPTOR.exec(rest)) rest = rest.slice(m[0].length);
  return rest;
}
