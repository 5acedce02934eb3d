/** Which records are selected (by record number), the range anchor, and the focused row of the roving tab stop. */
export class Selection {
  private readonly ids = new Set<number>();
  private anchor: number | undefined;
  focused: number | undefined;

  get size(): number {
    return this.ids.size;
  }

  has(id: number): boolean {
    return this.ids.has(id);
  }

  /** Selected records in record order. */
  sorted(): number[] {
    return [...this.ids].sort((a, b) => a - b);
  }

  /** What actions act on: the selection in record order, or the focused row when nothing is selected. */
  target(): number[] {
    if (this.ids.size) return this.sorted();
    return this.focused === undefined ? [] : [this.focused];
  }

  only(id: number): void {
    this.ids.clear();
    this.ids.add(id);
    this.anchor = id;
  }

  toggle(id: number): void {
    if (this.ids.has(id)) this.ids.delete(id);
    else this.ids.add(id);
    this.anchor = id;
  }

  /** From the anchor to `to` within `shown` (the page's rows in order), added to the selection or replacing it. */
  extend(to: number, shown: number[], add: boolean): void {
    const a = this.anchor === undefined ? -1 : shown.indexOf(this.anchor);
    const b = shown.indexOf(to);
    if (a < 0 || b < 0) return this.only(to);
    if (!add) this.ids.clear();
    for (let i = Math.min(a, b); i <= Math.max(a, b); i++) this.ids.add(shown[i]);
  }

  get anchored(): boolean {
    return this.anchor !== undefined;
  }

  set(ids: Iterable<number>): void {
    this.ids.clear();
    for (const id of ids) this.ids.add(id);
  }

  add(ids: Iterable<number>): void {
    for (const id of ids) this.ids.add(id);
  }

  clear(): void {
    this.ids.clear();
  }
}
