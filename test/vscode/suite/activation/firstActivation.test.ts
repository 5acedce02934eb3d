import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vscode from 'vscode';
import type { CompoundDbApi } from '../../../../src/extension/api';
import { CAFFEINE_KEY, EXTENSION_ID, waitFor, workspaceFile } from '../helpers';

/** A row of the extension activation table on VS Code's Startup Performance page. */
interface ActivationRow {
  id: string;
  loadCode: number;
  callActivate: number;
  finishActivate: number;
  event: string;
}

/** VS Code's own activation figures for every activated extension, as its Startup Performance page lists them. */
async function activationTable(): Promise<ActivationRow[]> {
  await vscode.commands.executeCommand('perfview.show');
  const cells = await waitFor(() => {
    const rows = vscode.workspace.textDocuments
      .find((d) => d.uri.scheme === 'perf')
      ?.getText()
      .split('\n')
      .map((line) => line.split('|').map((cell) => cell.trim()));
    return rows?.some((r) => r[1] === EXTENSION_ID) ? rows : undefined;
  }, 'the extension activation table of the Startup Performance page');
  await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  // | Extension | Eager | Load Code | Call Activate | Finish Activate | Event | By |
  return cells
    .filter((r) => r.length >= 8 && /^\d+$/.test(r[3]))
    .map((r) => ({ id: r[1], loadCode: Number(r[3]), callActivate: Number(r[4]), finishActivate: Number(r[5]), event: r[6] }));
}

/** The bundle files activation reads: dist/extension.js and the parts it requires at its top level. */
function eagerFiles(extensionPath: string): string[] {
  const entry = path.join(extensionPath, 'dist', 'extension.js');
  const parts = [...fs.readFileSync(entry, 'utf8').matchAll(/require\("\.\/(extension-parts\/[^"]+)"\)/g)].map((m) => m[1]);
  return [entry, ...parts.map((p) => path.join(extensionPath, 'dist', p))];
}

/** The machine's 1-minute load average beside the figure: wall time on a shared machine means little without it. */
const loadAverage = () => os.loadavg()[0].toFixed(1);

// The suite's first file (suite/activation sorts first): the run is a first start with fresh user-data and extensions
// folders, and nothing but VS Code has activated the extension yet.
suite('First activation', () => {
  test('activation: alone on a workspace of chemistry files, VS Code figure printed; the first file opened hovers at once', async () => {
    const ext = vscode.extensions.getExtension<CompoundDbApi>(EXTENSION_ID)!;
    const events = (ext.packageJSON as { activationEvents: string[] }).activationEvents;
    assert.ok(!events.includes('*'));
    assert.ok(events.includes('onStartupFinished'), 'hovers and inlay hints work in any workspace from the start');
    assert.ok(events.includes('onWebviewPanel:compoundDb.details'), 'the details panel is restored after a reload');

    // What a user does first: open a file (the sample workspace holds .sdf, .mol, .smi and .mgf files) and hover.
    const file = workspaceFile('compounds.py');
    const doc = await vscode.window.showTextDocument(file);
    const a = await waitFor(() => (ext.isActive ? ext.exports : undefined), 'the extension to activate');
    assert.strictEqual(a.partsMade(), false, 'activation leaves the Searches view and hovers to their first use');
    const line = doc.document
      .getText()
      .split('\n')
      .findIndex((l) => l.includes(CAFFEINE_KEY));
    const position = new vscode.Position(line, doc.document.lineAt(line).text.indexOf(CAFFEINE_KEY) + 5);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', file, position);
    const hoverText = hovers.flatMap((h) => h.contents).map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''));
    assert.match(hoverText.join('\n'), /Caffeine/, 'the hover works in the first file opened');
    assert.ok(a.partsMade(), 'the first hover made them');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');

    // VS Code starts the load-code clock of every extension of one activation event before it loads any of them,
    // built-ins first: its figure is ours only when no other extension shares our activation.
    const table = await activationTable();
    const ours = table.find((r) => r.id === EXTENSION_ID)!;
    assert.match(ours.event, /^workspaceContains:/, 'activated while the window starts, by the workspace holding chemistry files');
    const sharing = table.filter((r) => r.id !== EXTENSION_ID && r.event === ours.event).map((r) => r.id);
    assert.deepStrictEqual(sharing, [], 'no other extension is activated by the same event');
    console.log(
      `    activation time: ${a.activationMs.toFixed(1)} ms (evaluating the bundle + activate()), CPU ${a.activationCpuMs.toFixed(1)} ms, load ${loadAverage()}`,
    );
    const eager = eagerFiles(ext.extensionPath);
    const kb = eager.reduce((n, f) => n + fs.statSync(f).size, 0) / 1024;
    assert.strictEqual(eager.length, 2, 'activation reads dist/extension.js and one part (its code and esbuild helpers)');
    console.log(`    bundle activation reads: ${eager.length} files, ${kb.toFixed(1)} KB`);
    const figure = ours.loadCode + ours.callActivate;
    console.log(
      `    activation time by VS Code: ${figure} ms (load code ${ours.loadCode} ms + call activate ${ours.callActivate} ms; ` +
        `finish activate ${ours.finishActivate} ms; event ${ours.event}), target <= 15 ms: ${figure <= 15 ? 'met' : 'NOT met'}, load ${loadAverage()}`,
    );
  });
});
