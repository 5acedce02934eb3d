/**
 * The asynchronous query engine on its own, step by step without timers: a query is Created when submitted,
 * Processing once picked up, and Complete, TooManyRecords or Failed when its search settles; it expires.
 */
import * as assert from 'assert';
import { QueryEngine, isFinished, isRunning, legacyStatus, type QueryOutcome } from '../../src/service/query/query-engine';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A search that settles only when the test says so. */
function gate(): { run: () => Promise<QueryOutcome>; open: (outcome: QueryOutcome) => void; fail: (err: Error) => void } {
  let open!: (o: QueryOutcome) => void;
  let fail!: (e: Error) => void;
  const settled = new Promise<QueryOutcome>((resolve, reject) => {
    open = resolve;
    fail = reject;
  });
  // The engine may start the search (and so await this) a turn after the test has failed it.
  settled.catch(() => undefined);
  return { run: () => settled, open, fail };
}

describe('service: query engine', () => {
  const engines: QueryEngine[] = [];
  const engine = (options: ConstructorParameters<typeof QueryEngine>[0] = {}) => {
    const e = new QueryEngine(options);
    engines.push(e);
    return e;
  };
  after(() => engines.forEach((e) => e.close()));

  it('moves a query through Created and Processing to Complete, with its count', async () => {
    const e = engine();
    const g = gate();
    const id = e.submit('ids', g.run);
    const q = e.get(id)!;
    assert.deepStrictEqual([q.status, q.count, q.message], ['Created', 0, '']);
    assert.ok(isRunning(q) && !isFinished(q));
    await nextTurn();
    assert.strictEqual(q.status, 'Processing');
    await nextTurn();
    assert.strictEqual(q.status, 'Processing', 'still running while its search has not settled');
    g.open({ kind: 'ids', ids: [3, 1, 2] });
    await nextTurn();
    assert.deepStrictEqual([q.status, q.count], ['Complete', 3]);
    assert.ok(isFinished(q) && !isRunning(q));
    assert.deepStrictEqual(q.outcome, { kind: 'ids', ids: [3, 1, 2] });
    assert.strictEqual(legacyStatus(q.status), 'ResultReady');
    assert.ok(q.finishedAt! >= q.createdAt);
  });

  it('counts the results of every batch entry', async () => {
    const e = engine();
    const g = gate();
    const q = e.get(e.submit('massBatch', g.run))!;
    g.open({
      kind: 'massBatch',
      entries: [
        { mass: 1, range: 1, results: [1, 2] },
        { mass: 2, range: 1, results: [3] },
      ],
    });
    for (let i = 0; i < 3; i++) await nextTurn();
    assert.deepStrictEqual([q.status, q.count], ['Complete', 3]);
  });

  it('ends TooManyRecords over the result cap, keeping no results', async () => {
    const e = engine({ resultCap: 2 });
    const g = gate();
    const q = e.get(e.submit('ids', g.run))!;
    g.open({ kind: 'ids', ids: [1, 2, 3] });
    for (let i = 0; i < 3; i++) await nextTurn();
    assert.strictEqual(q.status, 'TooManyRecords');
    assert.strictEqual(q.outcome, undefined);
    assert.strictEqual(q.count, 0);
    assert.match(q.message, /More than 2/);
    assert.ok(!isFinished(q) && !isRunning(q));
  });

  it('ends Failed when the search throws, logging why but not telling the caller', async () => {
    const lines: string[] = [];
    const e = engine({ log: (l) => lines.push(l) });
    const g = gate();
    const q = e.get(e.submit('ids', g.run))!;
    g.fail(new Error('disk on fire'));
    for (let i = 0; i < 3; i++) await nextTurn();
    assert.strictEqual(q.status, 'Failed');
    assert.ok(!q.message.includes('disk on fire'));
    assert.ok(lines.some((l) => l.includes('disk on fire')));
  });

  it('forgets unknown and expired query IDs', async () => {
    let now = 1_000;
    const e = engine({ ttlMs: 60_000, now: () => now });
    assert.strictEqual(e.get('no-such-id'), undefined);
    const id = e.submit('ids', async () => ({ kind: 'ids', ids: [] }));
    for (let i = 0; i < 3; i++) await nextTurn();
    now += 60_000;
    assert.strictEqual(e.get(id)?.status, 'Complete', 'kept for its whole lifetime');
    now += 1;
    assert.strictEqual(e.get(id), undefined);
  });

  it('refuses new queries once closed, and never runs queued ones', async () => {
    const e = engine();
    let ran = false;
    const q = e.get(e.submit('ids', async () => ((ran = true), { kind: 'ids', ids: [] })))!;
    e.close();
    for (let i = 0; i < 3; i++) await nextTurn();
    assert.strictEqual(ran, false);
    assert.strictEqual(q.status, 'Created');
    assert.throws(() => e.submit('ids', async () => ({ kind: 'ids', ids: [] })), /closed/);
  });
});
