import * as vscode from 'vscode';
import type { DriveAction, GridSnapshot } from '../../grid/protocol';

interface Entry {
  last?: GridSnapshot;
  drive(action: DriveAction): void;
}

/**
 * Every open grid (editor or notebook output) by key, with what it last drew: the test hook, and how the bench
 * reads first-page times. Keys: the document's URI for editors, `notebook:<output id>` for outputs.
 */
export class GridRegistry implements vscode.Disposable {
  private readonly grids = new Map<string, Entry>();
  private readonly changed = new vscode.EventEmitter<string>();

  register(key: string, drive: (action: DriveAction) => void): vscode.Disposable {
    this.grids.set(key, { drive });
    return new vscode.Disposable(() => this.grids.get(key)?.drive === drive && this.grids.delete(key));
  }

  rendered(key: string, snapshot: GridSnapshot): void {
    const entry = this.grids.get(key) ?? { drive: () => undefined };
    entry.last = snapshot;
    this.grids.set(key, entry);
    this.changed.fire(key);
  }

  keys(): string[] {
    return [...this.grids.keys()];
  }

  /** The next (or last) snapshot of `key` that satisfies `until`. */
  snapshot(key: string, until: (s: GridSnapshot) => boolean = () => true): Promise<GridSnapshot> {
    const last = this.grids.get(key)?.last;
    if (last && until(last)) return Promise.resolve(last);
    return new Promise((resolve) => {
      const sub = this.changed.event((k) => {
        const s = this.grids.get(k)?.last;
        if (k !== key || !s || !until(s)) return;
        sub.dispose();
        resolve(s);
      });
    });
  }

  drive(key: string, action: DriveAction): void {
    const entry = this.grids.get(key);
    if (!entry) throw new Error(`no structure grid ${key}`);
    entry.drive(action);
  }

  dispose(): void {
    this.changed.dispose();
    this.grids.clear();
  }
}
