/**
 * The service over HTTP, honestly (issue 9): collections of 10k, 100k and 1M records with distinct InChIKeys
 * (bench/service-synthetic.ts), served by the real service in its own process; a load generator here sends
 * lookups of distinct keys over keep-alive connections, many in flight. For each size: record lookups by ID
 * (GET details, all fields) and InChIKey searches (submit, status, results: three requests each) per second of
 * wall time and per second of the service's CPU time ("per core"), the service's memory, and the same lookups
 * in memory (the store on its own, no HTTP) beside them. A bare node:http server in the service's process,
 * answering a fixed small JSON, is the floor any Node service meets on this machine (its system calls are dear).
 * The targets are printed with "met" / "NOT met". The machine is shared: wall-clock rates are noisy, the
 * per-CPU-second rates less so.
 */
import { fork, type ChildProcess } from 'child_process';
import * as http from 'http';
import * as path from 'path';
import type { ChildReady, ChildRequest, ChildUsage } from './http-service';

const SIZES = process.env.HTTP_BENCH_SIZES ? process.env.HTTP_BENCH_SIZES.split(',').map(Number) : [10_000, 100_000, 1_000_000];
const CONCURRENCY = 32;
const DURATION_MS = 3000;
const KEY = 'compound-db-dev-key';
/** What a hover or a tree label asks for: names, formula and masses, no MOL blocks. */
const HOVER_FIELDS = 'CommonName,Formula,AverageMass,MolecularWeight,MonoisotopicMass,NominalMass,SMILES';

function ask<T>(child: ChildProcess, request: ChildRequest | undefined, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`service process exited (${code})`));
    const onMessage = (m: { type: string }) => {
      if (m.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(m as T);
    };
    child.on('message', onMessage);
    child.once('exit', onExit);
    if (request) child.send(request);
  });
}

/** The fields of the answers this bench reads. */
interface Answer {
  queryId: string;
  status: string;
  results: number[];
}

