/** The caller's CompoundCache as the client uses it: a failing cache never fails a lookup, and only a value that
 * loaded in full is stored (a failed or cancelled load leaves the cache as it was). */
import type { CompoundCache, CompoundCacheEntries, CompoundCacheKind } from './cache';

export class CacheHook {
  constructor(private readonly cache: CompoundCache | undefined) {}

  async get<K extends CompoundCacheKind>(kind: K, id: number): Promise<CompoundCacheEntries[K] | undefined> {
    try {
      return (await this.cache?.get(kind, id)) ?? undefined;
    } catch {
      return undefined;
    }
  }

  async set<K extends CompoundCacheKind>(kind: K, id: number, value: CompoundCacheEntries[K]): Promise<void> {
    try {
      await this.cache?.set(kind, id, value);
    } catch {
      // ignored, as in get
    }
  }

  /** The cached value, or `load()`'s, stored once it has arrived. */
  async through<K extends CompoundCacheKind>(kind: K, id: number, load: () => Promise<CompoundCacheEntries[K]>): Promise<CompoundCacheEntries[K]> {
    const hit = await this.get(kind, id);
    if (hit !== undefined) return hit;
    const value = await load();
    await this.set(kind, id, value);
    return value;
  }
}
