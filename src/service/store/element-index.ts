/**
 * Which records contain each element, as one bitset per element (a bit per record position): "all of", "any of"
 * and "none of" are word-wise AND / OR / AND NOT over n/32 words, whatever the sizes of the lists. At 1M records
 * each element costs 125 KB.
 */
export class ElementIndex {
  private readonly sets = new Map<string, Uint32Array>();
  private readonly words: number;

  constructor(elementsAt: (position: number) => readonly string[], size: number) {
    this.words = Math.ceil(size / 32);
    for (let p = 0; p < size; p++) {
      for (const e of elementsAt(p)) {
        let set = this.sets.get(e);
        if (!set) this.sets.set(e, (set = new Uint32Array(this.words)));
        set[p >>> 5] |= 1 << (p & 31);
      }
    }
  }

  /** Positions, ascending, of records holding all (or any) of `include` and none of `exclude`. */
  match(include: readonly string[], includeAll: boolean, exclude: readonly string[]): number[] {
    const sets = include.map((e) => this.sets.get(e));
    if (sets.length === 0 || (includeAll && sets.some((s) => s === undefined))) return [];
    const present = sets.filter((s): s is Uint32Array => s !== undefined);
    if (present.length === 0) return [];
    const excluded = exclude.map((e) => this.sets.get(e)).filter((s): s is Uint32Array => s !== undefined);
    const out: number[] = [];
    for (let w = 0; w < this.words; w++) {
      let bits = present[0][w];
      for (let i = 1; i < present.length; i++) bits = includeAll ? bits & present[i][w] : bits | present[i][w];
      for (let i = 0; i < excluded.length && bits !== 0; i++) bits &= ~excluded[i][w];
      while (bits !== 0) {
        const low = bits & -bits;
        out.push((w << 5) + 31 - Math.clz32(low));
        bits ^= low;
      }
    }
    return out;
  }
}
