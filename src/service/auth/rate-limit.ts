/** Per-key request budget over a fixed one-minute window; off when no limit is set. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly perMinute: number | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return !!this.perMinute && this.perMinute > 0;
  }

  /** Seconds to wait before the next request is allowed, or 0 when this one may go ahead. */
  take(key: string): number {
    if (!this.perMinute || this.perMinute <= 0) return 0;
    const t = this.now();
    let w = this.windows.get(key);
    if (!w || t - w.start >= 60_000) {
      w = { start: t, count: 0 };
      this.windows.set(key, w);
      if (this.windows.size > 10_000) this.prune(t);
    }
    if (w.count >= this.perMinute) return Math.max(1, Math.ceil((w.start + 60_000 - t) / 1000));
    w.count++;
    return 0;
  }

  private prune(t: number): void {
    for (const [k, w] of this.windows) if (t - w.start >= 60_000) this.windows.delete(k);
  }
}
