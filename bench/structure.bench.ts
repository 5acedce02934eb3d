/**
 * Structure search at scale, through HTTP as a user waits on it: collections of 10k, 100k and 1M distinct molecules
 * enumerated from the shipped structures (bench/distinct-molecules.ts: substituents on ring positions and chain
 * extensions; canonical SMILES and InChIKeys distinct, checked as they are made; made once for the largest size, by
 * one worker per core, and cached on disk, each smaller size a prefix). `COMPOUND_DB_BENCH_SIZES=10000,100000` picks
 * the sizes. For each size: the structure index's build time and memory; substructure "first 25
 * hits" (submit with maxResults 25, poll, fetch) for phenol, pyridine, carboxylic acid and a steroid core; similarity
 * top 25; and how long other requests wait while a `*` substructure search runs. The peer in the same run is a
 * brute-force pass of RDKit's matcher over every record (parse, match), and a brute-force Tanimoto over every
 * fingerprint.
 */
import initRDKitModule from '@rdkit/rdkit';
import type { MainModule, Mol } from '@rdkit/rdkit';
import { DEV_API_KEY, startService, type RunningService } from '../src/service';
import type { CompoundRecord } from '../src/service/record';
import { matcherCpuPerCandidate } from './matcher-cpu';
import { describeCollection, distinctCollection } from './distinct-molecules';
import { syntheticCollection } from './service-synthetic';
import { SUBSTRUCTURES } from './substructure-queries';
import { loadShippedCollection } from '../src/service/collection/shipped-collection';

