#!/usr/bin/env node
// Writes data/identity-keys.json.gz: the parent and tautomer keys (shared/beyond-the-spec.md 4) of every structure of
// data/compounds.json.gz, computed once with the service's own code (out/src/chemistry/molecule/identity-keys.js), so that the
// service computes none at start-up. Run after the collection changes: `npm run compile && node scripts/build-identity-keys.mjs`
// (scripts/build-data.mjs runs it too). `--check` compares with the file in data/ instead of writing it.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function buildIdentityKeys(dataDir = path.join(root, 'data'), { check = false } = {}) {
  const { loadRDKit } = require(path.join(root, 'out/src/service/toolkits/rdkit.js'));
  const { withMol } = require(path.join(root, 'out/src/chemistry/molecule/read.js'));
  const { identityKeysOf } = require(path.join(root, 'out/src/chemistry/molecule/identity-keys.js'));
  const { identityKeysFileOf, COLLECTION_FILE, IDENTITY_KEYS_FILE } = require(path.join(root, 'out/src/service/collection/shipped-collection.js'));
  const rdkit = await loadRDKit();
  const { records } = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(dataDir, COLLECTION_FILE))).toString('utf8'));
  const entries = [];
  const failed = [];
  for (const r of records) {
    const keys = withMol(rdkit, r.smiles, (mol) => identityKeysOf(rdkit, mol));
    if (keys) entries.push({ inchiKey: r.inchiKey, ...keys });
    else failed.push(r.id);
  }
  const text = identityKeysFileOf(entries);
  const bytes = zlib.gzipSync(Buffer.from(text), { level: 9 });
  const file = path.join(dataDir, IDENTITY_KEYS_FILE);
  const summary = `${records.length} records, ${Object.keys(JSON.parse(text).keys).length} with a parent or tautomer key of their own, ${failed.length} without keys${failed.length ? ` (${failed.slice(0, 10).join(', ')})` : ''}`;
  if (check) {
    const same = fs.existsSync(file) && zlib.gunzipSync(fs.readFileSync(file)).toString('utf8') === text;
    console.log(`[identity-keys] ${same ? 'up to date' : 'DIFFERS from data/'}: ${summary}`);
    return same;
  }
  fs.writeFileSync(file, bytes);
  console.log(`[identity-keys] wrote ${path.relative(root, file)}: ${summary}`);
  return true;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildIdentityKeys(undefined, { check: process.argv.includes('--check') }).then(
    (ok) => process.exit(ok ? 0 : 1),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
