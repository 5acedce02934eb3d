/**
 * Client benchmark: per-request overhead of the client over a bare node-fetch call to the same server.
 * (Search latency against a peer poller is in search.bench.ts.)
 */
import * as http from 'http';
import type { AddressInfo } from 'net';
import fetch from 'node-fetch';
import { CompoundDbClient } from '../src/client';

const KEY = 'bench-key';

interface Server {
  url: string;
  close(): Promise<void>;
}

/** A server that answers every request with the datasources list. */
async function startServer(): Promise<Server> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
      res.end(JSON.stringify({ dataSources: ['a', 'b', 'c'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

async function overhead(): Promise<void> {
  const server = await startServer();
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
  await overhead();
})().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
