/**
 * The one in-memory cache of the project: least recently used entries go first, and it is bounded by entry count
 * and, where values are large (PNGs, MOL blocks, details), by their approximate size in bytes.
 */
import { LRUCache } from 'lru-cache';

export interface CacheLimits {
  /** At most this many entries. */
  maxEntries: number;
  /** At most about this many bytes of values (see `approximateBytes`); unbounded by size when omitted. */
  maxBytes?: number;
}

/** lru-cache's own bound on keys and values: anything but null and undefined. */
type Present = NonNullable<unknown>;

export type BoundedCache<K extends Present, V extends Present> = LRUCache<K, V>;

export function boundedCache<K extends Present, V extends Present>(limits: CacheLimits): BoundedCache<K, V> {
  if (limits.maxBytes === undefined) return new LRUCache<K, V>({ max: limits.maxEntries });
  return new LRUCache<K, V>({ max: limits.maxEntries, maxSize: limits.maxBytes, sizeCalculation: approximateBytes });
}

/** Bytes of a value as held in memory, roughly: exact for binary data, two per character for text, the JSON of the rest. */
export function approximateBytes(value: unknown): number {
  if (value instanceof Uint8Array) return Math.max(1, value.byteLength);
  if (typeof value === 'string') return Math.max(1, value.length * 2);
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    text = undefined;
  }
  return Math.max(1, (text?.length ?? 64) * 2);
}
