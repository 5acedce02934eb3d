// Which names of the synonym source (the DrugBank vocabulary) go to which records of the collection: the rules that
// data/README.md states, as pure functions over the source's rows, the built records and OPSIN's readings.
import { shareComponent } from './name-agreement.mjs';
import { labelledNames } from './collection-rules.mjs';

/** Names one record gains at most, after the filters; those the source lists first are kept. */
export const MAX_NAMES_PER_RECORD = 12;
/** Longer names are systematic names spelt out (the record's own IUPAC-like names already cover those). */
export const MAX_NAME_CHARS = 60;
/** Shorter names are abbreviations that name too many things ("PG", "PC"). */
export const MIN_NAME_CHARS = 3;

/** The second InChIKey block of a structure without stereo or isotope layers. */
const NO_STEREO_BLOCK = 'UHFFFAOYSA';
const INCHIKEY = /^[A-Z]{14}-[A-Z]{10}-[A-Z]$/;

const COLUMNS = ['DrugBank ID', 'Common name', 'Synonyms', 'Standard InChI Key'];

/**
 * The source's entries that have a structure: `{id, names, inchiKey}`, names in the source's order (common name
 * first, then its synonyms, split on ` | `). Rows without an InChIKey (proteins, mixtures) are left out.
 */
export function vocabularyEntries(rows) {
  const [header, ...body] = rows;
  const at = Object.fromEntries(COLUMNS.map((c) => [c, header.indexOf(c)]));
  const missing = COLUMNS.filter((c) => at[c] < 0);
  if (missing.length) throw new Error(`the synonym source has no column ${missing.map((c) => `"${c}"`).join(', ')}`);
  const entries = [];
  for (const row of body) {
    const inchiKey = (row[at['Standard InChI Key']] ?? '').trim();
    if (!INCHIKEY.test(inchiKey)) continue;
    const names = [row[at['Common name']], ...(row[at.Synonyms] ?? '').split(' | ')].map((n) => (n ?? '').trim()).filter(Boolean);
    entries.push({ id: row[at['DrugBank ID']], names, inchiKey });
  }
  return entries;
}

/** A CAS or EC number, a bare number. */
const REGISTRY_NUMBER = /^(?:\d{2,7}-\d{2}-\d|\d{3}-\d{3}-\d|[\d\s.,-]+)$/;
/** A code name: letters, then a number set apart (`NSC 1234`, `MK-0869`, `NRL-1`) or of two digits or more (`SKF525A`). */
const CODE_NAME = /^[A-Za-z]{1,8}([\s-]?)(\d[\d\s-]*[A-Za-z]?)$/;
/** Anything but ASCII and Greek letters: accented letters are the names of other languages, other scripts likewise. */
const NOT_ENGLISH = /[^\u0020-\u007e\u0391-\u03c9]/;
/** Words that name a salt, hydrate, counter-ion or form: not a name of a single-component structure. */
const FORM_WORD =
  /\b(?:hydrochloride|dihydrochloride|hydrobromide|hydroiodide|hcl|sodium|disodium|potassium|dipotassium|calcium|magnesium|mesylate|mesilate|besylate|besilate|tosylate|maleate|fumarate|tartrate|bitartrate|citrate|succinate|hydrate|monohydrate|dihydrate|trihydrate|hemihydrate|anhydrous|salt|impurity)\b/i;
