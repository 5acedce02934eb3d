/**
 * Search latency, our client side by side with a peer-like poller (issue 9), in one run:
 * - the peer, written here, polls as the real service's public Python client does: it checks the status at once
 *   and sleeps 0.2 s after every check, done or not; both use node-fetch, the same server and the same queries,
 *   interleaved (ours, peer, ours, ...), and each runs many times;
 * - on the built-in service (in-process, the shipped collection): time from submit to results in hand, status
 *   requests, and our time from the submit's answer to results against the round trip;
 * - on test servers whose queries become ready 0.3, 1 and 3 s after the submit: time from ready to results in
 *   hand and status requests (ours learns the server's query time over the first runs; medians cover all runs).
 * The machine is shared: absolute times are noisy, the ratios of one run are what count.
 */
import * as http from 'http';
import * as os from 'os';
import type { AddressInfo } from 'net';
import fetch from 'node-fetch';
import { CompoundDbClient, type RequestLogEntry } from '../src/client';
import { startService } from '../src/service';

const KEY = 'compound-db-dev-key';
const PEER_INTERVAL_MS = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

interface Run {
  /** Time measured: submit to results (built-in) or ready to results (delay servers), ms. */
  ms: number;
  statusRequests: number;
}

/** The peer: submit a name filter, check status at once and sleep 0.2 s after every check, then fetch the results. */
async function peerSearch(baseUrl: string, name: string): Promise<{ ids: number[]; statusRequests: number }> {
  const headers = { apikey: KEY, Accept: 'application/json', 'Content-Type': 'application/json' };
  const api = `${baseUrl}/compounds/v1`;
  const submit = await fetch(`${api}/filter/name`, { method: 'POST', headers, body: JSON.stringify({ name }) });
  const { queryId } = (await submit.json()) as { queryId: string };
  let statusRequests = 0;
  for (;;) {
    const res = await fetch(`${api}/filter/${queryId}/status`, { headers });
    const { status } = (await res.json()) as { status: string };
    statusRequests++;
    await sleep(PEER_INTERVAL_MS);
    if (status === 'Complete') break;
    if (status !== 'Created' && status !== 'Processing') throw new Error(`peer: query ${status}`);
  }
  const results = await fetch(`${api}/filter/${queryId}/results`, { headers });
  return { ids: ((await results.json()) as { results: number[] }).results, statusRequests };
}

/** What one request of a search is, by its path: the submit, a status check or the results. */
type Step = 'submit' | 'status' | 'results';
const stepOf = (path: string): Step => (path.includes('/status') ? 'status' : path.includes('/results') ? 'results' : 'submit');

interface OurClient {
  client: CompoundDbClient;
  /** Status requests since the last call. */
  statusRequests: () => number;
  /** Milliseconds spent in requests (sent → answer read) since the last call. */
  inRequestsMs: () => number;
  /** Each request's time, by step. */
  requestMs: Record<Step, number[]>;
}

function ourClient(baseUrl: string): OurClient {
  let count = 0;
  let inRequests = 0;
  const requestMs: Record<Step, number[]> = { submit: [], status: [], results: [] };
  const log = (e: RequestLogEntry) => {
    if (e.path.endsWith('/status')) count++;
    requestMs[stepOf(e.path)].push(e.ms);
    inRequests += e.ms;
  };
  const client = new CompoundDbClient({ baseUrl, apiKey: KEY, log });
  const take = (read: () => number, reset: () => void) => () => {
    const n = read();
    reset();
    return n;
  };
  return {
    client,
    statusRequests: take(
      () => count,
      () => (count = 0),
    ),
    inRequestsMs: take(
      () => inRequests,
      () => (inRequests = 0),
    ),
    requestMs,
  };
}

