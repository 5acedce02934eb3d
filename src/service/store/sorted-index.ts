import { lowerBound, upperBound } from './bisect';

/** A numeric index: values sorted once, ranges found by binary search (O(log n + k)). */
export class SortedIndex {
  private readonly values: Float64Array;
  private readonly positions: Uint32Array;

  constructor(keyOf: (position: number) => number, size: number) {
    const order = new Uint32Array(size);
    for (let i = 0; i < size; i++) order[i] = i;
    const keys = new Float64Array(size);
    for (let i = 0; i < size; i++) keys[i] = keyOf(i);
    order.sort((a, b) => keys[a] - keys[b] || a - b);
    this.positions = order;
    this.values = new Float64Array(size);
    for (let i = 0; i < size; i++) this.values[i] = keys[order[i]];
  }

  /** Positions whose value lies in [lo, hi], in ascending value order. */
  range(lo: number, hi: number): Uint32Array {
    if (!(lo <= hi)) return new Uint32Array(0);
    return this.positions.subarray(lowerBound(this.values, lo), upperBound(this.values, hi));
  }
}
