import type * as vscode from 'vscode';
import type { Logger } from '../common/logger';
import type { SecretStore } from '../config/secretStore';
import type { DetailsHost } from '../details/detailsPanel';
import type { HoverLookup } from '../hover/hoverLookup';
import type { InsertMol } from '../mol/insertMol';
import type { InsertTarget } from '../mol/insertTarget';
import type { Connection } from '../server/connection';
import type { LocalService } from '../server/localService';
import type { SearchesModel } from '../searches/searchesModel';
import type { SearchNode, SearchesTreeProvider } from '../searches/searchesTreeProvider';
import type { ResultDocuments } from './resultDocuments';
import type { Thumbnails } from '../common/thumbnails';

/** What command handlers work with: made at activation (extension.ts) but for the Searches view and hovers (parts.ts). */
export interface Services {
  context: vscode.ExtensionContext;
  connection: Connection;
  local: LocalService;
  secrets: SecretStore;
  log: Logger;
  searches: SearchesModel;
  tree: SearchesTreeProvider;
  treeView: vscode.TreeView<SearchNode>;
  results: ResultDocuments;
  /** Structure images of records for tooltips and picks. */
  thumbnails: Thumbnails;
  details: DetailsHost;
  hovers: HoverLookup;
  insertMol: InsertMol;
  /** Where text from a webview goes: the last active text editor. */
  insertTarget: InsertTarget;
}
