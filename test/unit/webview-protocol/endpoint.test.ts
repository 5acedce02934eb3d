/**
 * The one webview protocol (src/webview-protocol): a host and a page endpoint joined by a channel that delivers
 * as `postMessage` does (later, as a structured clone, in order).
 */
import * as assert from 'assert';
import { callHandler, HostEndpoint, PageEndpoint } from '../../../src/webview-protocol/endpoint';
import type { Call, Channel, Handlers, WireMessage } from '../../../src/webview-protocol/protocol';

interface TestProtocol {
  requests: {
    add: Call<{ a: number; b: number }, number>;
    fail: Call<{ why: string }, void>;
    cancelled: Call<undefined, string>;
  };
  pushes: { shown: { title: string } };
  pageRequests: { title: Call<undefined, string | undefined> };
}

/** Two ends of a message port: what one posts, the other hears on a later turn, cloned. */
function channelPair(): { host: Channel; page: Channel; posted: WireMessage[] } {
  const listeners = { host: new Set<(m: unknown) => void>(), page: new Set<(m: unknown) => void>() };
  const posted: WireMessage[] = [];
  const end = (self: 'host' | 'page', other: 'host' | 'page'): Channel => ({
    post(message) {
      posted.push(message);
      const copy = structuredClone(message);
      setImmediate(() => listeners[other].forEach((l) => l(copy)));
    },
    listen(listener) {
      listeners[self].add(listener);
      return () => listeners[self].delete(listener);
    },
  });
  return { host: end('host', 'page'), page: end('page', 'host'), posted };
}

class Cancelled extends Error {}

const hostHandlers: Handlers<TestProtocol['requests']> = {
  add: ({ a, b }) => a + b,
  fail: async ({ why }) => {
    throw new Error(why);
  },
  cancelled: () => {
    throw new Cancelled('closed the prompt');
  },
};

function pair() {
  const channels = channelPair();
  const shown: string[] = [];
  let title: string | undefined;
  const host = new HostEndpoint<TestProtocol>(channels.host, hostHandlers, {
    errorText: (e) => (e instanceof Cancelled ? undefined : (e as Error).message),
  });
  const page = () =>
    new PageEndpoint<TestProtocol>(
      channels.page,
      { title: () => title },
      {
        shown: (p) => {
          title = p.title;
          shown.push(p.title);
        },
      },
    );
  return { host, page, shown, posted: channels.posted };
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('webview protocol', () => {
  it('answers each request by its handler, typed both ways', async () => {
    const { page } = pair();
    const p = page();
    assert.strictEqual(await p.request('add', { a: 2, b: 3 }), 5);
    const [x, y] = await Promise.all([p.request('add', { a: 1, b: 1 }), p.request('add', { a: 10, b: -4 })]);
    assert.deepStrictEqual([x, y], [2, 6]);
  });

  it("rejects with the handler's error text; an error the host calls none answers undefined", async () => {
    const p = pair().page();
    await assert.rejects(p.request('fail', { why: 'no such record' }), /^Error: no such record$/);
    assert.strictEqual(await p.request('cancelled'), undefined);
  });

  it('answers an unknown request with an error naming it, and ignores what is not a message', async () => {
    const { host: hostChannel, page: pageChannel } = channelPair();
    const replies: unknown[] = [];
    pageChannel.listen((m) => replies.push(m));
    new HostEndpoint<TestProtocol>(hostChannel, hostHandlers);
    pageChannel.post({ kind: 'request', id: 7, method: 'toString', params: undefined });
    pageChannel.post({ kind: 'request', id: 8, method: '__proto__', params: undefined });
    pageChannel.post('hello' as never);
    pageChannel.post({ kind: 'reply', id: 'x' } as never);
    await nextTurn();
    await nextTurn();
    assert.deepStrictEqual(replies, [
      { kind: 'reply', id: 7, error: 'unknown request toString' },
      { kind: 'reply', id: 8, error: 'unknown request __proto__' },
    ]);
  });

  it('holds pushes and requests until the page is ready, then sends them in order', async () => {
    const { host, page, shown, posted } = pair();
    host.push('shown', { title: 'first' });
    const title = host.request('title');
    host.push('shown', { title: 'second' });
    await nextTurn();
    assert.deepStrictEqual(posted, [], 'nothing sent before the page is there');
    page();
    assert.strictEqual(await title, 'first', 'the request went after the first push and before the second');
    assert.deepStrictEqual(shown, ['first', 'second']);
  });

  it('a reloaded page: requests to the old one reject, onReady says reloaded', async () => {
    const { host, page } = pair();
    const readies: boolean[] = [];
    host.onReady((reloaded) => readies.push(reloaded));
    const first = page();
    await first.request('add', { a: 0, b: 0 });
    first.dispose();
    const lost = host.request('title');
    page();
    await assert.rejects(lost, /reloaded/);
    assert.deepStrictEqual(readies, [false, true]);
  });

  it('a disposed endpoint rejects what waits and refuses new requests', async () => {
    const p = pair().page();
    const waiting = p.request('add', { a: 1, b: 2 });
    p.dispose();
    await assert.rejects(waiting, /closed/);
    await assert.rejects(p.request('add', { a: 1, b: 2 }), /closed/);
  });

  it('callHandler runs a handler in place, as a page that is its own host does', async () => {
    assert.strictEqual(await callHandler(hostHandlers, 'add', { a: 4, b: 5 }), 9);
  });
});
