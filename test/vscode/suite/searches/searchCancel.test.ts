import * as assert from 'assert';
import * as vscode from 'vscode';
import type { SearchState } from '../../../../src/extension/searches/searchState';
import { useFakeRemoteServer, type FakeServer, type Reply, type SeenRequest } from '../fakeServer';
import { api, run, waitFor } from '../helpers';

const KEY = 'cancel-test-key-0001';
/** Longer than the longest wait between two status checks (the client's 2 s): a poller still running would ask again. */
const QUIET_MS = 2500;

/** A remote server whose searches never finish, echoing the API key in their status message. */
function neverFinishing(r: SeenRequest): Reply {
  if (r.method === 'POST' && r.url.endsWith('/filter/name')) return { json: { queryId: `q-${Date.now()}` } };
  if (/\/filter\/[^/]+\/status$/.test(r.url)) return { json: { status: 'Processing', count: 0, message: `working for ${KEY}` } };
  return { status: 404, json: { title: 'Not Found' } };
}

const statusChecks = (server: FakeServer) => server.requests.filter((r) => r.url.endsWith('/status')).length;

suite('Cancelling a running search', () => {
  const remote = useFakeRemoteServer(neverFinishing, KEY);

  async function startRunning(name: string): Promise<{ done: Promise<SearchState>; id: string }> {
    const a = await api();
    const done = run<SearchState>('compoundDb.searchByName', { name });
    const id = await waitFor(() => {
      const top = a.searches()[0];
      return top?.spec.kind === 'name' && (top.spec as { name: string }).name === name ? top.id : undefined;
    }, 'the search to appear in the tree');
    await waitFor(() => statusChecks(remote()) >= 2, 'status checks of the running search');
    return { done, id };
  }

  async function assertPollingStopped(done: Promise<SearchState>): Promise<void> {
    const state = await done;
    assert.strictEqual(state.status, 'Cancelled');
    assert.strictEqual(state.error, 'cancelled');
    assert.strictEqual(state.running, false);
    const checks = statusChecks(remote());
    await new Promise((r) => setTimeout(r, QUIET_MS));
    assert.strictEqual(statusChecks(remote()), checks, 'no status check after the cancel');
  }

  test("the tree follows a running search live, and the progress notification's Cancel stops its polling", async () => {
    const a = await api();
    await vscode.commands.executeCommand('notifications.clearAll');
    const { done, id } = await startRunning('never-ending one');

    const [top] = a.treeItems();
    assert.strictEqual(top.node.searchId, id);
    assert.strictEqual(top.item.contextValue, 'search.running');
    assert.match(String(top.item.description), /^Processing/);
    assert.strictEqual((top.item.iconPath as vscode.ThemeIcon).id, 'sync~spin');
    const message = a.searches()[0].message ?? '';
    assert.match(message, /^working for /, 'the status message is shown');
    assert.ok(!message.includes(KEY), 'an API key echoed by the server is redacted');

    // The newest notification is the search's progress; its primary action is the Cancel button.
    await vscode.commands.executeCommand('notification.acceptPrimaryAction');
    await assertPollingStopped(done);
    assert.strictEqual(a.treeItems()[0].item.contextValue, 'search.failed');
  });

  test('the Stop action of a running search in the tree stops it too', async () => {
    const { done, id } = await startRunning('never-ending two');
    assert.strictEqual(await run('compoundDb.searches.cancel', { searchId: id }), true);
    await assertPollingStopped(done);
    assert.strictEqual(await run('compoundDb.searches.cancel', { searchId: id }), false, 'nothing left to stop');
  });
});
