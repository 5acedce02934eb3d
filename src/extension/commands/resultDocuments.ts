import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';

export const RESULT_SCHEME = 'compounddb-result';

/**
 * Read-only documents showing command results (JSON, MOL, converted text). Virtual, so they never become
 * dirty untitled files that ask to be saved when closed.
 */
export class ResultDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly contents = new Map<string, string>();
  private seq = 0;
  private readonly _onDidChange = this._register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this._onDidChange.event;

  constructor() {
    super();
    this._register(vscode.workspace.registerTextDocumentContentProvider(RESULT_SCHEME, this));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.path) ?? '';
  }

  /**
   * Opens `text` in an editor (a preview beside the current one, unless `where` says otherwise); `name` is the
   * tab's title and ends with the extension that picks the language (`.json`, `.mol`, `.csv`).
   */
  async show(
    name: string,
    text: string,
    where: vscode.TextDocumentShowOptions = { preview: true, preserveFocus: true, viewColumn: vscode.ViewColumn.Beside },
  ): Promise<vscode.Uri> {
    const safe = name.replace(/[^\w.-]+/g, '-');
    const uri = vscode.Uri.from({ scheme: RESULT_SCHEME, path: `/${++this.seq}/${safe}` });
    this.contents.set(uri.path, text);
    if (this.contents.size > 200) this.contents.delete(this.contents.keys().next().value as string);
    const document = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(document, where);
    return uri;
  }

  showJson(name: string, value: unknown): Promise<vscode.Uri> {
    return this.show(`${name}.json`, `${JSON.stringify(value, null, 2)}\n`);
  }
}
