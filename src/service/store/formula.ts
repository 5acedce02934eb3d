/**
 * Molecular formulas: parsing in any element order (`C8H10N4O2`, `H10C8N4O2`, TeX-like `C_{8}H_{10}N_{4}O_{2}`),
 * a normalised key for the formula index, and the TeX-like wire form of contract 1.3.
 * Isotopes are written `[2H]`, a charge as a trailing sign with an optional count (`+`, `2-`, `-2`, `^{2+}`).
 */

export interface ParsedFormula {
  /** Element symbol, or `[2H]`-style isotope label, to count. */
  counts: Map<string, number>;
  charge: number;
}

const ATOM = /\[(\d+)([A-Z][a-z]?)\]|([A-Z][a-z]?)/y;

/** Parses a formula; undefined when it is not one. Dots between parts (`C2H6O.H2O`) add up. */
export function parseFormula(input: string): ParsedFormula | undefined {
  let s = input.trim().replace(/\s+/g, '');
  if (s === '') return undefined;
  // TeX-like: C_{9}H_{8}O_{4}^{-}, also C_9, ^+
  s = s.replace(/_\{(\d+)\}/g, '$1').replace(/_(\d+)/g, '$1');
  let charge = 0;
  const trailing = trailingCharge(s);
  if (trailing) {
    const parsed = parseCharge(trailing.text);
    if (parsed === undefined) return undefined;
    charge = parsed;
    s = s.slice(0, trailing.index);
  }
  const counts = new Map<string, number>();
  for (const part of s.split('.')) {
    const lead = /^\d+/.exec(part);
    const multiplier = lead ? Number(lead[0]) : 1;
    let i = lead ? lead[0].length : 0;
    if (i >= part.length) return undefined;
    while (i < part.length) {
      ATOM.lastIndex = i;
      const m = ATOM.exec(part);
      if (!m) return undefined;
      i = ATOM.lastIndex;
      const label = m[3] ?? `[${m[1]}${m[2]}]`;
      const digits = /^\d+/.exec(part.slice(i));
      const n = digits ? Number(digits[0]) : 1;
      if (digits) i += digits[0].length;
      counts.set(label, (counts.get(label) ?? 0) + n * multiplier);
    }
  }
  for (const [k, v] of counts) if (v === 0) counts.delete(k);
  return counts.size ? { counts, charge } : undefined;
}

/**
 * The charge written at the end of a formula, found by one backward scan (a regex anchored at the end is quadratic on
 * long runs of signs): TeX-like `^{2+}`, `^{-}`, `^+`, or plain, where the charge starts with its sign (`-`, `+2`,
 * `--`): `C2H3O2-` is acetate, not `C2H3O` 2-. `index` is where the charge notation starts.
 */
function trailingCharge(s: string): { text: string; index: number } | undefined {
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

function parseCharge(text: string): number | undefined {
  if (/^[+-]+$/.test(text)) return (text[0] === '+' ? 1 : -1) * text.length;
  const m = /^([+-])?(\d+)([+-])?$/.exec(text);
  if (!m || (m[1] && m[3]) || (!m[1] && !m[3])) return undefined;
  return ((m[1] ?? m[3]) === '+' ? 1 : -1) * Number(m[2]);
}

/** The same key for the same composition whatever the order or notation; undefined when not a formula. */
export function formulaKey(input: string): string | undefined {
  const parsed = parseFormula(input);
  if (!parsed) return undefined;
  const parts = [...parsed.counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, n]) => `${k}${n}`);
  return parsed.charge ? `${parts.join('')}q${parsed.charge}` : parts.join('');
}

/** TeX-like subscripts of the wire (`C9H8O4` → `C_{9}H_{8}O_{4}`); a trailing charge becomes `^{+}`, `^{2-}`. */
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
