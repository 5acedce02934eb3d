#!/usr/bin/env node
// Builds data/ (the shipped compound collection and its spectra) from three openly licensed sources:
//   - the Debian package chemical-structures-data (BSD-3-Clause): CML files with names and 3D coordinates;
//   - the named structure libraries bundled in the npm package ketcher-react (Apache-2.0), unpacked with `npm pack`;
//   - MassBank (a copy of the MassBank-data repository, given as the argument): its openly licensed records give
//     compounds, names, external references and the measured spectra.
// Then more names for its records from a synonym source, the DrugBank vocabulary (CC0), given with `--synonyms FILE`
// (scripts/build-synonyms.mjs; data/README.md says where to get it).
// Run `npm run build:data -- /path/to/MassBank-data --synonyms FILE [--conformers N] [--previous DIR|REV]... [--check]` (it compiles first: every value is
// computed by the same code the service runs, out/src/service/toolkits). Rebuilding from the same inputs gives the
// same bytes; `--check` proves it: it builds into a temporary folder and compares every file with data/, byte for byte,
// and runs every whole-collection check of `npm run check:data` (scripts/check-data.mjs) over it: its SMILES gives back
// its identifiers, formula and masses, its 2D and 3D MOL its InChIKey, Open Babel reads its InChIs and blocks back, and
// more (the suites check a fixed sample).
// Its last step, the structure index's fingerprints (scripts/build-structure-index.mjs), reads only the compounds file:
// `npm run build:structure-index` remakes it alone (`-- --check` compares), with no MassBank data.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { readCmlTree, normaliseNitrogen, cmlToMolBlock, HEADER_3D } from './data/cml.mjs';
import { readKetcherBundle, sdfStringsOf, sdfEntries } from './data/ketcher.mjs';
import { cmlNames, ketcherNames, pickCommonName } from './data/names.mjs';
import { writeLicenses, writeReadme } from './data/docs.mjs';
import { readMassBank, massBankCommonName, spectrumOf, statedIon } from './data/massbank-stage.mjs';
import { MASSBANK, LINK_SOURCES } from './data/massbank.mjs';
import { writeSpectrumPacks } from './data/spectrum-packs.mjs';
import { conformerCache } from './data/conformer-cache.mjs';
import { makeSelfConsistent } from './data/consistency.mjs';
import { checkData } from './check-data.mjs';
import { makeNamesAgree, nameKey, opsinReadings } from './data/name-agreement.mjs';
import { buildStructureIndex } from './build-structure-index.mjs';
import { buildIdentityKeys } from './build-identity-keys.mjs';
import { buildSynonyms, readSynonymSource } from './build-synonyms.mjs';
import {
  readGeneration,
  assignIds,
  assignSpectrumIds,
  compareIds,
  tokensOf,
  retiredIds,
  writeRetiredIds,
  RETIRED_IDS_FILE,
} from './data/record-ids.mjs';
import { stereoGroups, compoundsLeftOut, collectionFaults } from './data/collection-rules.mjs';

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
/** MassBank's release used for the shipped data (the tag of MassBank/MassBank-data). */
const MASSBANK_RELEASE = '2025.05.1';
/** Compounds new with MassBank that get a generated 3D conformer (openchemlib, ~2 s each), most spectra first. */
const DEFAULT_CONFORMERS = 40;

function log(...args) {
  console.log('[build-data]', ...args);
}

