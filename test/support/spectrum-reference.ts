/**
 * The oracle of the spectrum search: the authors' Flash entropy search (github YuanyueLi/MSEntropy, pure numpy) run by
 * scripts/spectrum-reference/reference.py over the same library and queries. Used by the fixture script
 * (scripts/spectrum-reference/run.mjs, whose output the tests read, so CI needs neither GitHub nor Python) and by the
 * spectrum bench (which times the reference beside the service when MSENTROPY_DIR names a checkout).
 */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import type { Peak } from '../../src/wire';
import type { SpectrumStore } from '../../src/service/collection/spectra-files';
import { readLibrarySpectrum } from '../../src/service/search/spectrum/library-spectrum';

export const REFERENCE_SCRIPT = path.resolve(__dirname, '../../../scripts/spectrum-reference/reference.py');

export interface LibraryEntry {
  id: number;
  record: number;
  precursor: number;
  peaks: Peak[];
}

export interface ReferenceQuery {
  /** The library spectrum it was made from. */
  source: number;
  precursor: number;
  peaks: Peak[];
}

export const SEARCH_MODES = ['identity', 'open', 'neutralLoss', 'hybrid'] as const;
export type SearchMode = (typeof SEARCH_MODES)[number];

export interface ReferenceAnswer {
  /** [spectrum ID, score, matched peaks (null for hybrid, which the reference does not count)] */
  spectra: Array<[number, number, number | null]>;
  /** [record ID, score, best spectrum ID] */
  records: Array<[number, number, number]>;
}

export interface ReferenceRun {
  indexed: number;
  buildSeconds: number;
  times: Record<SearchMode, number[]>;
  answers: Array<Record<SearchMode, ReferenceAnswer>>;
}

/** Every spectrum of the store with a numeric precursor, as the reference reads them. */
export async function libraryOf(store: SpectrumStore): Promise<LibraryEntry[]> {
  const out: LibraryEntry[] = [];
  for (const { id, csid } of await store.ids()) {
    const text = await store.readData(id);
    if (text === undefined) continue;
    const s = readLibrarySpectrum(text);
    if (s.precursorMz === undefined) continue;
    out.push({ id, record: csid, precursor: s.precursorMz, peaks: s.mz.map((mz, i) => [mz, s.intensity[i]]) });
  }
  return out;
}

/** A seeded generator (mulberry32): the same queries every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Queries made from library spectra as a measurement would differ from them: m/z jitter (up to ±0.008 Da, inside the
 * 0.02 Da tolerance), intensity jitter (±30 %), dropped peaks (each with a chance of 20 %, at least one kept), noise
 * peaks (0-4 at random m/z below the precursor, 0.5-10 % of the base peak), the precursor moved up to ±0.004 Da.
 */
export function perturbedQueries(library: readonly LibraryEntry[], count: number, seed: number): ReferenceQuery[] {
  const random = seeded(seed);
  const candidates = library.filter((s) => s.peaks.length >= 3);
  const out: ReferenceQuery[] = [];
  const used = new Set<number>();
  while (out.length < count && used.size < candidates.length) {
    const source = candidates[Math.floor(random() * candidates.length)];
    if (used.has(source.id)) continue;
    used.add(source.id);
    const jitter = (d: number) => (random() * 2 - 1) * d;
    let peaks: Peak[] = source.peaks.filter(() => random() >= 0.2);
    if (peaks.length === 0) peaks = [source.peaks[0]];
    peaks = peaks.map(([mz, intensity]) => [round(mz + jitter(0.008), 5), round(intensity * (1 + jitter(0.3)), 4)]);
    const base = Math.max(...peaks.map((p) => p[1]));
    const noise = Math.floor(random() * 5);
    for (let i = 0; i < noise; i++)
      peaks.push([round(50 + random() * Math.max(1, source.precursor - 50), 5), round(base * (0.005 + random() * 0.095), 4)]);
    peaks.sort((a, b) => a[0] - b[0]);
    out.push({ source: source.id, precursor: round(source.precursor + jitter(0.004), 5), peaks });
  }
  return out;
}

function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/**
 * Runs the reference over `library` and `queries` in `workDir` (each query's time the median of `repeat` searches);
 * throws with its stderr when it fails.
 */
export function runReference(
  msentropyDir: string,
  library: readonly LibraryEntry[],
  queries: readonly ReferenceQuery[],
  workDir: string,
  top = 10,
  repeat = 1,
): ReferenceRun {
  fs.mkdirSync(workDir, { recursive: true });
  const libraryFile = path.join(workDir, 'library.jsonl');
  if (!fs.existsSync(libraryFile)) fs.writeFileSync(libraryFile, library.map((s) => JSON.stringify(s)).join('\n') + '\n');
  const queriesFile = path.join(workDir, 'queries.json');
  fs.writeFileSync(queriesFile, JSON.stringify(queries));
  const outFile = path.join(workDir, 'answers.json');
  const python = fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
  const run = spawnSync(
    python,
    [
      REFERENCE_SCRIPT,
      msentropyDir,
      libraryFile,
      queriesFile,
      outFile,
      '--top',
      String(top),
      '--index-cache',
      path.join(workDir, 'reference-index'),
      '--repeat',
      String(repeat),
    ],
    { encoding: 'utf8', stdio: ['ignore', 'inherit', 'pipe'], maxBuffer: 16 * 1024 * 1024 },
  );
  if (run.status !== 0) throw new Error(`the reference failed (${run.status ?? run.signal}): ${run.stderr.slice(-2000)}`);
  return JSON.parse(fs.readFileSync(outFile, 'utf8')) as ReferenceRun;
}
