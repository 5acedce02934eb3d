// The collection agrees with its own spectra (issue 27, item 5): rules the data build applies to every MassBank record
// it would keep, after its structure is chosen (data/README.md lists each rule's counts and examples). A record a rule
// refuses is left out: its spectrum, names and references do not reach the compound, and a compound left with no
// record is not in the collection (its ID, if it had one, is retired, never given to another compound).
//   1. precursor: the record's precursor m/z is the ion its stated adduct makes of its structure, within 10 ppm, or
//      0.01 Da on a low-resolution analyser, or half a unit of the last decimal the record states (a precursor written
//      "572" is the nominal 572); the ion may be a heavier isotopologue the structure has (13C, 37Cl, 81Br, 34S:
//      pentachlorophenol's precursor is often its 37Cl peak). With no adduct stated, one of its ion mode's usual
//      adducts must explain it.
//   2. labelled standards: a precursor a whole number (>= 2) of deuterons above the unlabelled structure's ion, or a
//      name saying the compound is labelled ("PGE2-[d9]", "-d4", "13C6") on a structure that carries no isotope: the
//      spectrum is a labelled internal standard's, not the compound's.
//   3. a structure that contradicts its own record: the record's stated exact mass (CH$EXACT_MASS) explains its
//      precursor and the structure does not ("Trimethoxybenzoic acid acylated spermidine": 339.2158 vs 286.2733).
//   4. O-O bonds outside peroxides: in a compound no name of which says peroxide, an O-O bond on an aromatic atom, on
//      another atom than carbon (P-O-O), or in a sugar, is a broken source SMILES (MDEA's methylenedioxy written OOC,
//      1-Kestose's glycosidic O written OO). An O-O bond between aliphatic carbons stays: natural endoperoxides
//      (verruculogen) are written so.
// Rule 5 (records that differ only in stereo one of them leaves undefined are one skeleton in search results) is the
// search's (src/service/search/skeleton.ts); the build counts those groups for data/README.md.

/** Monoisotopic masses (AME 2020) of the elements adducts name, and of the electron. */
const ELEMENT = {
  H: 1.00782503207,
  Li: 7.0160034366,
  C: 12,
  N: 14.0030740048,
  O: 15.99491461956,
  F: 18.99840316273,
  Na: 22.9897692809,
  P: 30.97376163,
  S: 31.97207100,
  Cl: 34.96885268,
  K: 38.96370668,
  Br: 78.9183371,
};
const ELECTRON = 0.00054857990946;
/** Heavier isotopes a precursor may be: mass shift and the element that must be in the structure. */
const ISOTOPE_SHIFTS = [
  { element: 'C', shift: 1.0033548378, most: 2 },
  { element: 'Cl', shift: 1.99704991, most: 4 },
  { element: 'Br', shift: 1.9979535, most: 4 },
  { element: 'S', shift: 1.9957959, most: 1 },
];
const DEUTERON_SHIFT = 1.00627674589; // 2H - 1H
const PPM = 10;
const LOW_RESOLUTION_DA = 0.01;
const USUAL_ADDUCTS = {
  positive: ['[M+H]+', '[M]+', '[M+Na]+', '[M+NH4]+', '[M+K]+'],
  negative: ['[M-H]-', '[M]-', '[M+HCOO]-', '[M+CH3COO]-', '[M+Cl]-'],
};
const PEROXIDE_NAME = /perox|persulf|perbor|percarbon|hydroperox|endoperox|artemisin|ascaridol|dioxetan|ozonide|\bPG[GH]\d|\bHp[A-Z]/i;
const SUGAR_NAME = /(?:ose|osid[e]?|osyl)\b|glucos|fructos|galactos|mannos|sucros|kestos|maltos|lactos|raffinos/i;
/** A name that says the compound is isotope-labelled: "[d9]", "-d4", "(d3)", "13C6", "15N2", "[1-13C]". */
const LABELLED_NAME = /\[[dD]\d+\]|\([dD]\d+\)|-[dD]\d{1,2}\b|\b13C\d*\b|\b15N\d*\b|-13C\d*/;

