/**
 * Which records contain each element, as one bitset per element (a bit per record position): "all of", "any of"
 * and "none of" are word-wise AND / OR / AND NOT over n/32 words, whatever the sizes of the lists. At 1M records
 * each element costs 125 KB, and a match is a few passes over 31,250 words.
 */
export class ElementIndex {
  private readonly sets = new Map<string, Int32Array>();
  private readonly words: number;

  constructor(elementsAt: (position: number) => readonly string[], size: number) {
    this.words = Math.ceil(size / 32);
    for (let p = 0; p < size; p++) {
      for (const e of elementsAt(p)) {
        let set = this.sets.get(e);
        if (!set) this.sets.set(e, (set = new Int32Array(this.words)));
        set[p >>> 5] |= 1 << (p & 31);
      }
    }
  }

  /** Positions, ascending, of records holding all (or any) of `include` and none of `exclude`. */
  match(include: readonly string[], includeAll: boolean, exclude: readonly string[]): Int32Array {
    const sets = include.map((e) => this.sets.get(e));
    if (sets.length === 0 || (includeAll && sets.some((s) => s === undefined))) return new Int32Array(0);
    const present = sets.filter((s): s is Int32Array => s !== undefined);
    if (present.length === 0) return new Int32Array(0);
    // One pass per list over a scratch copy: tight typed-array loops, no branch per word.
    const bits = Int32Array.from(present[0]);
    for (const set of present.slice(1)) {
      if (includeAll) for (let w = 0; w < bits.length; w++) bits[w] &= set[w];
      else for (let w = 0; w < bits.length; w++) bits[w] |= set[w];
    }
    for (const e of exclude) {
      const set = this.sets.get(e);
      if (set) for (let w = 0; w < bits.length; w++) bits[w] &= ~set[w];
    }
    let count = 0;
    for (let w = 0; w < bits.length; w++) count += popcount(bits[w]);
    const out = new Int32Array(count);
    for (let w = 0, i = 0; i < count; w++) {
      for (let b = bits[w]; b !== 0; b &= b - 1) out[i++] = (w << 5) + 31 - Math.clz32(b & -b);
    }
    return out;
  }
}

function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
