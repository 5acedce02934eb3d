import * as assert from 'assert';
import * as vscode from 'vscode';
import { CompoundDbClient } from '../../../../src/client';
import type { Logger } from '../../../../src/extension/common/logger';
import type { Connection } from '../../../../src/extension/server/connection';
import { LOCAL_API_KEY, LOCAL_TOKEN } from '../../../../src/extension/server/localService';
import { SearchesModel } from '../../../../src/extension/searches/searchesModel';
import { SearchesTreeProvider } from '../../../../src/extension/searches/searchesTreeProvider';
import type { SearchState } from '../../../../src/extension/searches/searchState';
import { api, run, waitFor } from '../helpers';

/** Workspace state as VS Code keeps it: JSON text, so only what survives serialisation comes back. */
class JsonMemento implements vscode.Memento {
  private readonly stored = new Map<string, string>();
  keys(): readonly string[] {
    return [...this.stored.keys()];
  }
  get<T>(key: string, fallback?: T): T | undefined {
    const text = this.stored.get(key);
    return text === undefined ? fallback : (JSON.parse(text) as T);
  }
  async update(key: string, value: unknown): Promise<void> {
    this.stored.set(key, JSON.stringify(value));
  }
}

const quietLog = { redact: (t: string) => t, info() {}, warn() {}, error() {} } as unknown as Logger;

function label(item: vscode.TreeItem): string {
  return typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
}

/** The tree's rows below each search, as text: what a person sees after a restart. */
function rows(tree: SearchesTreeProvider): string[] {
  return tree
    .getChildren()
    .flatMap((search) => [
      `${label(tree.getTreeItem(search))} | ${String(tree.getTreeItem(search).description)}`,
      ...tree.getChildren(search).map((child) => `  ${label(tree.getTreeItem(child))} ${String(tree.getTreeItem(child).description ?? '')}`),
    ]);
}

