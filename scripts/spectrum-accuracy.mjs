#!/usr/bin/env node
// How good the spectrum search is, measured on the shipped library: each query is a library spectrum of a compound
// that has spectra from at least two contributors (MassBank accession prefixes), searched with its own spectrum left
// out. A hit is right when its compound has the query's InChIKey first block. Identity search (precursor within
// 0.01 Da, fragments 0.02 Da); entropy similarity (the service's index) and a plain cosine (the same cleaned peaks and
// candidates, intensities unweighted, each query peak matched to the closest library peak within 0.02 Da) in the same
// run. Prints the README's table and the false discovery rates that src/wire/spectrum-score.ts carries.
//
// Run: npm run compile && node scripts/spectrum-accuracy.mjs [--limit N]
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { loadSpectra } = require(path.join(root, 'out/src/service/collection/spectra-files.js'));
const { loadShippedCollection } = require(path.join(root, 'out/src/service/collection/shipped-collection.js'));
const { SpectrumLibrary } = require(path.join(root, 'out/src/service/search/spectrum/library.js'));
const { cleanSpectrum } = require(path.join(root, 'out/src/service/search/spectrum/clean.js'));
const { libraryOf } = require(path.join(root, 'out/test/support/spectrum-reference.js'));

const args = process.argv.slice(2);
const limitAt = args.indexOf('--limit');
const limit = limitAt >= 0 ? Number(args[limitAt + 1]) : Infinity;
const THRESHOLDS = [0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95];

const store = await loadSpectra(path.join(root, 'data/spectra'));
const index = await new SpectrumLibrary(store).index();
const records = await loadShippedCollection();
const blockOf = new Map(records.map((r) => [r.id, (r.inchiKey ?? '').slice(0, 14)]));
const infos = await store.page(0, -1);
const contributorOf = new Map(infos.map((s) => [s.spc_id, /^MSBNK-([^-]+)-/.exec(s.file_name)?.[1] ?? s.file_name]));
const library = await libraryOf(store);
const cleaned = new Map();
for (const s of library) {
  const c = cleanSpectrum(
    s.peaks.map((p) => p[0]),
    s.peaks.map((p) => p[1]),
    { precursorMz: s.precursor },
  );
  if (c.mz.length) cleaned.set(s.id, { ...c, precursor: Math.fround(s.precursor), record: s.record });
}
// Compounds (first blocks) with spectra from at least two contributors.
const contributors = new Map();
for (const s of library) {
  if (!cleaned.has(s.id)) continue;
  const block = blockOf.get(s.record);
  if (!block) continue;
  if (!contributors.has(block)) contributors.set(block, new Set());
  contributors.get(block).add(contributorOf.get(s.id));
}
const queries = library.filter((s) => cleaned.has(s.id) && (contributors.get(blockOf.get(s.record))?.size ?? 0) >= 2).slice(0, limit);
const byPrecursor = [...cleaned.entries()].sort((a, b) => a[1].precursor - b[1].precursor);
const precursors = Float64Array.from(byPrecursor, ([, c]) => c.precursor);
const lower = (x) => {
  let a = 0,
    b = precursors.length;
  while (a < b) {
    const m = (a + b) >> 1;
    if (precursors[m] < x) a = m + 1;
    else b = m;
  }
  return a;
};

function cosine(q, l) {
  let dot = 0,
    nq = 0,
    nl = 0;
  for (const v of q.intensity) nq += v * v;
  for (const v of l.intensity) nl += v * v;
  let j = 0;
  for (let i = 0; i < q.mz.length; i++) {
    while (j < l.mz.length && l.mz[j] < q.mz[i] - 0.02) j++;
    let best = -1;
    for (let k = j; k < l.mz.length && l.mz[k] <= q.mz[i] + 0.02; k++)
      if (best < 0 || Math.abs(l.mz[k] - q.mz[i]) < Math.abs(l.mz[best] - q.mz[i])) best = k;
    if (best >= 0) dot += q.intensity[i] * l.intensity[best];
  }
  return nq && nl ? dot / Math.sqrt(nq * nl) : 0;
}

/** Compounds by their best score, best first: [[block, score], ...]. */
function ranked(scores) {
  const best = new Map();
  for (const [block, score] of scores) if (score > 0 && !(best.get(block) >= score)) best.set(block, score);
  return [...best].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
}

const tally = () => ({ top1: 0, top5: 0, none: 0, best: [] });
const result = { entropy: tally(), cosine: tally() };
const started = Date.now();
for (const q of queries) {
  const own = q.id;
  const truth = blockOf.get(q.record);
  const qc = cleaned.get(own);
  const hits = index.search({ peaks: qc, precursorMz: q.precursor, searchType: 'identity', fragmentToleranceDa: 0.02, precursorToleranceDa: 0.01 });
  const entropy = ranked(hits.filter((h) => index.spectrumIdAt(h.spectrum) !== own).map((h) => [blockOf.get(index.recordIdAt(h.spectrum)), h.score]));
  const candidates = [];
  for (let i = lower(q.precursor - 0.01); i < byPrecursor.length && byPrecursor[i][1].precursor <= q.precursor + 0.01; i++) {
    const [id, c] = byPrecursor[i];
    if (id !== own) candidates.push([blockOf.get(c.record), cosine(qc, c)]);
  }
  const cos = ranked(candidates);
  for (const [name, list] of [
    ['entropy', entropy],
    ['cosine', cos],
  ]) {
    const t = result[name];
    if (list.length === 0) t.none++;
    else {
      if (list[0][0] === truth) t.top1++;
      if (list.slice(0, 5).some(([b]) => b === truth)) t.top5++;
      t.best.push([list[0][1], list[0][0] === truth]);
    }
  }
}
const n = queries.length;
const pct = (x) => `${(100 * x).toFixed(1)} %`;
console.log(
  `${n} held-out queries (${contributors.size} compounds, ${[...contributors.values()].filter((c) => c.size >= 2).length} with spectra from at least two contributors), ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
);
const fdr = (t, threshold) => {
  const above = t.best.filter(([s]) => s >= threshold);
  return { hits: above.length, fdr: above.length ? above.filter(([, ok]) => !ok).length / above.length : 0 };
};
console.log('| score | top-1 | top-5 | no candidate | ' + [0.5, 0.6, 0.75, 0.9].map((x) => `FDR at ≥ ${x} (hits)`).join(' | ') + ' |');
console.log('|---|---|---|---|' + [0.5, 0.6, 0.75, 0.9].map(() => '---').join('|') + '|');
for (const name of ['entropy', 'cosine']) {
  const t = result[name];
  console.log(
    `| ${name === 'entropy' ? 'entropy similarity' : 'plain cosine'} | ${pct(t.top1 / n)} | ${pct(t.top5 / n)} | ${pct(t.none / n)} | ${[
      0.5, 0.6, 0.75, 0.9,
    ]
      .map((x) => {
        const f = fdr(t, x);
        return `${pct(f.fdr)} (${f.hits})`;
      })
      .join(' | ')} |`,
  );
}
console.log(
  '\nSCORE_FDR (entropy similarity): ' +
    JSON.stringify(
      THRESHOLDS.map((x) => {
        const f = fdr(result.entropy, x);
        return [x, Math.round(f.fdr * 1000) / 1000, f.hits];
      }),
    ),
);
