import * as vscode from 'vscode';
import { GRID_EDITOR_VIEW_TYPE, STREAMING_GRID_VIEW_TYPE } from '../../grid/protocol';
import { registerCommand } from './register';
import type { Services } from './services';

/** The file a grid command is for: the explorer item it was run on, or the active editor's (text or custom). */
function target(args: vscode.Uri | undefined): vscode.Uri | undefined {
  if (args instanceof vscode.Uri) return args;
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input as { uri?: vscode.Uri } | undefined;
  return tab?.uri ?? vscode.window.activeTextEditor?.document.uri;
}

function openWith(viewType: string) {
  return async (args: vscode.Uri | undefined): Promise<void> => {
    const file = target(args);
    if (!file) throw new Error(vscode.l10n.t('Open an SDF, MOL or SMILES file first'));
    await vscode.commands.executeCommand('vscode.openWith', file, viewType);
  };
}

export function registerGridCommands(s: Services): vscode.Disposable[] {
  return [
    registerCommand<vscode.Uri, void>('compoundDb.openInStructureGrid', s.log, openWith(GRID_EDITOR_VIEW_TYPE)),
    registerCommand<vscode.Uri, void>('compoundDb.openAsGrid', s.log, openWith(STREAMING_GRID_VIEW_TYPE)),
  ];
}
