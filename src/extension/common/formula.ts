/** Wire formulas are TeX-like (`C_{9}H_{8}O_{4}`, contract 1.3): plain text for copying (src/wire), subscripts for labels. */
export { plainFormula } from '../../wire';

const SUB: Record<string, string> = { '0': '₀', '1': '₁', '2': '₂', '3': '₃', '4': '₄', '5': '₅', '6': '₆', '7': '₇', '8': '₈', '9': '₉' };
const SUP: Record<string, string> = {
  '0': '⁰',
  '1': '¹',
  '2': '²',
  '3': '³',
  '4': '⁴',
  '5': '⁵',
  '6': '⁶',
  '7': '⁷',
  '8': '⁸',
  '9': '⁹',
  '+': '⁺',
  '-': '⁻',
};

export function prettyFormula(formula: string): string {
  return formula
    .replace(/_\{([^}]*)\}/g, (_, d: string) => [...d].map((c) => SUB[c] ?? c).join(''))
    .replace(/\^\{([^}]*)\}/g, (_, d: string) => [...d].map((c) => SUP[c] ?? c).join(''));
}
