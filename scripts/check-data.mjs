#!/usr/bin/env node
// Runs every whole-collection check of the shipped data over every record and spectrum of data/ (or of the folder
// given): each record agrees with itself, the toolkit-free MOL reader with RDKit, and Open Babel (Debian `openbabel`,
// installed on first use) with its InChIs, 2D blocks, precursor masses and O-O bonds. No MassBank sources needed.
// Run `npm run check:data [-- DIR]` (it compiles first); `npm run build:data -- ... --check` runs the same over its
// rebuilt folder. The suites check a fixed sample (test/support/collection-checks/).
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The faults of every check over `dataDir`, each check's line logged as it finishes. */
export function checkData(dataDir, log) {
  const { checkCollection } = require(path.join(root, 'out/test/support/collection-checks/index.js'));
  return checkCollection(dataDir, log);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dataDir = path.resolve(process.argv[2] ?? path.join(root, 'data'));
  const log = (line) => console.log('[check-data]', line);
  const started = Date.now();
  checkData(dataDir, log).then(
    (faults) => {
      log(`${faults.length ? `${faults.length} faults` : 'every check holds'} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      process.exit(faults.length ? 1 : 0);
    },
    (error) => {
      console.error('[check-data] failed:', error);
      process.exit(1);
    },
  );
}
