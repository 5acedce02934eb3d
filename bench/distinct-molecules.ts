/**
 * Distinct molecules for the structure benches at 100k and 1M records (issue 29): enumerated from the shipped
 * structures, so each record is a different molecule rather than a copy. Each step puts one substituent (methyl,
 * ethyl, propyl, hydroxy, amino, fluoro, chloro, bromo, methoxy, cyano, trifluoromethyl, carboxy, phenyl) on a
 * carbon that carries a hydrogen: on an aromatic ring position, or on a chain carbon (methyl, ethyl and propyl there
 * are chain extensions). Ring fusions are not made. Generation 1 substitutes the shipped structures once; generation
 * 2 substitutes generation 1, and so on, until the size asked for is reached. Positions and substituents go round
 * the seeds in turn, so every seed has descendants before any seed has many.
 * RDKit reads each candidate SMILES (one a carbon cannot take fails its valence check and is skipped), writes its
 * canonical SMILES (duplicates are skipped) and its standard InChI and InChIKey; a repeated InChIKey is counted and
 * skipped, so the keys of the collection are distinct. The InChI is most of the cost (profiled: about 0.6 ms of the
 * 0.9 ms CPU a candidate; parsing 0.15 ms, the canonical SMILES 0.14 ms), so the candidates are read by one worker
 * per core (distinct-molecules-worker.ts), in batches whose answers are taken in order: the collection is the same
 * whatever the number of workers, and a smaller one is a prefix of a larger one.
 * Formula and masses are the seed's plus the substituent's atoms (exact, the seeds being single neutral molecules
 * without isotope labels); logP and the MOL blocks are not computed (the seed's logP, empty MOL blocks): the
 * structure benches read the SMILES alone.
 * The molecules made are cached on disk (.compound-db/bench-molecules/, keyed by a hash of the seeds and
 * GENERATOR_VERSION), so a later run reads them (1M in 35-55 s at load 9, against 43 minutes to make) instead of
 * making them; a read cache is checked: InChIKeys and canonical SMILES distinct, and a sample of its records read
 * again by RDKit.
 */
import { createHash } from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as readline from 'readline';
import { Worker } from 'node:worker_threads';
import { projectDir } from '../src/service/database/cluster';
import type { CompoundRecord } from '../src/service/record';
import type { CandidateBatch, MoleculeBatch } from './distinct-molecules-worker';

/** Bump when the molecules made for the same seeds change (substituents, their order, the sites). */
const GENERATOR_VERSION = 2;
const BATCH = 500;
/** Records of a read cache read again by RDKit (spread over the collection). */
const SAMPLE = 500;

/** A substituent's SMILES and the atoms it adds in place of the hydrogen it replaces. */
const SUBSTITUENTS: Array<[string, Record<string, number>]> = [
  ['C', { C: 1, H: 2 }],
  ['O', { O: 1 }],
  ['F', { F: 1, H: -1 }],
  ['Cl', { Cl: 1, H: -1 }],
  ['N', { N: 1, H: 1 }],
  ['OC', { O: 1, C: 1, H: 2 }],
  ['CC', { C: 2, H: 4 }],
  ['C#N', { C: 1, N: 1, H: -1 }],
  ['Br', { Br: 1, H: -1 }],
  ['C(F)(F)F', { C: 1, F: 3, H: -1 }],
  ['C(=O)O', { C: 1, O: 2 }],
  ['CCC', { C: 3, H: 6 }],
  ['c1ccccc1', { C: 6, H: 4 }],
];

const MONOISOTOPIC: Record<string, number> = {
  C: 12,
  H: 1.00782503207,
  N: 14.0030740048,
  O: 15.99491461956,
  F: 18.99840322,
  Cl: 34.96885268,
  Br: 78.9183371,
};
const AVERAGE: Record<string, number> = { C: 12.0107, H: 1.00794, N: 14.0067, O: 15.9994, F: 18.9984032, Cl: 35.453, Br: 79.904 };

