import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { EXTENSION_ID, api } from './helpers';

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));

function* tsFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* tsFiles(full);
    else if (entry.name.endsWith('.ts')) yield full;
  }
}

/** The first argument of every `l10n.t('...')` in the sources under `srcDir`, unescaped as TypeScript reads it. */
function messagesPassedToL10n(srcDir: string): Set<string> {
  const found = new Set<string>();
  for (const file of tsFiles(srcDir)) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bl10n\.t\(\s*'((?:[^'\\]|\\.)*)'/g)) {
      found.add(m[1].replace(/\\(.)/g, (_all, c: string) => ({ n: '\n', t: '\t' })[c] ?? c));
    }
  }
  return found;
}

suite('Localisation', () => {
  let root: string;
  suiteSetup(async () => {
    await api();
    root = vscode.extensions.getExtension(EXTENSION_ID)!.extensionUri.fsPath;
  });

  test('every %key% of package.json has an entry in package.nls.json, and every entry is used', () => {
    const raw = fs.readFileSync(path.join(root, 'package.json'), 'utf8');
    const nls = readJson(path.join(root, 'package.nls.json')) as Record<string, string>;
    const keys = new Set([...raw.matchAll(/"%([^%"]+)%"/g)].map((m) => m[1]));
    assert.ok(keys.size > 60, `only ${keys.size} manifest strings are localisable`);
    for (const key of keys) assert.strictEqual(typeof nls[key], 'string', `%${key}% has no entry in package.nls.json`);
    for (const key of Object.keys(nls)) assert.ok(keys.has(key), `package.nls.json entry ${key} is not used`);
  });

  test('VS Code shows the English manifest strings, not the %key% references', () => {
    const manifest = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
      displayName: string;
      contributes: { commands: Array<{ command: string; title: string }>; configuration: { title: string } };
    };
    assert.strictEqual(manifest.displayName, 'Compound DB');
    assert.strictEqual(manifest.contributes.configuration.title, 'Compound DB');
    const search = manifest.contributes.commands.find((c) => c.command === 'compoundDb.searchByName');
    assert.strictEqual(search?.title, 'Search by Name');
    for (const c of manifest.contributes.commands) assert.ok(!/^%.*%$/.test(c.title), `${c.command} title ${c.title} is unresolved`);
  });

  test('the l10n bundle holds every message passed to l10n.t in the extension', () => {
    const manifest = readJson(path.join(root, 'package.json')) as { l10n?: string };
    assert.strictEqual(manifest.l10n, './l10n');
    const bundle = readJson(path.join(root, 'l10n', 'bundle.l10n.json')) as Record<string, string>;
    // The client's messages too: the extension passes VS Code's translator to them (the search kinds' table, user messages).
    const messages = new Set(['extension', 'client'].flatMap((dir) => [...messagesPassedToL10n(path.join(root, 'src', dir))]));
    assert.ok(messages.size > 100, `only ${messages.size} messages go through l10n.t`);
    const missing = [...messages].filter((m) => typeof bundle[m] !== 'string');
    assert.deepStrictEqual(missing, [], 'run `npx @vscode/l10n-dev export --outDir ./l10n ./src` to refresh the bundle');
    assert.strictEqual(vscode.l10n.t('Search by Name'), 'Search by Name');
  });
});
