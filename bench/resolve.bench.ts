/**
 * Bulk resolve (issue 12), through the path a user waits on: `compound-db resolve` as a child process.
 * 1. 10,000 mixed identifiers (names, InChIKeys, SMILES, InChIs, record IDs, unknown ones) against the built-in
 *    database: wall time including the service's start, requests made against the budget
 *    1.1 x distinct identifiers needing a search + one per 100 records;
 * 2. the same list again with the cache on disk: requests (must be 0) and time;
 * 3. against a server allowing 20 requests a second, at --rate 20: 429 answers (must be 0);
 * 4. the peer: the same identifiers one by one through the composite search and a details call each (what a script
 *    without the resolver does), on the 200 identifiers of 3., requests and time per identifier.
 * The machine is shared: figures are noisy.
 */
import { spawn } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { CompoundDbClient } from '../src/client';
import { DEV_API_KEY, DEV_TOKEN, startService } from '../src/service';
import { mixedIdentifiers, recordsOf } from '../test/service/support/mixed-identifiers';
import { startUnreliableProxy } from '../test/service/support/unreliable-proxy';

const BIN = path.resolve(__dirname, '../../bin/compound-db.js');

/** Runs the command line; asynchronously, since the proxies it talks to live in this process. */
function cli(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ ms: number; stderr: string; status: number | null; requests: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, [BIN, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) =>
    child.on('close', (status) =>
      resolve({ ms: Date.now() - started, stderr: stderr.trim(), status, requests: Number(/(\d+) requests/.exec(stderr)?.[1] ?? NaN) }),
    ),
  );
}

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compound-db-bench-'));
  const service = await startService({ port: 0 });
  try {
    const client = new CompoundDbClient({ baseUrl: service.baseUrl, apiKey: DEV_API_KEY, token: DEV_TOKEN });
    const records = await recordsOf(client, service.records);
    const list = mixedIdentifiers(records, 10_000);
    const input = path.join(dir, 'ids.txt');
    fs.writeFileSync(input, list.map((i) => i.text).join('\n'));
    const searches = new Set(list.filter((i) => i.kind !== 'recordId').map((i) => i.text)).size;
    const distinctRecords = new Set(list.flatMap((i) => (i.recordId ? [i.recordId] : []))).size;
    const budget = Math.floor(1.1 * searches + Math.ceil(distinctRecords / 100));

    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${os.cpus().length} cores (shared machine: times are noisy)`,
    );
    const cache = path.join(dir, 'cache');
    const cold = await cli(['resolve', input, path.join(dir, 'out.csv'), '--cache', cache]);
    console.log(`10,000 mixed identifiers, built-in database, cold: ${(cold.ms / 1000).toFixed(1)} s (target <= 10 s), exit ${cold.status}`);
    console.log(
      `  requests ${cold.requests}; budget ${budget} (1.1 x ${searches} distinct searches + ${Math.ceil(distinctRecords / 100)} record batches)`,
    );
    const warm = await cli(['resolve', input, path.join(dir, 'out2.csv'), '--cache', cache]);
    console.log(`  again with the cache: ${(warm.ms / 1000).toFixed(1)} s, ${warm.requests} requests (target 0)`);
    console.log(`  outputs identical: ${fs.readFileSync(path.join(dir, 'out.csv'), 'utf8') === fs.readFileSync(path.join(dir, 'out2.csv'), 'utf8')}`);

    const proxy = await startUnreliableProxy(service.baseUrl, { ratePerSecond: 20 });
    const small = path.join(dir, 'small.txt');
    const slice = mixedIdentifiers(records, 200, 3).map((i) => i.text);
    fs.writeFileSync(small, slice.join('\n'));
    const env = { COMPOUND_DB_API_KEY: DEV_API_KEY, COMPOUND_DB_TOKEN: DEV_TOKEN };
    const limited = await cli(['resolve', small, path.join(dir, 'small.csv'), '--server', proxy.url, '--rate', '20'], env);
    console.log(
      `server allowing 20 requests/s, --rate 20, 200 identifiers: ${(limited.ms / 1000).toFixed(1)} s, ${proxy.requests} requests, ${proxy.tooMany} answers 429 (target 0)`,
    );
    await proxy.close();

    const peerProxy = await startUnreliableProxy(service.baseUrl);
    const peer = new CompoundDbClient({ baseUrl: peerProxy.url, apiKey: DEV_API_KEY });
    const peerList = slice;
    const t = Date.now();
    for (const text of peerList) {
      const results = await peer.search(text);
      if (results.compounds[0]) await results.compounds[0].details().catch(() => undefined);
    }
    const peerMs = Date.now() - t;
    console.log(
      `peer (one search + one details call per identifier, current interface): ${peerList.length} identifiers in ${(peerMs / 1000).toFixed(1)} s, ${peerProxy.requests} requests (${(peerProxy.requests / peerList.length).toFixed(1)} a identifier)`,
    );
    await peerProxy.close();
  } finally {
    await service.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

void main().catch((error) => {
  console.error(error);
  process.exit(1);
});
