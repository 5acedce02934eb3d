/**
 * The PostgreSQL store at scale (issue targets at 1M records): bulk load rate including the cartridge's
 * structure and fingerprint index upkeep; record ID and InChIKey lookups through HTTP with two service
 * processes; similarity top-25 and substructure first-25 latency through HTTP (the cartridge's operators).
 * Records: distinct molecules enumerated from the shipped structures (bench/distinct-molecules.ts, canonical SMILES
 * and InChIKeys distinct; made once and cached on disk), loaded through `compound-db load`'s writer (write-load.ts)
 * in chunks of CHUNK. Size: COMPOUND_DB_BENCH_PG_RECORDS (default 1,000,000).
 * Runs its own throwaway cluster in .compound-db/bench-postgres; skipped where it cannot start.
 * Each figure is printed with its target and "met" / "NOT met", beside the CPU each operation cost in PostgreSQL's
 * server processes, in the service processes and in this bench's HTTP client (all on the same cores), and the load
 * average: on a shared machine the wall-clock rate depends on the neighbours, the CPU per operation does not.
 */
import * as http from 'http';
import * as os from 'os';
import * as path from 'path';
import { fork, type ChildProcess } from 'child_process';
import { DEV_API_KEY } from '../src/service';
import { PostgresStore } from '../src/service/store/postgres/postgres-store';
import { writeLoad } from '../src/service/store/postgres/write-load';
import { patternText } from '../src/service/store/postgres/pattern-column';
import { loadRDKit } from '../src/service/toolkits/rdkit';
import { parseQueryMol, patternFingerprint } from '../src/service/toolkits/structure-toolkit';
import type { RDKit } from '../src/chemistry/molecule/read';
import { createDatabase, pauseCluster, projectDir, startCluster, stopCluster } from '../src/service/database/cluster';
import type { CompoundRecord } from '../src/service/record';
import { describeCollection, distinctCollection } from './distinct-molecules';
import { processCpuSeconds, serverCpuSeconds } from './postgres-cpu';
import { SUBSTRUCTURES } from './substructure-queries';
import { KeepAliveConnection } from './keep-alive-connection';
import { loadShippedCollection } from '../src/service/collection/shipped-collection';

const SIZE = Number(process.env.COMPOUND_DB_BENCH_PG_RECORDS ?? 1_000_000);
/**
 * COMPOUND_DB_BENCH_PG_KEEP=1: the cluster is kept (stopped) after the run, and a later run whose database holds
 * SIZE records skips the load, so a change to the searches can be measured again without loading again.
 */
const KEEP = process.env.COMPOUND_DB_BENCH_PG_KEEP === '1';
/** Records loaded at a time (each chunk one load, as one SDF file would be). */
const CHUNK = 100_000;
const HTTP_SECONDS = 5;
/** Before each rate: the service processes' code and PostgreSQL's plans and buffers warm up. */
const WARM_SECONDS = 2;
const CONCURRENCY = 32;
const POLL_MS = 5;
const SUBSTRUCTURE_RUNS = 10;
const CLI = path.resolve(__dirname, '../src/service/main.js');
/** Connections kept open, as an HTTP client library pools them. */
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });

interface Service {
  child: ChildProcess;
  base: string;
}

function serve(url: string): Promise<Service> {
  const child = fork(CLI, ['--port', '0', '--database', url], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { type: string; baseUrl?: string; message?: string }) =>
      m.type === 'ready' ? resolve({ child, base: m.baseUrl! }) : reject(new Error(m.message)),
    );
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function json(url: string, body?: object): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: body ? 'POST' : 'GET', agent, headers: { apikey: DEV_API_KEY, 'Content-Type': 'application/json' } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined }));
      },
    );
    req.on('error', reject);
    req.end(body ? JSON.stringify(body) : undefined);
  });
}

const verdict = (met: boolean): string => (met ? 'met' : 'NOT met');
const load = (): string => `load average ${os.loadavg()[0].toFixed(1)}`;

/** CPU used from now on, per operation: PostgreSQL's server processes, the service processes, this bench. */
function cpuMeter(clusterDir: string, services: readonly Service[]): (operations: number) => string {
  const server = serverCpuSeconds(clusterDir);
  const own = services.map((s) => processCpuSeconds(s.child.pid!));
  const bench = process.cpuUsage();
  return (operations) => {
    const ms = (seconds: number) => ((1000 * seconds) / operations).toFixed(3);
    const used = process.cpuUsage(bench);
    const inServices = services.reduce((sum, s, i) => sum + processCpuSeconds(s.child.pid!) - own[i], 0);
    return `CPU per operation ${ms(serverCpuSeconds(clusterDir) - server)} ms PostgreSQL + ${ms(inServices)} ms services + ${ms((used.user + used.system) / 1e6)} ms bench client`;
  };
}

