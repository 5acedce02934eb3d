/** Test hooks waiting for a page's next draw: `drawn()` settles them; with none waiting it does nothing. */
export class DrawWaiters {
  private waiting: Array<() => void> = [];

  next(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  drawn(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }
}
