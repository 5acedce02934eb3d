/**
 * The first answer of every surface, each from a fresh process (issue 29), as a user meets it:
 * - the command line (bin/compound-db.js, the bundle dist/cli.js): `--help`, `search`, `details`, `convert` and a
 *   `resolve` of 10 identifiers against the built-in database, spawn to exit;
 * - the service the extension forks (dist/service.js): spawn to listening, then its first similarity and, in another
 *   fresh process, its first substructure search, each from its submit to its results (the structure index built from
 *   the shipped fingerprints, data/structure-index.bin.gz);
 * - the MCP server (`compound-db mcp`) through the official SDK's client: spawn to `initialize` answered, then the
 *   first call of each tool (`spectrum_identify` as the first call of a server of its own: it waits for the spectrum index).
 * Each figure is the median of RUNS fresh processes, printed beside its target with "met" / "NOT met" and the load
 * average: the machine may be shared, and a cold start is what other load slows most.
 */
import { spawn, fork } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { DEV_API_KEY } from '../src/service';
import { isLocalServiceMessage } from '../src/wire';

const root = path.resolve(__dirname, '..', '..');
const BIN = path.join(root, 'bin', 'compound-db.js');
const SERVICE = path.join(root, 'dist', 'service.js');
const RUNS = 3;
const CAFFEINE_SMILES = 'CN1C=NC2=C1C(=O)N(C(=O)N2C)C';

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const verdict = (ms: number, target: number): string => `${Math.round(ms)} ms (target ${target} ms: ${ms <= target ? 'met' : 'NOT met'})`;

function timeCommand(args: string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [BIN, ...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`compound-db ${args.join(' ')}: exit ${code} ${stderr}`)),
    );
  });
}