function parseArgs(argv) {
  const args = { massbank: undefined, synonyms: undefined, conformers: DEFAULT_CONFORMERS, check: false, previous: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--conformers') args.conformers = Number(argv[++i]);
    else if (argv[i] === '--synonyms') args.synonyms = argv[++i];
    else if (argv[i] === '--previous') args.previous.push(argv[++i]);
    else if (argv[i] === '--check') args.check = true;
    else if (!args.massbank) args.massbank = argv[i];
    else throw new Error(`unexpected argument ${argv[i]}`);
  }
  if (!args.massbank || !fs.existsSync(args.massbank) || !args.synonyms) {
    throw new Error(
      'usage: npm run build:data -- /path/to/MassBank-data --synonyms /path/to/vocabulary.csv [--conformers N] [--previous DIR|REV]... [--check]  (a copy of MassBank/MassBank-data, release 2025.05.1; the DrugBank vocabulary CSV, data/README.md)',
    );
  }
  if (!Number.isInteger(args.conformers) || args.conformers < 0) throw new Error('--conformers takes a whole number');
  readSynonymSource(args.synonyms); // fails now, not after the build, when the file is missing or another version
  return args;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const chem = require(path.join(root, 'out/src/service/toolkits/index.js'));
  const { loadConformerMaker } = require(path.join(root, 'out/src/service/toolkits/conformer.js'));
  const { withTitle, withComment, has3DCoordinates } = require(path.join(root, 'out/src/service/toolkits/molblock.js'));
  const { NO_3D_COMMENT, no3DBlock } = require(path.join(root, 'out/src/service/toolkits/molblock.js'));
  const { buildRecord, mergeRecords } = require(path.join(root, 'out/src/service/collection/record-builder.js'));
  const { COLLECTION_FILE, MOL_BLOCKS_FILE, COLLECTION_FORMAT, splitRecords } = require(
    path.join(root, 'out/src/service/collection/shipped-collection.js'),
  );
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
  log(
    `${cml.length} CML files from ${debianRoot} (${DEBIAN_PACKAGE} ${debianVersion}); nitrogen charges normalised in ${nitrogenFixed.length}: ${nitrogenFixed.join(', ')}`,
  );

  const ketcher = readKetcherBundle(KETCHER_VERSION);
  ketcher.notice =
    /^\/\*+\n([\s\S]*?)\*+\//
      .exec(ketcher.bundle)?.[1]
      .replace(/^ \* ?/gm, '')
      .trim() ?? '';
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
  /** record ID → name key → how many source entries give the record that name (for the names rule). */
  const nameVotes = new Map();
  const vote = (id, name) => {
    const votes = nameVotes.get(id) ?? new Map();
    votes.set(nameKey(name), (votes.get(nameKey(name)) ?? 0) + 1);
    nameVotes.set(id, votes);
  };
  const cache = conformerCache(root);
  /** Records whose 3D block was generated here: its configuration of centres the record leaves open is arbitrary. */
  const generatedIds = new Set();
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
      mol3D = cache.get(facts.mol2D, makeConformer);
      if (mol3D) {
        generated3D++;
        generatedIds.add(id);
      } else {
        no3D.push(best3D.label);
        mol3D = withComment(facts.mol2D, NO_3D_COMMENT);
      }
    }
    const commonName = pickCommonName(members.flatMap((m) => m.names));
    for (const m of members) for (const { name } of m.names) vote(id, name);
    const sources = members.map((m) => ({ dataSource: m.dataSource, reference: m.reference, names: m.names.map((n) => n.name) }));
    records.push(buildRecord(id, facts, commonName, sources, withTitle(mol3D, String(id)), members[0].originalMol));
  });
  log(
    `${records.length} records (${entries.length} entries, ${skipped.length} skipped); ${generated3D} 3D conformers generated in ${((Date.now() - started3D) / 1000).toFixed(1)} s`,
  );
  const both = records.filter((r) => r.dataSourceCount > 1).length;
  log(
    `${both} records are in both sources; ${oldInchiDisagreements.length} CML files whose own (pre-standard) InChI disagrees with the computed one`,
  );

  // ---- every record agrees with itself: SMILES, 2D MOL and 3D MOL give its InChIKey (issue 8, item 10); the
  // first-stage records are made so before MassBank merges by InChIKey, every record is checked again at the end ----
  const selfConsistency = [];
  const heldKeys = new Set(records.map((r) => r.inchiKey));
  for (const record of records) {
    const before = record.inchiKey;
    const note = makeSelfConsistent(
      record,
      chemistry,
      (r) => no3DBlock(r.mol2D, r.id),
      (key) => !generatedIds.has(record.id) && !heldKeys.has(key),
    );
    heldKeys.add(record.inchiKey);
    if (record.inchiKey !== before) heldKeys.delete(before);
    if (note) selfConsistency.push(note);
  }

  // ---- MassBank: merged into the records above by InChIKey; new compounds get new IDs ----
  await chemistry.prepareInchi();
  // Previous builds, oldest first: the ones given with --previous (older data/ folders or git revisions), then data/.
  const identitySources = [DEBIAN.name, KETCHER.name];
  const generations = [...args.previous, dataDir]
    .map((from) => readGeneration(from, { root, collectionFile: COLLECTION_FILE, identitySources }))
    .filter(Boolean);
  const { loadRDKit } = require(path.join(root, 'out/src/service/toolkits/rdkit.js'));
  const rdkit = await loadRDKit();
  const massbank = readMassBank(args.massbank, chemistry, rdkit, log);
  const byKey = new Map(records.map((r) => [r.inchiKey, r]));
  const massbankRef = (compound) => ({
    source: MASSBANK.name,
    sourceUrl: MASSBANK.url,
    externalId: compound.accessions[0],
    externalUrl: MASSBANK.recordUrl(compound.accessions[0]),
  });
  const sourcesOf = (compound) => [
    { dataSource: MASSBANK.name, reference: massbankRef(compound), names: compound.names },
    ...compound.refs.map((ref) => ({ dataSource: ref.source, reference: ref, names: [] })),
  ];
  let merged = 0;
  const fresh = [];
  for (const [key, compound] of massbank.compounds) {
    const same = byKey.get(key);
    if (!same) {
      fresh.push(key);
      continue;
    }
    merged++;
    for (const name of compound.names) vote(same.id, name);
    mergeRecords([same], [buildRecord(same.id, compound.facts, massBankCommonName(compound), sourcesOf(compound), same.mol3D, same.originalMol)]);
  }
  // IDs: kept from previous builds for compounds they had (by InChIKey, else by spectra); the others after the highest.
  fresh.sort();
  const idOf = assignIds(
    new Map(fresh.map((key) => [key, massbank.compounds.get(key).accessions])),
    generations,
    new Set(records.map((r) => r.id)),
    records.length + 1,
  );
  // 3D conformers (openchemlib, seconds each) for the compounds with the most spectra, within the budget; cached.
  const byUse = [...fresh].sort((a, b) => massbank.compounds.get(b).spectra - massbank.compounds.get(a).spectra || (a < b ? -1 : 1));
  const want3D = new Set(byUse.slice(0, args.conformers));
  const started3DMassBank = Date.now();
  let massbank3D = 0;
  for (const key of fresh) {
    const compound = massbank.compounds.get(key);
    const id = idOf.get(key);
    let mol3D;
    if (want3D.has(key)) {
      mol3D = cache.get(compound.facts.mol2D, makeConformer);
      if (mol3D) massbank3D++;
    }
    const record = buildRecord(
      id,
      compound.facts,
      massBankCommonName(compound),
      sourcesOf(compound),
      mol3D ? withTitle(mol3D, String(id)) : no3DBlock(compound.facts.mol2D, id),
      compound.facts.mol2D,
    );
    for (const name of compound.names) vote(id, name);
    records.push(record);
    byKey.set(key, record);
  }
  cache.save();
  records.sort((a, b) => a.id - b.id);
  log(
    `MassBank: ${merged} compounds already in the collection, ${fresh.length} new; ${massbank3D} of ${want3D.size} 3D conformers in ${((Date.now() - started3DMassBank) / 1000).toFixed(1)} s`,
  );

  // ---- every record agrees with itself: SMILES, 2D MOL and 3D MOL give its InChIKey (issue 8, item 10) ----
  for (const record of records) {
    const note = makeSelfConsistent(
      record,
      chemistry,
      (r) => no3DBlock(r.mol2D, r.id),
      () => false,
    );
    if (note) selfConsistency.push(note);
  }
  const contradictions = records.filter(
    (r) =>
      chemistry.inchiKeyOf(r.smiles) !== r.inchiKey || chemistry.inchiKeyOf(r.mol2D) !== r.inchiKey || chemistry.inchiKeyOf(r.mol3D) !== r.inchiKey,
  );
  if (contradictions.length) throw new Error(`records whose SMILES, 2D and 3D MOL disagree: ${contradictions.map((r) => r.id).join(', ')}`);
  const seenKeys = new Set();
  const twice = records.filter((r) => seenKeys.size === seenKeys.add(r.inchiKey).size);
  if (twice.length) throw new Error(`InChIKeys held by two records: ${twice.map((r) => `${r.id} ${r.inchiKey}`).join(', ')}`);
  log(`${selfConsistency.length} records made to agree with themselves`);

  // ---- names agree with structures (issue 8, item 10): OPSIN and the sources against each other ----
  const readings = opsinReadings(
    records.flatMap((r) => [r.commonName, ...r.synonyms]),
    chemistry,
  );
  const names = makeNamesAgree(records, readings, (r, key) => nameVotes.get(r.id)?.get(key) ?? 0);
  const firstStage = names.unnamed.filter((r) => !r.dataSources.includes(MASSBANK.name));
  if (firstStage.length) throw new Error(`records left with no name: ${firstStage.map((r) => r.id).join(', ')}`);
  const leftOut = new Set(names.unnamed.map((r) => r.inchiKey));
  const kept = records.filter((r) => !leftOut.has(r.inchiKey));
  records.length = 0;
  records.push(...kept);
  const unnamed = names.unnamed.map((r) => `${r.id} (${r.formula}, ${r.smiles}): its names belong to other structures`);
  log(`${readings.size} names read by OPSIN; ${names.notes.length} name disagreements resolved; ${unnamed.length} records left out with no name`);

  // ---- no ID names another compound than in a previous build (persisted searches keep working) ----
  const accessionsById = new Map();
  for (const { record, inchiKey } of massbank.spectra) {
    if (leftOut.has(inchiKey)) continue;
    const id = byKey.get(inchiKey).id;
    accessionsById.set(id, [...(accessionsById.get(id) ?? []), record.accession]);
  }
  const tokensById = new Map(records.map((r) => [r.id, tokensOf(r, identitySources, accessionsById.get(r.id) ?? [])]));
  for (const generation of generations) {
    const { reassigned, renumbered, leftOut: gone } = compareIds(generation, tokensById);
    log(`IDs against ${generation.label}: ${renumbered.length} compounds renumbered, ${gone.length} left out, ${reassigned.length} IDs reassigned`);
    for (const line of renumbered) log('renumbered', line);
    if (gone.length) log('left out', gone.join(', '));
    if (reassigned.length) throw new Error(`IDs that would name another compound than in ${generation.label}: ${reassigned.join('; ')}`);
  }

  // ---- write ----
  const outDir = args.check ? fs.mkdtempSync(path.join(os.tmpdir(), 'compound-db-build-check-')) : dataDir;
  fs.mkdirSync(outDir, { recursive: true });
  let keepOutDir = false;
  if (args.check) process.on('exit', () => keepOutDir || fs.rmSync(outDir, { recursive: true, force: true }));
  const { records: stored, molBlocks } = splitRecords(records);
  const collection = {
    format: COLLECTION_FORMAT,
    built: BUILD_DATE,
    dataSources: [
      { name: DEBIAN.name, version: debianVersion, license: DEBIAN.license, url: DEBIAN.url },
      { name: KETCHER.name, version: ketcher.version, license: KETCHER.license, url: KETCHER.url },
      { name: MASSBANK.name, version: MASSBANK_RELEASE, license: 'CC0, CC BY, CC BY-SA, dl-de/by-2-0 (per record)', url: MASSBANK.url },
      ...LINK_SOURCES.filter((n) => records.some((r) => r.dataSources.includes(n))).map((name) => ({
        name,
        version: MASSBANK_RELEASE,
        license: 'identifiers cited by MassBank records',
        url: '',
      })),
    ],
    records: stored,
  };
  for (const [file, content] of [
    [COLLECTION_FILE, collection],
    [MOL_BLOCKS_FILE, molBlocks],
  ]) {
    const gz = zlib.gzipSync(Buffer.from(JSON.stringify(content)), { level: 9 });
    fs.writeFileSync(path.join(outDir, file), gz);
    log(`${file}: ${(gz.length / 1024 / 1024).toFixed(2)} MB`);
  }
  // The structure index's fingerprints, from the compounds file just written (alone: npm run build:structure-index).
  await buildStructureIndex(outDir, { log });
  // More names for the records just written, from the synonym source (data/synonyms.json.gz).
  const { stats: synonymStats } = await buildSynonyms(args.synonyms, outDir, { chemistry });

  const spectraSorted = [...massbank.spectra]
    .filter((s) => !leftOut.has(s.inchiKey))
    .sort((a, b) => (a.record.accession < b.record.accession ? -1 : 1));
  const spectrumIds = assignSpectrumIds(
    spectraSorted.map((s) => s.record.accession),
    generations,
  );
  const spectra = spectraSorted
    .map(({ record, inchiKey }) => spectrumOf(record, spectrumIds.get(record.accession), byKey.get(inchiKey).id))
    .sort((a, b) => a.info.spc_id - b.info.spc_id);
  const packs = writeSpectrumPacks(path.join(outDir, 'spectra'), spectra);
  const leftOutEntries = names.unnamed.map((r) => ({
    id: r.id,
    inchiKey: r.inchiKey,
    accessions: massbank.compounds.get(r.inchiKey)?.accessions ?? [],
  }));
  const retired = retiredIds(generations, new Set(records.map((r) => r.id)), leftOutEntries);
  writeRetiredIds(outDir, retired);
  log(`${RETIRED_IDS_FILE}: ${retired.length} IDs no longer served`);
  log(`${spectra.length} measured spectra in ${packs.length} packs: ${(packs.reduce((n, p) => n + p.bytes, 0) / 1024 / 1024).toFixed(2)} MB`);

  const stats = {
    records: records.length,
    both,
    perSource: Object.fromEntries(
      [DEBIAN.name, KETCHER.name, MASSBANK.name].map((n) => [n, records.filter((r) => r.dataSources.includes(n)).length]),
    ),
    entries: { [DEBIAN.name]: cml.length, [KETCHER.name]: ketcherCount },
    nitrogenFixed,
    generated3D,
    no3D,
    skipped,
    fromSmiles,
    oldInchiDisagreements,
    spectra: spectra.length,
    massbank: {
      ...massbank.stats,
      merged,
      fresh: fresh.length,
      generated3D: massbank3D,
      conformerBudget: args.conformers,
      release: MASSBANK_RELEASE,
    },
    selfConsistency,
    rules: {
      refused: massbank.stats.rules,
      // Compounds whose every MassBank record the rules refused, unless a first-stage source also holds them.
      leftOut: [...compoundsLeftOut(massbank.stats.rules, massbank.compounds)]
        .filter(([key]) => !byKey.has(key))
        .map(([key, name]) => `${name} (${key})`),
      stereoGroups: stereoGroups(records).map((group) => group.map((r) => `${r.id} ${r.commonName}`).join(' | ')),
    },
    names: { notes: names.notes, unnamed, unconfirmed: names.unconfirmed, read: readings.size, opsinVersion: dpkgVersion('libopsin-java') },
    packs,
    retired: retired.length,
    synonyms: synonymStats,
  };
  writeLicenses(outDir, {
    massbank: spectraSorted.map((s) => s.record),
    massbankRelease: MASSBANK_RELEASE,
    debianCopyright: fs.readFileSync(DEBIAN_COPYRIGHT, 'utf8'),
    debianVersion,
    ketcher,
    synonymSource: synonymStats.source,
    // The standard Apache-2.0 text, as shipped by indigo-ketcher (same licence, same publisher).
    apacheLicenseText: fs.readFileSync(path.join(root, 'node_modules/indigo-ketcher/LICENSE'), 'utf8'),
  });
  writeReadme(outDir, { stats, debianVersion, ketcherVersion: ketcher.version, buildDate: BUILD_DATE });
  // The identity levels' parent and tautomer keys of the structures just written (data/identity-keys.json.gz).
  await buildIdentityKeys(outDir);
  for (const line of skipped) log('skipped', line);
  for (const line of no3D) log('no 3D', line);
  for (const line of fromSmiles) log('from SMILES', line);
  for (const line of oldInchiDisagreements) log('InChI differs', line);
  for (const line of selfConsistency) log('self-consistency', line);
  for (const [rule, list] of Object.entries(massbank.stats.rules))
    for (const e of list) log(`rule: ${rule}`, `${e.accession} ${e.name}: ${e.detail}`);
  for (const line of [...names.notes, ...unnamed]) log('names', line);
  if (args.check) {
    // The rebuilt collection as the service loads it, through every whole-collection check of `npm run check:data`
    // (every record described again from its SMILES, Open Babel's readings of its InChIs and blocks: minutes).
    const faults = await checkData(outDir, (line) => log('--check:', line));
    if (faults.length) throw new Error(`the rebuilt collection fails its checks: ${faults.slice(0, 50).join('; ')}`);
    const { loadShippedCollection } = require(path.join(root, 'out/src/service/collection/shipped-collection.js'));
    const rebuilt = await loadShippedCollection(outDir);
    // The collection's rules (issue 27) over the rebuilt records and every spectrum they carry.
    const ruleFaults = collectionFaults(
      rdkit,
      rebuilt,
      spectraSorted.map(({ record, inchiKey }) => ({ recordId: byKey.get(inchiKey).id, accession: record.accession, stated: statedIon(record) })),
    );
    if (ruleFaults.length) throw new Error(`the collection breaks its own rules: ${ruleFaults.slice(0, 50).join('; ')}`);
    log(
      `--check: every precursor of ${spectraSorted.length} spectra is explained by its record; no labelled name on an unlabelled structure; no O-O bond outside a peroxide`,
    );
    const differences = compareFolders(outDir, dataDir);
    keepOutDir = differences.length > 0;
    if (keepOutDir) throw new Error(`the rebuild (kept in ${outDir}) differs from data/: ${differences.join('; ')}`);
    log('--check: the rebuild is byte for byte data/');
  }
}

