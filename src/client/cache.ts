/** Caching hook: details, image and MOL by record ID, so repeat lookups (hovers, panels) skip the network. */
import type { RecordDetails } from '../wire';

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

/** A bounded in-memory cache; the least recently used entry goes first. */
export class MemoryCompoundCache implements CompoundCache {
  private readonly entries = new Map<string, unknown>();

  constructor(private readonly maxEntries = 500) {}

  get size(): number {
    return this.entries.size;
  }

  get<K extends CompoundCacheKind>(kind: K, recordId: number): CompoundCacheEntries[K] | undefined {
    const key = `${kind}:${recordId}`;
    if (!this.entries.has(key)) return undefined;
    const value = this.entries.get(key);
    this.entries.delete(key);
    this.entries.set(key, value);
    return value as CompoundCacheEntries[K];
  }

  set<K extends CompoundCacheKind>(kind: K, recordId: number, value: CompoundCacheEntries[K]): void {
    const key = `${kind}:${recordId}`;
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
