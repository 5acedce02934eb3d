import type { IdsDecodedOnRead, RecordIds } from './compound-store';

/**
 * Which records contain each element, as one bitset per element (a bit per record position): "all of", "any of"
 * and "none of" are word-wise AND / OR / AND NOT over n/32 words, whatever the sizes of the lists. At 1M records
 * each element costs 125 KB, and a match is a few passes over 31,250 words.
 */
export class ElementIndex {
  private readonly sets = new Map<string, Int32Array>();
  private readonly words: number;
  private scratch: Int32Array | undefined;

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
    const { bits, count } = this.combine(include, includeAll, exclude);
    return decode(bits, 0, count, (position) => position);
  }

  /**
   * The same records' IDs (`idAt`: the record ID at each position, ascending): as a copy of the bitset when that is
   * smaller than the IDs (more than one record in 32 matches), decoded a page at a time when read; else as IDs.
   */
  matchIds(include: readonly string[], includeAll: boolean, exclude: readonly string[], idAt: Int32Array): RecordIds {
    const { bits, count } = this.combine(include, includeAll, exclude);
    return count > bits.length ? new BitsetIds(bits.slice(), count, idAt) : decode(bits, 0, count, (position) => idAt[position]);
  }

  /** The matching records' bits, in a scratch kept between calls (a match is synchronous), and their count. */
  private combine(include: readonly string[], includeAll: boolean, exclude: readonly string[]): { bits: Int32Array; count: number } {
    const bits = (this.scratch ??= new Int32Array(this.words));
    const sets = include.map((e) => this.sets.get(e));
    const present = sets.filter((s): s is Int32Array => s !== undefined);
    if (present.length === 0 || (includeAll && present.length < sets.length)) {
      bits.fill(0);
      return { bits, count: 0 };
    }
    // One pass per list: tight typed-array loops, no branch per word, no allocation per query.
    bits.set(present[0]);
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
    return { bits, count };
  }
}

/** A dense element filter's result: its bitset, with the IDs of a page decoded when the page is read. */
class BitsetIds implements IdsDecodedOnRead {
  constructor(
    private readonly bits: Int32Array,
    readonly length: number,
    private readonly idAt: Int32Array,
  ) {}

  subarray(start: number, end: number): Int32Array {
    const from = Math.max(0, Math.min(start, this.length));
    return decode(this.bits, from, Math.max(from, Math.min(end, this.length)), (position) => this.idAt[position]);
  }

  *[Symbol.iterator](): Iterator<number> {
    for (let start = 0; start < this.length; start += 4096) yield* this.subarray(start, start + 4096);
  }
}

/** The `from`-th to `to`-th set bits (0-based, `to` exclusive) of `bits`, each mapped by `valueAt`. */
function decode(bits: Int32Array, from: number, to: number, valueAt: (position: number) => number): Int32Array {
  const out = new Int32Array(to - from);
  let w = 0;
  let seen = 0;
  // whole words before the page by their counts, then bit by bit
  while (w < bits.length && seen + popcount(bits[w]) <= from) seen += popcount(bits[w++]);
  for (let i = 0; i < out.length; w++) {
    for (let b = bits[w]; b !== 0 && i < out.length; b &= b - 1, seen++) {
      if (seen >= from) out[i++] = valueAt((w << 5) + 31 - Math.clz32(b & -b));
    }
  }
  return out;
}

function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
