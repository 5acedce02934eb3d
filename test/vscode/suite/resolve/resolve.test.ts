import * as assert from 'assert';
import * as vscode from 'vscode';
import type { ResolveOutcome } from '../../../../src/extension/commands/resolveCommand';
import { CAFFEINE_KEY, api, closeAllEditors, run, waitFor, workspaceFile } from '../helpers';

const HEADER = 'input,status,record_id,name,formula,inchikey,smiles,monoisotopic_mass,message,match';

function documentOf(uri: string): vscode.TextDocument {
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri);
  assert.ok(document, `the result document ${uri} is open`);
  return document;
}

/** "Resolve Identifiers…" against the built-in database, on the sample's CSV file and on an editor's selection. */
suite('Resolve Identifiers', () => {
  suiteSetup(() => api());
  suiteTeardown(closeAllEditors);

  test('on a CSV file: a new CSV document, one row per input row in order, the failed rows in Problems', async () => {
    const file = workspaceFile('identifiers.csv');
    const outcome = await run<ResolveOutcome>('compoundDb.resolveIdentifiers', { uri: file.toString(), column: 'identifier' });
    assert.deepStrictEqual(
      {
        rows: outcome.rows,
        found: outcome.found,
        ambiguous: outcome.ambiguous,
        notFound: outcome.notFound,
        errors: outcome.errors,
        format: outcome.format,
      },
      { rows: 7, found: 4, ambiguous: 1, notFound: 1, errors: 1, format: 'csv' },
    );
    const result = documentOf(outcome.uri);
    assert.ok(result.uri.path.endsWith('/identifiers-resolved.csv'), `named after its input: ${result.uri.path}`);
    assert.ok(!result.isUntitled && !result.isDirty, 'closing it asks nothing');
    const tab = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .find((t) => t.input instanceof vscode.TabInputText && t.input.uri.toString() === outcome.uri);
    assert.strictEqual(tab?.label, 'identifiers-resolved.csv');
    const lines = result.getText().trimEnd().split('\n');
    assert.strictEqual(lines[0], HEADER);
    assert.deepStrictEqual(
      lines.slice(1).map((l) => l.replace(/^"[^"]*"/, 'inchi').split(',')[1]),
      ['found', 'found', 'found', 'found', 'ambiguous', 'not_found', 'error'],
    );
    assert.ok(lines[2].startsWith(`${CAFFEINE_KEY},found,`));
    assert.match(lines[2], /,Caffeine,C8H10N4O2,/);
    const problems = await waitFor(() => {
      const d = vscode.languages.getDiagnostics(vscode.Uri.parse(outcome.uri));
      return d.length === 3 ? d : undefined;
    }, 'three problem rows');
    assert.deepStrictEqual(
      problems.map((d) => d.range.start.line),
      [5, 6, 7],
    );
    assert.deepStrictEqual(
      problems.map((d) => d.severity),
      [vscode.DiagnosticSeverity.Information, vscode.DiagnosticSeverity.Warning, vscode.DiagnosticSeverity.Error],
    );
    assert.match(problems[1].message, /not a compound at all: not found/);
  });

  test('on the selection of an editor, as SDF on request', async () => {
    const document = await vscode.workspace.openTextDocument({ content: 'ignored line\ncaffeine\nethanol\n', language: 'plaintext' });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(1, 0, 3, 0);
    const outcome = await run<ResolveOutcome>('compoundDb.resolveIdentifiers', { format: 'sdf' });
    assert.strictEqual(outcome.rows, 2);
    assert.strictEqual(outcome.found, 2);
    const sdf = documentOf(outcome.uri).getText();
    assert.strictEqual(sdf.split('$$$$\n').length - 1, 2);
    assert.match(sdf, /M {2}END\n> <input>\ncaffeine\n/);
    assert.match(sdf, new RegExp(`> <inchikey>\\n${CAFFEINE_KEY}\\n`));
  });

  test('is offered in the Explorer for .txt and .csv files', () => {
    const manifest = vscode.extensions.all.find((e) => e.id === 'compound-db.compound-db')!.packageJSON as {
      contributes: { menus: Record<string, Array<{ command: string; when?: string }>> };
    };
    const item = manifest.contributes.menus['explorer/context'].find((m) => m.command === 'compoundDb.resolveIdentifiers');
    assert.match(item?.when ?? '', /txt\|csv/);
  });
});
