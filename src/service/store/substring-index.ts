/**
 * Which of a fixed list of keys contain a text, as PostgreSQL's pg_trgm answers it: each key's three-character
 * pieces (trigrams) are listed once, and a text of three or more characters is looked for only in the keys that hold
 * its two rarest trigrams. A walk over all the keys joined costs time in proportion to all the text (1-2 ms a search over
 * the shipped collection's names); this costs time in proportion to the keys that hold them.
 * Trigrams are hashed into a fixed number of lists: two that share one only lengthen it, since every key found
 * is checked with `includes`.
 */

const GRAM = 3;
const BITS = 17;

/** The list a trigram starting at `i` goes to. */
function gramHash(text: string, i: number): number {
  const h = Math.imul(text.charCodeAt(i), 0x9e3779b1) ^ Math.imul(text.charCodeAt(i + 1), 0x85ebca77) ^ Math.imul(text.charCodeAt(i + 2), 0xc2b2ae3d);
  return h >>> (32 - BITS);
}

export class SubstringIndex {
  /** List h's keys are `postings[offsets[h] .. offsets[h + 1])`, in ascending key order. */
  private readonly offsets = new Int32Array((1 << BITS) + 1);
  private readonly postings: Int32Array;

  constructor(private readonly keys: readonly string[]) {
    // Each key goes into a list once: `lastKey[h]` is the last key put into list h. The lists each key goes into are
    // noted in one pass (`lists`, key k's from `listsEnd[k - 1]`), counted, then filled without hashing again.
    const lastKey = new Int32Array(1 << BITS).fill(-1);
    let grams = 0;
    for (const key of keys) grams += Math.max(0, key.length - GRAM + 1);
    const lists = new Int32Array(grams);
    const listsEnd = new Int32Array(keys.length);
    const { offsets } = this;
    let n = 0;
    for (let k = 0; k < keys.length; k++) {
      const key = keys[k];
      for (let i = 0; i + GRAM <= key.length; i++) {
        const h = gramHash(key, i);
        if (lastKey[h] === k) continue;
        lastKey[h] = k;
        lists[n++] = h;
        offsets[h + 1]++;
      }
      listsEnd[k] = n;
    }
    for (let h = 0; h < 1 << BITS; h++) offsets[h + 1] += offsets[h];
    this.postings = new Int32Array(n);
    const fill = offsets.slice(0, 1 << BITS);
    for (let k = 0, j = 0; k < keys.length; k++) for (; j < listsEnd[k]; j++) this.postings[fill[lists[j]]++] = k;
  }

  /** Indexes of the keys that contain `text`, ascending. `text` must have at least three characters. */
  containing(text: string): number[] {
    if (text.length < GRAM) throw new RangeError(`a substring search needs at least ${GRAM} characters: ${JSON.stringify(text)}`);
    // The two shortest lists: only keys in both are checked.
    let best = gramHash(text, 0);
    let second = best;
    for (let i = 1; i + GRAM <= text.length; i++) {
      const h = gramHash(text, i);
      if (this.size(h) < this.size(best)) [best, second] = [h, best];
      else if (second === best || this.size(h) < this.size(second)) second = h;
    }
    const out: number[] = [];
    const { postings, offsets } = this;
    let q = offsets[second];
    const qEnd = offsets[second + 1];
    for (let p = offsets[best]; p < offsets[best + 1]; p++) {
      const k = postings[p];
      if (second !== best) {
        while (q < qEnd && postings[q] < k) q++;
        if (q === qEnd) break;
        if (postings[q] !== k) continue;
      }
      if (this.keys[k].includes(text)) out.push(k);
    }
    return out;
  }

  private size(h: number): number {
    return this.offsets[h + 1] - this.offsets[h];
  }
}