/** Hill formulas of plain neutral molecules (no charge, isotope or second part). */
const PLAIN_FORMULA = /^(?:[A-Z][a-z]?\d*)+$/;

function atomsOf(formula: string): Map<string, number> {
  const atoms = new Map<string, number>();
  for (const [, el, n] of formula.matchAll(/([A-Z][a-z]?)(\d*)/g)) atoms.set(el, (atoms.get(el) ?? 0) + (n ? Number(n) : 1));
  return atoms;
}

function hill(atoms: Map<string, number>): string {
  const order = [...atoms.keys()].filter((e) => e !== 'C' && e !== 'H').sort();
  if (atoms.has('C')) order.unshift(...(atoms.has('H') ? ['C', 'H'] : ['C']));
  else if (atoms.has('H')) {
    order.push('H');
    order.sort();
  }
  return order.map((e) => `${e}${atoms.get(e) === 1 ? '' : atoms.get(e)}`).join('');
}

/**
 * Where a substituent can go in a SMILES: after each carbon atom written outside brackets (`C` not starting `Cl`,
 * `c`) and after the ring-closure digits that follow it, so the branch comes where SMILES wants it.
 */
export function substitutionSites(smiles: string): number[] {
  const sites: number[] = [];
  let depth = 0;
  for (let i = 0; i < smiles.length; i++) {
    const ch = smiles[i];
    if (ch === '[') depth++;
    else if (ch === ']') depth--;
    else if (depth === 0 && (ch === 'c' || (ch === 'C' && smiles[i + 1] !== 'l'))) {
      let j = i + 1;
      while (j < smiles.length && (/\d/.test(smiles[j]) || (smiles[j] === '%' && /\d\d/.test(smiles.slice(j + 1, j + 3)))))
        j += smiles[j] === '%' ? 3 : 1;
      sites.push(j);
    }
  }
  return sites;
}

export interface DistinctCollection {
  records: CompoundRecord[];
  /** Candidates RDKit refused (a carbon without a free hydrogen), repeated canonical SMILES, repeated InChIKeys. */
  refused: number;
  sameSmiles: number;
  sameKey: number;
  generations: number;
  /** Time taken to make them (when read from the cache: the time it took when they were made). */
  ms: number;
  /** How many were made when the counts above were taken (more than `records` for a cache read in part). */
  size: number;
  /** Set when read from the cache: the file and the time the read (and its checks) took. */
  cache?: { file: string; readMs: number };
}

interface Parent {
  record: CompoundRecord;
  atoms: Map<string, number>;
}

type Made = [smiles: string, inchi: string, inchiKey: string];

/** One worker per core, each its own RDKit; `read` answers in the order asked. */
class MoleculePool {
  private readonly workers: Worker[];
  private readonly waiting = new Map<number, { resolve: (batch: MoleculeBatch) => void; reject: (err: Error) => void }>();
  private readonly ready: Array<Promise<void>>;
  private nextId = 0;

  constructor(size = os.availableParallelism()) {
    this.workers = Array.from({ length: size }, () => new Worker(path.join(__dirname, 'distinct-molecules-worker.js')));
    const failAll = (err: Error) => {
      for (const w of this.waiting.values()) w.reject(err);
      this.waiting.clear();
    };
    this.ready = this.workers.map(
      (w) =>
        new Promise<void>((resolve, reject) => {
          w.on('message', (m: MoleculeBatch | { type: 'ready' } | { type: 'failed'; message: string }) => {
            if (m.type === 'ready') resolve();
            else if (m.type === 'failed') failAll(new Error(`a molecule worker failed: ${m.message}`));
            else {
              this.waiting.get(m.id)?.resolve(m);
              this.waiting.delete(m.id);
            }
          });
          w.on('error', (err) => {
            reject(err);
            failAll(err);
          });
        }),
    );
  }