function report(title: string, ours: Run[], peer: Run[]): void {
  const o = median(ours.map((r) => r.ms));
  const p = median(peer.map((r) => r.ms));
  const oq = median(ours.map((r) => r.statusRequests));
  const pq = median(peer.map((r) => r.statusRequests));
  const oMax = Math.max(...ours.map((r) => r.statusRequests));
  const pMax = Math.max(...peer.map((r) => r.statusRequests));
  console.log(
    `${title.padEnd(30)} | ours ${o.toFixed(1).padStart(7)} ms | peer ${p.toFixed(1).padStart(7)} ms | ratio ${(p / Math.max(o, 0.01)).toFixed(1).padStart(6)}x | ` +
      `status requests median ours ${oq} / peer ${pq}, most ours ${oMax} / peer ${pMax} | n=${ours.length}+${peer.length}`,
  );
}

/** Target for the composite search over the built-in service, submit to results in hand (issue 29). */
const BUILT_IN_TARGET_MS = 3;

async function builtIn(): Promise<void> {
  const service = await startService({ port: 0, log: () => undefined });
  // The service builds its structure and spectrum indexes in the background after it listens, on this thread: the
  // figures are the steady state's, so they wait for both (a search during the builds waits behind their chunks).
  await service.buildStructureIndex();
  await service.buildSpectrumIndex();
  try {
    const { client, statusRequests, inRequestsMs, requestMs } = ourClient(service.baseUrl);
    const clientOwnMs: number[] = [];
    const cpuMs: number[] = [];
    const names = ['caffeine', 'ethanol', 'phenol', 'glycine', 'urea', 'toluene'];
    const ours: Run[] = [];
    const peer: Run[] = [];
    const afterSubmit: number[] = [];
    for (const name of names) await client.search(name, { raiseErrors: true }); // warm both paths once
    for (const name of names) await peerSearch(service.baseUrl, name);
    statusRequests();
    inRequestsMs();
    for (const ms of Object.values(requestMs)) ms.length = 0;
    const reps = 40;
    for (let i = 0; i < reps; i++) {
      const name = names[i % names.length];
      const runOurs = async () => {
        const t = performance.now();
        const cpu = process.cpuUsage();
        let answered = 0;
        const query = client.query({ kind: 'composite', query: name });
        await query.run({ onProgress: (p) => void (p.statusChecks === 0 && (answered = performance.now())) });
        const ids = await query.allIds();
        const end = performance.now();
        if (ids.length === 0) throw new Error(`no results for ${name}`);
        ours.push({ ms: end - t, statusRequests: statusRequests() });
        clientOwnMs.push(end - t - inRequestsMs());
        const used = process.cpuUsage(cpu);
        cpuMs.push((used.user + used.system) / 1000);
        afterSubmit.push(end - answered);
      };
      const runPeer = async () => {
        const t = performance.now();
        const { ids, statusRequests: n } = await peerSearch(service.baseUrl, name);
        if (ids.length === 0) throw new Error(`peer: no results for ${name}`);
        peer.push({ ms: performance.now() - t, statusRequests: n });
      };
      if (i % 2) {
        await runPeer();
        await runOurs();
      } else {
        await runOurs();
        await runPeer();
      }
    }
    // Where the time goes: each request sent → body read (client and service both, one thread), the rest is the
    // client's own work between them.
    const steps = (Object.keys(requestMs) as Step[]).map((k) => `${k} ${median(requestMs[k]).toFixed(2)} ms`).join(', ');
    const rtt: number[] = [];
    for (let i = 0; i < 200; i++) {
      const t = performance.now();
      await client.getDatasources();
      rtt.push(performance.now() - t);
    }
    console.log('Built-in service (in-process, shipped collection), composite name search, submit to results in hand:');
    report('built-in service', ours, peer);
    const oursMedian = median(ours.map((r) => r.ms));
    const fewerChecks = ours.every((r, i) => r.statusRequests <= peer[i].statusRequests);
    console.log(
      `  target: median <= ${BUILT_IN_TARGET_MS} ms: ${oursMedian.toFixed(2)} ms, ${oursMedian <= BUILT_IN_TARGET_MS ? 'met' : 'NOT met'}; ` +
        `no more status requests than the peer in any run: ${fewerChecks ? 'met' : 'NOT met'}`,
    );
    const after = median(afterSubmit);
    const rt = median(rtt);
    console.log(
      `  ours, submit answered → results in hand: median ${after.toFixed(2)} ms; one round trip (GET datasources) median ${rt.toFixed(2)} ms; ` +
        `budget 2 round trips + 5 ms = ${(2 * rt + 5).toFixed(2)} ms: ${after <= 2 * rt + 5 ? 'met' : 'NOT met'}`,
    );
    console.log(
      `  ours, each request sent → answer read (client and service, one thread), median: ${steps}; ` +
        `the client's own work around them ${median(clientOwnMs).toFixed(2)} ms a search; load ${os.loadavg()[0].toFixed(1)}`,
    );
    // On a loaded machine a search that loses the core mid-request takes 5-30 ms more; its CPU time does not stretch.
    const slow = ours.filter((r) => r.ms > 2 * median(cpuMs)).length;
    console.log(
      `  ours, CPU time of the process per search (client and service): median ${median(cpuMs).toFixed(2)} ms; ` +
        `searches whose wall time is over twice that: ${slow} of ${ours.length}`,
    );
  } finally {
    await service.close();
  }
}

