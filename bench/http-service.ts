/**
 * The service side of http.bench.ts, in its own process so its CPU time and memory are its own: builds a
 * synthetic collection of `argv[2]` records, measures the same lookups in memory (the store on its own), then
 * serves them over HTTP and answers the parent's questions on the IPC channel.
 */
import * as http from 'http';
import type { AddressInfo } from 'net';
import { MemoryStore, startService } from '../src/service';
import { syntheticCollection } from './service-synthetic';
import { loadShippedCollection } from '../src/service/collection/shipped-collection';

/** `collect`: a full collection first, for the memory figures (1-2 s of CPU at 1M records: never inside a timed window). */
export type ChildRequest = { type: 'usage'; collect?: boolean } | { type: 'close' };
export interface ChildReady {
  type: 'ready';
  baseUrl: string;
  /** A bare node:http server in the same process answering every request with one fixed small JSON: the floor. */
  bareUrl: string;
  ids: number[];
  keys: string[];
  buildMs: number;
  structureIndexMs: number;
  inMemory: Record<string, number>;
}
export interface ChildUsage {
  type: 'usage';
  cpuMs: number;
  rssMb: number;
  heapMb: number;
}

const BUDGET_MS = 500;

async function rate<T>(inputs: readonly T[], op: (input: T) => Promise<unknown>): Promise<number> {
  let n = 0;
  const start = performance.now();
  while (performance.now() - start < BUDGET_MS) for (let i = 0; i < 50; i++, n++) await op(inputs[n % inputs.length]);
  return n / ((performance.now() - start) / 1000);
}

function spread<T>(items: readonly T[], count: number): T[] {
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)]);
}

async function main(): Promise<void> {
  const size = Number(process.argv[2]);
  const records = syntheticCollection(await loadShippedCollection(), size);
  const sample = spread(records, 5000);
  const ids = sample.map((r) => r.id);
  const keys = sample.map((r) => r.inchiKey);
  const t = performance.now();
  let store: MemoryStore | undefined = new MemoryStore(records);
  const buildMs = performance.now() - t;
  const inMemory: Record<string, number> = {
    'record by ID': await rate(ids, (id) => store!.getById(id)),
    InChIKey: await rate(keys, (k) => store!.getByInchiKey(k)),
    'elements all of N, O, S': await rate([['N', 'O', 'S']], (e) => store!.byElements(e, true, [])),
    'element filter all of N, O, S': await rate([['N', 'O', 'S']], (e) => store!.idsByElements(e, true, [])),
  };
  store = undefined; // the service builds its own; keep one copy in memory for the figures below
  (globalThis as { gc?: () => void }).gc?.();
  // 32 clients each holding an element filter's ~84,000 IDs at 1M: under the default bound (2M IDs over the finished
  // queries) a query would be evicted before its client read it. A deployment of this size raises it too.
  const service = await startService({ port: 0, records, log: () => undefined, maxResultIds: Math.max(2_000_000, 4 * size) });
  // The structure index is built in this process after it listens: its CPU time is not the lookups'.
  const { buildMs: structureIndexMs } = await service.buildStructureIndex();
  const bareBody = Buffer.from(JSON.stringify({ id: 1, commonName: 'Caffeine', formula: 'C_{8}H_{10}N_{4}O_{2}' }));
  const bare = http.createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(bareBody.length) });
    res.end(bareBody);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`;
  const ready: ChildReady = { type: 'ready', baseUrl: service.baseUrl, bareUrl, ids, keys, buildMs, structureIndexMs, inMemory };
  process.send?.(ready);
  process.on('message', (m: ChildRequest) => {
    if (m.type === 'usage') {
      if (m.collect) (globalThis as { gc?: () => void }).gc?.();
      const cpu = process.cpuUsage();
      const mem = process.memoryUsage();
      const usage: ChildUsage = { type: 'usage', cpuMs: (cpu.user + cpu.system) / 1000, rssMb: mem.rss / 2 ** 20, heapMb: mem.heapUsed / 2 ** 20 };
      process.send?.(usage);
    } else if (m.type === 'close') {
      bare.closeAllConnections();
      bare.close();
      void service.close().then(() => process.exit(0));
    }
  });
  process.on('disconnect', () => process.exit(0));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