const SIZES = process.env.COMPOUND_DB_BENCH_SIZES?.split(',').map(Number) ?? [10_000, 100_000, 1_000_000];
const RUNS = 15;
/** The brute-force peer of a substructure query stops after this long. */
const PEER_MS = 20_000;
/** Issue 29's targets in memory: similarity top 25 p95, substructure first 25 p50. */
const SIMILARITY_P95_MS = 150;
const SUBSTRUCTURE_P50_MS = 100;
const verdict = (met: boolean): string => (met ? 'met' : 'NOT met');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON of several routes, read field by field
async function call(base: string, method: string, path: string, body?: unknown): Promise<any> {
  // The brute-force peer holds this process for seconds, past the server's keep-alive: a reused socket may be closed.
  const res = await send(base, method, path, body).catch(() => send(base, method, path, body));
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

function send(base: string, method: string, path: string, body?: unknown): Promise<Response> {
  return fetch(`${base}/compounds/v1/${path}`, {
    method,
    headers: { apikey: DEV_API_KEY, ...(body ? { 'Content-Type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
}

/** Submit, poll the status at once until finished, fetch the results: what a user waits for. */
async function timedQuery(base: string, path: string, body: unknown): Promise<{ ms: number; results: number[]; message: string }> {
  const t = performance.now();
  const { queryId } = await call(base, 'POST', path, body);
  let status;
  do status = await call(base, 'GET', `filter/${queryId}/status`);
  while (status.status === 'Created' || status.status === 'Processing');
  const { results } = await call(base, 'GET', `filter/${queryId}/results`);
  return { ms: performance.now() - t, results, message: status.message };
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

const ms = (v: number): string => `${v.toFixed(1).padStart(7)} ms`;

/** RDKit's matcher over the records until 25 match; stopped after PEER_MS (a rare query at 1M takes minutes). */
function bruteSubstructure(rdkit: MainModule, records: readonly CompoundRecord[], text: string, format: 'SMILES' | 'SMARTS', want: number): string {
  const q = (format === 'SMILES' ? rdkit.get_mol(text) : rdkit.get_qmol(text)) as Mol;
  const t = performance.now();
  let found = 0;
  let checked = 0;
  for (const r of records) {
    const m = rdkit.get_mol(r.smiles);
    checked++;
    if (!m) continue;
    if (m.get_substruct_match(q) !== '{}') found++;
    m.delete();
    if (found >= want) break;
    if ((checked & 1023) === 0 && performance.now() - t > PEER_MS) {
      q.delete();
      return `> ${ms(performance.now() - t)} (stopped; ${checked.toLocaleString('en')} checked)`;
    }
  }
  q.delete();
  return ms(performance.now() - t);
}

async function benchSize(rdkit: MainModule, seed: CompoundRecord[], records: CompoundRecord[]): Promise<void> {
  const size = records.length;
  const rssBefore = process.memoryUsage().rss;
  const service: RunningService = await startService({ port: 0, records });
  const rssListening = process.memoryUsage().rss;
  const index = await service.buildStructureIndex();
  const rssReady = process.memoryUsage().rss;
  const base = service.baseUrl;
  console.log(
    `\n${size.toLocaleString('en')} records: service listening after ${service.loadMs} ms; structure index built ${index.buildMs} ms later, in the background`,
  );
  console.log(
    `  structure index: ${(index.approximateBytes / 1e6).toFixed(0)} MB by count (Morgan postings, pattern fingerprints, SMILES); RSS grew ${((rssReady - rssListening) / 1e6).toFixed(0)} MB while it was built (store and records: ${((rssListening - rssBefore) / 1e6).toFixed(0)} MB)`,
  );
  try {
    console.log(
      `  substructure, first 25 hits                   p50         p95      brute-force peer (first 25)   target p50 <= ${SUBSTRUCTURE_P50_MS} ms`,
    );
    for (const [name, query, queryFormat] of SUBSTRUCTURES) {
      const times: number[] = [];
      let hits = 0;
      for (let i = 0; i < RUNS; i++) {
        const r = await timedQuery(base, 'filter/substructure', { query, queryFormat, maxResults: 25 });
        times.push(r.ms);
        hits = r.results.length;
      }
      const peer = bruteSubstructure(rdkit, records, query, queryFormat, 25);
      const p50 = percentile(times, 50);
      console.log(
        `  ${name.padEnd(27)} (${String(hits).padStart(2)} hits) ${ms(p50)} ${ms(percentile(times, 95))}   ${peer.padEnd(29)} ${verdict(p50 <= SUBSTRUCTURE_P50_MS)}`,
      );
    }
    const sims: number[] = [];
    const wide: number[] = [];
    const queries = seed.filter((_, i) => i % Math.ceil(seed.length / RUNS) === 0).map((r) => r.smiles);
    for (const smiles of queries) {
      sims.push((await timedQuery(base, 'filter/similarity', { smiles, maxResults: 25 })).ms);
      wide.push((await timedQuery(base, 'filter/similarity', { smiles, maxResults: 25, threshold: 0 })).ms);
    }
    for (const [label, times] of [
      ['threshold 0.7', sims],
      ['threshold 0  ', wide],
    ] as const) {
      const p95 = percentile(times, 95);
      console.log(
        `  similarity top 25, ${label} (${queries.length} queries): p50 ${ms(percentile(times, 50))}, p95 ${ms(p95)}; target p95 <= ${SIMILARITY_P95_MS} ms: ${verdict(p95 <= SIMILARITY_P95_MS)}`,
      );
    }
    const full = await timedQuery(base, 'filter/substructure', { query: 'c1ccncc1', maxResults: 100_000 });
    console.log(`  substructure pyridine, every match: ${full.results.length} records in ${ms(full.ms)}${full.message ? ` (${full.message})` : ''}`);
    // Other requests while a search that matches everything runs: the search holds a matcher worker, not the event loop.
    const star = call(base, 'POST', 'filter/substructure', { query: '*', queryFormat: 'SMARTS', maxResults: 100_000 });
    const { queryId } = await star;
    const waits: number[] = [];
    for (;;) {
      const t = performance.now();
      await call(base, 'GET', `records/${records[waits.length % records.length].id}/details?fields=CommonName`);
      waits.push(performance.now() - t);
      const s = await call(base, 'GET', `filter/${queryId}/status`);
      if (s.status !== 'Processing' && s.status !== 'Created') {
        console.log(
          `  while '*' ran (${s.count} matches${s.message ? `; ${s.message}` : ''}): ${waits.length} details requests, p50 ${ms(percentile(waits, 50))}, max ${ms(Math.max(...waits))}`,
        );
        break;
      }
    }
  } finally {
    await service.close();
  }
}

async function main(): Promise<void> {
  console.log(
    'Structure search (matcher workers over pattern fingerprints and RDKit pickles; Morgan r=2 2048-bit inverted index), over HTTP on 127.0.0.1.',
  );
  console.log(
    'Two shared cores: figures are noisy. The collections are distinct molecules made from the shipped structures (bench/distinct-molecules.ts).',
  );
  const shipped = await startService({ port: 0 });
  const index = await shipped.buildStructureIndex();
  console.log(
    `Shipped collection: ${shipped.records} records, listening after ${shipped.loadMs} ms; structure index ready ${index.buildMs} ms after that (start-up does not wait for it)`,
  );
  await shipped.close();
  const rdkit = await initRDKitModule();
  const seed = await loadShippedCollection();
  await matcherCpuPerCandidate(rdkit, seed);
  const made = await distinctCollection(seed, Math.max(...SIZES), (n) => process.stdout.write(`\r  distinct molecules: ${n.toLocaleString('en')}`));
  console.log(`\r${describeCollection(made)}`);
  const distinct = made.records;
  for (const size of SIZES) await benchSize(rdkit, seed, size === distinct.length ? distinct : distinct.slice(0, size));
  // Peer for similarity: a brute-force Tanimoto over every record's fingerprint, at 100k.
  const fps = syntheticCollection(seed, 100_000).map((r) => rdkitFp(rdkit, r.smiles));
  const q = fps[7];
  const t = performance.now();
  let best = 0;
  for (const f of fps) best = Math.max(best, tanimoto(q, f));
  console.log(`\nPeer: brute-force Tanimoto over 100,000 fingerprints (no index) ${ms(performance.now() - t)} (best ${best.toFixed(4)})`);
}

const fpCache = new Map<string, Uint8Array>();
function rdkitFp(rdkit: MainModule, smiles: string): Uint8Array {
  let fp = fpCache.get(smiles);
  if (!fp) {
    const m = rdkit.get_mol(smiles) as Mol;
    fp = Uint8Array.from(m.get_morgan_fp_as_uint8array(JSON.stringify({ radius: 2, nBits: 2048 })) as Uint8Array);
    m.delete();
    fpCache.set(smiles, fp);
  }
  return fp;
}

const POP = Uint8Array.from({ length: 256 }, (_, i) => [...i.toString(2)].filter((c) => c === '1').length);
function tanimoto(a: Uint8Array, b: Uint8Array): number {
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.length; i++) {
    both += POP[a[i] & b[i]];
    either += POP[a[i] | b[i]];
  }
  return either ? both / either : 0;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