/** Mass of a formula fragment of an adduct ("CH3COOH", "2H2O", "HCOO"); undefined for an element not in ELEMENT. */
function fragmentMass(text) {
  const m = /^(\d*)((?:[A-Z][a-z]?\d*)+)$/.exec(text);
  if (!m) return undefined;
  let mass = 0;
  for (const [, symbol, count] of m[2].matchAll(/([A-Z][a-z]?)(\d*)/g)) {
    if (ELEMENT[symbol] === undefined) return undefined;
    mass += ELEMENT[symbol] * (count ? Number(count) : 1);
  }
  return mass * (m[1] ? Number(m[1]) : 1);
}

/**
 * An adduct as MassBank writes it ("[M+H]+", "[M-2H2O+H]+", "[2M+Na]+", "[M-2H]2-", "[M]+*", "[M+FA-H]-"):
 * {molecules, added (mass of the atoms added minus removed), charge (signed)}; undefined when it cannot be read.
 */
function readAdduct(text) {
  const m = /^\[(\d*)M((?:[+-][0-9A-Za-z]+)*)\](\d*)([+-]+)\*?$/.exec(String(text ?? '').trim());
  if (!m) return undefined;
  let added = 0;
  for (const [, sign, raw] of m[2].matchAll(/([+-])([0-9A-Za-z]+)/g)) {
    const fragment = raw.replace(/^(\d*)FA$/, '$1HCOOH').replace(/^(\d*)Hac$/, '$1CH3COOH');
    const mass = fragmentMass(fragment);
    if (mass === undefined) return undefined;
    added += sign === '+' ? mass : -mass;
  }
  const signs = m[4];
  const size = m[3] ? Number(m[3]) : signs.length;
  return { molecules: m[1] ? Number(m[1]) : 1, added, charge: signs[0] === '+' ? size : -size };
}

/** m/z of the ion `adduct` makes of a structure of (neutral-atom) monoisotopic mass `mass`. */
function ionMz(adduct, mass) {
  return (adduct.molecules * mass + adduct.added - adduct.charge * ELECTRON) / Math.abs(adduct.charge);
}

/** Analysers without TOF or FT (quadrupoles, ion traps, sectors) are low resolution: the 0.01 Da floor applies. */
function lowResolution(instrumentType) {
  const analyser = String(instrumentType ?? '')
    .split('-')
    .pop();
  return !/TOF|FT/.test(analyser);
}

/** Half a unit of the last decimal a number is written with ("572" → 0.5, "410.3" → 0.05, "179.0697" → 0.00005). */
function statedPrecision(text) {
  const decimals = /\.(\d+)$/.exec(text)?.[1].length ?? 0;
  return 0.5 * 10 ** -decimals;
}

function tolerance(expected, precursorText, lowRes) {
  return Math.max((expected * PPM) / 1e6, lowRes ? LOW_RESOLUTION_DA : 0, statedPrecision(precursorText));
}

/** Element counts of a Hill formula as the build writes it ("C5[13C]H8O7", "C20H24NO4+"); isotopes count apart. */
function elementCounts(formula) {
  const counts = {};
  for (const [, isotope, symbol, n] of String(formula).matchAll(/(\[\d+)?([A-Z][a-z]?)\]?(\d*)/g)) {
    if (isotope) continue;
    counts[symbol] = (counts[symbol] ?? 0) + (n ? Number(n) : 1);
  }
  return counts;
}

/**
 * Rules 1-3 for one record: {verdict, detail}. verdict: 'none' (no precursor m/z), 'fits', 'isotopologue',
 * 'deuterated', 'contradicts' (rule 3), 'misfit'. Keep the record when verdict is 'none', 'fits' or 'isotopologue'.
 * `facts` = {monoisotopicMass, formula} of the chosen structure; `stated` = {precursor, adduct, ionMode,
 * instrumentType, exactMass} as the record writes them (strings).
 */
