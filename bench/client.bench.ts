/**
 * Client benchmarks (issue 2):
 * 1. composite search against a local server whose query becomes ready after a set delay: time from ready to
 *    results in hand, and the number of status calls, with the default polling (100 ms first wait, x1.5, 2 s cap);
 * 2. per-request overhead of the client over a bare node-fetch call to the same server.
 */
import * as http from 'http';
import type { AddressInfo } from 'net';
import fetch from 'node-fetch';
import { CompoundDbClient } from '../src/client';

const KEY = 'bench-key';

interface Server {
  url: string;
  close(): Promise<void>;
  /** Arms a query that reports Processing until `delayMs` after it is submitted. */
  statusCalls: number;
  readyAt: number;
}

async function startServer(delayMs: number): Promise<Server> {
  const state: Server = { url: '', close: async () => undefined, statusCalls: 0, readyAt: 0 };
  const ids = Array.from({ length: 50 }, (_, i) => i + 1);
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const send = (body: unknown): void => {
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      const url = req.url ?? '';
      if (url.endsWith('/filter/name')) {
        state.statusCalls = 0;
        state.readyAt = performance.now() + delayMs;
        return send({ queryId: 'q' });
      }
      if (url.endsWith('/status')) {
        state.statusCalls++;
        const ready = performance.now() >= state.readyAt;
        return send({ status: ready ? 'Complete' : 'Processing', count: ready ? ids.length : 0, message: '' });
      }
      if (url.includes('/results')) return send({ results: ids, limitedToMaxAllowed: false });
      return send({ dataSources: ['a', 'b', 'c'] });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  state.close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(() => resolve()));
  };
  return state;
}

async function searchLatency(): Promise<void> {
  console.log('Composite search, server ready after a set delay (default polling: 100 ms first wait, x1.5, 2 s cap)');
  console.log('delay ms | ready → results ms | status calls | total ms');
  for (const delay of [0, 250, 1000, 3000, 10000]) {
    const server = await startServer(delay);
    const client = new CompoundDbClient({ baseUrl: server.url, apiKey: KEY });
    const start = performance.now();
    const results = await client.search('aspirin', { raiseErrors: true });
    const end = performance.now();
    const afterReady = end - Math.max(server.readyAt, start);
    console.log(
      `${String(delay).padStart(8)} | ${afterReady.toFixed(1).padStart(18)} | ${String(server.statusCalls).padStart(12)} | ${(end - start).toFixed(1).padStart(8)}` +
        (results.count !== 50 ? '  (wrong result count!)' : ''),
    );
    await server.close();
  }
}

async function overhead(): Promise<void> {
  const server = await startServer(0);
  const client = new CompoundDbClient({ baseUrl: server.url, apiKey: KEY });
  const url = `${server.url}/compounds/v1/lookups/datasources`;
  const headers = { apikey: KEY, 'User-Agent': 'bench', Accept: 'application/json' };
  const bare = async (): Promise<void> => {
    const res = await fetch(url, { headers });
    await res.json();
  };
  const viaClient = async (): Promise<void> => {
    await client.getDatasources();
  };
  const n = 2000;
  const time = async (fn: () => Promise<void>): Promise<number> => {
    const t = performance.now();
    for (let i = 0; i < n; i++) await fn();
    return ((performance.now() - t) / n) * 1000;
  };
  for (let i = 0; i < 200; i++) {
    await bare();
    await viaClient();
  }
  // interleave rounds so drift affects both alike
  const bareRuns: number[] = [];
  const clientRuns: number[] = [];
  for (let round = 0; round < 5; round++) {
    if (round % 2 === 0) {
      bareRuns.push(await time(bare));
      clientRuns.push(await time(viaClient));
    } else {
      clientRuns.push(await time(viaClient));
      bareRuns.push(await time(bare));
    }
  }
  const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const b = median(bareRuns);
  const c = median(clientRuns);
  console.log(`\nPer-request overhead (GET lookups/datasources, ${n} sequential requests x 5 alternating rounds, median of rounds)`);
  console.log(`bare node-fetch: ${b.toFixed(1)} µs/request`);
  console.log(`client:          ${c.toFixed(1)} µs/request`);
  console.log(`overhead:        ${(c - b).toFixed(1)} µs/request (${(((c - b) / b) * 100).toFixed(1)} %)`);
  console.log(`rounds (µs): bare ${bareRuns.map((x) => x.toFixed(0)).join(' ')}; client ${clientRuns.map((x) => x.toFixed(0)).join(' ')}`);
  await server.close();
}

(async () => {
  await searchLatency();
  await overhead();
})().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
