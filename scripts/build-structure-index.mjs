#!/usr/bin/env node
// Builds data/structure-index.bin.gz (src/service/search/structure/shipped-fingerprints.ts) from data/compounds.json.gz alone:
// each distinct structure's pattern fingerprint, Morgan bits and RDKit pickle, computed by the code the matcher workers
// run (out/src/service/search/structure/substructure-matcher.js), so the service's structure index is ready as it starts.
// `npm run build:structure-index` (compiles first); `-- --check` rebuilds into memory and compares with data/, byte for
// byte; `-- --data DIR` reads and writes another folder (scripts/build-data.mjs runs it so on its output).
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = (p) => require(path.join(root, 'out', 'src', p));

/** Writes (or with `check`, compares) DIR/structure-index.bin.gz from DIR/compounds.json.gz; returns its byte size. */
export async function buildStructureIndex(dataDir, { check = false, log = () => undefined } = {}) {
  const { readCollectionFile } = out('service/collection/shipped-collection.js');
  const { loadRDKit } = out('service/toolkits/rdkit.js');
  const { wasmPath } = out('service/toolkits/wasm.js');
  const { fingerprintBatch } = out('service/search/structure/substructure-matcher.js');
  const { encodeStructureIndex, STRUCTURE_INDEX_FILE } = out('service/search/structure/shipped-fingerprints.js');
  const records = [...readCollectionFile(dataDir).records].sort((a, b) => a.id - b.id);
  const smiles = [...new Set(records.map((r) => r.smiles))];
  const rdkit = await loadRDKit();
  const structures = [];
  for (let i = 0; i < smiles.length; i += 256) {
    const batch = smiles.slice(i, i + 256);
    const { patterns, morgan, pickles } = fingerprintBatch(rdkit, batch);
    const width = patterns.length / batch.length;
    batch.forEach((s, k) =>
      structures.push({ smiles: s, pattern: patterns.slice(k * width, (k + 1) * width), morgan: morgan[k], pickle: pickles[k] }),
    );
  }
  const bytes = encodeStructureIndex(structures, { version: rdkit.version(), wasmBytes: fs.statSync(wasmPath('rdkit')).size });
  const file = path.join(dataDir, STRUCTURE_INDEX_FILE);
  const unreadable = structures.filter((s) => !s.morgan).length;
  log(
    `${STRUCTURE_INDEX_FILE}: ${structures.length} structures (${unreadable} RDKit cannot read) of ${records.length} records, ${(bytes.length / 1024 / 1024).toFixed(2)} MB`,
  );
  if (check) {
    const shipped = fs.existsSync(file) ? fs.readFileSync(file) : undefined;
    if (!shipped?.equals(bytes)) throw new Error(`${file} is ${shipped ? 'not what the build makes' : 'missing'}: run npm run build:structure-index`);
    log(`--check: ${STRUCTURE_INDEX_FILE} is byte for byte the build's`);
  } else fs.writeFileSync(file, bytes);
  return bytes.length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--data');
  const dataDir = at >= 0 ? path.resolve(argv[at + 1]) : path.join(root, 'data');
  buildStructureIndex(dataDir, { check: argv.includes('--check'), log: (...a) => console.log('[build-structure-index]', ...a) }).catch((err) => {
    console.error(`[build-structure-index] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  });
}
