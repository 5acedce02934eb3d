#!/usr/bin/env node
// Builds data/ (the shipped compound collection and its spectra) from two openly licensed sources:
//   - the Debian package chemical-structures-data (BSD-3-Clause): CML files with names and 3D coordinates;
//   - the named structure libraries bundled in the npm package ketcher-react (Apache-2.0), unpacked with `npm pack`.
// Run `npm run build:data` (it compiles first: every value is computed by the same code the service runs,
// out/src/service/chemistry). Rebuilding from the same source versions gives the same bytes.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { readCmlTree, normaliseNitrogen, cmlToMolBlock, HEADER_3D } from './data/cml.mjs';
import { readKetcherBundle, sdfStringsOf, sdfEntries } from './data/ketcher.mjs';
import { cmlNames, ketcherNames, pickCommonName } from './data/names.mjs';
import { isotopePatternJcamp } from './data/jcamp.mjs';
import { writeLicenses, writeReadme } from './data/docs.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.join(root, 'data');

/** Fixed so that a rebuild gives identical files; change it when the sources change. */
const BUILD_DATE = '2026-11-22T00:00:00';
const KETCHER_VERSION = '3.18.0';
const DEBIAN_PACKAGE = 'chemical-structures-data';
const DEBIAN_DIRS = [process.env.CHEMICAL_STRUCTURES_DIR, '/usr/share/chemical-structures', '/usr/share/chemical-structures-data'];
const DEBIAN_COPYRIGHT = `/usr/share/doc/${DEBIAN_PACKAGE}/copyright`;
const DEBIAN = {
  name: 'chemical-structures-data',
  url: `https://packages.debian.org/bookworm/${DEBIAN_PACKAGE}`,
  fileListUrl: `https://packages.debian.org/bookworm/all/${DEBIAN_PACKAGE}/filelist`,
  license: 'BSD-3-Clause',
};
const KETCHER = { name: 'ketcher-react', url: 'https://www.npmjs.com/package/ketcher-react', license: 'Apache-2.0' };
/** Libraries of ketcher-react that are not compounds (abbreviations with attachment points). */
const KETCHER_SKIPPED_GROUPS = new Set(['Functional Groups']);
/** Records given a calculated spectrum (neutral, well known; found by the InChIKey of these SMILES). */
const SPECTRUM_SMILES = [
  'CN1C=NC2=C1C(=O)N(C(=O)N2C)C', // caffeine
  'CC(=O)OC1=CC=CC=C1C(=O)O', // aspirin
  'c1ccccc1', // benzene
  'CCO', // ethanol
  'ClC(Cl)Cl', // chloroform
  'ClCCl', // dichloromethane
  'Brc1ccccc1', // bromobenzene
  'CC(=O)Nc1ccc(O)cc1', // paracetamol
  'CN1C(=O)CN=C(c2ccccc2)c2cc(Cl)ccc21', // diazepam
  'CC(C)=O', // acetone
  'Cc1ccccc1', // toluene
  'O=C[C@H](O)[C@@H](O)[C@H](O)[C@H](O)CO', // D-glucose, open chain
];
const ELECTRON_MASS = 0.000548579909;


function log(...args) {
  console.log('[build-data]', ...args);
}

