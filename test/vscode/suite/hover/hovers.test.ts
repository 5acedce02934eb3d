import * as assert from 'assert';
import * as vscode from 'vscode';
import { startFakeServer } from '../fakeServer';
import { CAFFEINE_KEY, api, closeAllEditors, run, setSetting, workspaceFile } from '../helpers';

function hoverText(hovers: vscode.Hover[]): string {
  return hovers
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))
    .join('\n')
    .replace(/&nbsp;/g, ' ')
    .replace(/\\([()[\]\\.*_`#+!-])/g, '$1');
}

async function hoverAt(uri: vscode.Uri, position: vscode.Position): Promise<string> {
  const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, position);
  return hoverText(hovers ?? []);
}

function ourHover(hovers: vscode.Hover[]): vscode.MarkdownString | undefined {
  return hovers
    .flatMap((h) => h.contents)
    .find((c): c is vscode.MarkdownString => typeof c !== 'string' && 'isTrusted' in c && c.value.includes('compoundDb.showDetails'));
}

suite('Hovers', () => {
  const file = workspaceFile('hover-test.txt');
  const lines = [`caffeine key: ${CAFFEINE_KEY}`, 'ethanol smiles: CCO and the word COCOA', 'benzene: c1ccccc1.'];

  suiteSetup(async () => {
    await api();
    await vscode.workspace.fs.writeFile(file, Buffer.from(lines.join('\n') + '\n'));
  });
  suiteTeardown(async () => {
    await setSetting('serverUrl', undefined);
    await closeAllEditors();
  });

  test('an InChIKey in a file shows the compound with image and allow-listed command links', async () => {
    const a = await api();
    const pos = new vscode.Position(0, lines[0].indexOf(CAFFEINE_KEY) + 5);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', file, pos);
    const md = ourHover(hovers);
    assert.ok(md, `no compound hover in ${hoverText(hovers)}`);
    assert.match(md.value, /Caffeine/);
    assert.match(md.value, /C₈H₁₀N₄O₂/);
    assert.match(md.value, /!\[structure\]\(data:image\/png;base64,[A-Za-z0-9+/=]+\|width=160\)/);
    assert.match(md.value, /command:compoundDb\.insertMol\?/);
    assert.deepStrictEqual(md.isTrusted, {
      enabledCommands: [
        'compoundDb.showDetails',
        'compoundDb.insertMol',
        'compoundDb.findSimilar',
        'compoundDb.searchBySubstructure',
        'compoundDb.drawStructure',
      ],
    });
    for (const command of ['findSimilar', 'searchBySubstructure', 'drawStructure'])
      assert.match(md.value, new RegExp(`command:compoundDb\\.${command}\\?`));
    assert.ok(!md.supportHtml);

    const lookups = a.hoverBackendLookups();
    assert.match(await hoverAt(file, pos), /Caffeine/);
    assert.strictEqual(a.hoverBackendLookups(), lookups, 'the second hover comes from the cache');
  });

  test('a SMILES in a file is recognised; ordinary words are not', async () => {
    assert.match(await hoverAt(file, new vscode.Position(1, lines[1].indexOf('CCO') + 1)), /Ethanol/);
    assert.match(await hoverAt(file, new vscode.Position(2, lines[2].indexOf('c1ccccc1') + 2)), /Benzene/);
    assert.doesNotMatch(await hoverAt(file, new vscode.Position(1, lines[1].indexOf('word') + 1)), /compoundDb|Compound DB/);
    assert.doesNotMatch(await hoverAt(file, new vscode.Position(1, lines[1].indexOf('COCOA') + 1)), /compoundDb|Compound DB/);
  });

  test('each kind of hover can be turned off on its own', async () => {
    const keyPos = new vscode.Position(0, lines[0].indexOf(CAFFEINE_KEY) + 5);
    const smilesPos = new vscode.Position(1, lines[1].indexOf('CCO') + 1);
    try {
      await setSetting('hover.smiles.enabled', false);
      assert.doesNotMatch(await hoverAt(file, smilesPos), /Ethanol|compoundDb/);
      assert.match(await hoverAt(file, keyPos), /Caffeine/);
      await setSetting('hover.inchikey.enabled', false);
      assert.doesNotMatch(await hoverAt(file, keyPos), /Caffeine|compoundDb/);
    } finally {
      await setSetting('hover.smiles.enabled', undefined);
      await setSetting('hover.inchikey.enabled', undefined);
    }
    assert.match(await hoverAt(file, smilesPos), /Ethanol/);
  });

  test('duplicate lookups in flight are merged', async () => {
    const a = await api();
    const merged = workspaceFile('hover-merge.txt');
    await vscode.workspace.fs.writeFile(merged, Buffer.from('OCCN and OCCN again\n'));
    const doc = await vscode.workspace.openTextDocument(merged);
    const before = a.hoverBackendLookups();
    const [one, two] = await Promise.all([hoverAt(doc.uri, new vscode.Position(0, 1)), hoverAt(doc.uri, new vscode.Position(0, 10))]);
    assert.strictEqual(one, two);
    assert.strictEqual(a.hoverBackendLookups(), before + 1);
  });

  test('InChIKey and SMILES in notebook cells', async () => {
    const notebook = await vscode.workspace.openNotebookDocument(workspaceFile('compounds.ipynb'));
    const cell = notebook.getCells().find((c) => c.document.getText().includes(CAFFEINE_KEY));
    assert.ok(cell, 'the sample notebook has a cell with the caffeine InChIKey');
    const doc = cell.document;
    assert.strictEqual(doc.uri.scheme, 'vscode-notebook-cell');
    const keyAt = doc.positionAt(doc.getText().indexOf(CAFFEINE_KEY) + 3);
    assert.match(await hoverAt(doc.uri, keyAt), /Caffeine/);
    const smiles = 'CN1C=NC2=C1C(=O)N(C(=O)N2C)C';
    const smilesAt = doc.positionAt(doc.getText().indexOf(smiles) + 4);
    assert.match(await hoverAt(doc.uri, smilesAt), /Caffeine/);
  });

  test('with a remote server, a SMILES hover sends nothing unless allowed; a failed lookup is one short line', async () => {
    const a = await api();
    const key = 'hover-test-key-0001';
    const remote = await startFakeServer(() => ({ status: 500, json: { title: 'Internal Server Error', detail: `broken for ${key}` } }));
    await setSetting('serverUrl', remote.url);
    await run('compoundDb.setApiKey', { value: key });
    try {
      const lookups = a.hoverBackendLookups();
      const smiles = await hoverAt(file, new vscode.Position(1, lines[1].indexOf('CCO') + 1));
      assert.match(smiles, /not sent to the remote server \(setting compoundDb\.hover\.smiles\.sendToRemoteServer\)/);
      assert.strictEqual(remote.requests.length, 0, 'nothing of the SMILES reached the server');
      assert.strictEqual(a.hoverBackendLookups(), lookups, 'no lookup was even started');

      const keyHover = await hoverAt(file, new vscode.Position(0, lines[0].indexOf(CAFFEINE_KEY) + 2));
      assert.match(keyHover, /Compound DB: lookup failed/);
      assert.strictEqual(keyHover.split('\n').filter((l) => l.trim()).length, 1, 'one short line');
      assert.ok(!keyHover.includes(key), 'the key echoed by the server is not shown');
      assert.ok(remote.requests.length > 0, 'InChIKey hovers may go to the remote server');
      for (const r of remote.requests) {
        assert.strictEqual(r.headers.apikey, key, 'the key travels in its header');
        assert.ok(!r.url.includes(key) && !r.body.includes('CCO'), `nothing secret or private in ${r.method} ${r.url}`);
      }

      await setSetting('hover.smiles.sendToRemoteServer', true);
      const before = remote.requests.length;
      assert.match(await hoverAt(file, new vscode.Position(1, lines[1].indexOf('CCO') + 1)), /Compound DB: lookup failed/);
      assert.ok(
        remote.requests.some((r, i) => i >= before && r.body.includes('CCO')),
        'once allowed, the SMILES is sent',
      );
    } finally {
      await setSetting('hover.smiles.sendToRemoteServer', undefined);
      await setSetting('serverUrl', undefined);
      await run('compoundDb.clearApiKey', {});
      await remote.close();
    }
  });

  test("inlay hints name each InChIKey and SMILES of a .csv file, from the hovers' cache, without waiting on the server", async () => {
    // A key and a SMILES no other test looks up (the hovers' cache is the extension's): names come only after lookups.
    const key = 'FFGPTBGBLSHEPO-UHFFFAOYSA-N';
    const a = await api();
    // Listening before VS Code first asks (it does as the file shows): its request starts the lookups.
    let changed = a.nextInlayHintsChange();
    const csv = workspaceFile('inlay-test.csv');
    await vscode.workspace.fs.writeFile(csv, Buffer.from(`id,structure\n1,${key}\n2,OC1=CC=CC=C1\n3,not a structure\n`));
    const document = await vscode.workspace.openTextDocument(csv);
    await vscode.window.showTextDocument(document);
    const range = new vscode.Range(0, 0, document.lineCount, 0);
    const hints = () => vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', csv, range);
    const labelOf = (h: vscode.InlayHint) => (typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join(''));
    const started = Date.now();
    const first = await hints();
    console.log(`    an inlay hint request answered in ${Date.now() - started} ms with ${first.length} hints (lookups run behind it)`);
    // VS Code asks again only when told the hints changed: that is what puts the names on screen. Asked after each
    // change only (an earlier test's settings, restored, can tell of one before the lookups answer).
    let named: vscode.InlayHint[] = [];
    for (let changes = 1; named.length < 2; changes++) {
      assert.ok(changes <= 10, 'the names show after at most ten changes');
      await changed;
      changed = a.nextInlayHintsChange();
      named = (await hints()).filter((h) => labelOf(h).startsWith('— '));
    }
    changed.catch(() => undefined);
    const labels = named.map((h) => ({ line: h.position.line, label: labelOf(h) }));
    assert.deepStrictEqual(labels, [
      { line: 1, label: '— Carbamazepine' },
      { line: 2, label: '— Phenol' },
    ]);
    assert.strictEqual(named[0].position.character, `1,${key}`.length, 'after the key');
    await setSetting('inlayHints.enabled', false);
    assert.deepStrictEqual(await hints(), [], 'the setting turns them off');
    await setSetting('inlayHints.enabled', undefined);
  });
});