function request(agent: http.Agent, base: URL, method: 'GET' | 'POST', route: string, body?: unknown): Promise<{ status: number; json: Answer }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method,
        path: `/compounds/v1/${route}`,
        headers: {
          apikey: KEY,
          Accept: 'application/json',
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Status checks until the query is Complete; any other end (an evicted query is a 400) fails the bench. */
async function untilComplete(agent: http.Agent, base: URL, queryId: string): Promise<number> {
  for (let checks = 1; ; checks++) {
    const { status, json } = await request(agent, base, 'GET', `filter/${queryId}/status`);
    if (status === 200 && json.status === 'Complete') return checks;
    if (status !== 200 || (json.status !== 'Created' && json.status !== 'Processing'))
      throw new Error(`query ${queryId}: ${status} ${JSON.stringify(json)}`);
  }
}

/** Runs `op` from CONCURRENCY workers for DURATION_MS; returns operations and the requests they made. */
async function load(op: (i: number) => Promise<number>): Promise<{ ops: number; requests: number; ms: number }> {
  let next = 0;
  let requests = 0;
  const start = performance.now();
  const worker = async () => {
    while (performance.now() - start < DURATION_MS) {
      const made = await op(next++);
      requests += made;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return { ops: next, requests, ms: performance.now() - start };
}

async function benchSize(size: number): Promise<void> {
  const child = fork(path.join(__dirname, 'http-service.js'), [String(size)], {
    execArgv: ['--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  try {
    const ready = await ask<ChildReady>(child, undefined, 'ready');
    const base = new URL(ready.baseUrl);
    const bare = new URL(ready.bareUrl);
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const memory = await ask<ChildUsage>(child, { type: 'usage', collect: true }, 'usage');
    console.log(
      `\n${size.toLocaleString('en')} records: store indexes built in ${ready.buildMs.toFixed(0)} ms, structure index in ${(ready.structureIndexMs / 1000).toFixed(1)} s (before the figures); service process RSS ${memory.rssMb.toFixed(0)} MB (heap ${memory.heapMb.toFixed(0)} MB)`,
    );
    console.log('  lookup                        HTTP ops/s   requests/s   ops per service CPU-second   in memory ops/s');
    const kinds: Array<[string, (i: number) => Promise<number>]> = [
      [
        'floor: bare node:http, fixed',
        async () => {
          await request(agent, bare, 'GET', 'x');
          return 1;
        },
      ],
      [
        'record by ID (all fields)',
        async (i) => {
          const res = await request(agent, base, 'GET', `records/${ready.ids[i % ready.ids.length]}/details`);
          if (res.status !== 200) throw new Error(`details: ${res.status}`);
          return 1;
        },
      ],
      [
        'record by ID (hover fields)',
        async (i) => {
          const res = await request(agent, base, 'GET', `records/${ready.ids[i % ready.ids.length]}/details?fields=${HOVER_FIELDS}`);
          if (res.status !== 200) throw new Error(`details: ${res.status}`);
          return 1;
        },
      ],
      [
        'InChIKey',
        async (i) => {
          const { json } = await request(agent, base, 'POST', 'filter/inchikey', { inchikey: ready.keys[i % ready.keys.length] });
          const requests = 1 + (await untilComplete(agent, base, json.queryId));
          const r = await request(agent, base, 'GET', `filter/${json.queryId}/results`);
          if (r.json.results.length === 0) throw new Error('InChIKey: no results');
          return requests + 1;
        },
      ],
    ];
    kinds.push([
      'element filter all of N, O, S',
      async () => {
        const { json } = await request(agent, base, 'POST', 'filter/element', { includeElements: ['N', 'O', 'S'], options: { includeAll: true } });
        const requests = 1 + (await untilComplete(agent, base, json.queryId));
        const r = await request(agent, base, 'GET', `filter/${json.queryId}/results?count=100`);
        if (r.json.results.length === 0) throw new Error('elements: no results');
        return requests + 1;
      },
    ]);
    const inMemoryOf: Record<string, string | undefined> = {
      'record by ID (all fields)': 'record by ID',
      'record by ID (hover fields)': 'record by ID',
      InChIKey: 'InChIKey',
      'element filter all of N, O, S': 'element filter all of N, O, S',
    };
    const rates: Record<string, number> = {};
    const perCpuSecond: Record<string, number> = {};
    for (const [name, op] of kinds) {
      await load(op); // warm up
      const before = await ask<ChildUsage>(child, { type: 'usage' }, 'usage');
      const { ops, requests, ms } = await load(op);
      const after = await ask<ChildUsage>(child, { type: 'usage' }, 'usage');
      const cpuSeconds = (after.cpuMs - before.cpuMs) / 1000;
      rates[name] = (ops / ms) * 1000;
      perCpuSecond[name] = ops / cpuSeconds;
      console.log(
        `  ${name.padEnd(28)} ${((ops / ms) * 1000).toFixed(0).padStart(10)}   ${((requests / ms) * 1000).toFixed(0).padStart(10)}   ` +
          `${(ops / cpuSeconds).toFixed(0).padStart(26)}   ${(inMemoryOf[name] ? ready.inMemory[inMemoryOf[name]].toFixed(0) : '').padStart(15)}`,
      );
    }
    const elements = 'elements all of N, O, S';
    // the store's records for the same filter (what a search that reads the records, e.g. by complexity, pays)
    console.log(
      `  ${elements.padEnd(28)} ${'(in memory only)'.padStart(10)}   ${''.padStart(10)}   ${''.padStart(26)}   ${ready.inMemory[elements].toFixed(0).padStart(15)}`,
    );
    const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
    // The service's JavaScript is one thread, so its wall-clock ops/s are per core: the verdict; the rate per service
    // CPU-second (the load generator and other processes excluded, V8's GC threads included) is beside it.
    const figure = (name: string, target: number) =>
      `${rates[name].toFixed(0)}/s (${perCpuSecond[name].toFixed(0)} per service CPU-second), ${verdict(rates[name] >= target)}`;
    console.log(`  target: record lookups >= 8,000/s per core over HTTP: ${figure('record by ID (all fields)', 8000)}`);
    if (size >= 1_000_000) {
      console.log(`  target: element filter "all of N, O, S" at 1M >= 1,000/s: ${figure('element filter all of N, O, S', 1000)}`);
      const end = await ask<ChildUsage>(child, { type: 'usage', collect: true }, 'usage');
      const rss = Math.max(memory.rssMb, end.rssMb);
      console.log(`  target: service memory at 1M <= 2 GB: RSS ${rss.toFixed(0)} MB (the larger of start and end), ${verdict(rss <= 2048)}`);
    }
    agent.destroy();
    child.send({ type: 'close' } satisfies ChildRequest);
    await new Promise((resolve) => child.once('exit', resolve));
  } finally {
    if (child.exitCode === null) child.kill();
  }
}

(async () => {
  console.log(
    `The service over HTTP: keep-alive, ${CONCURRENCY} requests in flight, distinct keys and IDs, ${DURATION_MS / 1000} s per lookup kind.`,
  );
  for (const size of SIZES) await benchSize(size);
})().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
