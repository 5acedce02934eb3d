import * as assert from 'assert';
import { approximateBytes, boundedCache } from '../../../src/shared/cache';
import { InFlight, Once } from '../../../src/shared/in-flight';

/** A promise with its resolve and reject in hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('The one cache helper', () => {
  it('drops the least recently used entry past its entry count', () => {
    const cache = boundedCache<string, string>({ maxEntries: 2 });
    cache.set('a', 'A');
    cache.set('b', 'B');
    cache.get('a');
    cache.set('c', 'C');
    assert.deepStrictEqual([cache.has('a'), cache.has('b'), cache.has('c')], [true, false, true]);
  });

  it('is bounded by bytes where values are large: a few big PNGs push out the old ones, small ones stay many', () => {
    const cache = boundedCache<number, Uint8Array>({ maxEntries: 1000, maxBytes: 1_000_000 });
    for (let i = 0; i < 10; i++) cache.set(i, new Uint8Array(300_000));
    assert.strictEqual(cache.size, 3);
    assert.ok(cache.calculatedSize <= 1_000_000);
    assert.deepStrictEqual([...cache.keys()].sort(), [7, 8, 9]);
    for (let i = 0; i < 500; i++) cache.set(100 + i, new Uint8Array(100));
    assert.strictEqual(cache.size, 503, 'the 3 PNGs and 500 small values fit in the budget');
  });

  it('does not keep a value larger than the whole budget', () => {
    const cache = boundedCache<string, string>({ maxEntries: 10, maxBytes: 100 });
    cache.set('big', 'x'.repeat(1000));
    assert.strictEqual(cache.has('big'), false);
  });

  it('sizes binary exactly, text at two bytes a character, objects by their JSON', () => {
    assert.strictEqual(approximateBytes(new Uint8Array(42)), 42);
    assert.strictEqual(approximateBytes('abcd'), 8);
    assert.strictEqual(approximateBytes({ a: 1 }), 14);
    assert.strictEqual(approximateBytes(''), 1);
  });
});

describe('The one in-flight helper', () => {
  it('joins a load of the same key already running, and starts another key on its own', async () => {
    const loads = new InFlight<string, number>();
    const gate = deferred<number>();
    let started = 0;
    const load = () => (started++, gate.promise);
    const first = loads.run('k', load);
    const second = loads.run('k', load);
    const other = loads.run('j', async () => 7);
    gate.resolve(1);
    assert.deepStrictEqual(await Promise.all([first, second, other]), [1, 1, 7]);
    assert.strictEqual(started, 1);
    assert.strictEqual(loads.has('k'), false, 'forgotten once settled');
  });

  it('keeps no failure: the next call loads again', async () => {
    const loads = new InFlight<string, number>();
    await assert.rejects(
      loads.run('k', async () => Promise.reject(new Error('boom'))),
      /boom/,
    );
    assert.strictEqual(await loads.run('k', async () => 2), 2);
  });

  it('a caller that joined is not ended by the starter cancelling: it loads again itself', async () => {
    const loads = new InFlight<string, string>();
    const starter = new AbortController();
    const gate = deferred<string>();
    const first = loads.run('k', () => gate.promise, starter.signal);
    const joined = loads.run('k', async () => 'own load');
    starter.abort();
    gate.reject(new Error('cancelled'));
    await assert.rejects(first, /cancelled/);
    assert.strictEqual(await joined, 'own load');
  });

  it('a joined caller whose own signal aborted gets the failure', async () => {
    const loads = new InFlight<string, string>();
    const both = new AbortController();
    const gate = deferred<string>();
    const first = loads.run('k', () => gate.promise, both.signal);
    const joined = loads.run('k', async () => 'own load', both.signal);
    both.abort();
    gate.reject(new Error('cancelled'));
    await assert.rejects(first, /cancelled/);
    await assert.rejects(joined, /cancelled/);
  });

  it('clear: later calls start their own load', async () => {
    const loads = new InFlight<string, number>();
    const gate = deferred<number>();
    const old = loads.run('k', () => gate.promise);
    loads.clear();
    assert.strictEqual(await loads.run('k', async () => 2), 2);
    gate.resolve(1);
    assert.strictEqual(await old, 1);
  });
});

describe('Once: a value loaded on first use', () => {
  it('loads once, keeps the value, keeps no failure', async () => {
    const once = new Once<number>();
    let calls = 0;
    await assert.rejects(once.get(async () => (calls++, Promise.reject(new Error('first fails')))));
    assert.strictEqual(await once.get(async () => (calls++, 5)), 5);
    assert.strictEqual(await once.get(async () => (calls++, 6)), 5);
    assert.strictEqual(calls, 2);
  });

  it('reset forgets the value, and a load running across the reset is not kept', async () => {
    const once = new Once<number>();
    const gate = deferred<number>();
    const stale = once.get(() => gate.promise);
    once.reset();
    gate.resolve(1);
    assert.strictEqual(await stale, 1);
    assert.strictEqual(await once.get(async () => 2), 2);
    once.set(3);
    assert.strictEqual(await once.get(async () => 4), 3);
  });
});
