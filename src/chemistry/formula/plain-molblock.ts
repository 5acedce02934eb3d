/**
 * The composition of a plain V2000 MOL block read in one linear pass, without a toolkit: the structure grid's computed
 * columns for the common case at a few microseconds a record (RDKit takes about a millisecond). Only what RDKit reads
 * by its simplest valence rules is read here: unlabelled atoms of H B C N O P S F Cl Br I with no atom properties,
 * neutral or charged +1 or -1 by `M  CHG` lines (the charges of an ion pair or a zwitterion), single, double and
 * triple bonds, no property lines but `M  CHG` and `M  END`. Anything else is undefined and goes to RDKit;
 * test/unit/chemistry/formula/plain-molblock.test.ts checks both agree on every record of the shipped collection.
 */
import { countComponents, type Composition } from './composition';

/** RDKit's allowed valences of these neutral atoms: an atom takes the smallest one at or above its bonds' orders. */
const VALENCES: Readonly<Record<string, readonly number[]>> = {
  H: [1],
  B: [3],
  C: [4],
  N: [3],
  O: [2],
  P: [3, 5, 7],
  S: [2, 4, 6],
  F: [1],
  Cl: [1],
  Br: [1],
  I: [1, 3, 5],
};

/**
 * RDKit's allowed valences of these atoms with a charge of +1 or -1: those of the neutral atom with the same number of
 * electrons (N+ as C, O- as F, C- as N, B- as C), where RDKit's older rule (the neutral valences shifted by the charge)
 * agrees; a charged atom not listed, or bonded past the first valence where the two rules differ, goes to RDKit.
 */
const CHARGED_VALENCES: Readonly<Record<string, readonly number[]>> = {
  'B-1': [4],
  'C+1': [3],
  'C-1': [3],
  'N+1': [4],
  'N-1': [2],
  'O+1': [3],
  'O-1': [1],
  'P+1': [4],
  'S+1': [3, 5, 7],
  'S-1': [1],
  'F-1': [0],
  'Cl-1': [0],
  'Br-1': [0],
  'I-1': [0],
};

/** A whole number field of a fixed-width line: blank is 0; undefined when it is not a number. */
function field(line: string, from: number, to: number): number | undefined {
  const text = line.slice(from, to).trim();
  if (text === '') return 0;
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

export function plainMolComposition(molblock: string): Composition | undefined {
  const lines = molblock.split('\n', 4);
  const countsLine = lines[3];
  if (countsLine === undefined || /V3000/i.test(countsLine)) return undefined;
  const atomCount = field(countsLine, 0, 3);
  const bondCount = field(countsLine, 3, 6);
  if (!atomCount || bondCount === undefined) return undefined;
  // The header, atoms, bonds, up to one `M  CHG` line per eight atoms, and `M  END`.
  const all = molblock.split('\n', 4 + atomCount + bondCount + Math.ceil(atomCount / 8) + 2);
  const symbols: string[] = [];
  for (let i = 0; i < atomCount; i++) {
    const line = (all[4 + i] ?? '').replace(/\r$/, '');
    const symbol = line.slice(31, 34).trim();
    // Mass difference, charge, stereo parity, hydrogen count, stereo care box, valence: all blank or 0 but parity.
    if (!VALENCES[symbol] || line.length < 34 || field(line, 34, 36) !== 0 || field(line, 36, 39) !== 0) return undefined;
    if (field(line, 42, 45) !== 0 || field(line, 48, 51) !== 0) return undefined;
    symbols.push(symbol);
  }
  const orders = new Array<number>(atomCount).fill(0);
  const bonds: Array<{ atoms: [number, number] }> = [];
  for (let j = 0; j < bondCount; j++) {
    const line = all[4 + atomCount + j] ?? '';
    const a = field(line, 0, 3);
    const b = field(line, 3, 6);
    const order = field(line, 6, 9);
    if (!a || !b || a > atomCount || b > atomCount || a === b || !order || order > 3) return undefined;
    orders[a - 1] += order;
    orders[b - 1] += order;
    bonds.push({ atoms: [a - 1, b - 1] });
  }
  const charges = new Array<number>(atomCount).fill(0);
  let line = 4 + atomCount + bondCount;
  for (; /^M {2}CHG/.test(all[line] ?? ''); line++) if (!readCharges(all[line], charges)) return undefined;
  if ((all[line] ?? '').replace(/\r$/, '').trimEnd() !== 'M  END') return undefined;
  const counts = new Map<string, Map<number, number>>();
  const add = (symbol: string, n: number) => {
    if (n > 0) counts.set(symbol, new Map([[0, (counts.get(symbol)?.get(0) ?? 0) + n]]));
  };
  let charge = 0;
  for (let i = 0; i < atomCount; i++) {
    const symbol = symbols[i];
    // A lone hydrogen atom is left to RDKit's reading.
    if (symbol === 'H' && (orders[i] !== 1 || charges[i] !== 0)) return undefined;
    const valences = charges[i] === 0 ? VALENCES[symbol] : CHARGED_VALENCES[`${symbol}${charges[i] > 0 ? '+' : '-'}1`];
    const valence = valences?.find((v) => v >= orders[i]);
    if (valence === undefined) return undefined;
    add(symbol, 1);
    add('H', valence - orders[i]);
    charge += charges[i];
  }
  return { counts, charge, components: countComponents(atomCount, bonds) };
}

/** Reads an `M  CHG` line into `charges`: false (RDKit's turn) for a charge other than +1 or -1, or an atom charged twice. */
function readCharges(line: string, charges: number[]): boolean {
  const text = line.replace(/\r$/, '');
  const entries = field(text, 6, 9);
  if (!entries || entries > 8 || text.length < 9 + 8 * entries) return false;
  for (let k = 0; k < entries; k++) {
    const atom = field(text, 10 + 8 * k, 13 + 8 * k);
    const value = text.slice(14 + 8 * k, 17 + 8 * k).trim();
    if (!atom || atom > charges.length || charges[atom - 1] !== 0 || (value !== '1' && value !== '-1')) return false;
    charges[atom - 1] = Number(value);
  }
  return true;
}
