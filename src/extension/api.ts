import type * as vscode from 'vscode';
import type { DriveAction, GridSnapshot } from '../grid/protocol';
import type { LayoutReport, RenderedSnapshot } from '../webview/protocol';
import type { Drawing, EditorAction } from '../webview/editorProtocol';
import type { LocalServiceInfo, LocalServiceState } from './server/localService';
import type { SearchState } from './searches/searchState';
import type { SearchNode } from './searches/searchesTreeProvider';
import type { HitView, IdentifyProgress, ReadProgress, SpectraSnapshot } from '../webview/spectra/protocol';

/**
 * What `activate` returns: read-only views of the extension's state, and the one test surface. Tests reach the
 * extension through its commands and through this object only; production code has no other test paths.
 * Every promise here settles: a wait for a webview to draw rejects with a message naming what it waited for
 * after `TEST_HOOK_TIMEOUT_MS` (`src/extension/common/nextEvent.ts`). The webview hooks work only when the extension
 * runs in test mode (`ExtensionMode.Test`): the pages answer the `pageRequests` their protocols declare for them
 * (what is on screen, read from the DOM only when asked) and refuse them otherwise.
 */
export interface CompoundDbApi {
  /** Milliseconds spent evaluating the bundle plus running `activate` (not the wait between them, which is VS Code's). */
  readonly activationMs: number;
  /** CPU time of the extension host process over the same two spans (wall time stretches on a loaded machine). */
  readonly activationCpuMs: number;
  /**
   * Whether the parts made on first use exist (the Searches view's model and tree, hover lookups: `parts.ts`), which
   * activation does not make; `searches`, `treeItems`, `rowsFirstServed` and `hoverBackendLookups` read them.
   */
  partsMade(): boolean;
  /** Makes them, as the first hover, command or look at the Searches view does. */
  makeParts(): Promise<void>;
  searches(): SearchState[];
  /** The tree's items under `node` (top level when left out), as VS Code would render them. */
  treeItems(node?: SearchNode): Array<{ node: SearchNode; item: vscode.TreeItem }>;
  /**
   * When (`performance.now()` of the extension host) a result row of the search was first asked for, and first one
   * with its record's name: VS Code asks when it draws the rows (so does `treeItems`: a test timing the view calls
   * neither meanwhile).
   */
  rowsFirstServed(searchId: string): { row: number; named?: number } | undefined;
  /** The open details panel: the test hook. Each call rejects when no panel is open. */
  readonly details: {
    /** What the panel last drew (for `recordId`, waiting for it when given). */
    rendered(recordId?: number): Promise<RenderedSnapshot>;
    /** Plots a spectrum as the panel's Plot button does (zoomed to `range`, as a drag does); resolves with the snapshot showing the plot. */
    plot(spectrumId: number, range?: [number, number]): Promise<RenderedSnapshot>;
    /** Closes the panel and restores it from the state its page kept, as VS Code does after a window reload. */
    restore(): Promise<void>;
  };
  localService(): { state: LocalServiceState; info?: LocalServiceInfo; pid?: number };
  statusBarText(): string;
  /** Warnings shown about data files the built-in database left out. */
  skippedDataFileNotices(): string[];
  /** Hover lookups that went to the server (cache misses, not merged). */
  hoverBackendLookups(): number;
  /** Resolves the next time the extension tells VS Code that its inlay hints changed (the event VS Code listens to). */
  nextInlayHintsChange(): Promise<void>;
  /** The MCP server definition the extension offers VS Code: how it starts `compound-db mcp`. */
  mcpServer(): { command: string; args: string[]; env: Record<string, string | number | null> };
  /** The folder of this extension's logs, where VS Code writes the `Compound DB` output channel. */
  readonly logFolder: string;
  /** Open structure grids (editors by document URI, notebook outputs as `notebook:<output id>`): the test hook. */
  readonly grids: {
    keys(): string[];
    /** The next (or last) snapshot of a grid that satisfies `until`. */
    rendered(key: string, until?: (s: GridSnapshot) => boolean): Promise<GridSnapshot>;
    /** Acts in a grid as a user would (filter, select, copy, delete...); resolves when the grid has done it. */
    drive(key: string, action: DriveAction): Promise<void>;
  };
  /** Open spectra lists by document URI: the test hook. */
  readonly spectraLists: {
    keys(): string[];
    /** What the list's page shows now. */
    rendered(key: string): Promise<SpectraSnapshot>;
    /** Chooses a row as a click does; resolves once its plot is drawn. */
    select(key: string, index: number): Promise<SpectraSnapshot>;
    /** Runs Identify All as its button does; resolves when it ends (finished or cancelled). */
    identifyAll(key: string): Promise<void>;
    cancel(key: string): void;
    /** What the list holds on the host's side. */
    state(key: string): { rows: number; read: ReadProgress; hits: HitView[]; identify?: IdentifyProgress } | undefined;
  };
  /** The open structure editor: what is drawn, text typed into its box, an action run as its button would, its layout. */
  structureEditor(): {
    read(): Promise<Drawing>;
    type(text: string): Promise<Drawing>;
    run(action: EditorAction): Promise<unknown>;
    layout(): Promise<LayoutReport>;
  };
}
