/** Caching hook: details, image and MOL by record ID, so repeat lookups (hovers, panels) skip the network. */
import type { RecordDetails } from '../wire';
import { boundedCache, type BoundedCache } from '../shared/cache';

export interface CompoundCacheEntries {
  /** Always all thirteen fields; narrower requests are served from it. */
  details: RecordDetails;
  image: Uint8Array;
  mol: string;
}
export type CompoundCacheKind = keyof CompoundCacheEntries;

type MaybePromise<T> = T | Promise<T>;

/** Keyed by record ID; one cache belongs to one server (make a new one when the address changes). */
export interface CompoundCache {
  get<K extends CompoundCacheKind>(kind: K, recordId: number): MaybePromise<CompoundCacheEntries[K] | undefined>;
  set<K extends CompoundCacheKind>(kind: K, recordId: number, value: CompoundCacheEntries[K]): MaybePromise<void>;
}

/** A bounded in-memory cache: the least recently used entry goes first, and values are bounded in bytes too (PNGs). */
export class MemoryCompoundCache implements CompoundCache {
  private readonly entries: BoundedCache<string, CompoundCacheEntries[CompoundCacheKind]>;

  constructor(maxEntries = 500, maxBytes = 32 * 1024 * 1024) {
    this.entries = boundedCache({ maxEntries, maxBytes });
  }

  get size(): number {
    return this.entries.size;
  }

  get<K extends CompoundCacheKind>(kind: K, recordId: number): CompoundCacheEntries[K] | undefined {
    return this.entries.get(`${kind}:${recordId}`) as CompoundCacheEntries[K] | undefined;
  }

  set<K extends CompoundCacheKind>(kind: K, recordId: number, value: CompoundCacheEntries[K]): void {
    this.entries.set(`${kind}:${recordId}`, value);
  }

  clear(): void {
    this.entries.clear();
  }
}
