/**
 * Local service storage at scale: synthetic collections of 10k, 100k and 1M records made by repeating the real
 * shipped records with distinct IDs and slightly perturbed masses (bench/service-synthetic.ts; the structures,
 * keys, formulas and names repeat). For each size: time to build the indexes, heap used, and lookups per
 * second of each search kind through the CompoundStore interface. Also the start time of the real service.
 */
import { MemoryStore, startService } from '../src/service';
import type { CompoundRecord } from '../src/service/record';
import { syntheticCollection } from './service-synthetic';
import { loadShippedCollection } from '../src/service/collection/shipped-collection';

const SIZES = [10_000, 100_000, 1_000_000];
const BUDGET_MS = 400;

function gc(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

function heapMb(): number {
  gc();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

/** Runs `op` over the inputs in turn for about BUDGET_MS; returns operations a second and the mean hits. */
async function rate<T>(inputs: readonly T[], op: (input: T) => Promise<unknown[] | unknown>): Promise<{ perSecond: number; hits: number }> {
  let n = 0;
  let hits = 0;
  const start = performance.now();
  while (performance.now() - start < BUDGET_MS) {
    for (let i = 0; i < 50; i++, n++) {
      const r = await op(inputs[n % inputs.length]);
      hits += Array.isArray(r) ? r.length : r ? 1 : 0;
    }
  }
  return { perSecond: n / ((performance.now() - start) / 1000), hits: hits / n };
}

function pick<T>(items: readonly T[], count: number): T[] {
  const step = Math.max(1, Math.floor(items.length / count));
  return Array.from({ length: Math.min(count, items.length) }, (_, i) => items[(i * step) % items.length]);
}

async function benchSize(seed: CompoundRecord[], size: number): Promise<void> {
  const records = syntheticCollection(seed, size);
  const before = heapMb();
  const t0 = performance.now();
  const store = new MemoryStore(records);
  const buildMs = performance.now() - t0;
  const heap = heapMb() - before;
  const sample = pick(seed, 200);
  const ids = pick(records, 1000).map((r) => r.id);
  const kinds: Array<[string, () => Promise<{ perSecond: number; hits: number }>]> = [
    ['record ID', () => rate(ids, (id) => store.getById(id))],
    [
      'InChIKey',
      () =>
        rate(
          sample.map((r) => r.inchiKey),
          (k) => store.getByInchiKey(k),
        ),
    ],
    [
      'InChI (exact string)',
      () =>
        rate(
          sample.map((r) => r.inchi),
          (k) => store.getByInchi(k),
        ),
    ],
    [
      'formula (any order)',
      () =>
        rate(
          sample.map((r) => r.formula),
          (f) => store.byFormula(f),
        ),
    ],
    [
      'mass ±0.001',
      () =>
        rate(
          sample.map((r) => r.monoisotopicMass),
          (m) => store.byMassRange('monoisotopicMass', m - 0.001, m + 0.001),
        ),
    ],
    [
      'mass ±0.5',
      () =>
        rate(
          sample.map((r) => r.monoisotopicMass),
          (m) => store.byMassRange('monoisotopicMass', m - 0.5, m + 0.5),
        ),
    ],
    [
      'name exact',
      () =>
        rate(
          sample.map((r) => r.commonName),
          (n) => store.byName(n),
        ),
    ],
    [
      'name prefix (4 chars)',
      () =>
        rate(
          sample.map((r) => r.commonName.slice(0, 4)),
          (n) => store.byName(n),
        ),
    ],
    ['elements include Cl', () => rate([['Cl']], (e) => store.byElements(e, false, []))],
    ['elements all N,O,S', () => rate([['N', 'O', 'S']], (e) => store.byElements(e, true, []))],
  ];
  console.log(`\n${size.toLocaleString('en')} records: indexes built in ${buildMs.toFixed(0)} ms, heap +${heap.toFixed(0)} MB (records and indexes)`);
  console.log('  search kind                 lookups/s   mean hits');
  for (const [name, run] of kinds) {
    const { perSecond, hits } = await run();
    console.log(`  ${name.padEnd(26)} ${perSecond.toFixed(0).padStart(10)}   ${hits.toFixed(1).padStart(9)}`);
  }
}

async function main(): Promise<void> {
  console.log('Local service store (in-memory, indexed). Synthetic collections: the shipped records repeated with');
  console.log('distinct IDs and perturbed masses, so keys, formulas and names repeat (hits grow with size).');
  const rssBefore = process.memoryUsage().rss;
  const t = performance.now();
  const service = await startService({ port: 0 });
  console.log(
    `Service start with the shipped collection: ${service.records} records, ${service.dataSources.length} datasources, ${service.loadMs} ms (${(performance.now() - t).toFixed(0)} ms in this process, chemistry load included; budget 2000 ms)`,
  );
  const heapAfter = heapMb();
  console.log(
    `  memory after start: rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB (+${((process.memoryUsage().rss - rssBefore) / 1048576).toFixed(0)} MB; budget 600 MB), heap ${heapAfter.toFixed(0)} MB`,
  );
  const spectraStarted = performance.now();
  const spectra = await service.spectra();
  console.log(
    `  spectra index read on first use: ${spectra} spectra in ${(performance.now() - spectraStarted).toFixed(0)} ms; rss then ${(process.memoryUsage().rss / 1048576).toFixed(0)} MB (+${((process.memoryUsage().rss - rssBefore) / 1048576).toFixed(0)} MB)`,
  );
  await service.close();
  const seed = await loadShippedCollection();
  const shipped = new MemoryStore(seed);
  console.log('  name search in the shipped collection (exact names rank first):');
  for (const name of ['aspirin', 'paracetamol', 'ibuprofen', 'carbamazepine', 'atrazine', 'caff']) {
    const { perSecond, hits } = await rate([name], (n) => shipped.byName(n));
    console.log(`    ${name.padEnd(14)} ${perSecond.toFixed(0).padStart(8)} lookups/s, ${hits.toFixed(0)} hits`);
  }
  for (const size of SIZES) await benchSize(seed, size);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
