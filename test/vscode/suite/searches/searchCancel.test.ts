import * as assert from 'assert';
import * as vscode from 'vscode';
import type { SearchState } from '../../../../src/extension/searches/searchState';
import { useFakeRemoteServer, type FakeServer, type Reply, type SeenRequest } from '../fakeServer';
import { api, run, waitFor } from '../helpers';

const KEY = 'cancel-test-key-0001';
/** The status check a search is cancelled in: the third of each query is left unanswered, so the poller waits on it. */
const HELD_CHECK = 3;

const STATUS_URL = /\/filter\/([^/]+)\/status$/;

/** A remote server whose searches never finish, echoing the API key in their status message; it holds each query's third check. */
function neverFinishing(): (r: SeenRequest) => Reply {
  const checks = new Map<string, number>();
  return (r) => {
    if (r.method === 'POST' && r.url.endsWith('/filter/name')) return { json: { queryId: `q-${Date.now()}` } };
    const queryId = STATUS_URL.exec(r.url)?.[1];
    if (queryId === undefined) return { status: 404, json: { title: 'Not Found' } };
    const check = (checks.get(queryId) ?? 0) + 1;
    checks.set(queryId, check);
    return check === HELD_CHECK ? { hang: true } : { json: { status: 'Processing', count: 0, message: `working for ${KEY}` } };
  };
}

const statusChecks = (server: FakeServer) => server.requests.filter((r) => STATUS_URL.test(r.url));

suite('Cancelling a running search', () => {
  const remote = useFakeRemoteServer(neverFinishing(), KEY);

  /** Starts a search and resolves once its poller waits on the held status check. */
  async function startRunning(name: string): Promise<{ done: Promise<SearchState>; id: string; held: SeenRequest }> {
    const a = await api();
    const before = statusChecks(remote()).length;
    const done = run<SearchState>('compoundDb.searchByName', { name });
    const id = await waitFor(() => {
      const top = a.searches()[0];
      return top?.spec.kind === 'name' && (top.spec as { name: string }).name === name ? top.id : undefined;
    }, 'the search to appear in the tree');
    const held = await waitFor(() => statusChecks(remote())[before + HELD_CHECK - 1], 'the status checks of the running search');
    return { done, id, held };
  }

  /**
   * That the cancel stopped the polling, proven by events rather than by watching a quiet while: the poller sends one
   * status check at a time and was waiting on the held one; the client hangs that request up, and the search settles
   * only once its poll loop has thrown. No check came after the held one in the meantime.
   */
  async function assertPollingStopped(done: Promise<SearchState>, held: SeenRequest): Promise<void> {
    const state = await done;
    assert.strictEqual(state.status, 'Cancelled');
    assert.strictEqual(state.error, 'cancelled');
    assert.strictEqual(state.running, false);
    await waitFor(() => remote().hungUp.includes(held), 'the client to hang up the status check it waited on');
    const checks = statusChecks(remote());
    assert.strictEqual(checks[checks.length - 1], held, 'no status check after the cancel');
  }

  test("the tree follows a running search live, and the progress notification's Cancel stops its polling", async () => {
    const a = await api();
    await vscode.commands.executeCommand('notifications.clearAll');
    const { done, id, held } = await startRunning('never-ending one');

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
    await assertPollingStopped(done, held);
    assert.strictEqual(a.treeItems()[0].item.contextValue, 'search.failed');
  });

  test('the Stop action of a running search in the tree stops it too', async () => {
    const { done, id, held } = await startRunning('never-ending two');
    assert.strictEqual(await run('compoundDb.searches.cancel', { searchId: id }), true);
    await assertPollingStopped(done, held);
    assert.strictEqual(await run('compoundDb.searches.cancel', { searchId: id }), false, 'nothing left to stop');
  });
});
