import * as assert from 'assert';
import * as vscode from 'vscode';
import type { SearchState } from '../../../../src/extension/searches/searchState';
import type { RecordDetails } from '../../../../src/wire';
import { api, recordIdByName, run } from '../helpers';

type Row = { node: { type: string; recordId?: number; index?: number }; item: vscode.TreeItem };
const rowsOf = async (state: SearchState) => (await api()).treeItems({ type: 'search', searchId: state.id } as never) as Row[];
const label = (item: vscode.TreeItem) => (typeof item.label === 'string' ? item.label : (item.label?.label ?? ''));

suite('What a search says', () => {
  test('a server error is one sentence naming the input and what is wrong', async () => {
    for (const [command, args, expected] of [
      ['compoundDb.searchBySmiles', { smiles: 'c1cccc1' }, 'The SMILES "c1cccc1" is not valid: it does not parse.'],
      ['compoundDb.search', { query: 'c1cccc1' }, 'The SMILES "c1cccc1" is not valid: it does not parse.'],
    ] as const) {
      const state = await run<SearchState>(command, args);
      assert.strictEqual(state.error, expected, `${command} ${JSON.stringify(args)}`);
      assert.doesNotMatch(state.error ?? '', /HTTP|Bad Request/);
    }
    const inchi = await run<SearchState>('compoundDb.searchByInchi', { inchi: 'InChI=1S/garbage' });
    assert.strictEqual(inchi.error, 'The InChI "InChI=1S/garbage" is not valid: its structure cannot be read.');
  });

  test('a search that finds nothing offers another kind of search and similar names', async () => {
    // No name holds "OCCO" (a name search now also finds names that contain the text: "CCO" is in "Decco").
    const asName = await run<SearchState>('compoundDb.searchByName', { name: 'OCCO' });
    assert.deepStrictEqual(asName.ids, []);
    const specs = (asName.suggestions ?? []).map((s) => JSON.stringify(s.spec));
    for (const spec of [
      { kind: 'formula', formula: 'OCCO' },
      { kind: 'smiles', smiles: 'OCCO' },
    ]) {
      assert.ok(specs.includes(JSON.stringify(spec)), `${JSON.stringify(spec)} among ${specs.join(' | ')}`);
    }
    const typo = await run<SearchState>('compoundDb.searchByName', { name: 'caffiene' });
    assert.ok(
      typo.suggestions?.some((s) => s.spec.kind === 'name' && /^caffeine$/i.test((s.spec as { name: string }).name)),
      JSON.stringify(typo.suggestions),
    );
    const rows = await rowsOf(typo);
    assert.strictEqual(label(rows[0].item), 'No results');
    const tries = rows.filter((r) => r.node.type === 'suggestion');
    assert.strictEqual(tries.length, typo.suggestions?.length);
    assert.match(label(tries[0].item), /Did you mean/);

    // Clicking a suggestion runs it.
    const command = tries[0].item.command!;
    const ran = await run<SearchState>(command.command, command.arguments![0]);
    assert.ok(ran.ids.length > 0, 'the suggested search finds something');
  });

  test('result rows by kind: mass and difference (sorted by it), formula, and how a query was read', async () => {
    const caffeine = await recordIdByName('caffeine');
    const [d] = await run<RecordDetails[]>('compoundDb.getDetailsBatch', { recordIds: [caffeine] });
    const mass = d.monoisotopicMass! + 0.3;
    const byMass = await run<SearchState>('compoundDb.searchByMass', { mass, range: 3 });
    const rows = (await rowsOf(byMass)).filter((r) => r.node.type === 'result');
    assert.ok(rows.length > 1, `${rows.length} results`);
    const diffs = rows.map((r) => {
      const m = /^(\d+\.\d{4}) {2}Δ ([+−])(\d+\.\d{4})$/.exec(String(r.item.description));
      assert.ok(m, `mass row description: ${String(r.item.description)}`);
      return Number(m[3]);
    });
    assert.deepStrictEqual(
      diffs,
      [...diffs].sort((a, b) => a - b),
      'closest mass first',
    );

    const byFormula = await run<SearchState>('compoundDb.searchByFormula', { formula: 'C8H10N4O2' });
    for (const r of (await rowsOf(byFormula)).filter((x) => x.node.type === 'result')) assert.strictEqual(r.item.description, 'C₈H₁₀N₄O₂');

    const composite = await run<SearchState>('compoundDb.search', { query: 'CCO' });
    const top = (await api()).treeItems()[0];
    assert.strictEqual(top.node.searchId, composite.id);
    assert.match(String(top.item.description), /^read as SMILES · /);
    const named = await run<SearchState>('compoundDb.search', { query: 'caffeine' });
    assert.strictEqual(named.error, undefined);
    assert.match(String((await api()).treeItems()[0].item.description), /^read as name · /);
  });
});
