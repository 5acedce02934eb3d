import * as assert from 'assert';
import * as vscode from 'vscode';
import { EXTENSION_ID, api } from './helpers';

interface Manifest {
  contributes: {
    commands: Array<{ command: string; title: string; category?: string }>;
    menus: { commandPalette: Array<{ command: string; when?: string }> };
  };
  activationEvents: string[];
}

/** Commands VS Code itself adds for a contributed view. */
const VIEW_COMMAND_SUFFIXES = ['.focus', '.resetViewLocation', '.toggleVisibility', '.removeView', '.open'];

suite('Commands and manifest', () => {
  let manifest: Manifest;
  suiteSetup(async () => {
    await api();
    manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as Manifest;
  });

  test('every contributed command is registered, and every registered one is contributed', async () => {
    const contributed = manifest.contributes.commands.map((c) => c.command).sort();
    const registered = (await vscode.commands.getCommands(true))
      .filter((c) => c.startsWith('compoundDb.'))
      .filter((c) => !(c.startsWith('compoundDb.searches.') && VIEW_COMMAND_SUFFIXES.some((s) => c === `compoundDb.searches${s}`)))
      .sort();
    assert.deepStrictEqual(registered, contributed);
  });

  test('commands meant for tree items are hidden from the command palette', () => {
    const hidden = new Set(manifest.contributes.menus.commandPalette.filter((m) => m.when === 'false').map((m) => m.command));
    const treeOnly = manifest.contributes.commands.map((c) => c.command).filter((c) => c.startsWith('compoundDb.searches.') && c !== 'compoundDb.searches.clearAll');
    assert.ok(treeOnly.length >= 10);
    for (const c of treeOnly) assert.ok(hidden.has(c), `${c} shows in the palette`);
    for (const c of manifest.contributes.commands) assert.strictEqual(c.category, 'Compound DB', `${c.command} has no category`);
  });

  test('activation is lazy and reports its time', async () => {
    assert.ok(!manifest.activationEvents.includes('*'));
    const a = await api();
    assert.ok(a.activationMs > 0);
    console.log(`    activation time: ${a.activationMs.toFixed(1)} ms (bundle load to end of activate)`);
  });
});
