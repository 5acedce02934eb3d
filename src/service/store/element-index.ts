import type { IdsDecodedOnRead, RecordIds } from './compound-store';

/**
 * Which records contain each element, as one bitset per element (a bit per record position): "all of", "any of"
 * and "none of" are word-wise AND / OR / AND NOT over n/32 words, whatever the sizes of the lists. At 1M records
 * each element costs 125 KB, and a match is one pass over 31,250 words.
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
    const found = this.matchOf(include, includeAll, exclude);
    return found.subarray(0, found.length);
  }

  /**
   * The same records' IDs (`idAt`: the record ID at each position, ascending), kept as the filter over the index's
   * own bitsets: the index never changes, so nothing is copied and a page is combined and decoded when read.
   */
  matchIds(include: readonly string[], includeAll: boolean, exclude: readonly string[], idAt: Int32Array): RecordIds {
    return this.matchOf(include, includeAll, exclude, idAt);
  }

  private matchOf(include: readonly string[], includeAll: boolean, exclude: readonly string[], idAt?: Int32Array): ElementMatch {
    const sets = include.map((e) => this.sets.get(e));
    const present = sets.filter((s): s is Int32Array => s !== undefined);
    const none = present.length === 0 || (includeAll && present.length < sets.length);
    const excluded = exclude.map((e) => this.sets.get(e)).filter((s): s is Int32Array => s !== undefined);
    return new ElementMatch(none ? [] : present, includeAll, excluded, none ? 0 : this.words, idAt);
  }
}

/** Words per block of ElementMatch's running counts: a page read starts at most this many words before its first bit. */
const BLOCK_WORDS = 512;

/**
 * An element filter's result as the filter itself: the index's bitsets it combines, its count, and the count of
 * matches before each block of words, so a page at any depth is combined and decoded from the block holding its
 * first match. Keeping it costs a few hundred bytes whatever the count (at 1M records "all of N, O, S" matches
 * ~84,000 records: 333 KB as IDs), and a query allocates nothing the size of the collection.
 */
class ElementMatch implements IdsDecodedOnRead {
  readonly length: number;
  private readonly before: Int32Array;

  constructor(
    private readonly include: readonly Int32Array[],
    private readonly includeAll: boolean,
    private readonly exclude: readonly Int32Array[],
    words: number,
    /** The value written for each match: the record ID at its position, or the position itself. */
    private readonly idAt: Int32Array | undefined,
  ) {
    this.before = new Int32Array(Math.ceil(words / BLOCK_WORDS));
    // Counted a block at a time in tight typed-array loops over a small scratch (a loop over the lists for each
    // word is a third slower).
    const block = new Int32Array(BLOCK_WORDS);
    let count = 0;
    for (let b = 0; b < this.before.length; b++) {
      this.before[b] = count;
      const from = b * BLOCK_WORDS;
      const bits = block.subarray(0, Math.min(BLOCK_WORDS, words - from));
      bits.set(include[0].subarray(from, from + bits.length));
      for (let i = 1; i < include.length; i++) {
        const set = include[i];
        if (includeAll) for (let w = 0; w < bits.length; w++) bits[w] &= set[from + w];
        else for (let w = 0; w < bits.length; w++) bits[w] |= set[from + w];
      }
      for (const set of exclude) for (let w = 0; w < bits.length; w++) bits[w] &= ~set[from + w];
      for (let w = 0; w < bits.length; w++) count += popcount(bits[w]);
    }
    this.length = count;
  }

  get keptSize(): number {
    return this.before.length + this.include.length + this.exclude.length;
  }

  subarray(start: number, end: number): Int32Array {
    const from = Math.max(0, Math.min(start, this.length));
    const out = new Int32Array(Math.max(from, Math.min(end, this.length)) - from);
    let block = 0;
    while (block + 1 < this.before.length && this.before[block + 1] <= from) block++;
    let seen = out.length > 0 ? this.before[block] : 0;
    for (let w = block * BLOCK_WORDS, i = 0; i < out.length; w++) {
      const word = this.wordAt(w);
      const bits = popcount(word);
      if (seen + bits <= from) {
        seen += bits;
        continue;
      }
      for (let b = word; b !== 0 && i < out.length; b &= b - 1, seen++) {
        if (seen < from) continue;
        const position = (w << 5) + 31 - Math.clz32(b & -b);
        out[i++] = this.idAt ? this.idAt[position] : position;
      }
    }
    return out;
  }

  *[Symbol.iterator](): Iterator<number> {
    for (let start = 0; start < this.length; start += 4096) yield* this.subarray(start, start + 4096);
  }

  private wordAt(w: number): number {
    const { include, exclude } = this;
    let word = include[0][w];
    if (this.includeAll) for (let i = 1; i < include.length; i++) word &= include[i][w];
    else for (let i = 1; i < include.length; i++) word |= include[i][w];
    for (let i = 0; i < exclude.length; i++) word &= ~exclude[i][w];
    return word;
  }
}

function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
