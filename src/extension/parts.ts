/**
 * What the extension makes on first use, not at activation: the Searches view's model and tree, the hover lookups
 * and their caches, inlay hints, and the services the command handlers work with. Made when VS Code first asks the
 * Searches view for rows, for a hover or inlay hints, or when a command first runs (`extension.ts`); this module and
 * what only it imports are a part of the bundle of their own (esbuild.js), which activation does not read.
 */
import * as vscode from 'vscode';
import type { Services } from './commands/services';
import { Thumbnails } from './common/thumbnails';
import { Disposable } from './common/lifecycle';
import { countedInTestMode } from './common/testMode';
import { readSettings } from './config/settings';
import { clientHoverBackend } from './hover/clientHoverBackend';
import { CompoundInlayHints } from './hover/compoundInlayHints';
import type { CompoundHoverProvider } from './hover/compoundHoverProvider';
import { HighlightedImages } from './hover/hoverHighlight';
import { HoverLookup } from './hover/hoverLookup';
import { Lazy } from './common/lazy';
import { SearchesModel } from './searches/searchesModel';
import { hasKeptSearches, searchesMemento } from './searches/searchesView';
import { highlightForRecord } from './searches/searchStateData';
import { SearchesTreeProvider } from './searches/searchesTreeProvider';

/** What activation made, which the parts work with. */
export type Shell = Omit<Services, 'searches' | 'tree' | 'thumbnails' | 'hovers'>;

export class Parts extends Disposable {
  readonly searches: SearchesModel;
  readonly tree: SearchesTreeProvider;
  readonly inlayHints: CompoundInlayHints;
  readonly hoverProvider: Lazy<CompoundHoverProvider>;
  readonly services: Services;
  /** Hover lookups that went to the server, counted in test mode only. */
  readonly hoverBackendCalls?: () => number;

  constructor(shell: Shell) {
    super();
    const { context, connection, log } = shell;
    this.searches = this._register(new SearchesModel(searchesMemento(context), connection, log));
    const thumbnails = new Thumbnails(async (id) => (await connection.get()).client.compound(id).image(), context.globalStorageUri);
    this.tree = this._register(new SearchesTreeProvider(this.searches, (id) => thumbnails.base64(id)));

    const hoverBackend = countedInTestMode(async () => clientHoverBackend((await connection.get()).client, readSettings().statusCheckLimit));
    this.hoverBackendCalls = hoverBackend.calls;
    const hovers = new HoverLookup(hoverBackend.fn);
    const highlightedImages = new HighlightedImages(async (id, h) => (await connection.get()).client.getImageHighlighted(id, h.query, h.format));
    this._register(connection.onDidChange(() => (thumbnails.clear(), hovers.clear(), highlightedImages.clear())));
    const highlights = { forRecord: (id: number) => highlightForRecord(this.searches.all(), id), images: highlightedImages };
    this.hoverProvider = new Lazy(
      async () => new (await import('./hover/compoundHoverProvider.js')).CompoundHoverProvider(hovers, connection, highlights),
    );
    this.inlayHints = this._register(new CompoundInlayHints(hovers, connection));

    // The view's welcome text shows while no search is kept: activation set the key from what is stored, which the
    // model may have found unreadable.
    const updateHasSearches = () => vscode.commands.executeCommand('setContext', 'compoundDb.hasSearches', this.searches.all().length > 0);
    this._register(this.searches.onDidChange((state) => state === undefined && void updateHasSearches()));
    if (this.searches.all().length > 0 !== hasKeptSearches(context)) void updateHasSearches();
    this.services = { ...shell, searches: this.searches, tree: this.tree, thumbnails, hovers };
  }
}
