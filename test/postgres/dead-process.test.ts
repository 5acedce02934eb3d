/**
 * A query whose service process dies: another process over the same database marks it Failed with a message saying
 * so once the dead process has missed three heartbeats, while a live process's slow query stays Processing.
 */
import * as assert from 'assert';
import * as path from 'path';
import { fork, type ChildProcess } from 'child_process';
import { startService, type RunningService } from '../../src/service';
import { ORPHANED_MESSAGE } from '../../src/service/query-engine/postgres-queries';
import { Client } from 'pg';
import { api } from '../service/support/http';
import { waitFor } from '../support/wait-for';
import { freshDatabase } from './support/use-postgres';

const HOLDER = path.resolve(__dirname, 'support/hold-query.js');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('postgres: a query whose service process died', function () {
  this.timeout(120_000);
  let holder: ChildProcess;
  let holderBase: string;
  let watcher: RunningService;
  let drop: () => Promise<void>;
  let dbUrl: string;

  /** Resolves once the process running query `id` has beaten its heartbeat `beats` more times (read from the database). */
  async function heartbeats(id: string, beats: number): Promise<void> {
    const db = new Client({ connectionString: dbUrl });
    await db.connect();
    try {
      const seen = new Set<string>();
      await waitFor(async () => {
        const { rows } = await db.query<{ seen_at: Date }>(
          'SELECT p.seen_at FROM service_processes p JOIN queries q ON q.owner = p.id WHERE q.id = $1',
          [id],
        );
        if (rows[0]) seen.add(rows[0].seen_at.toISOString());
        return seen.size > beats;
      }, `${beats} heartbeats of the process running the query`);
    } finally {
      await db.end();
    }
  }

  before(async () => {
    const db = await freshDatabase();
    drop = db.drop;
    dbUrl = db.url;
    holder = fork(HOLDER, [db.url], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    holderBase = await new Promise<string>((resolve, reject) => {
      holder.once('message', (m: { baseUrl?: string; error?: string }) => (m.baseUrl ? resolve(m.baseUrl) : reject(new Error(m.error))));
      holder.once('exit', (code) => reject(new Error(`the holding process exited ${code}`)));
    });
    watcher = await startService({ port: 0, database: db.url, queryHeartbeatMs: 200, shippedSpectra: false });
  });
  after(async () => {
    if (holder && holder.exitCode === null && holder.signalCode === null) {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    await watcher?.close();
    await drop?.();
  });

  it('stays Processing while its process lives, and is Failed with a clear message soon after that process is killed', async () => {
    const submit = await api(holderBase, 'POST', 'filter/name', { name: 'caffeine' });
    assert.strictEqual(submit.status, 200, submit.text);
    const statusPath = `filter/${submit.json.queryId}/status`;
    // Past the watcher's staleness (three missed beats) while the holder lives.
    await heartbeats(submit.json.queryId, 5);
    assert.strictEqual((await api(watcher.baseUrl, 'GET', statusPath)).json.status, 'Processing');

    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    const killedAt = Date.now();
    let status: { status: string; message: string } = { status: 'Processing', message: '' };
    while (status.status === 'Processing' && Date.now() - killedAt < 10_000) {
      await sleep(100);
      status = (await api(watcher.baseUrl, 'GET', statusPath)).json;
    }
    assert.strictEqual(status.status, 'Failed', JSON.stringify(status));
    assert.strictEqual(status.message, ORPHANED_MESSAGE);
    const results = await api(watcher.baseUrl, 'GET', `filter/${submit.json.queryId}/results`);
    assert.strictEqual(results.status, 400);
  });
});
