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
  /** Separate parts (components: ions, solvent molecules, free atoms), each laid out apart in a 2D drawing. */
  components: number;
  /** Bonds written (MOL blocks and RDKit JSON; undefined for SMILES and InChI, whose bonds follow from their atoms). */
  bonds?: number;
}

/** True when the toolkit reads the text as RDKit's JSON (src/chemistry/molecule/read.ts does the same test). */
export function isRdkitJsonText(text: string): boolean {
  return text.trimStart().startsWith('{');
}

interface JsonDocument {
  defaults?: { atom?: { z?: unknown } };
  molecules?: Array<{ atoms?: Array<{ z?: unknown }>; bonds?: Array<{ atoms?: unknown }> }>;
}

/**
 * Atoms, bonds and parts of RDKit's JSON form (`{"rdkitjson":...,"molecules":[{"atoms":[...],"bonds":[...]}]}`),
 * every molecule of it counted; undefined when it is not JSON of that shape. Linear in the text.
 */
export function rdkitJsonAtomCount(text: string): AtomCount | undefined {
  let doc: JsonDocument;
  try {
    doc = JSON.parse(text) as JsonDocument;
  } catch {
    return undefined;
  }
  if (!doc || typeof doc !== 'object' || !Array.isArray(doc.molecules)) return undefined;
  const defaultZ = doc.defaults?.atom?.z ?? 6;
  let heavy = 0;
  let all = 0;
  let bonds = 0;
  let components = 0;
  for (const molecule of doc.molecules) {
    const atoms = Array.isArray(molecule?.atoms) ? molecule.atoms : [];
    const pairs = (Array.isArray(molecule?.bonds) ? molecule.bonds : []).map((b): [number, number] =>
      Array.isArray(b?.atoms) ? [Number(b.atoms[0]) + 1, Number(b.atoms[1]) + 1] : [0, 0],
    );
    all += atoms.length;
    heavy += atoms.filter((a) => (a?.z ?? defaultZ) !== 1).length;
    bonds += pairs.length;
    components += atoms.length > LIMITS.structureAtoms * 4 ? atoms.length : partsOf(atoms.length, pairs);
  }
  return { heavy, all, components, bonds };
}

const ORGANIC = new Set(['B', 'C', 'N', 'O', 'P', 'S', 'F', 'I', 'b', 'c', 'n', 'o', 'p', 's', '*']);

