import * as path from 'path';
import * as vscode from 'vscode';
import { GridModel } from '../../grid/gridModel';
import { webviewOptions } from '../common/webviewHtml';
import { gridHtml } from './gridHtml';
import { GridSession, type GridSessionHost } from './gridSession';
import { StreamingRecords } from './streamingRecords';

/** A file opened in the read-only grid: its streamed index, shared by every editor showing it. */
class StreamingGridDocument implements vscode.CustomDocument {
  readonly model: GridModel;
  private readonly records: StreamingRecords;
  private readonly listeners = new Set<() => void>();

  constructor(readonly uri: vscode.Uri) {
    this.records = new StreamingRecords(uri.fsPath, () => this.listeners.forEach((l) => l()));
    this.model = new GridModel(this.records.index, this.records.read, path.basename(uri.fsPath), false);
    this.records.done.catch((e: Error) => void vscode.window.showErrorMessage(vscode.l10n.t('Could not read {0}: {1}', uri.fsPath, e.message)));
  }

  onProgress(listener: () => void): vscode.Disposable {
    this.listeners.add(listener);
    return new vscode.Disposable(() => this.listeners.delete(listener));
  }

  dispose(): void {
    this.records.dispose();
  }
}

/** The read-only grid for files too large for a text document ("Open as Grid"): streams, never holds the file. */
export class StreamingGridEditorProvider implements vscode.CustomReadonlyEditorProvider<StreamingGridDocument> {
  constructor(
    private readonly extensionUri: vscode.Uri,
    private readonly host: GridSessionHost,
  ) {}

  openCustomDocument(uri: vscode.Uri): StreamingGridDocument {
    if (uri.scheme !== 'file')
      throw new Error(vscode.l10n.t('The read-only grid reads files on disk; open {0} with the Structure Grid instead.', uri.toString()));
    return new StreamingGridDocument(uri);
  }

  resolveCustomEditor(document: StreamingGridDocument, panel: vscode.WebviewPanel): void {
    const webview = panel.webview;
    webview.options = webviewOptions(this.extensionUri);
    const session = new GridSession(webview, document.model, this.host, `${document.uri.toString()}#stream`);
    const progress = document.onProgress(() => session.changed());
    webview.html = gridHtml(webview, this.extensionUri, path.basename(document.uri.fsPath));
    panel.onDidDispose(() => {
      progress.dispose();
      session.dispose();
    });
  }
}
