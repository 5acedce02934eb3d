/**
 * A formula written three ways: the wire's TeX-like `C_{9}H_{8}O_{4}` (contract 1.3), plain `C9H8O4` (the older
 * interface's MF, SD files, copied text) and the UI's Unicode `C₉H₈O₄`; and the charge at a formula's end.
 */

/**
 * The wire's TeX-like formula as plain text (`C_{9}H_{8}O_{4}` → `C9H8O4`, `^{-}` → `-`); plain text is kept. A counted
 * charge puts its sign first (`O_{4}S^{2-}` → `O4S-2`) so that it cannot be read as a count (`O4S2-`); texFormula undoes it.
 */
export function plainFormula(formula: string): string {
  return formula
    .replace(/_\{([^}]*)\}/g, '$1')
    .replace(/\^\{(\d+)([+-])\}/g, '$2$1')
    .replace(/\^\{([^}]*)\}/g, '$1');
}

/** The inverse of plainFormula: TeX-like subscripts of the wire (`C9H8O4` → `C_{9}H_{8}O_{4}`); a trailing charge becomes `^{+}`, `^{2-}`; TeX-like text is kept. */
export function texFormula(plain: string): string {
  let body = plain;
  let charge = '';
  const m = trailingCharge(plain);
  if (m) {
    body = plain.slice(0, m.index);
    const n = parseCharge(m.text);
    if (n !== undefined) charge = `^{${Math.abs(n) === 1 ? '' : Math.abs(n)}${n > 0 ? '+' : '-'}}`;
  }
  return body.replace(/(\[\d+[A-Z][a-z]?\]|[A-Z][a-z]?)(\d+)/g, '$1_{$2}') + charge;
}

const SUBSCRIPT: Record<string, string> = { '0': '₀', '1': '₁', '2': '₂', '3': '₃', '4': '₄', '5': '₅', '6': '₆', '7': '₇', '8': '₈', '9': '₉' };
const SUPERSCRIPT: Record<string, string> = {
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

/** A formula as the UI shows it everywhere, in Unicode subscripts and superscripts (`C9H8O4` or `C_{9}H_{8}O_{4}` → `C₉H₈O₄`). */
export function prettyFormula(formula: string): string {
  return texFormula(formula)
    .replace(/_\{([^}]*)\}/g, (_, d: string) => [...d].map((c) => SUBSCRIPT[c] ?? c).join(''))
    .replace(/\^\{([^}]*)\}/g, (_, d: string) => [...d].map((c) => SUPERSCRIPT[c] ?? c).join(''));
}

/**
 * The charge written at the end of a formula, found by one backward scan (a regex anchored at the end is quadratic on
 * long runs of signs): TeX-like `^{2+}`, `^{-}`, `^+`, or plain, where the charge starts with its sign (`-`, `+2`,
 * `--`): `C2H3O2-` is acetate, not `C2H3O` 2-. `index` is where the charge notation starts.
 */
export function trailingCharge(s: string): { text: string; index: number } | undefined {
  let end = s.length;
  const braced = s.endsWith('}');
  if (braced) end--;
  let start = end;
  while (start > 0 && /[0-9+-]/.test(s[start - 1])) start--;
  if (s[start - 1] === '{' && s[start - 2] === '^') return braced ? { text: s.slice(start, end), index: start - 2 } : undefined;
  if (s[start - 1] === '^' && !braced) return { text: s.slice(start, end), index: start - 1 };
  if (braced) return undefined;
  let sign = start;
  while (sign < end && s[sign] !== '+' && s[sign] !== '-') sign++;
  return sign < end ? { text: s.slice(sign, end), index: sign } : undefined;
}

/** `2-`, `-2`, `+`, `--` as a signed number; undefined when not a charge. */
export function parseCharge(text: string): number | undefined {
  if (/^[+-]+$/.test(text)) return (text[0] === '+' ? 1 : -1) * text.length;
  const m = /^([+-])?(\d+)([+-])?$/.exec(text);
  if (!m || (m[1] && m[3]) || (!m[1] && !m[3])) return undefined;
  return ((m[1] ?? m[3]) === '+' ? 1 : -1) * Number(m[2]);
}