/** Atoms of a SMILES: bracket atoms (`[2H]` counts as a hydrogen) and organic-subset atoms. */
export function smilesAtomCount(smiles: string): AtomCount {
  let heavy = 0;
  let all = 0;
  let components = 1;
  for (let i = 0; i < smiles.length; i++) {
    const ch = smiles[i];
    if (ch === '.') {
      components++;
    } else if (ch === '[') {
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
  return { heavy, all, components };
}

const FORMULA_TERM = /([A-Z][a-z]?)(\d*)/y;

/** Atoms of an InChI's formula layer (`InChI=1S/2C2H3O2.Ca/...`); hydrogens of the layer count in `all`. */
export function inchiAtomCount(inchi: string): AtomCount {
  const start = inchi.indexOf('/');
  const end = start < 0 ? -1 : inchi.indexOf('/', start + 1);
  const layer = start < 0 ? '' : inchi.slice(start + 1, end < 0 ? inchi.length : end);
  let heavy = 0;
  let all = 0;
  let components = 0;
  for (const part of layer.split('.')) {
    const lead = /^\d+/.exec(part);
    const times = lead ? Number(lead[0]) : 1;
    components += times;
    FORMULA_TERM.lastIndex = lead ? lead[0].length : 0;
    for (let m = FORMULA_TERM.exec(part); m && m[0] !== ''; m = FORMULA_TERM.exec(part)) {
      const n = (m[2] === '' ? 1 : Number(m[2])) * times;
      all += n;
      if (m[1] !== 'H' && m[1] !== 'D' && m[1] !== 'T') heavy += n;
    }
  }
  return { heavy, all, components };
}

/** Atoms of a MOL block (V2000 counts line and atom lines, or V3000 atom lines), and its parts joined by its bonds. */
export function molAtomCount(mol: string): AtomCount {
  const counts = mol.split('\n', 4)[3] ?? '';
  let heavy = 0;
  let all = 0;
  if (/V3000/i.test(counts)) {
    const declared = /^M {2}V30 COUNTS (\d+)/m.exec(mol);
    const atomLines = mol.match(/^M {2}V30 \d+ [A-Za-z*]+/gm) ?? [];
    for (const line of atomLines) {
      all++;
      if (!/ (H|D|T)$/.test(line)) heavy++;
    }
    all = Math.max(all, declared ? Number(declared[1]) : 0);
    const bonds = Array.from(mol.matchAll(/^M {2}V30 \d+ \d+ (\d+) (\d+)/gm), (m): [number, number] => [Number(m[1]), Number(m[2])]);
    return { heavy, all, bonds: bonds.length, components: all > LIMITS.structureAtoms ? 0 : partsOf(all, bonds) };
  }
  const declared = Number(counts.slice(0, 3).trim() || '0');
  const bondCount = Number(counts.slice(3, 6).trim() || '0');
  const readable = Number.isFinite(declared) && declared <= LIMITS.structureAtoms && Number.isFinite(bondCount);
  const lines = mol.split('\n', 4 + (readable ? declared + Math.min(bondCount, 4 * LIMITS.structureAtoms) : LIMITS.structureAtoms + 2));
  for (let i = 4; i < lines.length && i < 4 + declared; i++) {
    all++;
    const symbol = lines[i].slice(31, 34).trim();
    if (symbol !== 'H' && symbol !== 'D' && symbol !== 'T') heavy++;
  }
  all = Math.max(all, Number.isFinite(declared) ? declared : 0);
  const bonds = lines.slice(4 + declared).map((l): [number, number] => [Number(l.slice(0, 3)), Number(l.slice(3, 6))]);
  return { heavy, all, bonds: Number.isFinite(bondCount) ? bondCount : 0, components: readable ? partsOf(declared, bonds) : 0 };
}

/** Connected parts of `atoms` atoms (numbered from 1) joined by `bonds`; bonds naming no such atom are ignored. */
function partsOf(atoms: number, bonds: ReadonlyArray<readonly [number, number]>): number {
  const parent = Array.from({ length: atoms + 1 }, (_, i) => i);
  const root = (a: number): number => {
    while (parent[a] !== a) a = parent[a] = parent[parent[a]];
    return a;
  };
  let parts = atoms;
  for (const [a, b] of bonds) {
    if (!(a >= 1 && a <= atoms && b >= 1 && b <= atoms)) continue;
    const [ra, rb] = [root(a), root(b)];
    if (ra !== rb) {
      parent[ra] = rb;
      parts--;
    }
  }
  return parts;
}

/** Characters of a structure input, by its format. */
export const STRUCTURE_CHARS: Readonly<Record<StructureFormat, number>> = {
  SMILES: LIMITS.smilesChars,
  InChI: LIMITS.inchiChars,
  Mol: LIMITS.molChars,
};

/** The size of a structure input counted from its text; RDKit JSON (which the toolkit reads in place of SMILES or MOL) by its own rules. */
export function structureSize(format: StructureFormat, text: string): AtomCount {
  if (format !== 'InChI' && isRdkitJsonText(text)) return rdkitJsonAtomCount(text) ?? { heavy: 0, all: 0, components: 0, bonds: 0 };
  return format === 'SMILES' ? smilesAtomCount(text) : format === 'InChI' ? inchiAtomCount(text) : molAtomCount(text);
}

/** Bounds of a structure's size; the service's are STRUCTURE_SIZE_LIMITS, the structure grid's its own (larger records). */
export interface StructureSizeLimits {
  heavyAtoms: number;
  atoms: number;
  bonds: number;
  components: number;
}

export const STRUCTURE_SIZE_LIMITS: StructureSizeLimits = {
  heavyAtoms: LIMITS.structureHeavyAtoms,
  atoms: LIMITS.structureAtoms,
  bonds: LIMITS.structureBonds,
  components: LIMITS.structureComponents,
};

/** The rule a counted structure breaks, as a phrase after its name (`has 1999 separate parts; at most 100 ...`). */
export function structureSizeProblem(count: AtomCount, limits: StructureSizeLimits, countAll: boolean): string | undefined {
  if (count.heavy > limits.heavyAtoms) return `has ${count.heavy} atoms other than hydrogen; at most ${limits.heavyAtoms} are allowed`;
  if (countAll && count.all > limits.atoms) return `has ${count.all} atoms; at most ${limits.atoms} are allowed`;
  if (count.bonds !== undefined && count.bonds > limits.bonds) return `has ${count.bonds} bonds; at most ${limits.bonds} are allowed`;
  if (count.components > limits.components) return `has ${count.components} separate parts; at most ${limits.components} are allowed`;
  return undefined;
}

/** Problems with the size of a structure input: too many characters, atoms, bonds or parts. */
export function checkStructureSize(field: string, format: StructureFormat, text: string, errors: FieldError[] = []): FieldError[] {
  const before = errors.length;
  checkTextLength(field, text, STRUCTURE_CHARS[format], errors);
  if (errors.length > before) return errors;
  const json = format !== 'InChI' && isRdkitJsonText(text);
  const count = structureSize(format, text);
  // Every atom of a MOL block or RDKit JSON is written; SMILES and InChI leave hydrogens implicit.
  const problem = structureSizeProblem(count, STRUCTURE_SIZE_LIMITS, format === 'Mol' || json);
  if (problem) errors.push({ field, message: `${field} ${problem}` });
  return errors;
}

/** A string longer than `max` characters is a problem naming the field and the limit. */
export function checkTextLength(field: string, value: unknown, max: number = LIMITS.textChars, errors: FieldError[] = []): FieldError[] {
  if (typeof value === 'string' && value.length > max) {
    errors.push({ field, message: `${field} is ${value.length} characters long; at most ${max} are allowed` });
  }
  return errors;
}