/** Files of `built` that differ from (or are missing in) `shipped`, and files of `shipped` the build did not write. */
function compareFolders(built, shipped) {
  const list = (dir) =>
    fs
      .readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath ?? e.path, e.name)))
      .sort();
  const ours = list(built);
  const theirs = new Set(list(shipped));
  const differences = [];
  for (const f of ours) {
    if (!theirs.has(f)) differences.push(`${f} (not in data/)`);
    else if (!fs.readFileSync(path.join(built, f)).equals(fs.readFileSync(path.join(shipped, f))))
      differences.push(`${f}${firstDifferentLine(path.join(built, f), path.join(shipped, f))}`);
  }
  for (const f of theirs) if (!ours.includes(f)) differences.push(`${f} (not written by the build)`);
  return differences;
}

/** For text files, where two differ first (` line N: "rebuilt" vs "shipped"`); '' for binary files. */
function firstDifferentLine(built, shipped) {
  if (!/\.(md|json|txt)$/.test(built)) return '';
  const [a, b] = [built, shipped].map((f) => fs.readFileSync(f, 'utf8').split('\n'));
  const i = a.findIndex((line, n) => line !== b[n]);
  const at = i < 0 ? a.length : i;
  return ` line ${at + 1}: ${JSON.stringify((a[at] ?? '').slice(0, 200))} vs ${JSON.stringify((b[at] ?? '').slice(0, 200))}`;
}

function dpkgVersion(pkg) {
  try {
    return execFileSync('dpkg-query', ['-W', '-f=${Version}', pkg], { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

function withoutStereo(inchi) {
  return inchi
    .split('/')
    .filter((layer) => !/^[btms]/.test(layer))
    .join('/');
}

/** The CML files carry pre-standard InChIs (`InChI=1/...`); compare the layers both kinds share. */
function sameInchi(old, standard) {
  const layers = (inchi) =>
    inchi
      .replace(/^InChI=1S?\//, '')
      .replace(/^1\//, '')
      .split('/')
      .filter((l) => /^[chtbms]/.test(l) || /^[A-Z]/.test(l));
  // Fixed-H (/f) and later layers exist only in the pre-standard form.
  return layers(old.split('/f')[0]).join('/') === layers(standard).join('/');
}

main().catch((error) => {
  console.error('[build-data] failed:', error);
  process.exit(1);
});
