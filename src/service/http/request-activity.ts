/** Whether the service is serving requests, so that background work (warm-drawing.ts) runs only while it is not. */
export class RequestActivity {
  private inFlight = 0;
  private lastEnded = -Infinity;

  /** Counts `res` as in flight until it closes. */
  track(res: { once(event: 'close', listener: () => void): unknown }): void {
    this.inFlight++;
    res.once('close', () => {
      this.inFlight--;
      this.lastEnded = performance.now();
    });
  }

  /** Resolves once no request is in flight and none has ended for `quietMs` (at once when that is already so). */
  async quiet(quietMs: number): Promise<void> {
    for (;;) {
      const wait = this.inFlight > 0 ? quietMs : this.lastEnded + quietMs - performance.now();
      if (wait <= 0) return;
      await new Promise((resolve) => setTimeout(resolve, wait).unref());
    }
  }
}