/** A registry's inverted index spelling: `Glucose, anhydrous`, `FLAVONE, 3,3',4',5,7-PENTAHYDROXY-`. */
const INVERTED = /, [A-Za-z(]|,$|-$/;

/** The source's typographic variants of ASCII marks (minus sign, hyphens, prime, no-break space), as users type them. */
function plainName(name) {
  return name
    .replace(/[\u2010\u2011\u2012\u2013\u2212]/g, '-')
    .replace(/[\u2032\u2019]/g, "'")
    .replace(/\u00a0/g, ' ')
    .trim();
}

/** Why a name of the source is not used for `record`, or undefined when it may be. */
function junkReason(name, record) {
  if (name.length > MAX_NAME_CHARS) return `longer than ${MAX_NAME_CHARS} characters`;
  if (name.length < MIN_NAME_CHARS) return `shorter than ${MIN_NAME_CHARS} characters`;
  if (REGISTRY_NUMBER.test(name)) return 'a registry number';
  const code = CODE_NAME.exec(name);
  if (code && (code[1] || (code[2].match(/\d/g) ?? []).length >= 2)) return 'a code name';
  if (NOT_ENGLISH.test(name)) return 'another language or script';
  if (INVERTED.test(name)) return 'an inverted index name';
  if (!/[a-z]/.test(name) && (name.match(/[A-Z]/g) ?? []).length > 12) return 'in capitals (an index spelling)';
  if (!record.smiles.includes('.') && FORM_WORD.test(name)) return 'a salt, hydrate or form name on a single-component structure';
  if (labelledNames([name], record.isotopic).length) return 'a labelled compound\'s name (collection rule 2) on a structure without isotopes';
  return undefined;
}

/**
 * Whether a name spells out stereo: a leading descriptor (`(R)-`, `D-`, `(+)-`), one inside (`(1R)-`, `(2S,3S)`), or
 * `levo`/`dextro` (`Levoepinephrine`).
 */
function spellsStereo(key, bareName) {
  return bareName(key) !== key || /\((?:\d+[a-z]?)?[rsez](?:,\s?(?:\d+[a-z]?)?[rsez])*\)|\([+-]\)|\(±\)|\brel-|^(?:levo|dextro)/.test(key);
}

/**
 * The source entry each record takes its names from, by InChIKey:
 * - `exact`: the full InChIKey is the record's;
 * - `named`: no entry has the record's full key, the record has no isotope layer, and of the entries with its first
 *   block and protonation flag (the same skeleton, stereo aside) exactly one already gives one of the record's own
 *   names (case and spacing aside; for a record without stereo, stereo descriptors aside too). The first block alone
 *   never decides: the source may hold another stereoisomer or a labelled form of the skeleton (`Ammonia N-13`).
 * Anything else takes nothing.
 */
export function matchEntries(records, entries, { normaliseName, bareName }) {
  const byKey = new Map();
  const bySkeleton = new Map();
  for (const e of entries) {
    push(byKey, e.inchiKey, e);
    push(bySkeleton, skeletonOf(e.inchiKey), e);
  }
  const matches = [];
  for (const record of records) {
    const exact = byKey.get(record.inchiKey);
    if (exact) {
      matches.push({ record, entries: exact, how: 'exact' });
      continue;
    }
    const same = bySkeleton.get(skeletonOf(record.inchiKey)) ?? [];
    if (!same.length || /\/i/.test(record.inchi)) continue;
    const key = hasNoStereo(record.inchiKey) ? (n) => bareName(normaliseName(n)) : normaliseName;
    const own = new Set([record.commonName, ...record.synonyms].map(key));
    const naming = same.filter((e) => e.names.some((n) => own.has(key(plainName(n)))));
    if (naming.length === 1) matches.push({ record, entries: naming, how: 'named' });
  }
  return matches;
}

/** The names of the matched entries, as junkReason and OPSIN read them (plainName). */
export function matchedNames(matches) {
  return [...new Set(matches.flatMap((m) => m.entries.flatMap((e) => e.names.map(plainName))))];
}

/**
 * The names each matched record gains: the source's names less the junk (junkReason), those the record already has,
 * those that name another record of the collection (as a name, or as the structure OPSIN reads it to: another formula
 * and a skeleton another record holds, as the collection's own names are judged), and those the source would give to
 * records of two different skeletons; at most MAX_NAMES_PER_RECORD, the source's common name first, then the shorter.
 * `readings`: name → OPSIN's reading (name-agreement.mjs). Returns `{byInchiKey, counts, examples}`.
 */
export function selectSynonyms(records, matches, { normaliseName, bareName }, readings = new Map()) {
  const namedBy = new Map();
  const bySkeleton = new Map();
  for (const r of records) {
    for (const n of [r.commonName, ...r.synonyms]) push(namedBy, normaliseName(n), r.id, true);
    push(bySkeleton, r.inchiKey.slice(0, 14), r);
  }
  const readAsAnother = (name, record) => {
    const reading = readings.get(name);
    if (!reading?.inchi || shareComponent(reading.inchi, record.inchi)) return undefined;
    return (bySkeleton.get(reading.inchiKey.slice(0, 14)) ?? []).find((r) => r !== record);
  };
  const counts = { junk: {}, own: 0, otherRecord: 0, opsin: 0, twoSkeletons: 0, overCap: 0 };
  const examples = { junk: {}, otherRecord: [], opsin: [], twoSkeletons: [] };
  const candidates = new Map();
  const skeletonsOf = new Map();
  for (const { record, entries } of matches) {
    const kept = [];
    const own = new Set([record.commonName, ...record.synonyms].map(normaliseName));
    const seen = new Set();
    const stereoAside = hasNoStereo(record.inchiKey) && entries.some((e) => !hasNoStereo(e.inchiKey));
    for (const name of entries.flatMap((e) => inPreferredOrder(e.names.map(plainName)))) {
      const key = normaliseName(name);
      if (seen.has(key)) continue;
      seen.add(key);
      if (own.has(key)) {
        counts.own++;
        continue;
      }
      const junk = junkReason(name, record);
      if (junk) {
        counts.junk[junk] = (counts.junk[junk] ?? 0) + 1;
        (examples.junk[junk] ??= []).push(name);
        continue;
      }
      if (stereoAside && spellsStereo(key, bareName)) {
        counts.junk['stereo the record does not define'] = (counts.junk['stereo the record does not define'] ?? 0) + 1;
        (examples.junk['stereo the record does not define'] ??= []).push(name);
        continue;
      }
      const others = namedBy.get(key);
      if (others) {
        counts.otherRecord++;
        examples.otherRecord.push(`${name} (record ${record.id}; named by ${[...others].slice(0, 3).join(', ')})`);
        continue;
      }
      const other = readAsAnother(name, record);
      if (other) {
        counts.opsin++;
        examples.opsin.push(`${name} (record ${record.id} ${record.commonName}; OPSIN reads ${other.id} ${other.commonName})`);
        continue;
      }
      kept.push(name);
      push(skeletonsOf, key, skeletonOf(record.inchiKey), true);
    }
    candidates.set(record, kept);
  }
  const byInchiKey = new Map();
  for (const [record, kept] of candidates) {
    const names = kept.filter((name) => {
      const one = skeletonsOf.get(normaliseName(name)).size === 1;
      if (!one) {
        counts.twoSkeletons++;
        examples.twoSkeletons.push(`${name} (record ${record.id})`);
      }
      return one;
    });
    counts.overCap += Math.max(0, names.length - MAX_NAMES_PER_RECORD);
    if (names.length) byInchiKey.set(record.inchiKey, names.slice(0, MAX_NAMES_PER_RECORD));
  }
  return { byInchiKey, counts, examples };
}

/** The common name first, then the shorter names (those chemists type) before the longer (spelt-out) ones. */
function inPreferredOrder([common, ...others]) {
  return [common, ...others.sort((a, b) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0))];
}

function hasNoStereo(inchiKey) {
  return inchiKey.split('-')[1] === NO_STEREO_BLOCK;
}

function skeletonOf(inchiKey) {
  return `${inchiKey.slice(0, 14)}-${inchiKey.slice(-1)}`;
}

function push(map, key, value, asSet = false) {
  const list = map.get(key) ?? (asSet ? new Set() : []);
  if (asSet) list.add(value);
  else list.push(value);
  map.set(key, list);
}
