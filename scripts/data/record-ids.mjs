// Record IDs that stay with their compound across rebuilds (persisted searches keep working).
// A previous build ("generation") is read from its compounds.json.gz and spectra index. A compound met again keeps
// its ID: by its InChIKey, else (a MassBank compound whose InChIKey changed with the chemistry) by its spectra's
// accessions. The build then checks every generation: an ID that now names a compound sharing nothing with the one it
// named (InChIKey, source entry or spectrum) fails the build; compounds that moved to another ID are reported.
// IDs a build no longer serves (compounds left out, or gone) are written to data/retired-ids.json with what named
// their compounds, so the next build still knows them: a left-out compound keeps its ID, and no ID is reused.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { execFileSync } from 'node:child_process';
import { PACKED_INDEX } from './spectrum-packs.mjs';

const gunzipJson = (bytes) => JSON.parse(zlib.gunzipSync(bytes).toString('utf8'));
export const RETIRED_IDS_FILE = 'retired-ids.json';
const accessionOf = (fileName) => fileName.replace(/\.jdx$/, '');

/**
 * A previous build: `from` is a data/ folder or a git revision (its data/ is read with `git show`). `collectionFile`
 * names the compounds file; `identitySources` the data sources whose external IDs name a source entry.
 * Returns undefined when `from` is a folder without a collection (a first build).
 */
export function readGeneration(from, { root, collectionFile, identitySources }) {
  const isFolder = fs.existsSync(from);
  const read = (file) =>
    isFolder
      ? fs.readFileSync(path.join(from, file))
      : execFileSync('git', ['show', `${from}:data/${file}`], { cwd: root, maxBuffer: 512 * 1024 * 1024 });
  if (isFolder && !fs.existsSync(path.join(from, collectionFile))) return undefined;
  const collection = gunzipJson(read(collectionFile));
  const tokensById = new Map();
  const byKey = new Map();
  const byAccession = new Map();
  /** accession → the spectrum ID this build gave it (spectrum IDs stay as issued too). */
  const spectrumIds = new Map();
  /** ID → {id, inchiKey, accessions} of every compound the build named, served or retired. */
  const entries = new Map();
  for (const record of collection.records) {
    byKey.set(record.inchiKey, record.id);
    tokensById.set(record.id, tokensOf(record, identitySources, []));
    entries.set(record.id, { id: record.id, inchiKey: record.inchiKey, accessions: [] });
  }
  const packed = `spectra/${PACKED_INDEX}`;
  if (!isFolder || fs.existsSync(path.join(from, packed))) {
    const index = gunzipJson(read(packed));
    const [fileColumn, idColumn, spectrumColumn] = ['file_name', 'csid', 'spc_id'].map((c) => index.columns.indexOf(c));
    for (const row of index.rows) {
      const accession = accessionOf(row[fileColumn]);
      spectrumIds.set(accession, row[spectrumColumn]);
      byAccession.set(accession, row[idColumn]);
      tokensById.get(row[idColumn])?.add(`spectrum:${accession}`);
      entries.get(row[idColumn])?.accessions.push(accession);
    }
  }
  // Retired IDs: what a served record or spectrum says wins over them.
  const retired = isFolder ? fs.existsSync(path.join(from, RETIRED_IDS_FILE)) && read(RETIRED_IDS_FILE) : gitHas(root, from, RETIRED_IDS_FILE) && read(RETIRED_IDS_FILE);
  for (const entry of retired ? JSON.parse(retired.toString('utf8')) : []) {
    if (entries.has(entry.id)) continue;
    entries.set(entry.id, entry);
    if (!byKey.has(entry.inchiKey)) byKey.set(entry.inchiKey, entry.id);
    for (const accession of entry.accessions) if (!byAccession.has(accession)) byAccession.set(accession, entry.id);
  }
  return { label: isFolder ? from : `git ${from}`, byKey, byAccession, tokensById, entries, spectrumIds, maxId: Math.max(0, ...entries.keys()) };
}

