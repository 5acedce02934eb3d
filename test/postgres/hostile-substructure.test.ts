/**
 * A substructure search that holds RDKit's matcher inside one record (a 24-ring walk on the C60 cage) over
 * the PostgreSQL store: it ends at its bound with "stopped after", and no backend of the service's database is still
 * running a statement a moment later (the matching ran in a worker the service terminated, not in the database).
 * The SIGTERM of a service process over PostgreSQL while the search runs is obeyed within 2 s.
 */
import * as assert from 'assert';
import * as path from 'path';
import { fork } from 'child_process';
import { Client } from 'pg';
import { startService, type RunningService } from '../../src/service';
import { loadChemistry } from '../../src/service/toolkits';
import { PostgresStore } from '../../src/service/store/postgres/postgres-store';
import type { CompoundRecord } from '../../src/service/record';
import type { LocalServiceMessage } from '../../src/wire';
import { api, runFilter, waitQuery } from '../service/support/http';
import { CAGE_WALK } from '../service/support/hostile-shapes';
import { freshDatabase } from './support/use-postgres';
import { loadShippedCollection } from '../../src/service/collection/shipped-collection';

const CLI = path.resolve(__dirname, '../../src/service/main.js');
const BOUND_MS = 1500;

/** Backends of the database `url` names that are running a statement, other than the one asking. */
async function activeBackends(url: string): Promise<Array<{ pid: number; query: string }>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number; query: string }>(
      "SELECT pid, query FROM pg_stat_activity WHERE datname = current_database() AND state <> 'idle' AND pid <> pg_backend_pid()",
    );
    return rows;
  } finally {
    await client.end();
  }
}

/** Milliseconds until no backend of the database runs a statement (polled every 50 ms), at most `withinMs`. */
async function quietAfter(url: string, withinMs: number): Promise<{ ms: number; left: Array<{ pid: number; query: string }> }> {
  const started = performance.now();
  for (;;) {
    const left = await activeBackends(url);
    const ms = performance.now() - started;
    if (!left.length || ms > withinMs) return { ms, left };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('postgres: a substructure search that holds RDKit on one record', function () {
  this.timeout(180_000);
  let db: { url: string; drop: () => Promise<void> };
  let svc: RunningService;
  let c60: CompoundRecord;

  before(async () => {
    const chemistry = await loadChemistry();
    const records = await loadShippedCollection();
    c60 = records.find((r) => r.commonName === 'C60')!;
    assert.ok(c60, 'the shipped collection holds C60');
    db = await freshDatabase();
    const store = await PostgresStore.open(db.url);
    try {
      await store.append([...records.slice(0, 300).filter((r) => r.id !== c60.id), c60]);
    } finally {
      await store.close();
    }
    svc = await startService({ port: 0, database: db.url, chemistry, structureTimeLimitMs: BOUND_MS });
  });
  after(async () => {
    await svc?.close();
    await db?.drop();
  });

  it('ends at its bound, and no backend of the database runs a statement 2 s later', async () => {
    const started = performance.now();
    const submit = await api(svc.baseUrl, 'POST', 'filter/substructure', { query: CAGE_WALK, queryFormat: 'SMARTS' });
    assert.strictEqual(submit.status, 200, submit.text);
    const status = await waitQuery(svc.baseUrl, `filter/${submit.json.queryId}/status`, 30_000);
    const searchMs = performance.now() - started;
    const quiet = await quietAfter(db.url, 10_000);
    const normal = performance.now();
    const phenols = await runFilter(svc.baseUrl, 'filter/substructure', { query: 'Oc1ccccc1' });
    const normalMs = performance.now() - normal;
    console.log(
      `      hostile search: ${status.status} after ${searchMs.toFixed(0)} ms (${status.message}); no backend running ${quiet.ms.toFixed(0)} ms later; a phenol search next ${normalMs.toFixed(0)} ms`,
    );
    assert.strictEqual(status.status, 'Complete');
    assert.match(status.message, /Stopped after \d+ s/);
    assert.deepStrictEqual(quiet.left, [], `still running ${quiet.ms.toFixed(0)} ms after the search ended: ${JSON.stringify(quiet.left)}`);
    assert.ok(quiet.ms < 2000, `the backends went quiet ${quiet.ms} ms after the search ended`);
    assert.ok(phenols.length > 0);
  });

  it('exits on SIGTERM within 2 s while the search runs', async () => {
    const child = fork(CLI, ['--port', '0', '--database', db.url], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
    try {
      const baseUrl = await new Promise<string>((resolve, reject) => {
        child.once('message', (m: LocalServiceMessage) => (m.type === 'ready' ? resolve(m.baseUrl) : reject(new Error(m.message))));
        child.once('exit', (code) => reject(new Error(`the service exited (${code}) before it was ready`)));
      });
      const submit = await api(baseUrl, 'POST', 'filter/substructure', { query: CAGE_WALK, queryFormat: 'SMARTS' });
      assert.strictEqual(submit.status, 200, submit.text);
      assert.strictEqual((await api(baseUrl, 'GET', `filter/${submit.json.queryId}/status`)).json.status, 'Processing');
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      const started = performance.now();
      child.kill('SIGTERM');
      const code = await exited;
      const ms = performance.now() - started;
      const quiet = await quietAfter(db.url, 10_000);
      console.log(
        `      SIGTERM during a hostile search over PostgreSQL: exited ${code} after ${ms.toFixed(0)} ms; backends quiet ${quiet.ms.toFixed(0)} ms later`,
      );
      assert.strictEqual(code, 0);
      assert.ok(ms < 4000, `exit took ${ms} ms (target 2 s; the bound leaves room for a loaded machine)`);
      assert.deepStrictEqual(quiet.left, []);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
