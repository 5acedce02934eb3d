#!/usr/bin/env node
// Writes data/synonyms.json.gz: the names chemists use ("penicillin G") for records of data/compounds.json.gz, from
// the DrugBank vocabulary (CC0 1.0), matched by InChIKey and filtered by the rules of scripts/data/synonyms.mjs (stated
// in data/README.md). It adds names only: no record is renamed or added. The service appends them to the records'
// synonyms as it loads the collection (src/service/collection/shipped-collection.ts). scripts/build-data.mjs runs it; alone,
// after the collection changes: `npm run compile && node scripts/build-synonyms.mjs /path/to/vocabulary.csv [--check]`
// (about a minute: OPSIN reads the candidate names)
// (`--check` compares with the file in data/ instead of writing it). The vocabulary is not in git: data/README.md
// says where to get it, and its SHA-256 is fixed below so that a rebuild reads the same bytes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import {
  vocabularyEntries,
  matchEntries,
  matchedNames,
  selectSynonyms,
  MAX_NAMES_PER_RECORD,
  MAX_NAME_CHARS,
  MIN_NAME_CHARS,
} from './data/synonyms.mjs';
import { opsinReadings } from './data/name-agreement.mjs';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const SYNONYM_SOURCE = {
  name: 'DrugBank vocabulary',
  version: 'open data, highest ID DB32603',
  license: 'CC0 1.0',
  url: 'https://go.drugbank.com/releases/latest#open-data',
  sha256: 'a2a29649e51ba10a72a8c8db1cfc7cb4ff09b2d2435c81f0d2d1945e03e2c0b4',
};

/** The synonym source's bytes; fails unless the file is there and is the one this build reads (its SHA-256). */
export function readSynonymSource(vocabularyFile) {
  if (!vocabularyFile || !fs.existsSync(vocabularyFile)) {
    throw new Error(`the synonym source is needed: the ${SYNONYM_SOURCE.name} CSV (data/README.md, "Rebuilding"), not found at ${vocabularyFile}`);
  }
  const bytes = fs.readFileSync(vocabularyFile);
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
  if (sha256 !== SYNONYM_SOURCE.sha256) {
    throw new Error(`${vocabularyFile} is not the ${SYNONYM_SOURCE.name} this build reads (SHA-256 ${sha256}, expected ${SYNONYM_SOURCE.sha256})`);
  }
  return bytes;
}

/**
 * Reads the vocabulary and the collection in `dataDir`, writes (or with `check` compares) the synonyms file; OPSIN
 * (Debian package libopsin-java) reads the candidate names. `chemistry`: the service's, when the caller has it loaded.
 */
export async function buildSynonyms(vocabularyFile, dataDir = path.join(root, 'data'), { check = false, chemistry } = {}) {
  const { parseCsv } = require(path.join(root, 'out/src/client/resolve/csv.js'));
  const { normaliseName, bareName } = require(path.join(root, 'out/src/service/store/name-keys.js'));
  const { synonymsFileOf, COLLECTION_FILE, SYNONYMS_FILE } = require(path.join(root, 'out/src/service/collection/shipped-collection.js'));
  const bytes = readSynonymSource(vocabularyFile);
  const entries = vocabularyEntries(parseCsv(bytes.toString('utf8')));
  const { records } = JSON.parse(zlib.gunzipSync(fs.readFileSync(path.join(dataDir, COLLECTION_FILE))).toString('utf8'));
  const keys = { normaliseName, bareName };
  const matches = matchEntries(records, entries, keys);
  const chem = chemistry ?? (await require(path.join(root, 'out/src/service/toolkits/index.js')).loadChemistry());
  const readings = opsinReadings(matchedNames(matches), chem);
  const { byInchiKey, counts, examples } = selectSynonyms(records, matches, keys, readings);
  const text = synonymsFileOf(SYNONYM_SOURCE, byInchiKey);
  const file = path.join(dataDir, SYNONYMS_FILE);
  const stats = {
    source: SYNONYM_SOURCE,
    entries: entries.length,
    matched: { exact: matches.filter((m) => m.how === 'exact').length, named: matches.filter((m) => m.how === 'named').length },
    records: byInchiKey.size,
    names: [...byInchiKey.values()].reduce((n, names) => n + names.length, 0),
    maxPerRecord: MAX_NAMES_PER_RECORD,
    maxChars: MAX_NAME_CHARS,
    minChars: MIN_NAME_CHARS,
    counts,
    examples: {
      named: matches
        .filter((m) => m.how === 'named')
        .slice(0, 8)
        .map(
          (m) =>
            `${m.record.id} ${m.record.commonName} (${m.record.inchiKey}) ← ${m.entries[0].id} ${m.entries[0].names[0]} (${m.entries[0].inchiKey})`,
        ),
      otherRecord: examples.otherRecord.slice(0, 8),
      opsin: examples.opsin,
      junk: Object.fromEntries(Object.entries(examples.junk).map(([reason, names]) => [reason, names.slice(0, 4)])),
    },
  };
  const summary = `${stats.records} records gain ${stats.names} names from ${entries.length} entries with a structure (${stats.matched.exact} matched by InChIKey, ${stats.matched.named} by skeleton and name)`;
  if (check) {
    const same = fs.existsSync(file) && zlib.gunzipSync(fs.readFileSync(file)).toString('utf8') === text;
    console.log(`[synonyms] ${same ? 'up to date' : 'DIFFERS from data/'}: ${summary}`);
    return { same, stats };
  }
  fs.writeFileSync(file, zlib.gzipSync(Buffer.from(text), { level: 9 }));
  console.log(`[synonyms] wrote ${path.relative(root, file)}: ${summary}`);
  return { same: true, stats };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  buildSynonyms(
    args.find((a) => a !== '--check'),
    undefined,
    { check: args.includes('--check') },
  ).then(
    ({ same }) => process.exit(same ? 0 : 1),
    (err) => {
      console.error(err.message ?? err);
      process.exit(1);
    },
  );
}
