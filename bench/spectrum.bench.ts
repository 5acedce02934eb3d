/**
 * Spectrum search over the shipped library (`npm run bench -- spectrum`): the index's build or load time and memory;
 * identity, open, neutral-loss and hybrid searches of 300 perturbed library spectra inside the service (clean, score,
 * each record at its best spectrum); one query over HTTP as a client waits on it (submit, status, results);
 * 10,000 spectra over HTTP in batches of filter/spectrum/batch (as `identify --server` and the spectra list's Identify All
 * send them: 250 a request, 2 in flight, names looked up); `compound-db identify` on an MGF of 10,000 spectra end to
 * end (the built-in database searched in the command's own process). With
 * MSENTROPY_DIR naming a checkout of github YuanyueLi/MSEntropy, the authors' numpy implementation runs the same 300
 * queries in the same run (scripts/spectrum-reference/reference.py), each query's time the median of 3 searches on
 * both sides, and its times are printed beside; otherwise
 * "reference not run". Targets (issue 28): identity p95 ≤ 2 ms, open p95 ≤ 5 ms, HTTP p50 ≤ 15 ms, identify 10,000
 * ≤ 10 s, index ≤ 200 MB, the spectra list's 10,000 identified ≤ 15 s (its HTTP part is the batch figure). Figures depend on the machine's load, printed first.
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { DEV_API_KEY, startService } from '../src/service';
import { CompoundDbClient, SpectrumIdentifier } from '../src/client';
import { loadSpectra, type SpectrumStore } from '../src/service/collection/spectra-files';
import { SHIPPED_DATA_DIR } from '../src/service/collection/shipped-collection';
import { SpectrumLibrary } from '../src/service/search/spectrum/library';
import { searchSpectrum } from '../src/service/search/spectrum/search';
import { libraryOf, perturbedQueries, runReference, SEARCH_MODES, type SearchMode } from '../test/support/spectrum-reference';

const QUERIES = 300;
/** Timed searches per query and mode, here and in the reference: the median is its time. */
const REPEAT = 3;
const IDENTIFY_SPECTRA = 10_000;
const TARGETS: Partial<Record<SearchMode, number>> = { identity: 2, open: 5 };

const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (x: number) => `${x.toFixed(2)} ms`;

/**
 * The perturbed queries and, with MSENTROPY_DIR, the reference's times for them. The library as the reference reads it
 * (a million small arrays) is held only here, so it is let go before the service's searches are timed: its garbage
 * collection would otherwise be timed with them, and the service does not hold it.
 */
async function queriesAndReference(store: SpectrumStore) {
  const entries = await libraryOf(store);
  const queries = perturbedQueries(entries, QUERIES, 99);
  const spectra = perturbedQueries(entries, IDENTIFY_SPECTRA, 2028);
  let reference: Record<SearchMode, number[]> | undefined;
  const msentropy = process.env.MSENTROPY_DIR;
  if (msentropy) {
    const work = fs.mkdtempSync(path.join(os.tmpdir(), 'spectrum-bench-'));
    try {
      const run = runReference(msentropy, entries, queries, work, 10, REPEAT);
      reference = run.times;
      console.log(`reference (MSEntropy, numpy): index of ${run.indexed} spectra built in ${run.buildSeconds.toFixed(1)} s`);
    } finally {
      fs.rmSync(work, { recursive: true, force: true });
    }
  }
  return { queries, spectra, reference };
}