function precursorVerdict(facts, stated) {
  const text = String(stated.precursor ?? '').trim();
  if (!text || /^N\/?A$/i.test(text)) return { verdict: 'none' };
  const observed = Number(text);
  if (!Number.isFinite(observed) || observed <= 0) return { verdict: 'misfit', detail: `precursor m/z "${text}" is not a number` };
  const lowRes = lowResolution(stated.instrumentType);
  const given = readAdduct(stated.adduct);
  const mode = /^N/i.test(stated.ionMode ?? '') ? 'negative' : 'positive';
  const adducts = given ? [[stated.adduct, given]] : USUAL_ADDUCTS[mode].map((a) => [a, readAdduct(a)]);
  const how = given ? '' : ` (no adduct read from "${stated.adduct ?? ''}": ${mode} mode's usual adducts tried)`;
  const counts = elementCounts(facts.formula);
  for (const [name, adduct] of adducts) {
    const expected = ionMz(adduct, facts.monoisotopicMass);
    const tol = tolerance(expected, text, lowRes);
    if (Math.abs(observed - expected) <= tol) return { verdict: 'fits', detail: `${name}${how}` };
    for (const { element, shift, most } of ISOTOPE_SHIFTS) {
      for (let k = 1; k <= Math.min(most, counts[element] ?? 0); k++) {
        if (Math.abs(observed - expected - (k * shift) / Math.abs(adduct.charge)) <= tol) {
          return { verdict: 'isotopologue', detail: `${name} of the ${k > 1 ? `${k}×` : ''}${element === 'C' ? '13C' : element === 'Cl' ? '37Cl' : element === 'Br' ? '81Br' : '34S'} isotopologue` };
        }
      }
    }
  }
  const [name, adduct] = adducts[0];
  const expected = ionMz(adduct, facts.monoisotopicMass);
  const n = Math.round(((observed - expected) * Math.abs(adduct.charge)) / DEUTERON_SHIFT);
  if (n >= 2 && Math.abs(observed - expected - (n * DEUTERON_SHIFT) / Math.abs(adduct.charge)) <= tolerance(expected, text, lowRes)) {
    return { verdict: 'deuterated', detail: `${name} ${text} is ${n} deuterons above the structure's ${expected.toFixed(4)}` };
  }
  const exactMass = Number(stated.exactMass);
  if (given && Number.isFinite(exactMass) && exactMass > 0) {
    const fromExact = ionMz(adduct, exactMass);
    if (Math.abs(observed - fromExact) <= tolerance(fromExact, text, lowRes)) {
      return {
        verdict: 'contradicts',
        detail: `${name} ${text}: the record's exact mass ${stated.exactMass} explains it, its structure (${facts.formula}, ${facts.monoisotopicMass.toFixed(4)}) gives ${expected.toFixed(4)}`,
      };
    }
  }
  return { verdict: 'misfit', detail: `${name}${how} ${text}, the structure (${facts.formula}) gives ${expected.toFixed(4)}` };
}

/** Rule 2's names: the names of `names` that say the compound is labelled, when the structure carries no isotope. */
export function labelledNames(names, isotopic) {
  return isotopic ? [] : names.filter((n) => LABELLED_NAME.test(n));
}

/**
 * Rule 4: the reason a structure's O-O bond is not a peroxide's, or undefined. `rdkit` is RDKit MinimalLib; `names`
 * are the record's names.
 */
function brokenPeroxide(rdkit, smiles, names) {
  if (names.some((n) => PEROXIDE_NAME.test(n))) return undefined;
  let bonds = ooBonds.get(smiles);
  if (!bonds) {
    bonds = ooBondsOf(rdkit, smiles);
    ooBonds.set(smiles, bonds);
  }
  if (!bonds.any) return undefined;
  if (bonds.aromatic) return 'an O-O bond on an aromatic atom';
  if (bonds.hetero) return 'an O-O bond on another atom than carbon';
  if (names.some((n) => SUGAR_NAME.test(n))) return 'an O-O bond in a sugar';
  return undefined;
}

/** SMILES → its O-O bonds' kinds: many records share one structure. */
const ooBonds = new Map();

function ooBondsOf(rdkit, smiles) {
  const mol = rdkit.get_mol(smiles);
  if (!mol) return { any: false };
  try {
    const match = (smarts) => {
      const q = rdkit.get_qmol(smarts);
      try {
        return mol.get_substruct_match(q) !== '{}';
      } finally {
        q.delete();
      }
    };
    if (!match('[#8]-[#8]')) return { any: false };
    return { any: true, aromatic: match('[a]-[#8]-[#8]'), hetero: match('[!#6;!#8]-[#8]-[#8]') };
  } finally {
    mol.delete();
  }
}

