import * as vscode from 'vscode';
import { PromptCancelled } from './prompts';

/** Number of records in SDF text. */
export function countSdfRecords(sdf: string): number {
  return (sdf.match(/^\$\$\$\$\s*$/gm) ?? []).length;
}

/** Writes SDF text to `target`, or where the user picks. Resolves undefined-free: a dismissed dialog cancels. */
export async function saveSdf(sdf: string, suggestedName: string, target?: string): Promise<{ uri: string; records: number }> {
  let uri = target ? vscode.Uri.parse(target) : undefined;
  if (!uri) {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    uri = await vscode.window.showSaveDialog({
      title: vscode.l10n.t('Save results as SDF'),
      defaultUri: folder ? vscode.Uri.joinPath(folder, suggestedName) : undefined,
      filters: { [vscode.l10n.t('Structure-data file')]: ['sdf'] },
    });
    if (!uri) throw new PromptCancelled();
  }
  await vscode.workspace.fs.writeFile(uri, Buffer.from(sdf, 'utf8'));
  const records = countSdfRecords(sdf);
  const where = uri.fsPath || uri.toString();
  void vscode.window.showInformationMessage(records === 1 ? vscode.l10n.t('Saved 1 record to {0}', where) : vscode.l10n.t('Saved {0} records to {1}', records, where));
  return { uri: uri.toString(), records };
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
