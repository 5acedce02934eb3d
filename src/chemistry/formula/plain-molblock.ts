/**
 * The composition of a plain V2000 MOL block read in one linear pass, without a toolkit: the structure grid's computed
 * columns for the common case at a few microseconds a record (RDKit takes about a millisecond). Only what RDKit reads
 * by its simplest valence rules is read here: neutral, unlabelled atoms of H B C N O P S F Cl Br I with no atom
 * properties, single, double and triple bonds, no property lines but `M  END`. Anything else is undefined and goes to
 * RDKit; test/unit/plain-molblock.test.ts checks both agree on every record of the shipped collection.
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
  const all = molblock.split('\n', 4 + atomCount + bondCount + 2);
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
  if ((all[4 + atomCount + bondCount] ?? '').replace(/\r$/, '').trimEnd() !== 'M  END') return undefined;
  const counts = new Map<string, Map<number, number>>();
  const add = (symbol: string, n: number) => {
    if (n > 0) counts.set(symbol, new Map([[0, (counts.get(symbol)?.get(0) ?? 0) + n]]));
  };
  for (let i = 0; i < atomCount; i++) {
    const symbol = symbols[i];
    // A lone hydrogen atom is left to RDKit's reading.
    if (symbol === 'H' && orders[i] !== 1) return undefined;
    const valence = VALENCES[symbol].find((v) => v >= orders[i]);
    if (valence === undefined) return undefined;
    add(symbol, 1);
    add('H', valence - orders[i]);
  }
  return { counts, charge: 0, components: countComponents(atomCount, bonds) };
}