async function main() {
  const chem = require(path.join(root, 'out/src/service/chemistry/index.js'));
  const { loadConformerMaker } = require(path.join(root, 'out/src/service/chemistry/conformer.js'));
  const { withTitle, withComment, has3DCoordinates } = require(path.join(root, 'out/src/service/chemistry/molblock.js'));
  const { NO_3D_COMMENT } = require(path.join(root, 'out/src/service/chemistry/sdf-records.js'));
  const { buildRecord } = require(path.join(root, 'out/src/service/chemistry/record-builder.js'));
  const { isotopePattern } = require(path.join(root, 'out/src/formula/masses.js'));
  const { COLLECTION_FILE, COLLECTION_FORMAT } = require(path.join(root, 'out/src/service/chemistry/collection.js'));
  const chemistry = await chem.loadChemistry();
  const makeConformer = await loadConformerMaker();
  if (!makeConformer) throw new Error('openchemlib (a devDependency) is needed to build the data');

  // ---- the sources, as entries: {dataSource, reference, names, structure, originalMol, mol3D?, rank3D} ----
  const entries = [];
  const skipped = [];
  const fromSmiles = [];

  const debianRoot = DEBIAN_DIRS.find((d) => d && fs.existsSync(d));
  if (!debianRoot) throw new Error(`${DEBIAN_PACKAGE} is not installed: apt-get install ${DEBIAN_PACKAGE}`);
  const debianVersion = dpkgVersion(DEBIAN_PACKAGE);
  const cml = readCmlTree(debianRoot);
  const nitrogenFixed = [];
  let oldInchiDisagreements = [];
  for (const entry of cml) {
    const title = entry.iupacName || entry.stem;
    const comment = `${DEBIAN_PACKAGE} ${debianVersion}: ${entry.relPath}`;
    const originalMol = cmlToMolBlock(entry, title, comment);
    const fixes = normaliseNitrogen(entry);
    if (fixes.nitro + fixes.other > 0) nitrogenFixed.push(`${entry.relPath} (${fixes.nitro ? `${fixes.nitro} nitro` : 'iminium N+'})`);
    const structure = fixes.nitro + fixes.other > 0 ? cmlToMolBlock(entry, title, comment) : originalMol;
    entries.push({
      dataSource: DEBIAN.name,
      reference: { source: DEBIAN.name, sourceUrl: DEBIAN.url, externalId: entry.relPath, externalUrl: DEBIAN.fileListUrl },
      names: cmlNames(entry),
      structure,
      originalMol,
      mol3D: structure,
      rank3D: 0,
      oldInchi: entry.oldInchi,
      label: `${DEBIAN.name}:${entry.relPath}`,
    });
  }
  log(`${cml.length} CML files from ${debianRoot} (${DEBIAN_PACKAGE} ${debianVersion}); nitrogen charges normalised in ${nitrogenFixed.length}: ${nitrogenFixed.join(', ')}`);

  const ketcher = readKetcherBundle(KETCHER_VERSION);
  ketcher.notice = /^\/\*+\n([\s\S]*?)\*+\//.exec(ketcher.bundle)?.[1].replace(/^ \* ?/gm, '').trim() ?? '';
  let ketcherCount = 0;
  for (const { variable, text } of sdfStringsOf(ketcher.bundle)) {
    for (const { molfile, fields } of sdfEntries(text)) {
      const group = fields.group ?? '';
      if (KETCHER_SKIPPED_GROUPS.has(group)) continue;
      const title = molfile.split('\n', 1)[0];
      ketcherCount++;
      const is3D = has3DCoordinates(molfile);
      entries.push({
        dataSource: KETCHER.name,
        reference: {
          source: KETCHER.name,
          sourceUrl: KETCHER.url,
          externalId: `${group}/${title.trim()}`,
          externalUrl: `${KETCHER.url}/v/${ketcher.version}`,
        },
        names: ketcherNames(title, fields),
        structure: molfile,
        originalMol: molfile,
        // Ketcher writes `2D` in the header even for its 3D templates: mark the copy used as mol3D as 3D.
        mol3D: is3D ? molfile.replace(/^([^\n]*\n)[^\n]*/, `$1${HEADER_3D}`) : undefined,
        rank3D: is3D ? 1 : 2,
        label: `${KETCHER.name}:${variable}:${group}/${title.trim()}`,
      });
    }
  }
  log(`${ketcherCount} named structures from ketcher-react ${ketcher.version}`);

  // ---- compute, group by InChIKey ----
  const groups = new Map();
  for (const entry of entries) {
    let facts = chemistry.describe(entry.structure);
    if (!facts) {
      skipped.push(`${entry.label}: RDKit cannot read it or it has no standard InChI`);
      continue;
    }
    if (chemistry.inchiKeyOf(facts.smiles) !== facts.inchiKey) {
      // Stereo perceived from coordinates that the SMILES does not carry the same way (ring double bonds in small
      // rings, bridgeheads of cage compounds, aromatic annulenes): the record is then the structure of its SMILES.
      // Accepted only when that merely drops stereo layers, never when it changes them (Z-cyclooctene came back E).
      const again = chemistry.describe(facts.smiles);
      if (!again || chemistry.inchiKeyOf(again.smiles) !== again.inchiKey || again.inchi !== withoutStereo(facts.inchi)) {
        skipped.push(`${entry.label}: its SMILES does not give back the same InChIKey (${facts.smiles})`);
        continue;
      }
      fromSmiles.push(`${entry.label}: ${facts.inchi} → ${again.inchi}`);
      facts = again;
    }
    if (entry.oldInchi && !sameInchi(entry.oldInchi, facts.inchi)) oldInchiDisagreements.push(`${entry.label}: ${entry.oldInchi} vs ${facts.inchi}`);
    const group = groups.get(facts.inchiKey) ?? { facts, entries: [] };
    group.entries.push(entry);
    groups.set(facts.inchiKey, group);
  }

  // ---- records: IDs in InChIKey order ----
  const keys = [...groups.keys()].sort();
  const records = [];
  let generated3D = 0;
  const no3D = [];
  const started3D = Date.now();
  keys.forEach((key, index) => {
    const id = index + 1;
    const { facts, entries: members } = groups.get(key);
    const best3D = [...members].sort((a, b) => a.rank3D - b.rank3D)[0];
    let mol3D = best3D.mol3D;
    if (!mol3D) {
      mol3D = makeConformer(facts.mol2D);
      if (mol3D) generated3D++;
      else {
        no3D.push(best3D.label);
        mol3D = withComment(facts.mol2D, NO_3D_COMMENT);
      }
    }
    const commonName = pickCommonName(members.flatMap((m) => m.names));
    const sources = members.map((m) => ({ dataSource: m.dataSource, reference: m.reference, names: m.names.map((n) => n.name) }));
    records.push(buildRecord(id, facts, commonName, sources, withTitle(mol3D, String(id)), members[0].originalMol));
  });
  log(`${records.length} records (${entries.length} entries, ${skipped.length} skipped); ${generated3D} 3D conformers generated in ${((Date.now() - started3D) / 1000).toFixed(1)} s`);
  const both = records.filter((r) => r.dataSourceCount > 1).length;
  log(`${both} records are in both sources; ${oldInchiDisagreements.length} CML files whose own (pre-standard) InChI disagrees with the computed one`);

  // ---- write ----
  fs.mkdirSync(dataDir, { recursive: true });
  const collection = {
    format: COLLECTION_FORMAT,
    built: BUILD_DATE,
    dataSources: [
      { name: DEBIAN.name, version: debianVersion, license: DEBIAN.license, url: DEBIAN.url },
      { name: KETCHER.name, version: ketcher.version, license: KETCHER.license, url: KETCHER.url },
    ],
    records,
  };
  const gz = zlib.gzipSync(Buffer.from(JSON.stringify(collection)), { level: 9 });
  fs.writeFileSync(path.join(dataDir, COLLECTION_FILE), gz);
  log(`${COLLECTION_FILE}: ${(gz.length / 1024 / 1024).toFixed(2)} MB`);

  const spectra = writeSpectra(records, isotopePattern, SPECTRUM_SMILES.map((smiles) => chemistry.inchiKeyOf(smiles)));
  log(`${spectra.length} calculated spectra in data/spectra`);

  const stats = {
    records: records.length,
    both,
    perSource: Object.fromEntries([DEBIAN.name, KETCHER.name].map((n) => [n, records.filter((r) => r.dataSources.includes(n)).length])),
    entries: { [DEBIAN.name]: cml.length, [KETCHER.name]: ketcherCount },
    nitrogenFixed,
    generated3D,
    no3D,
    skipped,
    fromSmiles,
    oldInchiDisagreements,
    spectra: spectra.length,
  };
  writeLicenses(dataDir, {
    debianCopyright: fs.readFileSync(DEBIAN_COPYRIGHT, 'utf8'),
    debianVersion,
    ketcher,
    // The standard Apache-2.0 text, as shipped by indigo-ketcher (same licence, same publisher).
    apacheLicenseText: fs.readFileSync(path.join(root, 'node_modules/indigo-ketcher/LICENSE'), 'utf8'),
  });
  writeReadme(dataDir, { stats, debianVersion, ketcherVersion: ketcher.version, buildDate: BUILD_DATE });
  for (const line of skipped) log('skipped', line);
  for (const line of no3D) log('no 3D', line);
  for (const line of fromSmiles) log('from SMILES', line);
  for (const line of oldInchiDisagreements) log('InChI differs', line);
}