  async read(smiles: string[]): Promise<Array<Made | null>> {
    const id = this.nextId++;
    const worker = this.workers[id % this.workers.length];
    await Promise.all(this.ready);
    const batch = await new Promise<MoleculeBatch>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, smiles } satisfies CandidateBatch);
    });
    return batch.molecules;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** The shipped records the enumeration starts from: single neutral molecules, no isotope labels, each once. */
function seedsOf(shipped: readonly CompoundRecord[], size: number): Parent[] {
  const seeds: Parent[] = [];
  const smilesSeen = new Set<string>();
  const keysSeen = new Set<string>();
  for (const r of shipped) {
    if (seeds.length >= size) break;
    if (!PLAIN_FORMULA.test(r.formula) || r.smiles.includes('.') || r.isotopic || keysSeen.has(r.inchiKey) || smilesSeen.has(r.smiles)) continue;
    smilesSeen.add(r.smiles);
    keysSeen.add(r.inchiKey);
    seeds.push({ record: { ...r, id: 1 + seeds.length }, atoms: atomsOf(r.formula) });
  }
  return seeds;
}

/** The record of `parent` with substituent `sub` (its index in SUBSTITUENTS) added, as RDKit wrote it. */
function derive(parent: Parent, sub: number, [smiles, inchi, inchiKey]: Made, id: number): Parent {
  const adds = SUBSTITUENTS[sub][1];
  const atoms = new Map(parent.atoms);
  for (const [el, n] of Object.entries(adds)) atoms.set(el, (atoms.get(el) ?? 0) + n);
  if (atoms.get('H') === 0) atoms.delete('H');
  const delta = (table: Record<string, number>) => Object.entries(adds).reduce((m, [el, n]) => m + n * table[el], 0);
  const record: CompoundRecord = {
    ...parent.record,
    id,
    smiles,
    inchi,
    inchiKey,
    formula: hill(atoms),
    monoisotopicMass: parent.record.monoisotopicMass + delta(MONOISOTOPIC),
    averageMass: parent.record.averageMass + delta(AVERAGE),
    molecularWeight: parent.record.molecularWeight + delta(AVERAGE),
    nominalMass: parent.record.nominalMass + Math.round(delta(MONOISOTOPIC)),
    elements: [...atoms.keys()].sort(),
    mol2D: '',
    mol3D: '',
    originalMol: '',
    parentKey: undefined,
    tautomerKey: undefined,
  };
  return { record, atoms };
}

/** A candidate: the parent's index among the records made, the substituent's index, the SMILES. */
type Candidate = [parent: number, sub: number, smiles: string];

/**
 * Generation by generation, the candidates in the order described above: the k-th site of every parent with each
 * substituent, then the (k+1)-th. `parents` are indexes into `made`.
 */
function* candidates(made: readonly Parent[], parents: readonly number[]): Generator<Candidate> {
  const sites = parents.map((p) => substitutionSites(made[p].record.smiles));
  const mostSites = Math.max(0, ...sites.map((s) => s.length));
  for (let k = 0; k < mostSites; k++) {
    for (let sub = 0; sub < SUBSTITUENTS.length; sub++) {
      for (let p = 0; p < parents.length; p++) {
        const at = sites[p][k];
        if (at === undefined) continue;
        const smiles = made[parents[p]].record.smiles;
        yield [parents[p], sub, `${smiles.slice(0, at)}(${SUBSTITUENTS[sub][0]})${smiles.slice(at)}`];
      }
    }
  }
}

/** The lines of the cache after its header: `parent index, substituent index, SMILES, InChI, InChIKey`. */
interface CacheHeader {
  version: number;
  size: number;
  refused: number;
  sameSmiles: number;
  sameKey: number;
  generations: number;
  ms: number;
}

function cacheFile(seeds: readonly Parent[]): string {
  const hash = createHash('sha256').update(`distinct molecules ${GENERATOR_VERSION}\n`);
  for (const { record: r } of seeds) hash.update(`${r.smiles}\t${r.inchiKey}\t${r.formula}\t${r.monoisotopicMass}\t${r.averageMass}\n`);
  return path.join(projectDir(), '.compound-db', 'bench-molecules', `distinct-${hash.digest('hex').slice(0, 16)}.tsv`);
}