/** A filter run to its results over the current interface; ms from the submit. */
async function runFilter(base: string, route: string, body: object): Promise<number> {
  const headers = { apikey: DEV_API_KEY, 'content-type': 'application/json' };
  const started = performance.now();
  const submitted = await fetch(`${base}/compounds/v1/filter/${route}`, { method: 'POST', headers, body: JSON.stringify(body) });
  const { queryId } = (await submitted.json()) as { queryId: string };
  for (;;) {
    const status = (await (await fetch(`${base}/compounds/v1/filter/${queryId}/status`, { headers })).json()) as { status: string };
    if (status.status === 'Complete') break;
    if (status.status !== 'Processing') throw new Error(`${route}: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  await (await fetch(`${base}/compounds/v1/filter/${queryId}/results`, { headers })).json();
  return performance.now() - started;
}

/** A fresh service: spawn to listening, then `first` timed from listening. */
function freshService(first: (base: string) => Promise<number>): Promise<{ listening: number; first: number }> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = fork(SERVICE, ['--host', '127.0.0.1', '--port', '0'], { execArgv: [], stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    child.on('message', (message: unknown) => {
      if (!isLocalServiceMessage(message) || message.type !== 'ready') return reject(new Error(JSON.stringify(message)));
      const listening = performance.now() - started;
      first(message.baseUrl).then(
        (ms) => {
          child.disconnect();
          resolve({ listening, first: ms });
        },
        (err: unknown) => {
          child.kill();
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    });
  });
}

/** Caffeine's [M+H]+ fragments (m/z, relative intensity): a tandem spectrum as a user would paste it. */
const CAFFEINE_PEAKS = [
  [110.0713, 8],
  [138.0662, 100],
  [195.0877, 35],
];

/** The five compound tools in turn, the first of them paying for the cold start. */
const COMPOUND_CALLS: Array<[string, Record<string, unknown>]> = [
  ['compound_search', { query: 'caffeine' }],
  ['compound_details', { recordIds: [507] }],
  ['compound_convert', { input: CAFFEINE_SMILES, from: 'SMILES', to: 'InChI' }],
  ['compound_resolve', { identifiers: ['caffeine', 'RYYVLZVUVIJVGH-UHFFFAOYSA-N', 'glucose'] }],
  ['compound_similar', { smiles: CAFFEINE_SMILES, threshold: 0.5 }],
];

/** `spectrum_identify` as the first call of its own fresh server: it waits for the spectrum index (read from the cache in ~/.cache/compound-db when an earlier start wrote it). */
const IDENTIFY_CALLS: Array<[string, Record<string, unknown>]> = [
  ['spectrum_identify', { peaks: CAFFEINE_PEAKS, precursorMz: 195.0877, ionMode: 'positive' }],
];

async function freshMcp(firstCalls: Array<[string, Record<string, unknown>]>): Promise<{ initialize: number; calls: Array<[string, number]> }> {
  const started = performance.now();
  const client = new Client({ name: 'compound-db-bench', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp'], env: { PATH: process.env.PATH ?? '' }, stderr: 'pipe' }),
  );
  const initialize = performance.now() - started;
  const calls: Array<[string, number]> = [];
  try {
    for (const [name, args] of firstCalls) {
      const t = performance.now();
      const result = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ text?: string }> };
      if (result.isError) throw new Error(`${name}: ${result.content.map((c) => c.text).join(' ')}`);
      calls.push([name, performance.now() - t]);
    }
  } finally {
    await client.close();
  }
  return { initialize, calls };
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(root, 'dist', 'cli.js')))
    throw new Error('dist/cli.js is missing: run npm run compile (or node esbuild.js --production)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'compound-db-cold-'));
  const identifiers = path.join(dir, 'ten.txt');
  fs.writeFileSync(
    identifiers,
    ['caffeine', 'RYYVLZVUVIJVGH-UHFFFAOYSA-N', 'glucose', 'benzene', '507', 'CCO', 'aspirin', 'InChI=1S/CH4/h1H4', 'ethanol', 'not a compound'].join(
      '\n',
    ),
  );
  console.log(
    `Load average at the start: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} on ${os.availableParallelism()} cores; medians of ${RUNS} fresh processes`,
  );
  try {
    const commands: Array<[string, string[], number]> = [
      ['compound-db --help', ['--help'], 150],
      ['compound-db search caffeine', ['search', 'caffeine'], 1000],
      ['compound-db details 507', ['details', '507'], 1000],
      ['compound-db convert SMILES to InChI', ['convert', CAFFEINE_SMILES, '--from', 'SMILES', '--to', 'InChI'], 1000],
      ['compound-db resolve of 10 identifiers', ['resolve', identifiers, path.join(dir, 'out.csv')], 1500],
    ];
    for (const [label, args, target] of commands) {
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) times.push(await timeCommand(args, dir));
      console.log(`${label}: spawn to exit ${verdict(median(times), target)}`);
    }

    const similarity: Array<{ listening: number; first: number }> = [];
    const substructure: Array<{ listening: number; first: number }> = [];
    for (let i = 0; i < RUNS; i++) {
      similarity.push(await freshService((base) => runFilter(base, 'similarity', { smiles: CAFFEINE_SMILES, threshold: 0.5 })));
      substructure.push(await freshService((base) => runFilter(base, 'substructure', { query: 'c1ccc2ccccc2c1' })));
    }
    console.log(`service (dist/service.js): spawn to listening ${verdict(median([...similarity, ...substructure].map((s) => s.listening)), 1000)}`);
    console.log(`service: first similarity after listening ${verdict(median(similarity.map((s) => s.first)), 1000)}`);
    console.log(`service: first substructure after listening ${verdict(median(substructure.map((s) => s.first)), 2000)}`);

    const mcp: Array<Awaited<ReturnType<typeof freshMcp>>> = [];
    for (let i = 0; i < RUNS; i++) mcp.push(await freshMcp(COMPOUND_CALLS));
    console.log(`compound-db mcp: spawn to initialize answered ${verdict(median(mcp.map((m) => m.initialize)), 300)}`);
    for (const [k, [name]] of mcp[0].calls.entries()) {
      console.log(`compound-db mcp: first ${name} call ${verdict(median(mcp.map((m) => m.calls[k][1])), 2000)}`);
    }
    const identify: number[] = [];
    for (let i = 0; i < RUNS; i++) identify.push((await freshMcp(IDENTIFY_CALLS)).calls[0][1]);
    console.log(`compound-db mcp: first spectrum_identify call, as the server's first call ${verdict(median(identify), 2000)}`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `Load average at the end: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
