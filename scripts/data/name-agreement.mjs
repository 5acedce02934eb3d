// Names agree with structures (issue 8, item 10). Two oracles, neither of them the service's own chemistry:
//   - OPSIN (Debian package libopsin-java), which reads systematic and many trivial names to a structure;
//   - the sources against each other: the same name given to compounds of different molecular formulas.
// The rule, in order (also in data/README.md):
// 1. a name OPSIN reads to a structure of another formula that another record of the collection holds (same InChIKey
//    skeleton) belongs to that other compound: it is taken off this record;
// 2. a name still given to records of different formulas stays with the formula OPSIN reads it to when OPSIN reads
//    it to one of them, else with the formula whose records the most source entries give that name; a tie takes it
//    off all of them. OPSIN does not read functional-class names of lactones and lactams (`homoserine lactone`):
//    such a name is read as its parent (`homoserine`, which OPSIN reads) less one water per ring closed, a formula;
// 3. a record whose common name was taken off is named by its remaining name with the most source entries; a
//    MassBank compound left with no name at all is left out with its spectra (the source contradicts itself and
//    nothing says whether its spectrum belongs to the name or to the structure).
// OPSIN readings of another formula that no record confirms are kept and listed: OPSIN reads some trivial names by
// their parts (`Tropicamide` as the amide of tropic acid), so alone it is a witness, not a judge.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

export const OPSIN_JAR = '/usr/share/java/opsin-cli.jar';

export const nameKey = (name) => name.toLowerCase().replace(/\s+/g, ' ').trim();

/** The largest component of a standard InChI's formula layer, without its count (`2C2H4O2.Ca` → `C2H4O2`). */
export function mainFormula(inchi) {
  const layer = inchi.split('/')[1] ?? '';
  return layer
    .split('.')
    .map((part) => part.replace(/^\d+/, ''))
    .sort((a, b) => b.length - a.length || (a < b ? -1 : a > b ? 1 : 0))[0];
}

/** Whether two standard InChIs share a component formula (a salt and its parent agree). */
export function shareComponent(a, b) {
  const parts = (inchi) => new Set((inchi.split('/')[1] ?? '').split('.').map((p) => p.replace(/^\d+/, '')));
  const left = parts(a);
  return [...parts(b)].some((p) => left.has(p));
}

/** OPSIN's SMILES for each of `names` ('' where it reads none). */
function readWithOpsin(names) {
  if (!names.length) return [];
  const out = execFileSync('java', ['-jar', OPSIN_JAR, '-osmi'], {
    input: `${names.join('\n')}\n`,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    stdio: ['pipe', 'pipe', 'ignore'],
  }).split('\n');
  return names.map((_, i) => out[i]?.trim() ?? '');
}

/**
 * A functional-class name of an intramolecular ester or amide: `homoserine lactone`, `D-gulono-1,4-lactone`,
 * `gulonic acid gamma-lactone`, `limonoic acid di-delta-lactone`, `gabapentin-lactam` → its parent and ring count.
 */
const LACTONE_NAME = /^(.+?)[\s,-]+(di-|tri-)?(?:(?:alpha|beta|gamma|delta|epsilon|omega|[a-z]|\d+,\d+)-)?(lactone|lactam)$/i;

/** A Hill formula less `count` waters (`C4H9NO3`, 1 → `C4H7NO2`), or undefined when it has too few H or O. */
export function lessWater(formula, count) {
  const atoms = [...formula.matchAll(/([A-Z][a-z]?)(\d*)/g)].map(([, element, n]) => [element, n ? Number(n) : 1]);
  const h = atoms.find(([e]) => e === 'H');
  const o = atoms.find(([e]) => e === 'O');
  if (!h || !o || h[1] < 2 * count || o[1] < count) return undefined;
  h[1] -= 2 * count;
  o[1] -= count;
  return atoms
    .filter(([, n]) => n > 0)
    .map(([e, n]) => (n === 1 ? e : `${e}${n}`))
    .join('');
}

/**
 * name → OPSIN's reading: {inchi, inchiKey} for the names OPSIN reads; {formula} (largest component) for lactone and
 * lactam names it does not read whose parent it reads.
 */
export function opsinReadings(names, chemistry) {
  if (!fs.existsSync(OPSIN_JAR)) throw new Error(`OPSIN is not installed (${OPSIN_JAR}): apt-get install libopsin-java default-jre-headless`);
  const list = [...new Set(names)].filter((n) => n && !/[\r\n]/.test(n));
  const readings = new Map();
  const unread = [];
  readWithOpsin(list).forEach((smiles, i) => {
    const facts = smiles ? chemistry.describe(smiles) : undefined;
    if (facts) readings.set(list[i], { inchi: facts.inchi, inchiKey: facts.inchiKey });
    else if (LACTONE_NAME.test(list[i])) unread.push(list[i]);
  });
  const parents = unread.map((name) => LACTONE_NAME.exec(name));
  readWithOpsin(parents.map((m) => m[1])).forEach((smiles, i) => {
    const facts = smiles ? chemistry.describe(smiles) : undefined;
    const rings = { 'di-': 2, 'tri-': 3 }[parents[i][2]?.toLowerCase()] ?? 1;
    const formula = facts && lessWater(mainFormula(facts.inchi), rings);
    if (formula) readings.set(unread[i], { formula });
  });
  return readings;
}

