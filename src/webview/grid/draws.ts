/** How many times a page has settled (its visible part drawn), and test hooks waiting for a later one. */
export class Draws {
  count = 0;
  private waiting: Array<{ after: number; resolve: () => void }> = [];

  /** Resolves once the page has settled more than `after` times. */
  after(after: number): Promise<void> {
    if (this.count > after) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push({ after, resolve }));
  }

  settled(): void {
    this.count++;
    const ready = this.waiting.filter((w) => this.count > w.after);
    this.waiting = this.waiting.filter((w) => this.count <= w.after);
    for (const w of ready) w.resolve();
  }
}
