import * as vscode from 'vscode';

export interface Inserted {
  uri: string;
  offset: number;
  length: number;
}

/**
 * Puts `text` at the cursor of `editor` (a notebook cell's editor is one), replacing the selection, as one
 * plain-text edit: never a snippet (`$$$$` would be snippet syntax), never trimmed. With no text editor but a
 * notebook focused, it goes at the end of the selected cell.
 */
export async function insertTextAtCursor(text: string, editor: vscode.TextEditor | undefined): Promise<Inserted> {
  if (editor) {
    const selection = editor.selection;
    const offset = editor.document.offsetAt(selection.start);
    const ok = await editor.edit((builder) => builder.replace(selection, text));
    if (!ok) throw new Error(vscode.l10n.t('The editor did not accept the edit'));
    return { uri: editor.document.uri.toString(), offset, length: text.length };
  }
  const notebook = vscode.window.activeNotebookEditor;
  const cell = notebook ? notebook.notebook.cellAt(notebook.selection.start) : undefined;
  if (cell) {
    const document = cell.document;
    const end = document.lineAt(document.lineCount - 1).range.end;
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, end, text);
    if (!(await vscode.workspace.applyEdit(edit))) throw new Error(vscode.l10n.t('The notebook cell did not accept the edit'));
    return { uri: document.uri.toString(), offset: document.offsetAt(end), length: text.length };
  }
  throw new Error(vscode.l10n.t('Open an editor or a notebook cell to insert into'));
}
