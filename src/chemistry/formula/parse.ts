/**
 * Molecular formulas: parsing in any element order (`C8H10N4O2`, `H10C8N4O2`, TeX-like `C_{8}H_{10}N_{4}O_{2}`),
 * and a normalised key for the formula index (the TeX-like wire form is texFormula, ./text.ts).
 * Isotopes are written `[2H]`, a charge as a trailing sign with an optional count (`+`, `2-`, `-2`, `^{2+}`).
 */
import { parseCharge, trailingCharge } from './text';

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

/** The same key for the same composition whatever the order or notation; undefined when not a formula. */
export function formulaKey(input: string): string | undefined {
  const parsed = parseFormula(input);
  if (!parsed) return undefined;
  const parts = [...parsed.counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([k, n]) => `${k}${n}`);
  return parsed.charge ? `${parts.join('')}q${parsed.charge}` : parts.join('');
}
