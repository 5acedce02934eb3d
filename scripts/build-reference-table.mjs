#!/usr/bin/env node
// Builds test/service/reference/reference-table.json: InChI, InChIKey, formula and masses of several hundred varied
// structures computed by Open Babel with the InChI Trust library (Debian `openbabel`; `libinchi-bin` is installed beside
// it for checking by hand), an implementation independent of the service's RDKit / Indigo. The table is committed, so
// `npm test` does not need Open Babel. Run: `node scripts/build-reference-table.mjs` (installs the packages when missing).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { CURATED } from './reference-structures.mjs';

const require = createRequire(import.meta.url);
const { ensureDebianPackages } = require('./vscode/apt.js');
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'test/service/reference/reference-table.json');

ensureDebianPackages(['openbabel', 'libinchi-bin'], path.join(root, '.vscode-tools/apt-reference.log'));

function obabel(smiles, args) {
  const r = spawnSync('obabel', [`-:${smiles}`, ...args], { encoding: 'utf8', timeout: 60_000 });
  return {
    out: r.stdout.trim(),
    warnings: r.stderr
      .split('\n')
      .filter((l) => /Warning|Error|#\d|Problems/.test(l))
      .map((l) => l.trim()),
  };
}

const version = spawnSync('obabel', ['-V'], { encoding: 'utf8' }).stdout.trim();
const shipped = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(root, 'data/compounds.json.gz'))).toString('utf8'));
const records = Array.isArray(shipped) ? shipped : shipped.records;
const inputs = [...CURATED.map(([name, smiles]) => ({ name, smiles, origin: 'curated' }))];
const seen = new Set(inputs.map((i) => i.smiles));
for (const r of records) if (!seen.has(r.smiles)) (inputs.push({ name: r.commonName, smiles: r.smiles, origin: 'collection' }), seen.add(r.smiles));

const rows = [];
const refused = [];
for (const { name, smiles, origin } of inputs) {
  const ids = obabel(smiles, ['-osmi', '--append', 'InChI InChIKey']);
  const [, inchi, inchiKey] = ids.out.split(/\s+/);
  const report = obabel(smiles, ['-oreport']).out;
  const field = (label) => new RegExp(`^${label}: (.*)$`, 'm').exec(report)?.[1]?.trim();
  if (!inchi?.startsWith('InChI=1S/') || !/^[A-Z]{14}-[A-Z]{10}-[A-Z]$/.test(inchiKey ?? '')) {
    refused.push({ name, smiles, why: ids.warnings.join(' ') || 'no standard InChI' });
    continue;
  }
  rows.push({
    name,
    origin,
    smiles,
    inchi,
    inchiKey,
    formula: field('FORMULA'),
    averageMass: Number(field('MASS')),
    exactMass: Number(field('EXACT MASS')),
    ...(ids.warnings.length ? { warnings: ids.warnings } : {}),
  });
}
fs.mkdirSync(path.dirname(out), { recursive: true });
fs.writeFileSync(
  out,
  `${JSON.stringify({ generator: `${version} (InChI Trust library inside)`, builtFrom: 'scripts/reference-structures.mjs and the SMILES of data/compounds.json.gz', refused, rows }, null, 1)}\n`,
);
console.log(`${rows.length} rows, ${refused.length} refused by Open Babel -> ${path.relative(root, out)}`);
for (const r of refused) console.log('  refused:', r.name, r.smiles, r.why);
