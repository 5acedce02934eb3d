/**
 * A pure syntactic SMILES check (OpenSMILES grammar): atoms (organic subset, aromatic, bracket atoms with real
 * element symbols), bonds, balanced branches, paired ring closures, dot-separated parts. It says whether a string
 * is shaped like SMILES, not whether the structure is chemically sound. Used by the search classification and by
 * the extension's hovers.
 */
import { isElementSymbol } from './elements';

export type SmilesSyntaxResult = { ok: true; atoms: number; components: number } | { ok: false; index: number; reason: string };

const ORGANIC_TWO = ['Cl', 'Br'];
const ORGANIC_ONE = new Set(['B', 'C', 'N', 'O', 'P', 'S', 'F', 'I', 'b', 'c', 'n', 'o', 'p', 's', '*']);
const BRACKET_AROMATIC = ['se', 'as', 'te', 'b', 'c', 'n', 'o', 'p', 's'];
const BONDS = new Set(['-', '=', '#', '$', ':', '/', '\\']);
const CHIRAL = /^@(?:@|TH[12]|AL[12]|SP[123]|TB(?:[1-9]|1\d|20)|OH(?:[1-9]|[12]\d|30))?/;

/** What the last token was: decides what may follow. */
type Last = 'start' | 'atom' | 'ring' | 'bond' | 'open' | 'close' | 'dot';

export function parseSmilesSyntax(text: string): SmilesSyntaxResult {
  let i = 0;
  let last: Last = 'start';
  let bondAfterAtom = false;
  let atoms = 0;
  let components = 1;
  let depth = 0;
  const openRings = new Map<number, number>(); // ring number → atom index that opened it
  const fail = (reason: string): SmilesSyntaxResult => ({ ok: false, index: i, reason });

  if (text.length === 0) return { ok: false, index: 0, reason: 'empty' };
  while (i < text.length) {
    const ch = text[i];
    const atomLength = ch === '[' ? bracketAtomLength(text, i) : organicAtomLength(text, i);
    if (atomLength > 0) {
      atoms++;
      i += atomLength;
      last = 'atom';
      continue;
    }
    if (ch === '[') return fail('bad bracket atom');
    if (BONDS.has(ch)) {
      if (last !== 'atom' && last !== 'ring' && last !== 'close' && last !== 'open') return fail('a bond must follow an atom');
      bondAfterAtom = last === 'atom' || last === 'ring';
      last = 'bond';
      i++;
      continue;
    }
    if (/[0-9%]/.test(ch)) {
      const m = /^(?:\d|%\d\d)/.exec(text.slice(i));
      if (!m) return fail('% must be followed by two digits');
      if (!(last === 'atom' || last === 'ring' || (last === 'bond' && bondAfterAtom))) return fail('a ring number must follow an atom');
      const ring = Number(m[0].replace('%', ''));
      const opener = openRings.get(ring);
      if (opener === undefined) openRings.set(ring, atoms);
      else if (opener === atoms) return fail('a ring cannot close on the atom that opened it');
      else openRings.delete(ring);
      i += m[0].length;
      last = 'ring';
      continue;
    }
    if (ch === '(') {
      if (!afterAtom(last)) return fail('a branch must follow an atom');
      depth++;
      last = 'open';
      i++;
      continue;
    }
    if (ch === ')') {
      if (depth === 0) return fail('unbalanced )');
      if (!afterAtom(last)) return fail('empty or unfinished branch');
      depth--;
      last = 'close';
      i++;
      continue;
    }
    if (ch === '.') {
      if (!afterAtom(last)) return fail('a dot must follow an atom');
      components++;
      last = 'dot';
      i++;
      continue;
    }
    return fail(`unexpected ${JSON.stringify(ch)}`);
  }
  if (depth !== 0) return fail('unbalanced (');
  if (openRings.size) return fail(`ring ${[...openRings.keys()].join(', ')} not closed`);
  if (!afterAtom(last)) return fail('unfinished');
  return { ok: true, atoms, components };
}

function organicAtomLength(text: string, i: number): number {
  const two = text.slice(i, i + 2);
  if (ORGANIC_TWO.includes(two)) return 2;
  return ORGANIC_ONE.has(text[i]) ? 1 : 0;
}

/** Length of `[isotope? symbol chiral? hcount? charge? class?]` at i, or 0 when it is not one. */
function bracketAtomLength(text: string, start: number): number {
  const close = text.indexOf(']', start);
  if (close < 0) return 0;
  const inner = text.slice(start + 1, close);
  let j = 0;
  while (j < inner.length && /\d/.test(inner[j])) j++;
  if (j > 3) return 0;
  const symbolLength = bracketSymbolLength(inner, j);
  if (!symbolLength) return 0;
  j += symbolLength;
  const chiral = CHIRAL.exec(inner.slice(j));
  if (chiral) j += chiral[0].length;
  const hcount = /^H\d?/.exec(inner.slice(j));
  if (hcount) j += hcount[0].length;
  const charge = /^(?:\+(?:\+|\d{1,2})?|-(?:-|\d{1,2})?)/.exec(inner.slice(j));
  if (charge) j += charge[0].length;
  const atomClass = /^:\d+/.exec(inner.slice(j));
  if (atomClass) j += atomClass[0].length;
  return j === inner.length ? inner.length + 2 : 0;
}

function bracketSymbolLength(inner: string, j: number): number {
  if (inner[j] === '*') return 1;
  const two = inner.slice(j, j + 2);
  if (/^[A-Z][a-z]$/.test(two) && isElementSymbol(two)) return 2;
  if (/^[A-Z]$/.test(inner[j] ?? '') && isElementSymbol(inner[j])) return 1;
  return BRACKET_AROMATIC.find((a) => inner.startsWith(a, j))?.length ?? 0;
}

/**
 * An ordinary word rather than a structure: letters only, with a lower-case letter that is not part of Cl or Br
 * (aromatic atoms need ring numbers, so `benzene`-like words are words). `CCO`, `Cl`, `CN` are not words.
 */
export function isPlainWord(text: string): boolean {
  return /^[A-Za-z]+$/.test(text) && /[a-z]/.test(text.replace(/Cl|Br/g, ''));
}

/** Parses as SMILES and is not an ordinary word. */
export function looksLikeSmiles(text: string): boolean {
  const t = text.trim();
  return t.length > 0 && !isPlainWord(t) && parseSmilesSyntax(t).ok;
}

/**
 * Why text written in SMILES's own alphabet does not parse as SMILES, or undefined when it parses or is not written
 * so: outside bracket atoms only the organic subset's letters, no spaces, and a bond, branch, ring digit or bracket
 * (`C1CC(`, `CC(=O`), where a name has other letters (`N-(4-hydroxyphenyl)acetamide`, `caffeine`).
 */
export function smilesSyntaxError(text: string): string | undefined {
  const t = text.trim();
  if (!t || /\s/.test(t) || !/[A-Za-z*]/.test(t) || !/[()[\]=#@/\\%0-9]/.test(t) || isPlainWord(t)) return undefined;
  const outside = t.replace(/\[[^\]]*\]/g, '').replace(/Cl|Br/g, '');
  if (!/^[BCNOPSFIbcnops*0-9()=#$:/\\%+.\-[\]@]*$/.test(outside)) return undefined;
  const parsed = parseSmilesSyntax(t);
  return parsed.ok ? undefined : `${parsed.reason} at character ${parsed.index + 1}`;
}

/** After an atom, a ring closure or a closed branch: where a branch, a dot or the end may come. */
function afterAtom(last: Last): boolean {
  return last === 'atom' || last === 'ring' || last === 'close';
}