/**
 * Waits until the service processes have finished their start-up work (RDKit and the other toolkits load in the
 * background after listening): each uses under 5% of a core over half a second, or 60 s have passed. Returns seconds.
 */
async function idle(services: readonly Service[]): Promise<number> {
  const start = performance.now();
  for (;;) {
    const before = services.map((s) => processCpuSeconds(s.child.pid!));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const busy = services.some((s, i) => processCpuSeconds(s.child.pid!) - before[i] > 0.025);
    if (!busy || performance.now() - start > 60_000) return (performance.now() - start) / 1000;
  }
}

/** Runs `op` from CONCURRENCY loops for `seconds`; returns completed operations and the seconds taken. */
async function run(op: (i: number) => Promise<void>, seconds: number): Promise<{ n: number; s: number }> {
  let n = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, w) => {
      for (let i = w; performance.now() < end; i += CONCURRENCY) {
        await op(i);
        n++;
      }
    }),
  );
  return { n, s: (performance.now() - start) / 1000 };
}

/** Warms up, then measures: operations a second and the CPU line. */
async function throughput(
  clusterDir: string,
  services: readonly Service[],
  op: (i: number) => Promise<void>,
): Promise<{ rate: number; cpu: string }> {
  await run(op, WARM_SECONDS);
  const meter = cpuMeter(clusterDir, services);
  const { n, s } = await run(op, HTTP_SECONDS);
  return { rate: n / s, cpu: meter(n) };
}

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

/** Loads `records` in chunks through `compound-db load`'s writer; prints the rate, its CPU and the load average. */
async function loadRecords(dir: string, store: PostgresStore, records: readonly CompoundRecord[]): Promise<void> {
  const t0 = performance.now();
  const cpu0 = { server: serverCpuSeconds(dir), node: process.cpuUsage() };
  const load0 = os.loadavg()[0];
  for (let at = 0; at < SIZE; at += CHUNK) {
    const chunk = records.slice(at, Math.min(SIZE, at + CHUNK));
    await writeLoad(store, { key: `bench:${at}`, dataSource: 'bench', firstId: at + 1, skipped: 0 }, chunk);
  }
  await store.pool.query('ANALYZE records');
  const loadS = (performance.now() - t0) / 1000;
  const serverCpu = serverCpuSeconds(dir) - cpu0.server;
  const nodeCpu = (process.cpuUsage(cpu0.node).user + process.cpuUsage(cpu0.node).system) / 1e6;
  const loadRate = SIZE / loadS;
  console.log(
    `PostgreSQL store, ${SIZE.toLocaleString('en')} records (2 cores shared with other work: wall-clock figures are noisy, CPU per operation is not)`,
  );
  console.log(
    `  load (COPY on 2 connections, mol + Morgan fingerprint per record, every index kept up): ${loadS.toFixed(1)} s, ${Math.round(loadRate)} records/s (target >= 2,000: ${verdict(loadRate >= 2000)}); load average ${load0.toFixed(1)} -> ${os.loadavg()[0].toFixed(1)}`,
  );
  console.log(
    `  load CPU: ${((1000 * serverCpu) / SIZE).toFixed(3)} ms/record in PostgreSQL, ${((1000 * nodeCpu) / SIZE).toFixed(3)} ms/record in Node; on 2 idle cores that is ${Math.round((2 * SIZE) / (serverCpu + nodeCpu))} records/s`,
  );
}

/**
 * The database's own screen of every record by the query's pattern fingerprint (SQL alone, no matching: what a rare
 * query cost before the service's mirror screened in front of it), the median of 3.
 */