function dpkgVersion(pkg) {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function withoutStereo(inchi) {
  return inchi.split('/').filter((layer) => !/^[btms]/.test(layer)).join('/');
}

/** The CML files carry pre-standard InChIs (`InChI=1/...`); compare the layers both kinds share. */
function sameInchi(old, standard) {
  const layers = (inchi) => inchi.replace(/^InChI=1S?\//, '').replace(/^1\//, '').split('/').filter((l) => /^[chtbms]/.test(l) || /^[A-Z]/.test(l));
  // Fixed-H (/f) and later layers exist only in the pre-standard form.
  return layers(old.split('/f')[0]).join('/') === layers(standard).join('/');
}

function writeSpectra(records, isotopePattern, keys) {
  const dir = path.join(dataDir, 'spectra');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const index = [];
  const byKey = new Map(records.map((r) => [r.inchiKey, r]));
  for (const key of keys) {
    const record = byKey.get(key);
    if (!record || /[+-]/.test(record.formula)) continue;
    const spcId = index.length + 1;
    const peaks = isotopePattern(record.formula, 0.01).map((p) => ({ mz: p.mass - ELECTRON_MASS, intensity: p.intensity }));
    const comment = `Calculated isotope pattern of the molecular ion of ${record.formula} (${record.commonName}), not measured: natural isotope abundances, unit resolution, no fragments.`;
    const fileName = `calc-isotope-pattern-${spcId}.jdx`;
    fs.writeFileSync(
      path.join(dir, fileName),
      isotopePatternJcamp({ title: `${record.commonName}: calculated isotope pattern`, formula: record.formula, recordId: record.id, peaks, date: BUILD_DATE, comment }),
    );
    index.push({ spc_id: spcId, spc_type: 'EI', csid: record.id, file_name: fileName, comments: comment, submitted_date: BUILD_DATE });
  }
  fs.writeFileSync(path.join(dir, 'index.json'), `${JSON.stringify(index, null, 2)}\n`);
  return index;
}

main().catch((error) => {
  console.error('[build-data] failed:', error);
  process.exit(1);
});
