#!/usr/bin/env node
// Builds test/service/reference/spectrum-search.json: the authors' Flash entropy search (github YuanyueLi/MSEntropy,
// Apache-2.0, pure numpy; Debian python3-numpy) run over the shipped library and a few hundred perturbed library
// spectra, in all four modes. The fixture is committed, so `npm test` needs neither GitHub nor Python; its queries
// are replayed against the service by test/service/spectrum-reference.test.ts.
//
// Run: npm run compile && node scripts/spectrum-reference/run.mjs /path/to/MSEntropy [--queries 300] [--seed 28]
// (a checkout of MSEntropy: `git clone https://github.com/YuanyueLi/MSEntropy`; nothing of it is copied here).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { loadSpectra } = require(path.join(root, 'out/src/service/collection/spectra-files.js'));
const { libraryOf, perturbedQueries, runReference, SEARCH_MODES } = require(path.join(root, 'out/test/support/spectrum-reference.js'));

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  if (i < 0) return fallback;
  const [, value] = args.splice(i, 2);
  return value;
};
const count = Number(option('--queries', '300'));
const seed = Number(option('--seed', '28'));
const msentropy = args[0];
if (!msentropy || !fs.existsSync(path.join(msentropy, 'ms_entropy'))) {
  console.error('usage: node scripts/spectrum-reference/run.mjs /path/to/MSEntropy [--queries N] [--seed N]');
  process.exit(2);
}
// A checkout says its commit; an exported tree (no .git) is named by MSENTROPY_COMMIT.
const commit =
  spawnSync('git', ['-C', msentropy, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).stdout?.trim() || process.env.MSENTROPY_COMMIT || 'unknown';

const store = await loadSpectra(path.join(root, 'data/spectra'));
const library = await libraryOf(store);
const queries = perturbedQueries(library, count, seed);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'spectrum-reference-'));
console.log(`library: ${library.length} spectra with a precursor; ${queries.length} queries; reference in ${work}`);
const run = runReference(msentropy, library, queries, work, 10);
const round = (x) => Math.round(x * 1e6) / 1e6;
const fixture = {
  about:
    'Flash entropy search (MSEntropy, Li & Fiehn 2023) over the shipped spectra: scores of perturbed library spectra in four modes, by scripts/spectrum-reference/run.mjs',
  msentropyCommit: commit,
  parameters: { ms1ToleranceDa: 0.01, ms2ToleranceDa: 0.02, precursorIonsRemovalDa: 1.6, noiseThreshold: 0.01, minMs2DifferenceDa: 0.05, seed },
  indexed: run.indexed,
  queries: queries.map((q, i) => ({
    ...q,
    expected: Object.fromEntries(
      SEARCH_MODES.map((mode) => {
        const a = run.answers[i][mode];
        return [mode, { spectra: a.spectra.map(([id, s, m]) => [id, round(s), m]), records: a.records.map(([r, s, sid]) => [r, round(s), sid]) }];
      }),
    ),
  })),
};
const out = path.join(root, 'test/service/reference/spectrum-search.json');
fs.writeFileSync(out, JSON.stringify(fixture) + '\n');
console.log(`wrote ${path.relative(root, out)} (${queries.length} queries, reference built its index in ${run.buildSeconds.toFixed(1)} s)`);
fs.rmSync(work, { recursive: true, force: true });