async function readCacheHeader(file: string): Promise<CacheHeader | undefined> {
  if (!fs.existsSync(file)) return undefined;
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    const header = JSON.parse(line) as CacheHeader;
    return header.version === GENERATOR_VERSION ? header : undefined;
  }
  return undefined;
}

/**
 * `size` distinct molecules with record IDs from 1: the seeds themselves first (those with a plain formula), then
 * their substituted descendants. Read from the cache when it holds as many; else made (and cached). `onProgress` is
 * told the count now and then.
 */
export async function distinctCollection(
  shipped: readonly CompoundRecord[],
  size: number,
  onProgress?: (made: number) => void,
): Promise<DistinctCollection> {
  const started = performance.now();
  const seeds = seedsOf(shipped, size);
  const file = cacheFile(seeds);
  const header = await readCacheHeader(file);
  const pool = new MoleculePool();
  try {
    if (header && header.size >= size) {
      const made = await readCache(file, seeds, size, onProgress);
      await checkSample(pool, made);
      const { version: _version, ...counts } = header;
      return { ...counts, records: made.map((p) => p.record), cache: { file, readMs: performance.now() - started } };
    }
    const made = await enumerate(pool, seeds, size, onProgress);
    made.header.ms = performance.now() - started;
    await writeCache(file, made.header, made.lines);
    const { version: _version, ...counts } = made.header;
    return { ...counts, records: made.made.map((p) => p.record) };
  } finally {
    await pool.close();
  }
}

async function enumerate(
  pool: MoleculePool,
  seeds: Parent[],
  size: number,
  onProgress?: (made: number) => void,
): Promise<{ made: Parent[]; header: CacheHeader; lines: string[] }> {
  const made = [...seeds];
  const lines: string[] = [];
  const smilesSeen = new Set(seeds.map((p) => p.record.smiles));
  const keysSeen = new Set(seeds.map((p) => p.record.inchiKey));
  const header: CacheHeader = { version: GENERATOR_VERSION, size: 0, refused: 0, sameSmiles: 0, sameKey: 0, generations: 0, ms: 0 };
  let generation = seeds.map((_, i) => i);
  while (made.length < size && generation.length > 0) {
    header.generations++;
    const next: number[] = [];
    const stream = candidates(made, generation);
    // Batches in flight on the workers, taken in the order they were sent.
    const inFlight: Array<{ batch: Candidate[]; answer: Promise<Array<Made | null>> }> = [];
    const send = (): boolean => {
      const batch: Candidate[] = [];
      while (batch.length < BATCH) {
        const c = stream.next();
        if (c.done) break;
        batch.push(c.value);
      }
      if (batch.length === 0) return false;
      inFlight.push({ batch, answer: pool.read(batch.map((c) => c[2])) });
      return true;
    };
    while (inFlight.length < 4 * os.availableParallelism() && send());
    while (inFlight.length > 0 && made.length < size) {
      const { batch, answer } = inFlight.shift()!;
      const molecules = await answer;
      send();
      for (let i = 0; i < batch.length && made.length < size; i++) {
        const molecule = molecules[i];
        if (!molecule) {
          header.refused++;
          continue;
        }
        if (smilesSeen.has(molecule[0])) {
          header.sameSmiles++;
          continue;
        }
        smilesSeen.add(molecule[0]);
        if (keysSeen.has(molecule[2])) {
          header.sameKey++;
          continue;
        }
        keysSeen.add(molecule[2]);
        const [parent, sub] = batch[i];
        next.push(made.length);
        made.push(derive(made[parent], sub, molecule, made.length + 1));
        lines.push(`${parent}\t${sub}\t${molecule.join('\t')}`);
        if (made.length % 10_000 === 0) onProgress?.(made.length);
      }
    }
    await Promise.allSettled(inFlight.map((f) => f.answer));
    generation = next;
  }
  header.size = made.length;
  return { made, header, lines };
}

