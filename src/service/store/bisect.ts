/** Binary search over a sorted array: the first index whose value is not below `x` (lower) or above it (upper). */
export function lowerBound<T extends number | string>(sorted: ArrayLike<T>, x: T): number {
  return bisect(sorted, (v) => v < x);
}

export function upperBound<T extends number | string>(sorted: ArrayLike<T>, x: T): number {
  return bisect(sorted, (v) => v <= x);
}

/** The first index where `before` turns false (`before` holds for a prefix of the array). */
function bisect<T>(sorted: ArrayLike<T>, before: (value: T) => boolean): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(sorted[mid])) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