async function main(): Promise<void> {
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} cores`,
  );
  const store = await loadSpectra(path.join(SHIPPED_DATA_DIR, 'spectra'));
  const heapBefore = process.memoryUsage();
  const library = new SpectrumLibrary(store);
  const index = await library.index();
  const stats = library.stats!;
  console.log(
    `index: ${stats.indexed} of ${stats.spectra} spectra, ${stats.peaks} peaks, ${(stats.approximateBytes / 1e6).toFixed(1)} MB of typed arrays (target ≤ 200 MB); ${stats.buildMs} ms to ${stats.buildMs < 2000 ? 'read it from the cache' : 'build it'}; process RSS +${((process.memoryUsage().rss - heapBefore.rss) / 1e6).toFixed(0)} MB`,
  );

  const { queries, spectra, reference } = await queriesAndReference(store);
  (globalThis as { gc?: () => void }).gc?.();
  // Per query and mode the median of REPEAT timed searches (after one untimed round), the reference's too: on this
  // shared machine one search in twenty is held up by other processes, which a single timing would count as its own.
  const spent = Object.fromEntries(SEARCH_MODES.map((mode) => [mode, queries.map(() => [] as number[])])) as Record<SearchMode, number[][]>;
  for (let round = 0; round <= REPEAT; round++) {
    for (const mode of SEARCH_MODES) {
      for (const [i, q] of queries.entries()) {
        const t = performance.now();
        await searchSpectrum(index, { peaks: q.peaks, precursorMz: q.precursor, searchType: mode });
        if (round > 0) spent[mode][i].push(performance.now() - t);
      }
    }
  }
  const times = Object.fromEntries(SEARCH_MODES.map((mode) => [mode, spent[mode].map((t) => percentile(t, 50))])) as Record<SearchMode, number[]>;
  console.log(
    `\n${QUERIES} perturbed library spectra, inside the service (clean, search, best spectrum per record; a query's time the median of ${REPEAT}):`,
  );
  for (const mode of SEARCH_MODES) {
    const ref = reference ? `reference p50 ${ms(percentile(reference[mode], 50))} p95 ${ms(percentile(reference[mode], 95))}` : 'reference not run';
    const target = TARGETS[mode] === undefined ? '' : ` (target p95 ≤ ${TARGETS[mode]} ms)`;
    console.log(`  ${mode.padEnd(12)} p50 ${ms(percentile(times[mode], 50))} p95 ${ms(percentile(times[mode], 95))}${target}   | ${ref}`);
  }

  const svc = await startService({ port: 0, structureIndexOnDemand: true });
  try {
    await svc.buildSpectrumIndex();
    const post = (p: string, body: unknown) =>
      fetch(`${svc.baseUrl}/compounds/v1/${p}`, {
        method: 'POST',
        headers: { apikey: DEV_API_KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    const get = (p: string) => fetch(`${svc.baseUrl}/compounds/v1/${p}`, { headers: { apikey: DEV_API_KEY } });
    const http: number[] = [];
    for (const [i, q] of queries.slice(0, 150).entries()) {
      const t = performance.now();
      const { queryId } = (await (await post('filter/spectrum', { peaks: q.peaks, precursorMz: q.precursor })).json()) as { queryId: string };
      for (;;) {
        const status = (await (await get(`filter/${queryId}/status`)).json()) as { status: string };
        if (status.status !== 'Created' && status.status !== 'Processing') break;
      }
      await (await get(`filter/${queryId}/results`)).json();
      if (i >= 20) http.push(performance.now() - t);
    }
    console.log(
      `\nover HTTP (submit, status, results; identity): p50 ${ms(percentile(http, 50))} p95 ${ms(percentile(http, 95))} (target p50 ≤ 15 ms)`,
    );
    const client = new CompoundDbClient({ baseUrl: svc.baseUrl, apiKey: DEV_API_KEY });
    const identifier = new SpectrumIdentifier(client, { top: 1, inchikeys: false });
    await identifier.identifyMany(spectra.slice(0, 250).map((q) => ({ peaks: q.peaks, precursorMz: q.precursor })));
    const t = performance.now();
    const answers = await identifier.identifyMany(spectra.map((q) => ({ peaks: q.peaks, precursorMz: q.precursor })));
    const batchSeconds = (performance.now() - t) / 1000;
    const found = answers.filter((a) => Array.isArray(a) && a.length > 0).length;
    console.log(
      `over HTTP in batches (filter/spectrum/batch, 250 spectra a request, 2 in flight, names looked up as the spectra list does; identity): ${spectra.length} spectra in ${batchSeconds.toFixed(1)} s, ${((batchSeconds * 1000) / spectra.length).toFixed(2)} ms a spectrum, ${found} with a hit (the spectra list's Identify All: target ≤ 15 s)`,
    );
  } finally {
    await svc.close();
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'identify-bench-'));
  try {
    const mgf = path.join(dir, 'run.mgf');
    fs.writeFileSync(
      mgf,
      spectra
        .map((q, i) => `BEGIN IONS\nTITLE=scan ${i + 1}\nPEPMASS=${q.precursor}\n${q.peaks.map((p) => p.join(' ')).join('\n')}\nEND IONS\n`)
        .join(''),
    );
    const bin = path.resolve(__dirname, '../../bin/compound-db.js');
    const t = performance.now();
    const run = spawnSync(process.execPath, [bin, 'identify', mgf, path.join(dir, 'hits.csv')], {
      encoding: 'utf8',
      env: { ...process.env, COMPOUND_DB_API_KEY: '', COMPOUND_DB_TOKEN: '' },
    });
    const seconds = (performance.now() - t) / 1000;
    if (run.status !== 0) throw new Error(`identify failed: ${run.stderr}`);
    const rows = fs.readFileSync(path.join(dir, 'hits.csv'), 'utf8').split('\n').length - 2;
    console.log(
      `compound-db identify, ${spectra.length} spectra (MGF ${(fs.statSync(mgf).size / 1e6).toFixed(1)} MB), built-in database, end to end: ${seconds.toFixed(1)} s (target ≤ 10 s), ${rows} rows; ${run.stderr.trim().split('\n').pop()}`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  console.log(
    `load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
}

void main().catch((error: Error) => {
  console.error(error.stack ?? error.message);
  process.exitCode = 1;
});
