import { CancelledError } from './errors';

/**
 * A lazily computed value shared by every caller. A failure is not kept, so the next call tries again. A caller
 * that joined a load another caller started is not ended by that caller's cancel: it starts the load again itself.
 */
export class Once<T> {
  private pending?: Promise<T>;

  async get(load: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const joined = this.pending;
    try {
      return await (joined ?? this.start(load));
    } catch (error) {
      if (joined && error instanceof CancelledError && !signal?.aborted) return this.get(load, signal);
      throw error;
    }
  }

  /** Seeds the value without a load. */
  set(value: T): void {
    this.pending = Promise.resolve(value);
  }

  private start(load: () => Promise<T>): Promise<T> {
    const pending = load();
    this.pending = pending;
    pending.catch(() => {
      if (this.pending === pending) this.pending = undefined;
    });
    return pending;
  }
}
