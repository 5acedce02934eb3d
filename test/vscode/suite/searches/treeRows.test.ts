import * as assert from 'assert';
import * as vscode from 'vscode';
import type { SearchState } from '../../../../src/extension/searches/searchState';
import { useFakeRemoteServer, type Reply, type SeenRequest } from '../fakeServer';
import { api, run } from '../helpers';

const KEY = 'tree-rows-key-0001';

/** A remote server that lists record 7 twice for a name search (it matched by name and by MOL title). */
function listingTwice(r: SeenRequest): Reply {
  if (r.method === 'POST' && r.url.endsWith('/filter/name')) return { json: { queryId: 'q-twice' } };
  if (r.url.endsWith('/filter/q-twice/status')) return { json: { status: 'Complete', count: 3, message: '' } };
  if (r.url.includes('/filter/q-twice/results')) return { json: { results: [7, 7, 8], limitedToMaxAllowed: false } };
  if (r.url.endsWith('/records/batch')) {
    return {
      json: {
        records: [
          { id: 7, commonName: 'Testane', formula: 'C_{3}H_{8}' },
          { id: 8, commonName: 'Testene', formula: 'C_{3}H_{6}' },
        ],
      },
    };
  }
  return { status: 404, json: { title: 'Not Found' } };
}

suite('Searches tree rows', () => {
  useFakeRemoteServer(listingTwice, KEY);

  test('a record the server lists twice is one row, and every row has its own ID', async () => {
    const a = await api();
    const state = await run<SearchState>('compoundDb.searchByName', { name: 'testane' });
    assert.deepStrictEqual(state.ids, [7, 8]);
    const rows = a.treeItems({ type: 'search', searchId: state.id } as never);
    assert.deepStrictEqual(
      rows.map((r) => (r.node as { recordId?: number }).recordId),
      [7, 8],
    );
    const ids = rows.map((r) => r.item.id);
    assert.strictEqual(new Set(ids).size, ids.length, `unique tree item IDs: ${ids.join(', ')}`);
  });

  test('the command of every row exists as soon as the extension is active', async () => {
    const a = await api();
    const state = a.searches()[0];
    const known = new Set(await vscode.commands.getCommands(true));
    const rows = [...a.treeItems(), ...a.treeItems({ type: 'search', searchId: state.id } as never)];
    for (const row of rows) if (row.item.command) assert.ok(known.has(row.item.command.command), `${row.item.command.command} is registered`);
    const manifest = vscode.extensions.getExtension('compound-db.compound-db')!.packageJSON as { activationEvents: string[] };
    assert.ok(manifest.activationEvents.includes('onView:compoundDb.searches'), 'opening the Searches view activates the extension');
  });
});
