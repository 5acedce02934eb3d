import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { SearchState } from '../../../../src/extension/searches/searchState';
import type { RecordDetails } from '../../../../src/wire';
import { CAFFEINE_KEY, api, recordIdByName, run, setSetting } from '../helpers';
import { tempDir } from '../../../support/temp';

type TreeRow = { node: { type: string; searchId: string; recordId?: number; group?: string }; item: vscode.TreeItem };

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

suite('Searches and the Searches tree', () => {
  let caffeine: number;
  let ethanol: number;
  let details: RecordDetails;

  suiteSetup(async () => {
    caffeine = await recordIdByName('caffeine');
    ethanol = await recordIdByName('ethanol');
    [details] = await run<RecordDetails[]>('compoundDb.getDetailsBatch', { recordIds: [caffeine] });
  });

  test('every search kind finds caffeine (or ethanol) and lands in the tree', async () => {
    const a = await api();
    const info = await run<{ InChI: string }>('compoundDb.legacy.getCompoundInfo', { recordId: caffeine });
    const mass = details.monoisotopicMass!;
    const cases: Array<[string, object, number]> = [
      ['compoundDb.search', { query: 'caffeine' }, caffeine],
      ['compoundDb.search', { query: CAFFEINE_KEY }, caffeine],
      ['compoundDb.searchByName', { name: 'Caffeine' }, caffeine],
      ['compoundDb.searchByFormula', { formula: 'C8H10N4O2' }, caffeine],
      ['compoundDb.searchByMass', { mass, range: 0.001 }, caffeine],
      ['compoundDb.searchByElements', { includeElements: ['C', 'H', 'N', 'O'], includeAll: true, excludeElements: ['S', 'Cl'] }, caffeine],
      ['compoundDb.searchByIntrinsicProperties', { formula: 'C8H10N4O2' }, caffeine],
      ['compoundDb.searchByIntrinsicProperties', { monoisotopicMass: { mass, range: 0.001 } }, caffeine],
      ['compoundDb.searchByInchi', { inchi: info.InChI }, caffeine],
      ['compoundDb.searchByInchikey', { inchikey: CAFFEINE_KEY }, caffeine],
      ['compoundDb.searchBySmiles', { smiles: 'CCO' }, ethanol],
      ['compoundDb.legacy.simpleSearch', { query: 'ethanol' }, ethanol],
      ['compoundDb.legacy.asyncSimpleSearch', { query: 'ethanol', order: 'record_id', direction: 'descending' }, ethanol],
    ];
    for (const [command, args, expected] of cases) {
      const state = await run<SearchState>(command, args);
      assert.strictEqual(state.error, undefined, `${command} ${JSON.stringify(args)}: ${state.error}`);
      const all =
        state.more && state.queryId
          ? (await run<{ results: number[] }>('compoundDb.queryResults', { queryId: state.queryId, start: 0, count: 10000 })).results
          : state.ids;
      assert.ok(all.includes(expected), `${command} ${JSON.stringify(args)} found ${all.slice(0, 10).join(',')}`);
      const top = a.treeItems()[0] as TreeRow;
      assert.strictEqual(top.node.searchId, state.id, `${command} is the newest search in the tree`);
      assert.match(String(top.item.description), /^(read as [\w ]+ · )?(Complete|ResultReady)/);
    }
  });

  test('batch searches group their results by formula and by mass', async () => {
    const a = await api();
    const formulas = await run<SearchState>('compoundDb.searchByFormulaList', { formulas: ['C8H10N4O2', 'C2H6O'] });
    assert.deepStrictEqual(
      formulas.groups?.map((g) => g.label),
      ['C8H10N4O2', 'C2H6O'],
    );
    assert.ok(formulas.groups?.[0].ids.includes(caffeine));
    assert.ok(formulas.groups?.[1].ids.includes(ethanol));
    const groups = a.treeItems({ type: 'search', searchId: formulas.id } as never) as TreeRow[];
    assert.deepStrictEqual(
      groups.map((g) => g.node.type),
      ['group', 'group'],
    );
    const children = a.treeItems(groups[0].node as never) as TreeRow[];
    assert.ok(children.some((c) => c.node.recordId === caffeine));

    const masses = await run<SearchState>('compoundDb.searchByMassList', {
      masses: [
        { mass: details.monoisotopicMass, range: 0.001 },
        { mass: 46.0419, range: 0.001 },
      ],
    });
    assert.strictEqual(masses.groups?.length, 2);
    assert.ok(masses.groups?.[0].ids.includes(caffeine));
    assert.ok(masses.groups?.[1].ids.includes(ethanol));
  });

  test('results are labelled with common name and formula, and page with "load more"', async () => {
    const a = await api();
    const named = await run<SearchState>('compoundDb.searchByName', { name: 'caffeine' });
    const rows = a.treeItems({ type: 'search', searchId: named.id } as never) as TreeRow[];
    assert.strictEqual(label(rows[0].item), 'Caffeine');
    assert.match(String(rows[0].item.description), /C₈H₁₀N₄O₂/);
    assert.strictEqual(rows[0].item.contextValue, 'result');

    const many = await run<SearchState>('compoundDb.searchByElements', { includeElements: ['C'] });
    assert.ok((many.count ?? 0) > 100, `a large result set (${many.count})`);
    let page = a.treeItems({ type: 'search', searchId: many.id } as never) as TreeRow[];
    assert.strictEqual(page.length, 51);
    const more = page[50];
    assert.strictEqual(more.node.type, 'more');
    assert.match(label(more.item), /Load more \(50 of \d+ shown\)/);
    await run('compoundDb.searches.loadMore', more.node);
    page = a.treeItems({ type: 'search', searchId: many.id } as never) as TreeRow[];
    assert.strictEqual(page.length, 101);
    assert.strictEqual(new Set(page.filter((r) => r.node.type === 'result').map((r) => r.node.recordId)).size, 100, 'no repeated IDs');
  });

  test('a failing search shows its error in the tree and leaves the others intact', async () => {
    const a = await api();
    const before = a.searches().length;
    await run('compoundDb.setApiKey', { value: 'some-key-for-a-dead-server' });
    await setSetting('serverUrl', 'http://127.0.0.1:9');
    try {
      const failed = await run<SearchState>('compoundDb.searchByName', { name: 'caffeine' });
      assert.ok(failed.error, 'the search records its error');
      assert.strictEqual(failed.status, 'Failed');
      assert.ok(!failed.error.includes('some-key-for-a-dead-server'));
      const top = a.treeItems()[0] as TreeRow;
      assert.strictEqual(top.node.searchId, failed.id);
      assert.strictEqual(top.item.contextValue, 'search.failed');
      assert.match(String(top.item.description), /Failed/);
      assert.strictEqual((top.item.iconPath as vscode.ThemeIcon).id, 'error');
      const [message] = a.treeItems(top.node as never) as TreeRow[];
      assert.strictEqual(message.node.type, 'message');
      assert.strictEqual(label(message.item), failed.error);
      assert.strictEqual(a.searches().length, before + 1);
    } finally {
      await setSetting('serverUrl', undefined);
      await run('compoundDb.clearApiKey', {});
    }
    // the tree still works afterwards
    const again = await run<SearchState>('compoundDb.searchByName', { name: 'caffeine' });
    assert.strictEqual(again.error, undefined);
  });

  test('a search with a bad input shows the input rule it broke', async () => {
    const a = await api();
    const failed = await run<SearchState>('compoundDb.searchByMass', { mass: 20000, range: 0.01 });
    assert.match(failed.error ?? '', /^Mass 20000 is outside the allowed 1 to 11000 amu\.$/, 'one sentence naming the input and the rule');
    const top = a.treeItems()[0] as TreeRow;
    assert.strictEqual(top.node.searchId, failed.id);
    assert.strictEqual(top.item.contextValue, 'search.failed');
  });

  test('context actions: copy identifiers, save as SDF, re-run, remove, clear', async () => {
    const a = await api();
    assert.strictEqual(await run('compoundDb.searches.copyRecordId', { recordId: caffeine }), String(caffeine));
    assert.strictEqual(await vscode.env.clipboard.readText(), String(caffeine));
    assert.strictEqual(await run('compoundDb.searches.copyInchikey', { recordId: caffeine }), CAFFEINE_KEY);
    assert.strictEqual(await run('compoundDb.searches.copyFormula', { recordId: caffeine }), 'C8H10N4O2');
    assert.strictEqual(await run('compoundDb.searches.copySmiles', { recordId: caffeine }), details.smiles);
    assert.match(await run<string>('compoundDb.searches.copyInchi', { recordId: caffeine }), /^InChI=1S\/C8H10N4O2\//);
    assert.match(await vscode.env.clipboard.readText(), /^InChI=1S\//);

    const state = await run<SearchState>('compoundDb.searchByFormula', { formula: 'C8H10N4O2' });
    const file = path.join(tempDir('tree'), 'results.sdf');
    const saved = await run<{ records: number }>('compoundDb.searches.saveSdf', { searchId: state.id, uri: vscode.Uri.file(file).toString() });
    assert.strictEqual(saved.records, state.count);
    const sdf = fs.readFileSync(file, 'utf8');
    assert.strictEqual((sdf.match(/^\$\$\$\$$/gm) ?? []).length, state.count);
    assert.match(sdf, /M {2}END/);
    // As other tools expect: the plain formula, and each record's name on its MOL title line.
    assert.ok(!sdf.includes('_{'), 'no TeX-like formula');
    assert.strictEqual((sdf.match(/^> <FORMULA>\nC8H10N4O2$/gm) ?? []).length, state.count);
    const titles = sdf
      .split(/^\$\$\$\$\n/m)
      .filter(Boolean)
      .map((r) => r.split('\n', 1)[0]);
    assert.ok(titles.includes('Caffeine'), `MOL titles: ${titles.join(', ')}`);
    assert.ok(
      titles.every((t) => t.trim() !== ''),
      'no empty MOL title',
    );
    assert.match(
      (saved as { message?: string }).message ?? '',
      new RegExp(`^Saved ${state.count === 1 ? '1 record' : `${state.count} records`} to .*results\\.sdf$`),
    );

    const batch = await run<SearchState>('compoundDb.searchByFormulaList', { formulas: ['C2H6O'] });
    const batchFile = path.join(tempDir('batch'), 'results.sdf');
    const batchSaved = await run<{ records: number }>('compoundDb.searches.saveSdf', {
      searchId: batch.id,
      uri: vscode.Uri.file(batchFile).toString(),
    });
    assert.strictEqual(batchSaved.records, batch.groups?.[0].ids.length);
    const batchSdf = fs.readFileSync(batchFile, 'utf8');
    assert.match(batchSdf, new RegExp(`> <RECORD_ID>\\n${ethanol}\\n`));
    assert.match(batchSdf, /^Ethanol\n {5}RDKit/m, 'the MOL title is the name');
    assert.match(batchSdf, /> <FORMULA>\nC2H6O\n/);
    fs.rmSync(file, { force: true });
    fs.rmSync(batchFile, { force: true });

    const rerun = await run<SearchState>('compoundDb.searches.rerun', { searchId: state.id });
    assert.notStrictEqual(rerun.id, state.id);
    assert.deepStrictEqual(rerun.ids, state.ids);
    assert.ok(!a.searches().some((s) => s.id === state.id));
    assert.strictEqual(await run('compoundDb.searches.remove', { searchId: rerun.id }), true);
    assert.ok(!a.searches().some((s) => s.id === rerun.id));
    assert.ok((await run<number>('compoundDb.searches.clearAll', {})) > 0);
    assert.strictEqual(a.searches().length, 0);
    assert.strictEqual(a.treeItems().length, 0);
  });
});
