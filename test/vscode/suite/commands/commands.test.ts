import * as assert from 'assert';
import * as vscode from 'vscode';
import { EXTENSION_ID, api, workspaceFile } from '../helpers';

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
    const treeOnly = manifest.contributes.commands
      .map((c) => c.command)
      .filter((c) => c.startsWith('compoundDb.searches.') && c !== 'compoundDb.searches.clearAll');
    assert.ok(treeOnly.length >= 10);
    for (const c of treeOnly) assert.ok(hidden.has(c), `${c} shows in the palette`);
  });

  test('the palette: everyday commands first, then lookups and setup; the older interface behind one picker or a token', () => {
    const categories = new Set(['Compound DB', 'Compound DB/Lookup', 'Compound DB/Setup', 'Compound DB/Older Interface']);
    const palette = manifest.contributes.menus.commandPalette;
    const hidden = new Set(palette.filter((m) => m.when === 'false').map((m) => m.command));
    for (const c of manifest.contributes.commands) {
      assert.ok(categories.has(c.category ?? ''), `${c.command} has category ${c.category}`);
      const group = (c.category ?? '').split('/').pop() ?? '';
      assert.ok(!c.title.startsWith(`${group}:`), `${c.command}: the palette would read "${group}: ${c.title}", the group twice`);
      const older = c.command.startsWith('compoundDb.legacy.');
      assert.strictEqual(
        c.category === 'Compound DB/Older Interface',
        older,
        `${c.command}: the older interface's commands, and only they, are in its category`,
      );
      if (older)
        assert.strictEqual(
          palette.find((m) => m.command === c.command)?.when,
          'compoundDb.tokenSet',
          `${c.command} shows in the palette only with a token`,
        );
    }
    // The palette sorts by "Category: Title" (after recently used ones), as localeCompare does.
    const shown = manifest.contributes.commands
      .filter((c) => !hidden.has(c.command) && !c.command.startsWith('compoundDb.legacy.'))
      .map((c) => ({ label: `${c.category}: ${c.title}`, everyday: c.category === 'Compound DB' }))
      .sort((a, b) => a.label.localeCompare(b.label));
    const firstOther = shown.findIndex((c) => !c.everyday);
    assert.ok(firstOther >= 10, `at least ten everyday commands first: ${shown.map((c) => c.label).join(' | ')}`);
    assert.ok(
      shown.slice(firstOther).every((c) => !c.everyday),
      'every everyday command before the others',
    );
    assert.ok(
      shown.some((c) => c.label === 'Compound DB/Lookup: Older Interface…'),
      'the older interface has its picker',
    );
  });

  test('keybindings for search and for looking up the word at the cursor', async () => {
    const keys = (manifest.contributes as unknown as { keybindings: Array<{ command: string; key: string; when?: string }> }).keybindings;
    assert.ok(
      keys.some((k) => k.command === 'compoundDb.search' && k.key),
      'search has a key',
    );
    assert.ok(
      keys.some((k) => k.command === 'compoundDb.lookUpAtCursor' && k.when === 'editorTextFocus'),
      'look up at cursor has a key in editors',
    );
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

  test('looking up the word at the cursor searches it; a selection wins', async () => {
    const doc = await vscode.workspace.openTextDocument({
      content: 'Our sample holds (caffeine), and LFQSCWFLJHTTHZ-UHFFFAOYSA-N.\n',
      language: 'plaintext',
    });
    const editor = await vscode.window.showTextDocument(doc);
    try {
      editor.selection = new vscode.Selection(0, 20, 0, 20);
      const word = await vscode.commands.executeCommand<{ spec: { query: string }; ids: number[] }>('compoundDb.lookUpAtCursor');
      assert.strictEqual(word?.spec.query, 'caffeine');
      assert.ok(word.ids.length > 0);
      editor.selection = new vscode.Selection(0, 40, 0, 40);
      const key = await vscode.commands.executeCommand<{ spec: { query: string } }>('compoundDb.lookUpAtCursor');
      assert.strictEqual(key?.spec.query, 'LFQSCWFLJHTTHZ-UHFFFAOYSA-N');
      editor.selection = new vscode.Selection(0, 4, 0, 10);
      const selected = await vscode.commands.executeCommand<{ spec: { query: string } }>('compoundDb.lookUpAtCursor');
      assert.strictEqual(selected?.spec.query, 'sample');
    } finally {
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  test('a walkthrough: search, hover, details, insert MOL, structure search and drawing, the grid, resolve, spectrum identification, a remote server', async () => {
    const contributes = manifest.contributes as unknown as {
      walkthroughs: Array<{ steps: Array<{ id: string; description: string; completionEvents: string[]; media: { markdown?: string } }> }>;
    };
    const [walkthrough] = contributes.walkthroughs;
    assert.deepStrictEqual(
      walkthrough.steps.map((st) => st.id),
      ['search', 'hover', 'details', 'insertMol', 'structureSearch', 'grid', 'resolve', 'identifySpectrum', 'remoteServer'],
    );
    const root = vscode.extensions.getExtension(EXTENSION_ID)!.extensionUri;
    const commands = new Set(await vscode.commands.getCommands(true));
    for (const step of walkthrough.steps) {
      assert.ok(step.completionEvents.length > 0, `${step.id} can be completed`);
      await vscode.workspace.fs.stat(vscode.Uri.joinPath(root, step.media.markdown ?? 'missing'));
      for (const link of step.description.matchAll(/\(command:([\w.]+)/g)) assert.ok(commands.has(link[1]), `${step.id} links to ${link[1]}`);
    }
    const example = await vscode.commands.executeCommand<vscode.TextDocument>('compoundDb.openExample');
    assert.match(example?.getText() ?? '', /RYYVLZVUVIJVGH-UHFFFAOYSA-N/);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('.mol and .sdf files get their language and a grammar', async () => {
    const langs = await vscode.languages.getLanguages();
    assert.ok(langs.includes('mol') && langs.includes('sdf'));
    const mol = await vscode.workspace.openTextDocument(workspaceFile('insert-here.mol'));
    assert.strictEqual(mol.languageId, 'mol');
    const contributes = manifest.contributes as unknown as { grammars: Array<{ language: string; path: string; scopeName: string }> };
    const root = vscode.extensions.getExtension(EXTENSION_ID)!.extensionUri;
    for (const g of contributes.grammars) {
      const grammar = JSON.parse(Buffer.from(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(root, g.path))).toString('utf8')) as {
        scopeName: string;
      };
      assert.strictEqual(grammar.scopeName, g.scopeName);
    }
    assert.deepStrictEqual(contributes.grammars.map((g) => g.language).sort(), ['mol', 'sdf']);
  });

  test('@types/vscode is pinned to the engines.vscode minimum', () => {
    assert.strictEqual(manifest.devDependencies['@types/vscode'], manifest.engines.vscode.replace(/^\^/, ''));
  });
});