async function writeCache(file: string, header: CacheHeader, lines: readonly string[]): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  const out = fs.createWriteStream(partial, { encoding: 'utf8' });
  const write = (text: string) => (out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', () => resolve())));
  await write(`${JSON.stringify(header)}\n`);
  for (let i = 0; i < lines.length; i += 10_000) await write(`${lines.slice(i, i + 10_000).join('\n')}\n`);
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
  fs.renameSync(partial, file);
}

async function readCache(file: string, seeds: Parent[], size: number, onProgress?: (made: number) => void): Promise<Parent[]> {
  const made = [...seeds];
  const lines = readline.createInterface({ input: fs.createReadStream(file, { encoding: 'utf8' }), crlfDelay: Infinity });
  let first = true;
  for await (const line of lines) {
    if (first) {
      first = false;
      continue;
    }
    if (made.length >= size) break;
    const [parent, sub, smiles, inchi, inchiKey] = line.split('\t');
    const p = Number(parent);
    if (!(p < made.length) || !SUBSTITUENTS[Number(sub)] || !inchiKey)
      throw new Error(`${file}: line ${made.length - seeds.length + 2} is not a molecule made earlier`);
    made.push(derive(made[p], Number(sub), [smiles, inchi, inchiKey], made.length + 1));
    if (made.length % 100_000 === 0) onProgress?.(made.length);
  }
  lines.close();
  if (made.length < size) throw new Error(`${file}: holds ${made.length} molecules, not ${size}`);
  const keys = new Set(made.map((p) => p.record.inchiKey));
  const smiles = new Set(made.map((p) => p.record.smiles));
  if (keys.size !== made.length || smiles.size !== made.length)
    throw new Error(`${file}: ${made.length - keys.size} repeated InChIKeys, ${made.length - smiles.size} repeated SMILES`);
  return made;
}

/** A sample of the records read again by RDKit: each must give back its own SMILES, InChI and InChIKey. */
async function checkSample(pool: MoleculePool, made: readonly Parent[]): Promise<void> {
  const step = Math.max(1, Math.floor(made.length / SAMPLE));
  const sample = made.filter((_, i) => i % step === 0).map((p) => p.record);
  const again = await pool.read(sample.map((r) => r.smiles));
  sample.forEach((r, i) => {
    const m = again[i];
    if (!m || m[0] !== r.smiles || m[1] !== r.inchi || m[2] !== r.inchiKey)
      throw new Error(`cached molecule ${r.id} (${r.smiles}) reads back as ${JSON.stringify(m)}: the cache is stale; delete it`);
  });
}

/** What a bench prints about the collection it uses: how it was made or read, and that its keys are distinct. */
export function describeCollection(made: DistinctCollection): string {
  const { records } = made;
  const how = made.cache
    ? `read from ${path.relative(projectDir(), made.cache.file)} in ${(made.cache.readMs / 1000).toFixed(1)} s (a sample of ${SAMPLE} read again by RDKit; made earlier in ${(made.ms / 1000).toFixed(0)} s)`
    : `made in ${(made.ms / 1000).toFixed(0)} s by ${os.availableParallelism()} workers, then cached`;
  return (
    `${records.length.toLocaleString('en')} distinct molecules ${how}; ${made.generations} generation(s) of substitution; ` +
    `skipped while making ${made.size.toLocaleString('en')}: ${made.refused} candidates RDKit refused, ${made.sameSmiles} repeated canonical SMILES, ${made.sameKey} repeated InChIKeys; ` +
    `${new Set(records.map((r) => r.inchiKey)).size.toLocaleString('en')} distinct InChIKeys, ${new Set(records.map((r) => r.smiles)).size.toLocaleString('en')} distinct SMILES`
  );
}