/**
 * Rules 1-4 for one MassBank record whose structure is `facts` ({smiles, formula, monoisotopicMass, isotopic}):
 * {keep, rule, verdict, detail}. `rule` names the rule that refuses it ('precursor', 'labelled', 'contradicts',
 * 'peroxide'), or, when kept, what the report counts ('isotopologue', 'usual adduct').
 */
export function judgeRecord(rdkit, facts, stated, names) {
  const labelled = labelledNames(names, facts.isotopic);
  const peroxide = brokenPeroxide(rdkit, facts.smiles, names);
  if (peroxide) return { keep: false, rule: 'peroxide', detail: `${peroxide}: ${facts.smiles}` };
  const { verdict, detail } = precursorVerdict(facts, stated);
  if (verdict === 'deuterated') return { keep: false, rule: 'labelled', detail: `${detail}${labelled.length ? `; named ${labelled.join(', ')}` : ''}` };
  if (labelled.length) return { keep: false, rule: 'labelled', detail: `named ${labelled.join(', ')} on a structure without isotopes (${facts.formula})` };
  if (verdict === 'contradicts') return { keep: false, rule: 'contradicts', detail };
  if (verdict === 'misfit') return { keep: false, rule: 'precursor', detail };
  if (verdict === 'isotopologue') return { keep: true, rule: 'isotopologue', detail };
  if (verdict === 'fits' && detail.includes('no adduct read')) return { keep: true, rule: 'usual adduct', detail };
  return { keep: true };
}

/**
 * Rule 5's count: groups of records that differ only in stereo one of them leaves undefined (same first InChIKey
 * block and protonation flag, same isotopes, one with the stereo-free second block), as the search gathers them.
 * Returns [[record, ...], ...] in ID order.
 */
export function stereoGroups(records) {
  const byBlock = new Map();
  for (const r of records) {
    const key = `${r.inchiKey.slice(0, 14)}${r.inchiKey.slice(-1)}${r.isotopic ? 'i' : ''}`;
    byBlock.set(key, [...(byBlock.get(key) ?? []), r]);
  }
  return [...byBlock.values()]
    .filter((group) => group.length > 1 && group.some((r) => r.inchiKey.slice(15, 25) === 'UHFFFAOYSA'))
    .map((group) => [...group].sort((a, b) => a.id - b.id))
    .sort((a, b) => a[0].id - b[0].id);
}

/** Compounds (InChIKey → first name) that had records only the rules refused: they are not in the collection. */
export function compoundsLeftOut(rules, compounds) {
  const gone = new Map();
  for (const [rule, list] of Object.entries(rules)) {
    if (rule === 'isotopologue' || rule === 'usual adduct') continue;
    for (const { inchiKey, name } of list) if (!compounds.has(inchiKey) && !gone.has(inchiKey)) gone.set(inchiKey, name);
  }
  return gone;
}

/**
 * `--check`: the rules over a built collection as the service loads it. `records` are its records; `spectra` are
 * [{recordId, stated}] for every shipped spectrum, `stated` as precursorVerdict reads it. One line per fault.
 */
export function collectionFaults(rdkit, records, spectra) {
  const faults = [];
  const byId = new Map(records.map((r) => [r.id, r]));
  for (const r of records) {
    const names = [r.commonName, ...r.synonyms];
    const labelled = labelledNames(names, r.isotopic);
    if (labelled.length) faults.push(`${r.id} ${r.commonName}: labelled names ${labelled.join(', ')} on a structure without isotopes`);
    const peroxide = brokenPeroxide(rdkit, r.smiles, names);
    if (peroxide) faults.push(`${r.id} ${r.commonName}: ${peroxide}`);
  }
  for (const { recordId, accession, stated } of spectra) {
    const r = byId.get(recordId);
    const { verdict, detail } = precursorVerdict(r, stated);
    if (!['none', 'fits', 'isotopologue'].includes(verdict)) faults.push(`${accession} on ${recordId} ${r.commonName}: ${verdict}, ${detail}`);
  }
  return faults;
}