/** The largest component's formula of a reading (a full reading or a lactone's). */
const readingFormula = (reading) => reading.formula ?? mainFormula(reading.inchi);

const namesOf = (record) => [record.commonName, ...record.synonyms].filter(Boolean);

/**
 * Disagreements between names and structures in `records`:
 * {confirmed: [{record, name, other}], conflicts: Map(nameKey → records of ≥ 2 formulas), unconfirmed: [{record, name, inchi}]}.
 */
export function findDisagreements(records, readings) {
  const bySkeleton = new Map();
  for (const r of records) bySkeleton.set(r.inchiKey.slice(0, 14), [...(bySkeleton.get(r.inchiKey.slice(0, 14)) ?? []), r]);
  const confirmed = [];
  const unconfirmed = [];
  const holders = new Map();
  for (const record of records) {
    for (const name of namesOf(record)) {
      const key = nameKey(name);
      holders.set(key, [...(holders.get(key) ?? []), record]);
      const reading = readings.get(name);
      if (!reading?.inchi || shareComponent(reading.inchi, record.inchi)) continue;
      const other = (bySkeleton.get(reading.inchiKey.slice(0, 14)) ?? []).find((r) => r !== record);
      if (other) confirmed.push({ record, name, other });
      else unconfirmed.push({ record, name, inchi: reading.inchi });
    }
  }
  const conflicts = new Map();
  for (const [key, held] of holders) {
    const unique = [...new Set(held)];
    if (new Set(unique.map((r) => mainFormula(r.inchi))).size > 1) conflicts.set(key, unique);
  }
  return { confirmed, conflicts, unconfirmed };
}

function takeOff(record, key) {
  record.synonyms = record.synonyms.filter((s) => nameKey(s) !== key);
  if (nameKey(record.commonName) === key) record.commonName = '';
}

/**
 * Applies the rule above to `records` in place. `votes(record, key)` = how many source entries give the record that
 * name. Returns {notes, unnamed (records left with no name), unconfirmed}.
 */
export function makeNamesAgree(records, readings, votes) {
  const notes = [];
  const first = findDisagreements(records, readings);
  for (const { record, name, other } of first.confirmed) {
    takeOff(record, nameKey(name));
    notes.push(`${record.id} (${record.formula}): "${name}" taken off, OPSIN reads it as record ${other.id}'s structure (${other.formula})`);
  }
  const { conflicts } = findDisagreements(records, readings);
  for (const [key, held] of [...conflicts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    const byFormula = new Map();
    for (const r of held) byFormula.set(mainFormula(r.inchi), [...(byFormula.get(mainFormula(r.inchi)) ?? []), r]);
    const spelled = namesOf(held[0]).find((n) => nameKey(n) === key);
    const reading = readings.get(spelled);
    let owner = reading && byFormula.has(readingFormula(reading)) ? readingFormula(reading) : undefined;
    if (!owner) {
      const ranked = [...byFormula].map(([formula, rs]) => [formula, rs.reduce((n, r) => n + votes(r, key), 0)]).sort((a, b) => b[1] - a[1]);
      owner = ranked[0][1] > ranked[1][1] ? ranked[0][0] : undefined;
    }
    for (const [formula, rs] of byFormula) {
      if (formula === owner) continue;
      for (const r of rs) takeOff(r, key);
    }
    const opsinSays = reading?.formula ? 'OPSIN reads its parent so, less water' : 'OPSIN reads it so';
    const why = owner ? (reading && readingFormula(reading) === owner ? opsinSays : 'most source entries name it so') : 'a tie: off all';
    notes.push(`"${spelled}" given to ${held.map((r) => `${r.id} (${r.formula})`).join(', ')}: kept by ${owner ?? 'none'} (${why})`);
  }
  const unnamed = [];
  for (const record of records) {
    if (record.commonName) continue;
    const rest = [...record.synonyms].sort((a, b) => votes(record, nameKey(b)) - votes(record, nameKey(a)));
    if (!rest.length) {
      unnamed.push(record);
      continue;
    }
    record.commonName = rest[0];
    record.synonyms = record.synonyms.filter((s) => s !== rest[0]);
  }
  const last = findDisagreements(
    records.filter((r) => !unnamed.includes(r)),
    readings,
  );
  if (last.confirmed.length || last.conflicts.size) {
    throw new Error(`names still disagree with structures: ${[...last.confirmed.map((c) => `${c.record.id} "${c.name}"`), ...last.conflicts.keys()].join(', ')}`);
  }
  return {
    notes,
    unnamed,
    unconfirmed: last.unconfirmed.map(({ record, name, inchi }) => `${record.id} (${record.formula}): "${name}" read by OPSIN as ${inchi.split('/')[1]}`),
  };
}