suite('Searches persist across a restart', () => {
  const models: SearchesModel[] = [];
  let connection: Connection;

  suiteSetup(async () => {
    const a = await api();
    await run('compoundDb.useBuiltInDatabase', {});
    const info = a.localService().info;
    assert.ok(info, 'the built-in database runs');
    const client = new CompoundDbClient({ baseUrl: info.baseUrl, legacyBaseUrl: info.legacyBaseUrl, apiKey: LOCAL_API_KEY, token: LOCAL_TOKEN });
    connection = { get: async () => ({ client, server: { kind: 'local', ...info } }) } as unknown as Connection;
  });
  suiteTeardown(() => models.forEach((m) => m.dispose()));

  const window = (memento: vscode.Memento) => {
    const model = new SearchesModel(memento, connection, quietLog);
    models.push(model);
    return { model, tree: new SearchesTreeProvider(model) };
  };

  test('a new window shows the same searches, results, groups, pages and labels; a search cut short says so', async () => {
    const memento = new JsonMemento();
    const first = window(memento);
    await first.model.start({ kind: 'name', name: 'caffeine' });
    await first.model.start({ kind: 'formulaBatch', formulas: ['C8H10N4O2', 'C2H6O'] });
    const large = await first.model.start({ kind: 'element', includeElements: ['C'] });
    await first.model.loadMore(large.id);
    const before = rows(first.tree);
    assert.ok(
      before.some((r) => /^ {2}Caffeine C₈H₁₀N₄O₂/.test(r)),
      before.join('\n'),
    );
    assert.ok(before.filter((r) => r.startsWith('  ')).length > 100, 'results of every search, the second page included');

    const reopened = window(memento);
    assert.deepStrictEqual(rows(reopened.tree), before);
    assert.deepStrictEqual(JSON.parse(JSON.stringify(reopened.model.all())), JSON.parse(JSON.stringify(first.model.all())));

    const running = first.model.start({ kind: 'name', name: 'ethanol' });
    const closedMeanwhile = window(memento);
    const [cut] = closedMeanwhile.model.all() as SearchState[];
    assert.strictEqual(cut.running, false);
    assert.match(cut.error ?? '', /interrupted/);
    assert.match(rows(closedMeanwhile.tree)[1], /interrupted when the window closed; re-run it/);
    await running;
    assert.strictEqual(window(memento).model.all()[0].status, 'Complete');
  });

  test('a restored search whose query the server forgot runs again: the next page and the SDF are those of a fresh one, and the row says so', async () => {
    const memento = new JsonMemento();
    const first = window(memento);
    const fresh = await first.model.start({ kind: 'element', includeElements: ['C'] });
    assert.ok(fresh.more && fresh.queryId, 'a paged search with a query ID');
    // After a restart the service knows none of the old query IDs.
    const saved = memento.get<SearchState[]>('compoundDb.searches') ?? [];
    await memento.update(
      'compoundDb.searches',
      saved.map((st) => ({ ...st, queryId: `forgotten-${st.queryId}` })),
    );
    const restored = window(memento);
    const [state] = restored.model.all() as SearchState[];
    assert.match(state.queryId ?? '', /^forgotten-/);

    await first.model.loadMore(fresh.id);
    await restored.model.loadMore(state.id);
    assert.deepStrictEqual(restored.model.get(state.id)?.ids, first.model.get(fresh.id)?.ids, 'the second page starts where the list stood');
    assert.notStrictEqual(restored.model.get(state.id)?.queryId, `forgotten-${fresh.queryId}`, 'a live query ID now');
    const row = restored.tree.getTreeItem(restored.tree.getChildren()[0]);
    assert.match(String(row.description), /refreshed/);

    const sdf = await restored.model.withQuery(state.id, (client, queryId) => client.filterResultsSdf(queryId));
    const freshSdf = await first.model.withQuery(fresh.id, (client, queryId) => client.filterResultsSdf(queryId));
    assert.ok(sdf.includes('$$$$'));
    assert.strictEqual(sdf.split('$$$$').length, freshSdf.split('$$$$').length, 'the SDF of the same results');
  });

  test('Undo after Remove Search or Clear All Searches puts the searches back where they stood', async () => {
    const { model, tree } = window(new JsonMemento());
    await model.start({ kind: 'name', name: 'caffeine' });
    const middle = await model.start({ kind: 'name', name: 'ethanol' });
    await model.start({ kind: 'formula', formula: 'C6H12O6' });
    const before = rows(tree);
    const removed = model.get(middle.id)!;
    model.remove(middle.id);
    assert.strictEqual(model.all().length, 2);
    model.putBack([removed]);
    assert.deepStrictEqual(rows(tree), before, 'the removed search is back in its place');
    const all = [...model.all()];
    model.clear();
    model.putBack(all);
    assert.deepStrictEqual(rows(tree), before, 'all of them, in order');
  });

  test("a result's tooltip shows its structure, loaded when the tooltip is first shown", async () => {
    const { client } = await connection.get();
    const model = new SearchesModel(new JsonMemento(), connection, quietLog);
    models.push(model);
    let loads = 0;
    const tree = new SearchesTreeProvider(model, async (id) => {
      loads++;
      return Buffer.from(await client.compound(id).image()).toString('base64');
    });
    await model.start({ kind: 'name', name: 'caffeine' });
    const [search] = tree.getChildren();
    const [result] = tree.getChildren(search);
    const item = tree.getTreeItem(result);
    assert.strictEqual(loads, 0, 'nothing is loaded until the tooltip shows');
    const resolved = await tree.resolveTreeItem(item, result, new vscode.CancellationTokenSource().token);
    const tip = resolved.tooltip as vscode.MarkdownString;
    assert.match(tip.value, /Caffeine/);
    assert.match(tip.value, /!\[structure\]\(data:image\/png;base64,iVBORw0KGgo/);
    assert.strictEqual(loads, 1);
  });

  test("the tree's expand state survives a reload", async () => {
    const memento = new JsonMemento();
    const first = window(memento);
    const named = await first.model.start({ kind: 'name', name: 'caffeine' });
    const batch = await first.model.start({ kind: 'formulaBatch', formulas: ['C8H10N4O2', 'C2H6O'] });
    first.model.setExpanded(named.id, undefined, false);
    first.model.setExpanded(batch.id, 'C2H6O', true);
    const reopened = window(memento).tree;
    const [batchRow, namedRow] = reopened.getChildren();
    assert.strictEqual(
      reopened.getTreeItem(namedRow).collapsibleState,
      vscode.TreeItemCollapsibleState.Collapsed,
      'the collapsed search stays collapsed',
    );
    assert.strictEqual(reopened.getTreeItem(batchRow).collapsibleState, vscode.TreeItemCollapsibleState.Expanded);
    const groups = reopened.getChildren(batchRow).map((g) => reopened.getTreeItem(g).collapsibleState);
    assert.deepStrictEqual(
      groups,
      [vscode.TreeItemCollapsibleState.Collapsed, vscode.TreeItemCollapsibleState.Expanded],
      'the opened group stays open',
    );
  });

  test('collapsing in the Searches view is remembered', async () => {
    const a = await api();
    const state = await run<SearchState>('compoundDb.searchByName', { name: 'caffeine' });
    await vscode.commands.executeCommand('compoundDb.searches.focus');
    await vscode.commands.executeCommand('workbench.actions.treeView.compoundDb.searches.collapseAll');
    await waitFor(() => a.searches().find((s) => s.id === state.id)?.collapsed, 'the collapse to reach the model', 10_000);
  });
});