interface DelayServer {
  url: string;
  /** performance.now() at which the last submitted query becomes ready. */
  readyAt: number;
  close(): Promise<void>;
}

/** A server whose every name query reports Processing until `delayMs` after its submit arrived. */
async function delayServer(delayMs: number): Promise<DelayServer> {
  const ids = Array.from({ length: 20 }, (_, i) => i + 1);
  const state: DelayServer = { url: '', readyAt: 0, close: async () => undefined };
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const send = (body: unknown): void => {
        res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      const url = req.url ?? '';
      if (url.endsWith('/filter/name')) {
        state.readyAt = performance.now() + delayMs;
        return send({ queryId: 'q' });
      }
      if (url.endsWith('/status')) {
        const ready = performance.now() >= state.readyAt;
        return send({ status: ready ? 'Complete' : 'Processing', count: ready ? ids.length : 0, message: '' });
      }
      return send({ results: ids, limitedToMaxAllowed: false });
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

async function delayed(delayMs: number, reps: number): Promise<() => void> {
  const ours: Run[] = [];
  const peer: Run[] = [];
  // Each side gets its own server (and origin), so the two never share a query; both servers behave alike.
  const oursServer = await delayServer(delayMs);
  const peerServer = await delayServer(delayMs);
  const { client, statusRequests } = ourClient(oursServer.url);
  for (let i = 0; i < reps; i++) {
    await client.search('aspirin', { raiseErrors: true });
    ours.push({ ms: performance.now() - oursServer.readyAt, statusRequests: statusRequests() });
    const { statusRequests: n } = await peerSearch(peerServer.url, 'aspirin');
    peer.push({ ms: performance.now() - peerServer.readyAt, statusRequests: n });
  }
  await oursServer.close();
  await peerServer.close();
  return () => {
    report(`queries ready after ${delayMs / 1000} s`, ours, peer);
    const share = median(ours.map((r) => r.ms)) / delayMs;
    const learned = ours.slice(3);
    console.log(
      `  ours: ready → results median ${(share * 100).toFixed(1)}% of the query's time; after 3 learning runs median ` +
        `${median(learned.map((r) => r.ms)).toFixed(1)} ms, most ${Math.max(...learned.map((r) => r.ms)).toFixed(1)} ms, ` +
        `status requests most ${Math.max(...learned.map((r) => r.statusRequests))}; first run ${ours[0].ms.toFixed(1)} ms with ${ours[0].statusRequests} requests`,
    );
  };
}

(async () => {
  await builtIn();
  console.log('\nTest servers with a fixed query time, time from ready to results in hand (the three run at once):');
  const reports = await Promise.all([delayed(300, 24), delayed(1000, 14), delayed(3000, 9)]);
  for (const r of reports) r();
})().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
