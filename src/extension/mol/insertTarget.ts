import * as vscode from 'vscode';
import { Disposable } from '../common/lifecycle';

/**
 * The text editor a MOL block goes into: the active one, or, while a webview (the details panel) has the focus
 * and VS Code reports no active text editor, the one that was active last, when it is still visible.
 */
export class InsertTarget extends Disposable {
  private last: vscode.TextEditor | undefined = vscode.window.activeTextEditor;

  constructor() {
    super();
    this._register(vscode.window.onDidChangeActiveTextEditor((editor) => editor && (this.last = editor)));
  }

  editor(): vscode.TextEditor | undefined {
    const active = vscode.window.activeTextEditor;
    if (active) return active;
    const last = this.last;
    if (!last) return undefined;
    return vscode.window.visibleTextEditors.find((e) => e === last) ?? vscode.window.visibleTextEditors.find((e) => e.document === last.document);
  }
}
