/**
 * The PostgreSQL store at scale (issue targets at 1M records): bulk load rate including the cartridge's
 * structure and fingerprint index upkeep; record ID and InChIKey lookups through HTTP with two service
 * processes; similarity top-25 and substructure first-25 latency through HTTP (the cartridge's operators).
 * Records: the shipped ones repeated (bench/service-synthetic.ts, InChIKeys distinct per copy, so a key lookup
 * finds one record as in a real collection), loaded through `compound-db load`'s writer (write-load.ts). Size: COMPOUND_DB_BENCH_PG_RECORDS (default 1,000,000).
 * Runs its own throwaway cluster in .compound-db/bench-postgres; skipped where it cannot start.
 */
import * as os from 'os';
import * as path from 'path';
import { fork, type ChildProcess } from 'child_process';
import { loadShippedCollection } from '../src/service/chemistry';
import { DEV_API_KEY } from '../src/service';
import { PostgresStore } from '../src/service/store/postgres/postgres-store';
import { writeLoad } from '../src/service/store/postgres/write-load';
import { createDatabase, projectDir, startCluster, stopCluster } from '../src/service/database/cluster';
import { syntheticCollection } from './service-synthetic';
import { serverCpuSeconds } from './postgres-cpu';

const SIZE = Number(process.env.COMPOUND_DB_BENCH_PG_RECORDS ?? 1_000_000);
/** Records made and loaded at a time (each chunk one load, as one SDF file would be), so memory stays small. */
const CHUNK = 100_000;
const HTTP_SECONDS = 5;
const CONCURRENCY = 32;
const CLI = path.resolve(__dirname, '../src/service/cli.js');

function serve(url: string): Promise<{ child: ChildProcess; base: string }> {
  const child = fork(CLI, ['serve', '--port', '0', '--database', url], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { type: string; baseUrl?: string; message?: string }) =>
      m.type === 'ready' ? resolve({ child, base: m.baseUrl! }) : reject(new Error(m.message)),
    );
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function json(url: string, init?: RequestInit): Promise<{ status: number; body: any }> {
  const r = await fetch(url, { ...init, headers: { apikey: DEV_API_KEY, 'Content-Type': 'application/json' } });
  return { status: r.status, body: await r.json() };
}

/** Runs `op` from CONCURRENCY loops for HTTP_SECONDS; returns completed operations a second. */
async function throughput(op: (i: number) => Promise<void>): Promise<number> {
  let n = 0;
  const end = performance.now() + HTTP_SECONDS * 1000;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, w) => {
      for (let i = w; performance.now() < end; i += CONCURRENCY) {
        await op(i);
        n++;
      }
    }),
  );
  return n / ((performance.now() - start) / 1000);
}

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

