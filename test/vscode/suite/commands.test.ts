import * as assert from 'assert';
import * as vscode from 'vscode';
import { EXTENSION_ID, api } from './helpers';

interface MenuItem {
  command: string;
  when?: string;
  group?: string;
}

interface Manifest {
  contributes: {
    commands: Array<{ command: string; title: string; category?: string; icon?: string }>;
    menus: Record<string, MenuItem[]> & { commandPalette: MenuItem[] };
  };
  activationEvents: string[];
  engines: { vscode: string };
  devDependencies: Record<string, string>;
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

  test('buttons in view title bars and inline on tree items have codicons and when clauses', () => {
    const icons = new Map(manifest.contributes.commands.map((c) => [c.command, c.icon]));
    const buttons = [...manifest.contributes.menus['view/title'], ...manifest.contributes.menus['view/item/context']].filter(
      (m) => m.group?.startsWith('navigation') || m.group?.startsWith('inline'),
    );
    assert.ok(buttons.length >= 5);
    for (const b of buttons) {
      assert.match(icons.get(b.command) ?? '', /^\$\([a-z-]+\)$/, `${b.command} has a codicon`);
      assert.match(b.when ?? '', /view == compoundDb\.searches/, `${b.command} says where it shows`);
    }
  });

  test('@types/vscode is pinned to the engines.vscode minimum', () => {
    assert.strictEqual(manifest.devDependencies['@types/vscode'], manifest.engines.vscode.replace(/^\^/, ''));
  });

  test('activation is lazy and reports its time', async () => {
    assert.ok(!manifest.activationEvents.includes('*'));
    assert.ok(manifest.activationEvents.includes('onWebviewPanel:compoundDb.details'), 'the details panel is restored after a reload');
    const a = await api();
    assert.ok(a.activationMs > 0);
    console.log(`    activation time: ${a.activationMs.toFixed(1)} ms (bundle load to end of activate)`);
  });
});
