import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { GRID_EDITOR_VIEW_TYPE, STREAMING_GRID_VIEW_TYPE } from '../../grid/protocol';
import { defineCommand, type CommandDefinition } from './defineCommand';
import type { Services } from './services';

/**
 * SDF files at least this large that VS Code does not hold as text yet open in the read-only streaming grid: the
 * text-backed grid can only start once VS Code has loaded the whole file as a text document, which took 7.7 s for a
 * 25 MB file in code-server (README, "Structure grid"), while the streaming grid shows its first page in about a second.
 */
const SLOW_AS_TEXT_BYTES = 8 * 1024 * 1024;

/** The file a grid command is for: the explorer item it was run on, or the active editor's (text or custom). */
function target(args: vscode.Uri | undefined): vscode.Uri {
  const tab = vscode.window.tabGroups.activeTabGroup.activeTab?.input as { uri?: vscode.Uri } | undefined;
  const file = args instanceof vscode.Uri ? args : (tab?.uri ?? vscode.window.activeTextEditor?.document.uri);
  if (!file) throw new Error(vscode.l10n.t('Open an SDF, MOL or SMILES file first'));
  return file;
}

async function slowAsText(file: vscode.Uri): Promise<boolean> {
  if (file.scheme !== 'file' || !/\.(sdf|sd)$/i.test(file.fsPath)) return false;
  if (vscode.workspace.textDocuments.some((d) => d.uri.toString() === file.toString())) return false;
  const size = await fs.promises.stat(file.fsPath).then(
    (s) => s.size,
    () => 0,
  );
  return size >= SLOW_AS_TEXT_BYTES;
}

/**
 * The grid takes the place of the file's text tab in the active group, as "Reopen Editor With" does, rather than
 * standing beside a second tab of the same name. A text tab with unsaved edits stays (closing it would ask).
 */
async function closeTextTabsOf(file: vscode.Uri): Promise<void> {
  const group = vscode.window.tabGroups.activeTabGroup;
  const texts = group.tabs.filter((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === file.toString() && !t.isDirty);
  if (texts.length) await vscode.window.tabGroups.close(texts, true);
}

/** The editable (text-backed) grid, or the streaming grid at once for a large file not yet loaded as text. */
async function openInStructureGrid(args: vscode.Uri | undefined): Promise<void> {
  const file = target(args);
  if (!(await slowAsText(file))) {
    await vscode.commands.executeCommand('vscode.openWith', file, GRID_EDITOR_VIEW_TYPE);
    await closeTextTabsOf(file);
    return;
  }
  await vscode.commands.executeCommand('vscode.openWith', file, STREAMING_GRID_VIEW_TYPE);
  const editable = vscode.l10n.t('Open Editable Grid');
  void vscode.window
    .showInformationMessage(
      vscode.l10n.t(
        '{0} is large, so it opened read-only at once. To delete or reorder records, open the editable grid (VS Code loads the whole file as text first).',
        path.basename(file.fsPath),
      ),
      editable,
    )
    .then((answer) => answer === editable && vscode.commands.executeCommand('vscode.openWith', file, GRID_EDITOR_VIEW_TYPE));
}

export function defineGridCommands(s: Services): CommandDefinition[] {
  return [
    defineCommand<vscode.Uri, void>('compoundDb.openInStructureGrid', s.log, openInStructureGrid),
    defineCommand<vscode.Uri, void>('compoundDb.openAsGrid', s.log, async (args) => {
      await vscode.commands.executeCommand('vscode.openWith', target(args), STREAMING_GRID_VIEW_TYPE);
    }),
  ];
}
