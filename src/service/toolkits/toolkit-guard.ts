/**
 * A WASM toolkit instance that one input can break for good (a stack overflow inside WASM leaves the instance's memory
 * corrupt, so every later call fails). Every use goes through `run`: after an exception a known-good probe decides
 * whether the instance still works; when it does not, the failure is logged once and a fresh instance takes over (a
 * spare kept ready, so the very next call works; without one, calls wait in `ready()` or get ToolkitUnavailable).
 */

/** The toolkit is being replaced; the caller may retry shortly (HTTP 503 with Retry-After). */
export class ToolkitUnavailable extends Error {
  constructor(readonly toolkit: string) {
    super(`the chemistry toolkit (${toolkit}) is restarting`);
  }
}

export interface ToolkitGuardOptions<T> {
  name: string;
  load: () => Promise<T>;
  /** True when the instance answers a known input correctly. Must not throw for a healthy instance. */
  probe: (toolkit: T) => boolean;
  /** Keep a second instance loaded so a replacement is immediate (RDKit: ~11 MB). */
  keepSpare: boolean;
  log: (line: string) => void;
}

export class ToolkitGuard<T> {
  private current: T | undefined;
  private spare: T | undefined;
  private loading: Promise<void> | undefined;
  /** Instances replaced so far (tests and logs). */
  replacements = 0;

  constructor(private readonly options: ToolkitGuardOptions<T>) {}

  get spareReady(): boolean {
    return this.spare !== undefined;
  }

  /** Loads the first instance (and the spare in the background). */
  async start(): Promise<void> {
    this.current ??= await this.options.load();
    if (this.options.keepSpare) this.refill();
  }

  /** Resolves once an instance is in place (after a replacement without a spare). */
  async ready(): Promise<void> {
    while (!this.current) {
      if (this.loading) await this.loading;
      else await this.start();
    }
  }

  /** `use` on the working instance; an exception gives `fallback` after the instance has been checked. */
  run<R>(use: (toolkit: T) => R, fallback: R): R {
    const toolkit = this.current;
    if (!toolkit) throw new ToolkitUnavailable(this.options.name);
    try {
      return use(toolkit);
    } catch (err) {
      this.afterError(toolkit, err);
      return fallback;
    }
  }

  private afterError(toolkit: T, err: unknown): void {
    if (toolkit !== this.current || this.healthy(toolkit)) return;
    const why = err instanceof Error ? err.message.split('\n')[0] : typeof err;
    this.replacements++;
    this.current = this.spare;
    this.spare = undefined;
    this.options.log(`chemistry: ${this.options.name} stopped working (${why}) and was replaced by a fresh instance`);
    this.refill();
  }

  private healthy(toolkit: T): boolean {
    try {
      return this.options.probe(toolkit);
    } catch {
      return false;
    }
  }

  /** Loads one instance in the background: the current one when there is none, else the spare. */
  private refill(): void {
    if (this.loading || (this.current && (this.spare || !this.options.keepSpare))) return;
    this.loading = this.options
      .load()
      .then((fresh) => {
        if (!this.current) this.current = fresh;
        else this.spare = fresh;
      })
      .catch((err: unknown) =>
        this.options.log(`chemistry: loading ${this.options.name} failed: ${err instanceof Error ? err.message : String(err)}`),
      )
      .finally(() => {
        this.loading = undefined;
        if (!this.current || (this.options.keepSpare && !this.spare)) setTimeout(() => this.refill(), 1000).unref();
      });
  }
}
