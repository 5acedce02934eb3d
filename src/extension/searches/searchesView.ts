/**
 * The Searches view as activation knows it: its ID, where its searches are kept, and whether any are (for the view's
 * welcome text). The model and the tree load when VS Code first asks the view for rows (`parts.ts`).
 */
import * as vscode from 'vscode';

export const VIEW_ID = 'compoundDb.searches';
export const SEARCHES_STORAGE_KEY = 'compoundDb.searches';

/** A workspace keeps its own searches; a window without a folder keeps the user's. */
export function searchesMemento(context: vscode.ExtensionContext): vscode.Memento {
  return vscode.workspace.workspaceFolders ? context.workspaceState : context.globalState;
}

/** Whether searches are stored (the model reads them, and leaves out what it cannot read, when it loads). */
export function hasKeptSearches(context: vscode.ExtensionContext): boolean {
  const kept = searchesMemento(context).get<unknown>(SEARCHES_STORAGE_KEY);
  return Array.isArray(kept) && kept.length > 0;
}
