/**
 * Tanimoto similarity on Morgan fingerprints through an inverted index: one list of positions per fingerprint bit,
 * so a query touches only the structures that share a bit with it. Scores are exact (shared bits over the union),
 * rounded to 4 decimals for the answer; order is by rounded score descending, then record ID ascending.
 */
import { roundScore } from '../../../wire';

export interface ScoredPosition {
  position: number;
  score: number;
}

export class SimilarityIndex {
  private readonly bitCounts: Uint16Array;
  private readonly postings: Int32Array[];
  /** Shared-bit counts per position, reused by every search (searches are synchronous, so never two at once). */
  private shared?: Uint16Array;

  /** `bits[p]` are the set bits of the structure at position p (undefined: no structure, never similar). */
  constructor(bits: ReadonlyArray<Uint16Array | undefined>, nBits: number) {
    const sizes = new Int32Array(nBits);
    this.bitCounts = new Uint16Array(bits.length);
    bits.forEach((b, p) => {
      if (!b) return;
      this.bitCounts[p] = b.length;
      for (const bit of b) sizes[bit]++;
    });
    this.postings = Array.from(sizes, (n) => new Int32Array(n));
    const fill = new Int32Array(nBits);
    bits.forEach((b, p) => {
      if (b) for (const bit of b) this.postings[bit][fill[bit]++] = p;
    });
  }

  get size(): number {
    return this.bitCounts.length;
  }

  /** Bytes held by the index (postings and bit counts). */
  get bytes(): number {
    return this.bitCounts.byteLength + this.postings.reduce((n, p) => n + p.byteLength, 0);
  }

  /**
   * The `max` most similar positions with score >= threshold that `accept` keeps (all when it is undefined); `idOf`
   * breaks ties. With threshold 0 every accepted structure qualifies, sharing a bit or not.
   */
  search(
    query: Uint16Array,
    threshold: number,
    max: number,
    accept: ((p: number) => boolean) | undefined,
    idOf: (p: number) => number,
  ): ScoredPosition[] {
    const shared = (this.shared ??= new Uint16Array(this.size));
    try {
      for (let b = 0; b < query.length; b++) {
        const list = this.postings[query[b]];
        for (let i = 0; i < list.length; i++) shared[list[i]]++;
      }
      const best = new TopK(max, idOf);
      const q = query.length;
      // Tanimoto is at most min(q, n) / max(q, n): structures with too few or too many bits cannot reach the threshold.
      const fewest = Math.ceil(threshold * q - 1e-9);
      const most = threshold > 0 ? Math.floor(q / threshold + 1e-9) : Infinity;
      for (let p = 0; p < shared.length; p++) {
        const c = shared[p];
        if (c === 0) continue;
        const n = this.bitCounts[p];
        if (n < fewest || n > most) continue;
        const exact = c / (q + n - c);
        if (exact >= threshold && best.wants(exact) && (!accept || accept(p))) best.offer(p, roundScore(exact));
      }
      // Threshold 0: structures sharing no bit score 0; they fill the rest in record-ID (position) order.
      for (let p = 0; threshold <= 0 && !best.full && p < shared.length; p++) {
        if (shared[p] === 0 && this.bitCounts[p] > 0 && (!accept || accept(p))) best.offer(p, 0);
      }
      return best.sorted();
    } finally {
      shared.fill(0);
    }
  }
}

/** The best k by (score descending, ID ascending), kept in a binary heap whose root is the worst kept. */
class TopK {
  private readonly heap: ScoredPosition[] = [];

  constructor(
    private readonly k: number,
    private readonly idOf: (p: number) => number,
  ) {}

  /** Negative when a ranks before b. */
  private compare(a: ScoredPosition, b: ScoredPosition): number {
    return b.score - a.score || this.idOf(a.position) - this.idOf(b.position);
  }

  get full(): boolean {
    return this.heap.length >= this.k;
  }

  /** False when a structure of this (unrounded) score cannot enter: cheap rejection before `offer`. */
  wants(exact: number): boolean {
    return this.heap.length < this.k || roundScore(exact) >= this.heap[0].score;
  }

  offer(position: number, score: number): void {
    const item = { position, score };
    const h = this.heap;
    if (h.length < this.k) {
      h.push(item);
      this.up(h.length - 1);
    } else if (this.compare(item, h[0]) < 0) {
      h[0] = item;
      this.down(0);
    }
  }

  sorted(): ScoredPosition[] {
    return [...this.heap].sort((a, b) => this.compare(a, b));
  }

  // The heap keeps the worst (latest-ranking) item at the root.
  private worse(i: number, j: number): boolean {
    return this.compare(this.heap[i], this.heap[j]) > 0;
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.worse(i, parent)) return;
      [this.heap[i], this.heap[parent]] = [this.heap[parent], this.heap[i]];
      i = parent;
    }
  }

  private down(i: number): void {
    const n = this.heap.length;
    for (;;) {
      let w = i;
      for (const c of [2 * i + 1, 2 * i + 2]) if (c < n && this.worse(c, w)) w = c;
      if (w === i) return;
      [this.heap[i], this.heap[w]] = [this.heap[w], this.heap[i]];
      i = w;
    }
  }
}
