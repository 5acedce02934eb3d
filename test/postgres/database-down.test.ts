/**
 * A lost database under load: while the cluster is stopped every request that needs the store answers 503
 * with Retry-After (never a 500, never a hang), and once it is back the same service answers again by itself.
 */
import * as assert from 'assert';
import { startService, type RunningService } from '../../src/service';
import { pauseCluster, resumeCluster } from '../../src/service/database/cluster';
import { api } from '../service/support/http';
import { waitFor } from '../support/wait-for';

const clusterDir = process.env.COMPOUND_DB_TEST_CLUSTER_DIR;

describe('postgres: the database stops and restarts under load', function () {
  this.timeout(120_000);
  let svc: RunningService;

  before(async function () {
    if (!clusterDir) this.skip();
    svc = await startService({ port: 0, shippedSpectra: false });
  });
  after(() => svc?.close());

  async function firstCaffeine(): Promise<number> {
    const submit = await api(svc.baseUrl, 'POST', 'filter/name', { name: 'caffeine' });
    for (let i = 0; ; i++) {
      if (i > 500) throw new Error('the name search did not finish');
      const r = await api(svc.baseUrl, 'GET', `filter/${submit.json.queryId}/results`);
      if (r.status === 200) return r.json.results[0];
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('answers 503 with Retry-After while it is down and recovers without a restart', async () => {
    const caffeine = await firstCaffeine();
    const seen = new Map<number, number>();
    let retryAfter: string | null = null;
    let stop = false;
    const worker = async () => {
      for (let i = 0; !stop; i++) {
        const r =
          i % 2
            ? await api(svc.baseUrl, 'GET', `records/${caffeine}/details?fields=CommonName`)
            : await api(svc.baseUrl, 'POST', 'filter/name', { name: 'caffeine' });
        seen.set(r.status, (seen.get(r.status) ?? 0) + 1);
        if (r.status === 503) retryAfter = r.headers.get('retry-after');
      }
    };
    const workers = Array.from({ length: 4 }, worker);
    await waitFor(() => (seen.get(200) ?? 0) >= 8, 'answers before the database goes down');
    pauseCluster(clusterDir);
    const downFrom = Date.now();
    while (!seen.has(503) && Date.now() - downFrom < 20_000) await new Promise((resolve) => setTimeout(resolve, 50));
    resumeCluster(clusterDir);
    seen.delete(200);
    const upFrom = Date.now();
    while (!seen.has(200) && Date.now() - upFrom < 30_000) await new Promise((resolve) => setTimeout(resolve, 50));
    stop = true;
    await Promise.all(workers);
    assert.ok(seen.get(503), `no 503 while down: ${JSON.stringify([...seen])}`);
    assert.ok(retryAfter && /^\d+$/.test(retryAfter), 'Retry-After on the 503');
    assert.ok(seen.get(200), `no 200 after the restart: ${JSON.stringify([...seen])}`);
    assert.ok(!seen.has(500), `a 500: ${JSON.stringify([...seen])}`);
    const after = await api(svc.baseUrl, 'GET', `records/${caffeine}/details?fields=CommonName`);
    assert.strictEqual(after.status, 200);
  });
});