async function databaseScreen(store: PostgresStore, rdkit: RDKit, query: string, format: 'SMILES' | 'SMARTS'): Promise<string> {
  const mol = parseQueryMol(rdkit, query, format)!;
  const pattern = patternText(patternFingerprint(mol));
  mol.delete();
  const times: number[] = [];
  let passed = 0;
  for (let i = 0; i < 3; i++) {
    const t = performance.now();
    const { rows } = await store.pool.query<{ n: string }>(
      'SELECT count(*) AS n FROM records WHERE pattern_fp IS NULL OR (pattern_fp & $1::bit(2048)) = $1::bit(2048)',
      [pattern],
    );
    times.push(performance.now() - t);
    passed = Number(rows[0].n);
  }
  return `the database's own screen of every record (SQL alone, no matching), median of 3: ${percentile(times, 50).toFixed(0)} ms, ${passed.toLocaleString('en')} records pass`;
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
    // Made (or read from the cache) before the load starts: no part of the load's figures.
    const distinct = await distinctCollection(seed, SIZE, (n) => process.stdout.write(`\r  distinct molecules: ${n.toLocaleString('en')}`));
    console.log(`\r${describeCollection(distinct)}`);
    const store = await PostgresStore.open(url.href);
    const [{ n: held }] = (await store.pool.query<{ n: string }>('SELECT count(*) AS n FROM records')).rows;
    if (KEEP && Number(held) === SIZE)
      console.log(
        `PostgreSQL store, ${SIZE.toLocaleString('en')} records: the kept cluster holds them; load skipped (its figures are the earlier run's)`,
      );
    else if (Number(held) > 0) throw new Error(`${dir} holds ${held} records, not ${SIZE}: delete it and run again`);
    else await loadRecords(dir, store, distinct.records);

    servers.push(...(await Promise.all([serve(url.href), serve(url.href)])));
    console.log(`  two service processes listening; their start-up work done ${(await idle(servers)).toFixed(1)} s later (before any figure)`);
    const base = (i: number) => servers[i % 2].base;
    // One kept-alive connection per loop (loop w asks service w % 2); every 64th answer is read and checked.
    const headers = { apikey: DEV_API_KEY, 'Content-Type': 'application/json' };
    const connections = Array.from({ length: CONCURRENCY }, (_, w) => new KeepAliveConnection(new URL(base(w)), headers));
    const ask = async (i: number, method: 'GET' | 'POST', route: string, body?: object) => {
      const r = await connections[i % CONCURRENCY].request(method, `/compounds/v1/${route}`, body && JSON.stringify(body));
      if (r.status !== 200) throw new Error(`${route} ${r.status}: ${r.body.toString()}`);
      return i % 64 === 0 ? JSON.parse(r.body.toString()) : undefined;
    };
    const id = (i: number) => 1 + ((i * 7919) % SIZE);
    const byId = await throughput(dir, servers, async (i) => {
      const r = await ask(i, 'GET', `records/${id(i)}/details?fields=Formula`);
      if (r && r.id !== id(i)) throw new Error(`record ${id(i)} answered as ${JSON.stringify(r)}`);
    });
    console.log(
      `  record ID lookups (details) through HTTP, two processes, ${CONCURRENCY} in flight (kept-alive connections): ${Math.round(byId.rate)} /s (target >= 5,000: ${verdict(byId.rate >= 5000)}); ${byId.cpu}; ${load()}`,
    );
    // The answer is the InChI of the first record (load order) holding the key.
    const keys = await store.pool.query<{ inchi_key: string; inchi: string }>(
      `SELECT k.inchi_key, (SELECT r.inchi FROM records r WHERE r.inchi_key = k.inchi_key ORDER BY r.pos LIMIT 1) AS inchi
       FROM (SELECT inchi_key FROM records TABLESAMPLE SYSTEM (1) LIMIT 2000) k`,
    );
    const key = (i: number) => keys.rows[i % keys.rows.length].inchi_key;
    const byKey = await throughput(dir, servers, async (i) => {
      const r = await ask(i, 'POST', 'tools/convert', { input: key(i), inputFormat: 'InChIKey', outputFormat: 'InChI' });
      if (r && r.output !== keys.rows[i % keys.rows.length].inchi) throw new Error(`tools/convert of ${key(i)} gave ${JSON.stringify(r)}`);
    });
    connections.forEach((c) => c.close());
    console.log(
      `  InChIKey lookups (tools/convert InChIKey to InChI) through HTTP, two processes: ${Math.round(byKey.rate)} /s (target >= 5,000: ${verdict(byKey.rate >= 5000)}); ${byKey.cpu}; ${load()}`,
    );
    const searches = await throughput(dir, servers, async (i) => {
      const submit = await json(`${base(i)}/compounds/v1/filter/inchikey`, { inchikey: key(i) });
      if (submit.status !== 200) throw new Error(`filter/inchikey ${submit.status}: ${JSON.stringify(submit.body)}`);
      for (let polls = 0; ; polls++) {
        const r = await json(`${base(i + 1)}/compounds/v1/filter/${submit.body.queryId}/results`);
        if (r.status === 200) break;
        if (polls > 1000) throw new Error(`query ${submit.body.queryId} did not finish`);
      }
    });
    console.log(
      `  InChIKey searches (filter/inchikey submitted to one process, results read from the other; state in the database): ${Math.round(searches.rate)} /s (no target of its own); ${searches.cpu}; ${load()}`,
    );

    // Through HTTP, as a user waits: submit, then results polled from the same process (a pause of POLL_MS between
    // polls, as a client would; polling flat out took CPU from the search it waits for).
    const probes = seed.filter((r) => r.components === 1).slice(0, 40);
    const timed = async (route: string, body: object): Promise<number> => {
      const t = performance.now();
      const submit = await json(`${base(0)}/compounds/v1/filter/${route}`, body);
      if (submit.status !== 200) throw new Error(`filter/${route} ${submit.status}: ${JSON.stringify(submit.body)}`);
      for (let polls = 0; ; polls++) {
        const r = await json(`${base(0)}/compounds/v1/filter/${submit.body.queryId}/results`);
        if (r.status === 200) break;
        if (polls > 100_000) throw new Error(`query ${submit.body.queryId} did not finish`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      return performance.now() - t;
    };
    const sim: number[] = [];
    let meter = cpuMeter(dir, servers);
    for (const r of probes) sim.push(await timed('similarity', { smiles: r.smiles, threshold: 0.5, maxResults: 25 }));
    const simP95 = percentile(sim, 95);
    console.log(
      `  similarity top-25 (Tanimoto >= 0.5, GiST on bfp) through HTTP, ${probes.length} structures: p50 ${percentile(sim, 50).toFixed(0)} ms, p95 ${simP95.toFixed(0)} ms (target p95 <= 300: ${verdict(simP95 <= 300)}); ${meter(probes.length)}; ${load()}`,
    );
    // The peer in the same run: the plan before staged thresholds, one screened search at 0.5 (SQL only, no HTTP).
    const single: number[] = [];
    const client = await store.pool.connect();
    for (const r of probes) {
      const t = performance.now();
      await client.query('BEGIN');
      await client.query('SET LOCAL rdkit.tanimoto_threshold = 0.5');
      await client.query(
        `SELECT id, score FROM (SELECT id, tanimoto_sml(mfp, q) AS score FROM records, (SELECT mfp AS q FROM records WHERE id = $1) p
         WHERE mfp % q) h ORDER BY round(score::numeric, 4) DESC, id LIMIT 25`,
        [r.id],
      );
      await client.query('COMMIT');
      single.push(performance.now() - t);
    }
    client.release();
    console.log(
      `  peer: one screened search at 0.5 (the plan before staged thresholds), SQL only, same structures: p50 ${percentile(single, 50).toFixed(0)} ms, p95 ${percentile(single, 95).toFixed(0)} ms`,
    );
    const sub: number[] = [];
    meter = cpuMeter(dir, servers);
    for (const r of probes) sub.push(await timed('substructure', { query: r.smiles, maxResults: 25 }));
    const subP50 = percentile(sub, 50);
    console.log(
      `  substructure first 25 (@>: runs in ID order, then the GiST screen) through HTTP, ${probes.length} structures: p50 ${subP50.toFixed(0)} ms, p95 ${percentile(sub, 95).toFixed(0)} ms (target p50 <= 200: ${verdict(subP50 <= 200)}); ${meter(probes.length)}; ${load()}`,
    );
    const rdkit = await loadRDKit();
    for (const [name, query, queryFormat, rare] of SUBSTRUCTURES) {
      const times: number[] = [];
      meter = cpuMeter(dir, servers);
      for (let run = 0; run < SUBSTRUCTURE_RUNS; run++) times.push(await timed('substructure', { query, queryFormat, maxResults: 25 }));
      const [p50, p95] = [percentile(times, 50), percentile(times, 95)];
      const targets = `target p50 <= 200: ${verdict(p50 <= 200)}${rare ? `; rare query, target p95 <= 500: ${verdict(p95 <= 500)}` : ''}`;
      console.log(
        `  substructure first 25, ${name} (${queryFormat} ${query}), ${SUBSTRUCTURE_RUNS} runs: p50 ${p50.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms (${targets}); ${meter(times.length)}; ${load()}`,
      );
      if (rare) console.log(`    peer: ${await databaseScreen(store, rdkit, query, queryFormat)}`);
    }
    await store.close();
  } finally {
    for (const s of servers) s.child.kill();
    agent.destroy();
    if (KEEP) pauseCluster(dir);
    else stopCluster(dir);
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
