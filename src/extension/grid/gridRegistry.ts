import * as vscode from 'vscode';
import type { DriveAction, GridProtocol, GridSnapshot } from '../../grid/protocol';
import type { HostEndpoint } from '../../webview-protocol/endpoint';
import { withTimeout } from '../common/nextEvent';

/** What the registry asks of a grid page: its test hooks (the same for editors and notebook outputs). */
type GridPage = Pick<HostEndpoint<GridProtocol>, 'request'>;

/**
 * Every open grid (editor or notebook output) by key: the test hook, made only when the extension runs in test mode.
 * Keys: the document's URI for editors (`#stream` after it for the streaming grid), `notebook:<output id>` for outputs.
 */
export class GridRegistry implements vscode.Disposable {
  private readonly grids = new Map<string, GridPage>();

  register(key: string, page: GridPage): vscode.Disposable {
    this.grids.set(key, page);
    return new vscode.Disposable(() => this.grids.get(key) === page && this.grids.delete(key));
  }

  keys(): string[] {
    return [...this.grids.keys()];
  }

  /** What grid `key` shows once it satisfies `until` (asked again after each later draw); rejects when none comes in time. */
  snapshot(key: string, until: (s: GridSnapshot) => boolean = () => true): Promise<GridSnapshot> {
    const page = this.page(key);
    let waiting = true;
    const drawn = async () => {
      let s = await page.request('snapshot', {});
      while (waiting && !until(s)) s = await page.request('snapshot', { afterDraw: s.draw });
      return s;
    };
    return withTimeout(drawn(), `structure grid ${key} to draw what was asked`).finally(() => (waiting = false));
  }

  /** Acts in grid `key` as a user would; resolves when the grid has done it. */
  drive(key: string, action: DriveAction): Promise<void> {
    return this.page(key).request('drive', action);
  }

  private page(key: string): GridPage {
    const page = this.grids.get(key);
    if (!page) throw new Error(`no structure grid ${key}`);
    return page;
  }

  dispose(): void {
    this.grids.clear();
  }
}
