import * as vscode from 'vscode';
import { normaliseSdf } from '../../wire';
import { PromptCancelled } from './prompts';

/** Number of records in SDF text. */
export function countSdfRecords(sdf: string): number {
  return (sdf.match(/^\$\$\$\$\s*$/gm) ?? []).length;
}

/**
 * Writes SDF text to `target`, or where the user picks (a dismissed dialog cancels), as other tools expect it:
 * plain formulas and named MOL titles, whatever the server sent.
 */
export async function saveSdf(served: string, suggestedName: string, target?: string): Promise<{ uri: string; records: number; message: string }> {
  const uri = target
    ? vscode.Uri.parse(target)
    : await pickSaveTarget(suggestedName, vscode.l10n.t('Save results as SDF'), { [vscode.l10n.t('Structure-data file')]: ['sdf'] });
  const sdf = normaliseSdf(served);
  await vscode.workspace.fs.writeFile(uri, Buffer.from(sdf, 'utf8'));
  const records = countSdfRecords(sdf);
  const where = vscode.workspace.asRelativePath(uri, false);
  const message = records === 1 ? vscode.l10n.t('Saved 1 record to {0}', where) : vscode.l10n.t('Saved {0} records to {1}', records, where);
  // Open shows the records as structures (the grid; read-only at once for a large file), not megabytes of text.
  offerOpenAndReveal(message, uri, (file) => vscode.commands.executeCommand('compoundDb.openInStructureGrid', file));
  return { uri: uri.toString(), records, message };
}

/** A save dialog starting in the workspace folder; a dismissed dialog cancels the command. */
export async function pickSaveTarget(suggestedName: string, title: string, filters: Record<string, string[]>): Promise<vscode.Uri> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const uri = await vscode.window.showSaveDialog({ title, defaultUri: folder ? vscode.Uri.joinPath(folder, suggestedName) : undefined, filters });
  if (!uri) throw new PromptCancelled();
  return uri;
}

/**
 * "Saved ..." with Open (in an editor, or as `open` does) and Reveal (in the Explorer, or the system's file manager
 * outside the workspace).
 */
export function offerOpenAndReveal(
  message: string,
  uri: vscode.Uri,
  open: (file: vscode.Uri) => Thenable<unknown> = (file) => vscode.commands.executeCommand('vscode.open', file),
): void {
  const openLabel = vscode.l10n.t('Open');
  const reveal = vscode.l10n.t('Reveal');
  void vscode.window.showInformationMessage(message, openLabel, reveal).then(async (choice) => {
    if (choice === openLabel) await open(uri);
    if (choice === reveal) {
      const inWorkspace = !!vscode.workspace.getWorkspaceFolder(uri);
      await vscode.commands.executeCommand(inWorkspace ? 'revealInExplorer' : 'revealFileInOS', uri);
    }
  });
}

/** Writes a PNG to the extension's storage and opens it in the image preview. */
export async function savePng(context: vscode.ExtensionContext, name: string, png: Uint8Array): Promise<vscode.Uri> {
  const folder = vscode.Uri.joinPath(context.globalStorageUri, 'images');
  await vscode.workspace.fs.createDirectory(folder);
  const uri = vscode.Uri.joinPath(folder, name);
  await vscode.workspace.fs.writeFile(uri, png);
  await vscode.commands.executeCommand('vscode.open', uri, { preview: true, preserveFocus: true, viewColumn: vscode.ViewColumn.Beside });
  return uri;
}
