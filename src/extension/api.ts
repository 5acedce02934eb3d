import type * as vscode from 'vscode';
import type { DriveAction, GridSnapshot } from '../grid/protocol';
import type { RenderedSnapshot } from '../webview/protocol';
import type { Drawing, EditorAction } from '../webview/editorProtocol';
import type { LocalServiceInfo, LocalServiceState } from './server/localService';
import type { SearchState } from './searches/searchState';
import type { SearchNode } from './searches/searchesTreeProvider';

/** What `activate` returns: read-only views of the extension's state for tests and other extensions. */
export interface CompoundDbApi {
  /** Milliseconds from loading the bundle to the end of `activate`. */
  readonly activationMs: number;
  searches(): SearchState[];
  /** The tree's items under `node` (top level when left out), as VS Code would render them. */
  treeItems(node?: SearchNode): Array<{ node: SearchNode; item: vscode.TreeItem }>;
  /** What the details panel last rendered (for `recordId`, waiting for it when given). */
  detailsRendered(recordId?: number): Promise<RenderedSnapshot>;
  /** Plots a spectrum in the open details panel; resolves with the snapshot showing the plot. */
  detailsPlot(spectrumId: number, range?: [number, number]): Promise<RenderedSnapshot>;
  localService(): { state: LocalServiceState; info?: LocalServiceInfo; pid?: number };
  statusBarText(): string;
  /** Warnings shown about data files the built-in database left out. */
  skippedDataFileNotices(): string[];
  /** Hover lookups that went to the server (cache misses, not merged). */
  hoverBackendLookups(): number;
  /** The MCP server definition the extension offers VS Code: how it starts `compound-db mcp`. */
  mcpServer(): { command: string; args: string[]; env: Record<string, string | number | null> };
  /** The folder of this extension's logs, where VS Code writes the `Compound DB` output channel. */
  readonly logFolder: string;
  /** Open structure grids (editors by document URI, notebook outputs as `notebook:<output id>`): the test hook. */
  readonly grids: {
    keys(): string[];
    /** The next (or last) snapshot of a grid that satisfies `until`. */
    rendered(key: string, until?: (s: GridSnapshot) => boolean): Promise<GridSnapshot>;
    /** Acts in a grid as a user would (filter, select, copy, delete...). */
    drive(key: string, action: DriveAction): void;
  };
  /** The open structure editor: what is drawn, and an action run as its button would. */
  structureEditor(): { read(): Promise<Drawing>; run(action: EditorAction): Promise<unknown> };
}
