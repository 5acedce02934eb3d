/**
 * Size of a structure input counted from its text in one linear pass, before any chemistry toolkit sees it, and the
 * length limits of text fields. The service refuses what is over LIMITS with a 400 naming the field and the limit;
 * the client checks the same before sending.
 */
import { LIMITS } from './limits';
import type { FieldError } from './errors';

export type StructureFormat = 'SMILES' | 'InChI' | 'Mol';

export interface AtomCount {
  /** Atoms other than hydrogen. */
  heavy: number;
  /** All atoms written (implicit hydrogens of SMILES and InChI are not atoms of the text). */
  all: number;
}

const ORGANIC = new Set(['B', 'C', 'N', 'O', 'P', 'S', 'F', 'I', 'b', 'c', 'n', 'o', 'p', 's', '*']);

/** Atoms of a SMILES: bracket atoms (`[2H]` counts as a hydrogen) and organic-subset atoms. */
export function smilesAtomCount(smiles: string): AtomCount {
  let heavy = 0;
  let all = 0;
  for (let i = 0; i < smiles.length; i++) {
    const ch = smiles[i];
    if (ch === '[') {
      const end = smiles.indexOf(']', i + 1);
      const inside = smiles.slice(i + 1, end < 0 ? smiles.length : end);
      all++;
      if (!/^\d*H(?![a-z])/.test(inside)) heavy++;
      if (end < 0) break;
      i = end;
    } else if ((ch === 'C' && smiles[i + 1] === 'l') || (ch === 'B' && smiles[i + 1] === 'r')) {
      all++;
      heavy++;
      i++;
    } else if (ORGANIC.has(ch)) {
      all++;
      heavy++;
    }
  }
  return { heavy, all };
}

const FORMULA_TERM = /([A-Z][a-z]?)(\d*)/y;

/** Atoms of an InChI's formula layer (`InChI=1S/2C2H3O2.Ca/...`); hydrogens of the layer count in `all`. */
export function inchiAtomCount(inchi: string): AtomCount {
  const start = inchi.indexOf('/');
  const end = start < 0 ? -1 : inchi.indexOf('/', start + 1);
  const layer = start < 0 ? '' : inchi.slice(start + 1, end < 0 ? inchi.length : end);
  let heavy = 0;
  let all = 0;
  for (const part of layer.split('.')) {
    const lead = /^\d+/.exec(part);
    const times = lead ? Number(lead[0]) : 1;
    FORMULA_TERM.lastIndex = lead ? lead[0].length : 0;
    for (let m = FORMULA_TERM.exec(part); m && m[0] !== ''; m = FORMULA_TERM.exec(part)) {
      const n = (m[2] === '' ? 1 : Number(m[2])) * times;
      all += n;
      if (m[1] !== 'H' && m[1] !== 'D' && m[1] !== 'T') heavy += n;
    }
  }
  return { heavy, all };
}

/** Atoms of a MOL block (V2000 counts line and atom lines, or V3000 atom lines). */
export function molAtomCount(mol: string): AtomCount {
  const lines = mol.split('\n', 4 + LIMITS.structureAtoms + 2);
  const counts = lines[3] ?? '';
  let heavy = 0;
  let all = 0;
  if (/V3000/i.test(counts)) {
    const declared = /^M {2}V30 COUNTS (\d+)/m.exec(mol);
    const atomLines = mol.match(/^M {2}V30 \d+ [A-Za-z*]+/gm) ?? [];
    for (const line of atomLines) {
      all++;
      if (!/ (H|D|T)$/.test(line)) heavy++;
    }
    return { heavy, all: Math.max(all, declared ? Number(declared[1]) : 0) };
  }
  const declared = Number(counts.slice(0, 3).trim() || '0');
  for (let i = 4; i < lines.length && i < 4 + declared; i++) {
    all++;
    const symbol = lines[i].slice(31, 34).trim();
    if (symbol !== 'H' && symbol !== 'D' && symbol !== 'T') heavy++;
  }
  return { heavy, all: Math.max(all, Number.isFinite(declared) ? declared : 0) };
}

const CHAR_LIMIT: Readonly<Record<StructureFormat, number>> = { SMILES: LIMITS.smilesChars, InChI: LIMITS.inchiChars, Mol: LIMITS.molChars };

/** Problems with the size of a structure input: too many characters, too many atoms. */
export function checkStructureSize(field: string, format: StructureFormat, text: string, errors: FieldError[] = []): FieldError[] {
  const before = errors.length;
  checkTextLength(field, text, CHAR_LIMIT[format], errors);
  if (errors.length > before) return errors;
  const count = format === 'SMILES' ? smilesAtomCount(text) : format === 'InChI' ? inchiAtomCount(text) : molAtomCount(text);
  if (count.heavy > LIMITS.structureHeavyAtoms) {
    errors.push({ field, message: `${field} has ${count.heavy} atoms other than hydrogen; at most ${LIMITS.structureHeavyAtoms} are allowed` });
  } else if (format === 'Mol' && count.all > LIMITS.structureAtoms) {
    errors.push({ field, message: `${field} has ${count.all} atoms; at most ${LIMITS.structureAtoms} are allowed` });
  }
  return errors;
}

/** A string longer than `max` characters is a problem naming the field and the limit. */
export function checkTextLength(field: string, value: unknown, max: number = LIMITS.textChars, errors: FieldError[] = []): FieldError[] {
  if (typeof value === 'string' && value.length > max) {
    errors.push({ field, message: `${field} is ${value.length} characters long; at most ${max} are allowed` });
  }
  return errors;
}