async function main(): Promise<void> {
  const dir = path.join(projectDir(), '.compound-db', 'bench-postgres');
  let admin: string;
  try {
    admin = await startCluster(dir);
  } catch (err) {
    console.log(`PostgreSQL bench skipped: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  const servers: Array<{ child: ChildProcess; base: string }> = [];
  try {
    const url = new URL(admin);
    url.pathname = '/postgres';
    await createDatabase(url.href, 'bench');
    url.pathname = '/bench';
    const seed = await loadShippedCollection();
    const store = await PostgresStore.open(url.href);
    const t0 = performance.now();
    const cpu0 = { server: serverCpuSeconds(dir), node: process.cpuUsage() };
    const load0 = os.loadavg()[0];
    for (let at = 0; at < SIZE; at += CHUNK) {
      const chunk = syntheticCollection(seed, Math.min(CHUNK, SIZE - at), at + 1);
      await writeLoad(store, { key: `bench:${at}`, dataSource: 'bench', firstId: at + 1, skipped: 0 }, chunk);
    }
    await store.pool.query('ANALYZE records');
    const loadS = (performance.now() - t0) / 1000;
    const serverCpu = serverCpuSeconds(dir) - cpu0.server;
    const nodeCpu = (process.cpuUsage(cpu0.node).user + process.cpuUsage(cpu0.node).system) / 1e6;
    console.log(`PostgreSQL store, ${SIZE.toLocaleString('en')} records (machine shared and loaded: figures are noisy)`);
    console.log(
      `  load (COPY on 2 connections, mol + Morgan fingerprint per record, every index kept up): ${loadS.toFixed(1)} s, ${Math.round(SIZE / loadS)} records/s (target >= 2,000); load average ${load0.toFixed(1)} -> ${os.loadavg()[0].toFixed(1)}`,
    );
    console.log(
      `  load CPU: ${((1000 * serverCpu) / SIZE).toFixed(3)} ms/record in PostgreSQL, ${((1000 * nodeCpu) / SIZE).toFixed(3)} ms/record in Node; on 2 idle cores that is ${Math.round((2 * SIZE) / (serverCpu + nodeCpu))} records/s`,
    );

    servers.push(...(await Promise.all([serve(url.href), serve(url.href)])));
    const base = (i: number) => servers[i % 2].base;
    const id = (i: number) => 1 + ((i * 7919) % SIZE);
    const byId = await throughput(async (i) => {
      const r = await json(`${base(i)}/compounds/v1/records/${id(i)}/details?fields=Formula`);
      if (r.status !== 200) throw new Error(`details ${r.status}`);
    });
    console.log(`  record ID lookups through HTTP, two processes, ${CONCURRENCY} in flight: ${Math.round(byId)} /s (target >= 5,000)`);
    const keys = await store.pool.query<{ inchi_key: string }>('SELECT inchi_key FROM records TABLESAMPLE SYSTEM (1) LIMIT 2000');
    const byKey = await throughput(async (i) => {
      const key = keys.rows[i % keys.rows.length].inchi_key;
      const submit = await json(`${base(i)}/compounds/v1/filter/inchikey`, { method: 'POST', body: JSON.stringify({ inchikey: key }) });
      if (submit.status !== 200) throw new Error(`filter/inchikey ${submit.status}: ${JSON.stringify(submit.body)}`);
      for (let polls = 0; ; polls++) {
        const r = await json(`${base(i + 1)}/compounds/v1/filter/${submit.body.queryId}/results`);
        if (r.status === 200) break;
        if (polls > 1000) throw new Error(`query ${submit.body.queryId} did not finish`);
      }
    });
    console.log(`  InChIKey lookups through HTTP (submit to one process, results from the other): ${Math.round(byKey)} /s`);

    // Through HTTP, as a user waits: submit, then results (polled) from the same process.
    const probes = seed.filter((r) => r.components === 1).slice(0, 40);
    const timed = async (route: string, body: object): Promise<number> => {
      const t = performance.now();
      const submit = await json(`${base(0)}/compounds/v1/filter/${route}`, { method: 'POST', body: JSON.stringify(body) });
      if (submit.status !== 200) throw new Error(`filter/${route} ${submit.status}: ${JSON.stringify(submit.body)}`);
      for (let polls = 0; ; polls++) {
        const r = await json(`${base(0)}/compounds/v1/filter/${submit.body.queryId}/results`);
        if (r.status === 200) break;
        if (polls > 100_000) throw new Error(`query ${submit.body.queryId} did not finish`);
      }
      return performance.now() - t;
    };
    const sim: number[] = [];
    const sub: number[] = [];
    for (const r of probes) {
      sim.push(await timed('similarity', { smiles: r.smiles, threshold: 0.5, maxResults: 25 }));
      sub.push(await timed('substructure', { query: r.smiles, maxResults: 25 }));
    }
    console.log(
      `  similarity top-25 (Tanimoto >= 0.5, GiST on bfp) through HTTP: p50 ${percentile(sim, 50).toFixed(0)} ms, p95 ${percentile(sim, 95).toFixed(0)} ms (target p95 <= 300)`,
    );
    console.log(
      `  substructure first 25 (@>, GiST on mol) through HTTP: p50 ${percentile(sub, 50).toFixed(0)} ms, p95 ${percentile(sub, 95).toFixed(0)} ms (target p50 <= 200)`,
    );
    await store.close();
  } finally {
    for (const s of servers) s.child.kill();
    stopCluster(dir);
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
