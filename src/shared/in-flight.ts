import type { BoundedCache, CacheLimits } from './cache';

/**
 * The one "join the load already running" helper. A caller asking for a key whose load is running gets that load's
 * promise; once it settles the key is free again, so a failure is never kept. A caller that joined a load another
 * caller started is not ended by that caller's cancel: when the starter's signal aborted and its own did not, it
 * starts the load again itself.
 */
export class InFlight<K, V> {
  private readonly running = new Map<K, { promise: Promise<V>; signal?: AbortSignal }>();

  run(key: K, load: () => Promise<V>, signal?: AbortSignal): Promise<V> {
    const joined = this.running.get(key);
    if (!joined) return this.start(key, load, signal);
    return joined.promise.catch((error: unknown) => {
      if (joined.signal?.aborted && !signal?.aborted) return this.run(key, load, signal);
      throw error;
    });
  }

  /** Whether a load of `key` is running. */
  has(key: K): boolean {
    return this.running.has(key);
  }

  /** Forgets the running loads: later calls start their own (the forgotten ones still settle for their callers). */
  clear(): void {
    this.running.clear();
  }

  private start(key: K, load: () => Promise<V>, signal: AbortSignal | undefined): Promise<V> {
    const promise = (async () => load())();
    const entry = { promise, signal };
    this.running.set(key, entry);
    const forget = () => {
      if (this.running.get(key) === entry) this.running.delete(key);
    };
    promise.then(forget, forget);
    return promise;
  }
}

/**
 * A value loaded on first use and kept; concurrent callers share the one load (an `InFlight` of one key). A failure
 * is not kept, so the next call tries again; `reset` forgets the value, and a load running across it is not kept.
 */
export class Once<T> {
  private value?: { current: T };
  private readonly loads = new InFlight<0, T>();
  private generation = 0;

  get(load: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (this.value) return Promise.resolve(this.value.current);
    const generation = this.generation;
    return this.loads.run(
      0,
      async () => {
        const current = await load();
        if (generation === this.generation) this.value = { current };
        return current;
      },
      signal,
    );
  }

  /** Seeds the value without a load. */
  set(current: T): void {
    this.value = { current };
  }

  reset(): void {
    this.generation++;
    this.value = undefined;
    this.loads.clear();
  }
}

/**
 * Values loaded by key and kept in a bounded cache (`Once` for many keys): concurrent callers of a key share the one
 * load, a failure is not kept, and `clear` forgets every value; a load running across it is not kept.
 */
export class CachedLoads<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  /** Made on the first load, its module (lru-cache) read then: the extension makes these at activation, where nothing heavy may run. */
  private cache?: BoundedCache<K, V>;
  private readonly loads = new InFlight<K, V>();
  private generation = 0;

  constructor(private readonly limits: CacheLimits) {}

  /** The value held for `key`, without loading it. */
  peek(key: K): V | undefined {
    return this.cache?.get(key);
  }

  get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.cache?.get(key);
    if (hit !== undefined) return Promise.resolve(hit);
    const generation = this.generation;
    return this.loads.run(key, async () => {
      const value = await load();
      const { boundedCache } = await import('./cache.js');
      if (generation === this.generation) (this.cache ??= boundedCache<K, V>(this.limits)).set(key, value);
      return value;
    });
  }

  clear(): void {
    this.generation++;
    this.cache?.clear();
    this.loads.clear();
  }
}
