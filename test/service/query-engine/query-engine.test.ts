/**
 * The asynchronous query engine on its own, step by step without timers: a query is Created when submitted,
 * Processing once picked up, and Complete, TooManyRecords or Failed when its search settles; it expires.
 */
import * as assert from 'assert';
import { QueryEngine, isFinished, isRunning, legacyStatus, type QueryOutcome } from '../../../src/service/query-engine/query-engine';
import { ElementIndex } from '../../../src/service/store/element-index';

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

  it('counts a result kept as its filter by what keeping it costs, not by its length, against maxResultIds', async () => {
    const rows = Array.from({ length: 10_000 }, () => ['C']);
    const index = new ElementIndex((p) => rows[p], rows.length);
    const idAt = Int32Array.from(rows, (_, p) => p + 1);
    const e = engine({ maxResultIds: 1000, answerWithinMs: 0 });
    const match = index.matchIds(['C'], false, [], idAt);
    const ids = [e.submit('ids', async () => ({ kind: 'ids', ids: match })), e.submit('ids', async () => ({ kind: 'ids', ids: match }))];
    for (let i = 0; i < 3; i++) await nextTurn();
    assert.deepStrictEqual(
      ids.map((id) => [e.get(id)?.status, e.get(id)?.count]),
      [
        ['Complete', 10_000],
        ['Complete', 10_000],
      ],
    );
    assert.ok(e.stored.resultIds < 100, JSON.stringify(e.stored));
    // the same IDs as arrays are counted whole: the second pushes the first (and the older ones) out
    const array = Array.from(match);
    const plain = [
      e.submit('ids', async () => ({ kind: 'ids', ids: array.slice(0, 900) })),
      e.submit('ids', async () => ({ kind: 'ids', ids: array.slice(0, 900) })),
    ];
    for (let i = 0; i < 3; i++) await nextTurn();
    assert.deepStrictEqual(
      plain.map((id) => e.get(id)?.status),
      [undefined, 'Complete'],
    );
  });
});
