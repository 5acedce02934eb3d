import * as assert from 'assert';
import * as vscode from 'vscode';
import type { SearchState } from '../../../../src/extension/searches/searchState';
import type { DetailsView } from '../../../../src/webview/protocol';
import type { RecordDetails } from '../../../../src/wire';
import { startFakeServer } from '../fakeServer';
import { CAFFEINE_KEY, api, closeAllEditors, recordIdByName, run, setSetting, workspaceFile } from '../helpers';

type TreeRow = {
  node: { type: string; searchId: string; recordId?: number };
  item: { label?: unknown; description?: unknown; contextValue?: string };
};

const labelOf = (row: TreeRow): string =>
  typeof row.item.label === 'string' ? row.item.label : String((row.item.label as { label?: string })?.label ?? '');

suite('Structure search: substructure, similarity, highlight', () => {
  let caffeine: number;
  let smiles: string;

  suiteSetup(async () => {
    caffeine = await recordIdByName('caffeine');
    const [details] = await run<RecordDetails[]>('compoundDb.getDetailsBatch', { recordIds: [caffeine] });
    smiles = details.smiles!;
  });
  suiteTeardown(() => closeAllEditors());

  test('Search by Substructure lands in the tree and the details panel highlights the match', async () => {
    const a = await api();
    const state = await run<SearchState>('compoundDb.searchBySubstructure', { query: 'c1ncn(C)c1', queryFormat: 'SMILES' });
    assert.strictEqual(state.error, undefined, state.error);
    assert.strictEqual(state.status, 'Complete');
    assert.ok(state.ids.includes(caffeine), `found ${state.ids.slice(0, 10).join(',')}`);
    const top = a.treeItems()[0] as TreeRow;
    assert.strictEqual(top.node.searchId, state.id);
    assert.match(labelOf(top), /^Substructure: c1ncn\(C\)c1$/);

    const rows = a.treeItems({ type: 'search', searchId: state.id } as never) as TreeRow[];
    const row = rows.find((r) => r.node.recordId === caffeine);
    assert.ok(row);
    const plain = await run<DetailsView>('compoundDb.showDetails', { recordId: caffeine });
    const lit = await run<DetailsView>('compoundDb.searches.openDetails', row.node);
    assert.strictEqual(lit.highlight, 'c1ncn(C)c1');
    assert.ok(lit.imageDataUri?.startsWith('data:image/png;base64,'));
    assert.notStrictEqual(lit.imageDataUri, plain.imageDataUri, 'the highlighted image differs from the plain one');
    assert.strictEqual(plain.highlight, undefined);
  });

  test('the hover of a record that came from a substructure search highlights the match; without the search it does not', async () => {
    const file = workspaceFile('hover-highlight.txt');
    await vscode.workspace.fs.writeFile(file, Buffer.from(`caffeine: ${smiles}\n`));
    const hover = async (): Promise<string> => {
      const hovers = await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', file, new vscode.Position(0, 12));
      return (hovers ?? [])
        .flatMap((h) => h.contents)
        .map((c) => (typeof c === 'string' ? c : c.value))
        .join('\n')
        .replace(/&nbsp;/g, ' ')
        .replace(/\\([()[\]\\.*_`#+!-])/g, '$1');
    };
    const image = (text: string) => /data:image\/png;base64,([A-Za-z0-9+/=]+)\|/.exec(text)?.[1];
    const state = await run<SearchState>('compoundDb.searchBySubstructure', { query: 'c1ncn(C)c1', queryFormat: 'SMILES' });
    assert.ok(state.ids.includes(caffeine));
    const lit = await hover();
    assert.match(lit, /Caffeine/);
    assert.match(lit, /Highlighted: matches of the substructure search c1ncn\(C\)c1/);
    // Its "Open details" link opens the details with the same highlight.
    const link = /command:compoundDb\.showDetails\?([^)]+)\)/.exec(lit)?.[1];
    assert.ok(link, 'the hover links to the details');
    const [args] = JSON.parse(decodeURIComponent(link)) as [object];
    const details = await run<DetailsView>('compoundDb.showDetails', args);
    assert.strictEqual(details.highlight, 'c1ncn(C)c1');
    for (const s of (await api()).searches()) if (s.spec.kind === 'substructure') await run('compoundDb.searches.remove', { searchId: s.id });
    const plain = await hover();
    assert.match(plain, /Caffeine/);
    assert.doesNotMatch(plain, /Highlighted/);
    assert.ok(image(lit) && image(plain) && image(lit) !== image(plain), 'the highlighted image differs from the plain one');
    await vscode.workspace.fs.delete(file);
  });

  test('SMARTS queries run as SMARTS; a query that does not parse is a failed search naming the rule', async () => {
    const acids = await run<SearchState>('compoundDb.searchBySubstructure', { query: '[CX3](=O)[OX2H1]', queryFormat: 'SMARTS' });
    assert.strictEqual(acids.error, undefined, acids.error);
    assert.ok(acids.ids.length > 0);
    const bad = await run<SearchState>('compoundDb.searchBySubstructure', { query: 'C1CC(', queryFormat: 'SMARTS' });
    assert.strictEqual(bad.status, 'Failed');
    assert.match(bad.error ?? '', /query .* is not valid SMARTS/);
  });

  test('Find Similar Compounds shows the similarity in the label, pages, and keeps scores across Load more', async () => {
    const a = await api();
    const state = await run<SearchState>('compoundDb.findSimilar', { smiles, threshold: 0, maxResults: 120 });
    assert.strictEqual(state.error, undefined, state.error);
    assert.strictEqual(state.ids[0], caffeine);
    assert.strictEqual(state.scores?.[caffeine], 1);
    assert.strictEqual(state.more, true, 'a first page of 50 of 120');
    const rows = a.treeItems({ type: 'search', searchId: state.id } as never) as TreeRow[];
    assert.match(labelOf(rows[0]), /\(1\.0000\)$/);
    assert.ok(
      rows.slice(1, -1).every((r) => /\(0\.\d{4}\)$/.test(labelOf(r))),
      'every result shows its similarity',
    );
    const more = await run<SearchState>('compoundDb.searches.loadMore', rows[rows.length - 1].node);
    assert.ok(more && more.ids.length === 100);
    assert.ok(more.ids.every((id) => typeof more.scores?.[id] === 'number'));
  });

  test('Find Similar and Search Substructure from a tree result use the record as the query', async () => {
    const a = await api();
    const named = await run<SearchState>('compoundDb.searchByName', { name: 'caffeine' });
    const row = (a.treeItems({ type: 'search', searchId: named.id } as never) as TreeRow[])[0];
    const similar = await run<SearchState>('compoundDb.searches.findSimilar', row.node);
    assert.strictEqual(similar.spec.kind, 'similarity');
    assert.strictEqual((similar.spec as { smiles: string }).smiles, smiles);
    assert.strictEqual(similar.ids[0], caffeine);
    const sub = await run<SearchState>('compoundDb.searches.searchSubstructure', row.node);
    assert.strictEqual(sub.spec.kind, 'substructure');
    assert.ok(sub.ids.includes(caffeine));
    assert.strictEqual(a.searches()[0].id, sub.id);
  });

  test('a server without structure search gives one clear error', async () => {
    const server = await startFakeServer(() => ({ status: 404, json: { title: 'Not Found', status: 404 } }));
    try {
      await run('compoundDb.setApiKey', { value: 'structure-test-key-01' });
      await setSetting('serverUrl', server.url);
      for (const [command, args] of [
        ['compoundDb.findSimilar', { smiles: 'CCO' }],
        ['compoundDb.searchBySubstructure', { query: 'CCO' }],
      ] as const) {
        const state = await run<SearchState>(command, args);
        assert.strictEqual(state.status, 'Failed');
        assert.strictEqual(state.error, 'Structure search is not offered by this server.');
      }
      assert.ok(server.requests.some((r) => r.url.endsWith('/filter/similarity')));
    } finally {
      await setSetting('serverUrl', undefined);
      await run('compoundDb.clearApiKey', {});
      await server.close();
    }
  });
});

suite('Structure editor (OpenChemLib)', () => {
  let caffeine: number;
  suiteSetup(async () => {
    caffeine = await recordIdByName('caffeine');
  });
  suiteTeardown(() => closeAllEditors());

  test("Draw Structure opens the editor with a record's structure; its drawing runs a substructure search", async () => {
    const a = await api();
    await run('compoundDb.drawStructure', { recordId: caffeine });
    const drawing = await a.structureEditor().read();
    assert.strictEqual(drawing.atoms, 14, `caffeine has 14 heavy atoms, drawn ${drawing.smiles}`);
    const state = (await a.structureEditor().run('substructure')) as SearchState;
    assert.strictEqual(state.spec.kind, 'substructure');
    assert.strictEqual(state.error, undefined, state.error);
    assert.ok(state.ids.includes(caffeine));
    const similar = (await a.structureEditor().run('similar')) as SearchState;
    assert.strictEqual(similar.ids[0], caffeine);
    assert.strictEqual(similar.scores?.[caffeine], 1);
    const exact = (await a.structureEditor().run('exact')) as SearchState;
    assert.deepStrictEqual(exact.ids, [caffeine]);
  });

  test('inserts the drawing as SMILES or as a MOL block at the cursor', async () => {
    const a = await api();
    await closeAllEditors();
    const doc = await vscode.workspace.openTextDocument({ content: '' });
    await vscode.window.showTextDocument(doc, vscode.ViewColumn.One);
    await run('compoundDb.drawStructure', { smiles: 'c1ccccc1O' });
    const drawing = await a.structureEditor().read();
    assert.strictEqual(drawing.atoms, 7);
    await a.structureEditor().run('insertSmiles');
    assert.strictEqual(doc.getText(), drawing.smiles);
    await a.structureEditor().run('insertMol');
    assert.match(doc.getText(), /V2000[\s\S]*M {2}END/);
  });

  test('the box draws a pasted SMILES at once and a name, InChIKey or record ID once found; then one click searches', async () => {
    const a = await api();
    await run('compoundDb.drawStructure', {});
    const editor = a.structureEditor();
    assert.strictEqual((await editor.type('c1ccccc1O')).atoms, 7, 'a SMILES is drawn as typed');
    const byName = await editor.type('caffeine');
    assert.strictEqual(byName.atoms, 14, `a name draws its record: ${byName.smiles}`);
    assert.strictEqual((await editor.type(CAFFEINE_KEY)).atoms, 14, 'an InChIKey too');
    assert.strictEqual((await editor.type(String(caffeine))).atoms, 14, 'and a record ID');
    const similar = (await editor.run('similar')) as SearchState;
    assert.strictEqual(similar.ids[0], caffeine, 'paste, then Find similar: the results');
  });
});
