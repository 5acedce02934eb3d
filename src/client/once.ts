/** A lazily computed value shared by every caller; a failure (or a cancel) is not kept, so the next call tries again. */
export class Once<T> {
  private pending?: Promise<T>;

  get(load: () => Promise<T>): Promise<T> {
    if (!this.pending) {
      this.pending = load();
      this.pending.catch(() => {
        this.pending = undefined;
      });
    }
    return this.pending;
  }

  /** Seeds the value without a load. */
  set(value: T): void {
    this.pending = Promise.resolve(value);
  }
}
