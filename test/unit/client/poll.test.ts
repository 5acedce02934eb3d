/**
 * The learning poll schedule (src/client/poll.ts) on a virtual clock: the client's sleep moves the clock, the
 * test server reads it to say whether a query is ready. No real waiting, so every figure is exact.
 */
import * as assert from 'assert';
import { QueryTimes } from '../../../src/client';
import { nextWait, readyEstimate } from '../../../src/client/poll';
import { FakeServer, type Reply } from './support/fake-server';
import { makeClient } from './support/client-setup';

/** The requests a fixed-interval poller (check at once, then every `intervalMs`) makes for a query ready at `readyMs`. */
function fixedPollerChecks(readyMs: number, intervalMs = 200): number {
  return Math.floor(readyMs / intervalMs) + (readyMs % intervalMs === 0 ? 1 : 2);
}

describe('learning poll schedule', () => {
  describe('nextWait', () => {
    it('with nothing learned: half the time elapsed, at least 200 ms, at most maxWaitMs', () => {
      assert.strictEqual(nextWait(1, {}), 200);
      assert.strictEqual(nextWait(600, {}), 300);
      assert.strictEqual(nextWait(10_000, {}), 2000);
      assert.strictEqual(nextWait(10_000, { maxWaitMs: 500 }), 500);
    });
    it('with a learned time E: aims at 1.03 E, then a twentieth of E, then the lateness grows 1.5 times a check', () => {
      assert.strictEqual(nextWait(2, { expectedMs: 1000 }), 1028);
      assert.strictEqual(nextWait(2, { expectedMs: 3000 }), 3088, 'the learned wait is not cut to maxWaitMs');
      assert.strictEqual(nextWait(1025, { expectedMs: 1000 }), 50, 'within half the shortest wait of the aim counts as at it');
      assert.strictEqual(nextWait(1080, { expectedMs: 1000 }), 50);
      assert.strictEqual(nextWait(1430, { expectedMs: 1000 }), 200);
      assert.strictEqual(nextWait(9000, { expectedMs: 1000 }), 2000, 'capped at maxWaitMs');
    });
    it('learns the midpoint of two close checks, a little under a far one', () => {
      assert.strictEqual(readyEstimate(900, 1000), 950);
      assert.strictEqual(readyEstimate(0, 1000), 850);
    });
    it('a learned time below the shortest wait: waits from 20 ms up', () => {
      assert.strictEqual(nextWait(1, { expectedMs: 3 }), 20);
      assert.strictEqual(nextWait(103.09, { expectedMs: 3 }), 50);
    });
    it('Retry-After makes a wait at least that long, up to maxRetryAfterMs', () => {
      assert.strictEqual(nextWait(1, {}, 1500), 1500);
      assert.strictEqual(nextWait(1, {}, 100), 200);
      assert.strictEqual(nextWait(1, { maxWaitMs: 100 }, 1500), 1500, 'longer than maxWaitMs when the server asks');
      assert.strictEqual(nextWait(1, { maxRetryAfterMs: 800 }, 1500), 800);
      assert.strictEqual(nextWait(100, { expectedMs: 80 }, 10), 20, 'a shorter Retry-After does not shorten the schedule');
    });
  });

  describe('against a server whose queries are ready after a known time', () => {
    const server = FakeServer.forSuite();

    /** A client on a virtual clock and a server whose every query is ready `readyMs` after its submit. */
    function timedServer(readyMs: number, times = new QueryTimes()) {
      const clock = { t: 0 };
      let submittedAt = 0;
      const statusAt: number[] = [];
      server.otherwise((req): Reply => {
        if (req.method === 'POST') {
          submittedAt = clock.t;
          statusAt.length = 0;
          return { body: { queryId: 'q' } };
        }
        if (req.path.endsWith('/status')) {
          statusAt.push(clock.t - submittedAt);
          const ready = clock.t - submittedAt >= readyMs;
          return { body: { status: ready ? 'Complete' : 'Processing', count: ready ? 1 : 0, message: '' } };
        }
        return { body: { results: [1], limitedToMaxAllowed: false } };
      });
      const { client } = makeClient(server, {
        now: () => clock.t,
        sleep: async (ms) => void (clock.t += ms),
        queryTimes: times,
      });
      return { client, statusAt, times };
    }

    for (const readyMs of [300, 1000, 3000]) {
      it(`queries of ${readyMs} ms: once learned, no more checks than a fixed 0.2 s poller and results within 15% of the query's time`, async () => {
        const { client, statusAt, times } = timedServer(readyMs);
        const checks: number[] = [];
        const late: number[] = [];
        for (let run = 0; run < 8; run++) {
          const res = await client.search('aspirin', { raiseErrors: true });
          assert.deepStrictEqual(res.recordIds, [1]);
          checks.push(statusAt.length);
          late.push(statusAt[statusAt.length - 1] - readyMs);
        }
        assert.strictEqual(statusAt[0], 0, 'the first check goes out at once');
        const learned = times.expected(client.hasApiKey ? new URL(server.url).origin : '', 'filter name');
        assert.ok(learned !== undefined && Math.abs(learned - readyMs) < readyMs * 0.15, `learned ${learned} ms for ${readyMs} ms`);
        const fixed = fixedPollerChecks(readyMs);
        for (let run = 0; run < checks.length; run++) assert.ok(checks[run] <= fixed, `run ${run}: ${checks[run]} checks, fixed poller ${fixed}`);
        for (let run = 2; run < checks.length; run++) {
          assert.ok(late[run] >= 0 && late[run] <= readyMs * 0.15, `run ${run}: results ${late[run]} ms after ready`);
        }
      });
    }

    it('a query ready at once costs submit, one status check and the results', async () => {
      const { client, statusAt, times } = timedServer(0);
      for (let run = 0; run < 3; run++) {
        await client.search('aspirin', { raiseErrors: true });
        assert.deepStrictEqual(statusAt, [0]);
      }
      assert.strictEqual(server.requests.length, 9);
      assert.strictEqual(times.expected(new URL(server.url).origin, 'filter name'), 0);
    });

    it('learned times are kept per origin and kind, and persist through JSON', async () => {
      const { client, times } = timedServer(1000);
      await client.search('aspirin', { raiseErrors: true });
      const origin = new URL(server.url).origin;
      assert.ok(times.expected(origin, 'filter name')! > 0);
      assert.strictEqual(times.expected(origin, 'filter inchikey'), undefined);
      assert.strictEqual(times.expected('http://127.0.0.1:1', 'filter name'), undefined);
      const restored = new QueryTimes(JSON.parse(JSON.stringify(times)));
      assert.strictEqual(restored.expected(origin, 'filter name'), times.expected(origin, 'filter name'));
    });

    it('Retry-After on a status answer is honoured', async () => {
      const clock = { t: 0 };
      const sleeps: number[] = [];
      server.reply(
        { body: { queryId: 'q' } },
        { headers: { 'Retry-After': '3' }, body: { status: 'Processing', count: 0, message: '' } },
        { body: { status: 'Complete', count: 0, message: '' } },
        { body: { results: [], limitedToMaxAllowed: false } },
      );
      const { client } = makeClient(server, { now: () => clock.t, sleep: async (ms) => void (sleeps.push(ms), (clock.t += ms)) });
      await client.search('aspirin', { raiseErrors: true });
      assert.deepStrictEqual(sleeps, [3000]);
    });
  });

  describe('QueryTimes', () => {
    it('drops damaged persisted entries and keeps good ones', () => {
      const t = new QueryTimes({
        'a x': { ms: 10, n: 2 },
        'b x': { ms: -1, n: 1 },
        'c x': { ms: 'x', n: 1 },
        'd x': null,
        'e x': { ms: 1e12, n: 1 },
      });
      assert.deepStrictEqual(Object.keys(t.toJSON()), ['a x']);
      for (const junk of [null, 5, 'x', [1, 2]]) assert.deepStrictEqual(new QueryTimes(junk).toJSON(), {});
    });
    it('a moving average: the first sample sets it, later ones move it 30% of the way', () => {
      let changes = 0;
      const t = new QueryTimes(undefined, () => changes++);
      t.learn('o', 'k', 100);
      t.learn('o', 'k', 200);
      assert.strictEqual(t.expected('o', 'k'), 130);
      assert.strictEqual(changes, 2);
    });
    it('keeps at most 200 entries, the least recently learned going first', () => {
      const t = new QueryTimes();
      for (let i = 0; i < 250; i++) t.learn(`o${i}`, 'k', i);
      assert.strictEqual(Object.keys(t.toJSON()).length, 200);
      assert.strictEqual(t.expected('o0', 'k'), undefined);
      assert.strictEqual(t.expected('o249', 'k'), 249);
    });
  });
});