function gitHas(root, revision, file) {
  try {
    execFileSync('git', ['cat-file', '-e', `${revision}:data/${file}`], { cwd: root, stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Spectrum IDs: a spectrum keeps the ID the newest previous build that had it gave it (a spectrum the build leaves out
 * leaves a gap); new spectra get IDs after the highest any build used, in the order of `accessions`.
 */
export function assignSpectrumIds(accessions, generations) {
  const previous = new Map();
  let highest = 0;
  for (const generation of generations) {
    for (const [accession, id] of generation.spectrumIds) {
      previous.set(accession, id);
      highest = Math.max(highest, id);
    }
  }
  return new Map(accessions.map((accession) => [accession, previous.get(accession) ?? ++highest]));
}

/**
 * The retired IDs after this build: every ID a previous build named (newest first) that `servedIds` does not hold,
 * with what named its compound; `leftOut` ({id, inchiKey, accessions}) are this build's own. Sorted by ID.
 */
export function retiredIds(generations, servedIds, leftOut) {
  const retired = new Map(leftOut.map((entry) => [entry.id, entry]));
  for (const generation of [...generations].reverse()) {
    for (const [id, entry] of generation.entries) if (!servedIds.has(id) && !retired.has(id)) retired.set(id, entry);
  }
  return [...retired.values()]
    .sort((a, b) => a.id - b.id)
    .map(({ id, inchiKey, accessions }) => ({ id, inchiKey, accessions: [...accessions].sort() }));
}

/** data/retired-ids.json: one entry a line, so that a diff shows which IDs a build retired. */
export function writeRetiredIds(dir, retired) {
  fs.writeFileSync(path.join(dir, RETIRED_IDS_FILE), `[\n${retired.map((entry) => JSON.stringify(entry)).join(',\n')}\n]\n`);
}

/** What names a record's compound across builds: its InChIKey, its source entries and its spectra's accessions. */
export function tokensOf(record, identitySources, accessions) {
  const tokens = new Set([`key:${record.inchiKey}`]);
  for (const ref of record.externalReferences ?? []) if (identitySources.includes(ref.source)) tokens.add(`entry:${ref.source}:${ref.externalId}`);
  for (const accession of accessions) tokens.add(`spectrum:${accession}`);
  return tokens;
}

/**
 * IDs for the compounds `fresh` (InChIKey → accessions) that the first stage does not number; `taken` holds the IDs
 * already given. Generations are read oldest first, each by InChIKey then by accessions (the compound holding most
 * of an old compound's spectra gets its ID); the rest get IDs after the highest any generation used, in InChIKey
 * order, so an ID is never given to another compound.
 */
export function assignIds(fresh, generations, taken, firstFreeId) {
  const idOf = new Map();
  const give = (key, id) => {
    if (idOf.has(key) || taken.has(id)) return;
    idOf.set(key, id);
    taken.add(id);
  };
  const keys = [...fresh.keys()].sort();
  for (const generation of generations) {
    for (const key of keys) {
      const id = generation.byKey.get(key);
      if (id !== undefined) give(key, id);
    }
    const claims = [];
    for (const key of keys) {
      if (idOf.has(key)) continue;
      const counts = new Map();
      for (const accession of fresh.get(key)) {
        const id = generation.byAccession.get(accession);
        if (id !== undefined) counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      for (const [id, spectra] of counts) claims.push({ key, id, spectra });
    }
    claims.sort((a, b) => b.spectra - a.spectra || (a.key < b.key ? -1 : a.key > b.key ? 1 : a.id - b.id));
    for (const { key, id } of claims) give(key, id);
  }
  let nextId = Math.max(firstFreeId, ...generations.map((g) => g.maxId + 1));
  for (const key of keys) if (!idOf.has(key)) give(key, nextId++);
  return idOf;
}

/**
 * Compares the new records (`tokensById`: ID → tokens) with a generation. Returns {reassigned: [...], renumbered:
 * [...], leftOut: [...]}: IDs now naming a compound that shares nothing with the one they named (the build fails on
 * these), old IDs whose compound is now under another ID, and old IDs whose compound is gone.
 */
export function compareIds(generation, tokensById) {
  const idByToken = new Map();
  for (const [id, tokens] of tokensById) for (const token of tokens) idByToken.set(token, id);
  const reassigned = [];
  const renumbered = [];
  const leftOut = [];
  for (const [id, oldTokens] of generation.tokensById) {
    const now = tokensById.get(id);
    if (now && [...oldTokens].some((t) => now.has(t))) continue;
    const moved = [...new Set([...oldTokens].map((t) => idByToken.get(t)).filter((n) => n !== undefined))].sort((a, b) => a - b);
    if (now) reassigned.push(`${id}: was ${[...oldTokens][0]}, now ${[...now][0]}`);
    else if (moved.length) renumbered.push(`${id} → ${moved.join(', ')}`);
    else leftOut.push(String(id));
  }
  return { reassigned, renumbered, leftOut };
}
