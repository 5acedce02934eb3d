/**
 * Atom composition of an RDKit molecule (from its JSON), and the formulas written from it.
 *
 * Hill formula (CompoundRecord.formula): carbon first, then hydrogen, then the other elements alphabetically; with no
 * carbon, all elements alphabetically. Isotope-labelled atoms are written `[2H]`, `[13C]` right after their element's
 * unlabelled atoms. A net charge is a trailing sign, followed by its size when above one: `C2H3O2-`, `O4S-2`, `H4N+`.
 */
import { ELEMENT_SYMBOLS } from '../elements';

interface JsonAtom {
  z?: number;
  impHs?: number;
  chg?: number;
  isotope?: number;
}
interface JsonBond {
  atoms: [number, number];
}
interface JsonMolecule {
  atoms: JsonAtom[];
  bonds?: JsonBond[];
}
export interface RdkitJson {
  defaults?: { atom?: JsonAtom };
  molecules: JsonMolecule[];
}

export interface Composition {
  /** Count per element, then per mass number (0 = unlabelled). */
  counts: Map<string, Map<number, number>>;
  charge: number;
  /** Disconnected parts. */
  components: number;
}

export function compositionOf(json: RdkitJson): Composition {
  const defaults = json.defaults?.atom ?? {};
  const counts = new Map<string, Map<number, number>>();
  const add = (symbol: string, isotope: number, n: number): void => {
    if (n <= 0) return;
    const byIsotope = counts.get(symbol) ?? new Map<number, number>();
    byIsotope.set(isotope, (byIsotope.get(isotope) ?? 0) + n);
    counts.set(symbol, byIsotope);
  };
  let charge = 0;
  let components = 0;
  for (const molecule of json.molecules) {
    const atoms = molecule.atoms;
    for (const atom of atoms) {
      const z = atom.z ?? defaults.z ?? 6;
      const symbol = z >= 1 && z <= ELEMENT_SYMBOLS.length ? ELEMENT_SYMBOLS[z - 1] : '*';
      add(symbol, atom.isotope ?? defaults.isotope ?? 0, 1);
      add('H', 0, atom.impHs ?? defaults.impHs ?? 0);
      charge += atom.chg ?? defaults.chg ?? 0;
    }
    components += countComponents(atoms.length, molecule.bonds ?? []);
  }
  return { counts, charge, components };
}

export function countComponents(atomCount: number, bonds: JsonBond[]): number {
  const parent = Array.from({ length: atomCount }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) i = parent[i] = parent[parent[i]];
    return i;
  };
  let parts = atomCount;
  for (const {
    atoms: [a, b],
  } of bonds) {
    const ra = find(a);
    const rb = find(b);
    if (ra !== rb) {
      parent[ra] = rb;
      parts--;
    }
  }
  return parts;
}

function hillOrder(symbols: string[]): string[] {
  const sorted = [...symbols].sort();
  if (!symbols.includes('C')) return sorted;
  return ['C', ...(symbols.includes('H') ? ['H'] : []), ...sorted.filter((s) => s !== 'C' && s !== 'H')];
}

function atomsPart(composition: Composition): string {
  let text = '';
  for (const symbol of hillOrder([...composition.counts.keys()])) {
    const byIsotope = composition.counts.get(symbol)!;
    for (const isotope of [...byIsotope.keys()].sort((a, b) => a - b)) {
      const n = byIsotope.get(isotope)!;
      text += (isotope === 0 ? symbol : `[${isotope}${symbol}]`) + (n === 1 ? '' : String(n));
    }
  }
  return text;
}

export function hillFormula(composition: Composition): string {
  const { charge } = composition;
  const sign = charge > 0 ? '+' : '-';
  const size = Math.abs(charge);
  return atomsPart(composition) + (size === 0 ? '' : size === 1 ? sign : `${sign}${size}`);
}

/** The same composition in mf-parser's syntax (charge in brackets). */
export function mfParserFormula(composition: Composition): string {
  const { charge } = composition;
  return atomsPart(composition) + (charge === 0 ? '' : `(${charge > 0 ? '+' : ''}${charge})`);
}

export function elementsOf(composition: Composition): string[] {
  return hillOrder([...composition.counts.keys()]);
}

export function isIsotopic(composition: Composition): boolean {
  return [...composition.counts.values()].some((byIsotope) => [...byIsotope.keys()].some((isotope) => isotope !== 0));
}

/** Spec 4.2 rule 3 counts metals: every element but these non-metals, metalloids and noble gases. */
const NON_METALS: ReadonlySet<string> = new Set('H He B C N O F Ne Si P S Cl Ar Ge As Se Br Kr Sb Te I Xe At Rn Ts Og'.split(' '));
const METALS: ReadonlySet<string> = new Set(ELEMENT_SYMBOLS.filter((symbol) => !NON_METALS.has(symbol)));

export function isMetal(symbol: string): boolean {
  return METALS.has(symbol);
}
