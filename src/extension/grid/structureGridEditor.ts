import * as path from 'path';
import * as vscode from 'vscode';
import { GridModel } from '../../grid/gridModel';
import { STREAMING_GRID_VIEW_TYPE } from '../../grid/protocol';
import { webviewOptions } from '../common/webviewHtml';
import { gridHtml } from './gridHtml';
import { GridSession, type GridSessionHost } from './gridSession';
import { TextRecords } from './textRecords';

/** Text documents larger than this are better read by the streaming grid; the editor offers it. */
const LARGE_FILE_BYTES = 50 * 1024 * 1024;

/**
 * The structure grid over a text document (`.sdf`, `.sd`, `.mol`, `.smi`): the document stays the truth, so undo,
 * save, diff and remote work as for text; text edits re-index it, grid edits are WorkspaceEdits.
 */
export class StructureGridEditorProvider implements vscode.CustomTextEditorProvider {
  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly host: GridSessionHost,
  ) {}

  async resolveCustomTextEditor(document: vscode.TextDocument, panel: vscode.WebviewPanel): Promise<void> {
    const webview = panel.webview;
    webview.options = webviewOptions(this.extensionUri);
    const name = path.basename(document.fileName);
    const records = new TextRecords(document);
    const model = new GridModel(records.index, records.read, name, true);
    const session = new GridSession(webview, model, this.host, document.uri.toString(), async (edit) => {
      if (!(await vscode.workspace.applyEdit(records.edit(edit)))) throw new Error(vscode.l10n.t('VS Code did not apply the edit'));
    });
    webview.html = gridHtml(webview, this.extensionUri, name);

    let timer: ReturnType<typeof setTimeout> | undefined;
    const changes = vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document !== document || e.contentChanges.length === 0) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        model.replace(records.reindex(), false);
        session.changed();
      }, 100);
    });
    panel.onDidDispose(() => {
      clearTimeout(timer);
      changes.dispose();
      session.dispose();
    });
    if (Buffer.byteLength(document.getText()) > LARGE_FILE_BYTES && document.uri.scheme === 'file') void offerStreaming(document.uri);
  }
}

async function offerStreaming(uri: vscode.Uri): Promise<void> {
  const open = vscode.l10n.t('Open Read-only Grid');
  const answer = await vscode.window.showInformationMessage(
    vscode.l10n.t('{0} is large; the read-only grid reads it without loading it whole.', path.basename(uri.fsPath)),
    open,
  );
  if (answer === open) await vscode.commands.executeCommand('vscode.openWith', uri, STREAMING_GRID_VIEW_TYPE);
}
