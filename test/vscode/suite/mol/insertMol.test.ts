import * as assert from 'assert';
import * as vscode from 'vscode';
import { withTitle, type RecordDetails } from '../../../../src/wire';
import { CAFFEINE_KEY, closeAllEditors, recordIdByName, run, workspaceFile } from '../helpers';

suite('Insert MOL block', () => {
  let id: number;
  let record: RecordDetails;
  suiteSetup(async () => {
    id = await recordIdByName('caffeine');
    [record] = await run<RecordDetails[]>('compoundDb.getDetailsBatch', { recordIds: [id] });
  });
  teardown(async () => {
    await vscode.commands.executeCommand('workbench.action.files.saveAll');
    await closeAllEditors();
  });

  let n = 0;
  /** A fresh file of the workspace, open in the active editor. */
  async function editorWith(content: string): Promise<vscode.TextEditor> {
    const uri = workspaceFile(`insert-test-${++n}.txt`);
    await vscode.workspace.fs.writeFile(uri, Buffer.from(content));
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    assert.strictEqual(vscode.window.activeTextEditor?.document.uri.toString(), uri.toString());
    return editor;
  }

  test('2D at the cursor, byte for byte but for the name on the title line, as one undoable edit', async () => {
    const editor = await editorWith('');
    const inserted = await run<{ text: string }>('compoundDb.insertMol', { recordId: id, kind: '2d' });
    const titled = withTitle(record.mol2D!, 'Caffeine');
    assert.strictEqual(inserted.text, titled);
    assert.strictEqual(editor.document.getText(), titled);
    assert.strictEqual(editor.document.lineAt(0).text, 'Caffeine', 'the title line is the record name');
    assert.match(editor.document.getText(), /\n\s*M {2}END/);
    await vscode.commands.executeCommand('undo');
    assert.strictEqual(editor.document.getText(), '');
  });

  test('3D in the middle of a document, header lines and $$$$ untouched', async () => {
    const editor = await editorWith('before\nafter');
    editor.selection = new vscode.Selection(1, 0, 1, 0);
    await run('compoundDb.searches.insertMol3d', { recordId: id });
    assert.strictEqual(editor.document.getText(), `before\n${withTitle(record.mol3D!, 'Caffeine')}after`);
    assert.strictEqual(editor.document.lineAt(1).text, 'Caffeine', 'the 3D block is titled with the name too');
  });

  test('the original MOL of the older interface, then a second block after it', async () => {
    const editor = await editorWith('');
    const original = await run<string>('compoundDb.legacy.getOriginalMol', { recordId: id });
    await run('compoundDb.insertMol', { recordId: id, kind: 'original' });
    assert.strictEqual(editor.document.getText(), original);
    await run('compoundDb.searches.insertMol2d', { recordId: id });
    assert.strictEqual(editor.document.getText(), original + withTitle(record.mol2D!, 'Caffeine'));
  });

  test('from the details panel: into the editor beside it, though the panel has the focus', async () => {
    const editor = await editorWith('x');
    editor.selection = new vscode.Selection(0, 1, 0, 1);
    await run('compoundDb.showDetails', { recordId: id });
    await vscode.commands.executeCommand('workbench.action.focusNextGroup');
    assert.strictEqual(vscode.window.activeTextEditor, undefined, 'the webview is the active editor');
    await run('compoundDb.insertMol', { recordId: id, kind: '2d' });
    assert.strictEqual(editor.document.getText(), `x${withTitle(record.mol2D!, 'Caffeine')}`);
  });

  test('a failed request leaves the document untouched', async () => {
    const editor = await editorWith('unchanged');
    await assert.rejects(run('compoundDb.insertMol', { recordId: 999999999, kind: '2d' }));
    assert.strictEqual(editor.document.getText(), 'unchanged');
    assert.ok(!editor.document.isDirty);
  });

  test('into a notebook cell', async () => {
    const notebook = await vscode.workspace.openNotebookDocument(workspaceFile('compounds.ipynb'));
    await vscode.window.showNotebookDocument(notebook);
    const cell = notebook.getCells().find((c) => c.document.getText().includes(CAFFEINE_KEY));
    assert.ok(cell);
    const before = cell.document.getText();
    const editor = await vscode.window.showTextDocument(cell.document);
    const end = cell.document.lineAt(cell.document.lineCount - 1).range.end;
    editor.selection = new vscode.Selection(end, end);
    await run('compoundDb.insertMol', { recordId: id, kind: '2d' });
    assert.strictEqual(cell.document.getText(), before + withTitle(record.mol2D!, 'Caffeine'));
    await vscode.commands.executeCommand('undo');
    assert.strictEqual(cell.document.getText(), before);
    await notebook.save();
  });
});
