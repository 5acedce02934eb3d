/** Finding an InChIKey or SMILES under the cursor in a line of text. Pure: no `vscode`. */
import { INCHIKEY_IN_TEXT } from '../../wire/limits';
import { looksLikeSmiles } from '../../chemistry/smiles-syntax';

export type HoverKind = 'inchikey' | 'smiles';

export interface HoverTarget {
  kind: HoverKind;
  text: string;
  /** Character offsets in the line, end exclusive. */
  start: number;
  end: number;
}

/** Characters a SMILES string is written in. */
const SMILES_RUN = /[A-Za-z0-9@+\-[\]()=#$%/\\.:*~]+/g;

/**
 * A letters-only token is taken for SMILES only when it reads like a chain (`CCO`, `CCCl`): at least three
 * atoms, upper-case organic atoms only, half of them carbon. This keeps words (`CON`, `SIN`, `cocoa`) out.
 */
function isPlausibleSmiles(token: string): boolean {
  if (!looksLikeSmiles(token)) return false;
  const atoms = token.match(/Cl|Br|\[[^\]]+\]|[BCNOSPFI]|[bcnops]/g) ?? [];
  if (/[^A-Za-z]/.test(token)) return atoms.length >= 2;
  if (!/^(?:Cl|Br|[BCNOSPFI])+$/.test(token)) return false;
  const carbons = atoms.filter((a) => a === 'C').length;
  return atoms.length >= 3 && carbons * 2 >= atoms.length;
}

/** Strips sentence punctuation and one pair of wrapping parentheses that are not part of the structure. */
function tidy(token: string, start: number): { text: string; start: number } {
  let text = token;
  let s = start;
  while (/[.:,]$/.test(text)) text = text.slice(0, -1);
  if (text.startsWith('(') && text.endsWith(')')) {
    text = text.slice(1, -1);
    s += 1;
  } else if (text.startsWith('(') && !text.includes(')')) {
    text = text.slice(1);
    s += 1;
  } else if (text.endsWith(')') && (text.match(/\(/g)?.length ?? 0) < (text.match(/\)/g)?.length ?? 0)) {
    text = text.slice(0, -1);
  }
  return { text, start: s };
}

/**
 * Every InChIKey and plausible SMILES in a line, left to right (what the hover finds under the cursor, and what
 * the inlay hints name). A SMILES run that holds an InChIKey is the key's.
 */
export function findTargetsInLine(line: string, kinds: Readonly<Record<HoverKind, boolean>>): HoverTarget[] {
  const keys: HoverTarget[] = [];
  if (kinds.inchikey) {
    for (const m of line.matchAll(INCHIKEY_IN_TEXT)) {
      const start = m.index ?? 0;
      keys.push({ kind: 'inchikey', text: m[0], start, end: start + m[0].length });
    }
  }
  const smiles: HoverTarget[] = [];
  if (kinds.smiles) {
    for (const m of line.matchAll(SMILES_RUN)) {
      const start = m.index ?? 0;
      if (keys.some((k) => k.start < start + m[0].length && start < k.end)) continue;
      const { text, start: s } = tidy(m[0], start);
      if (text.length >= 2 && isPlausibleSmiles(text)) smiles.push({ kind: 'smiles', text, start: s, end: s + text.length });
    }
  }
  return [...keys, ...smiles].sort((a, b) => a.start - b.start);
}

export function findHoverTarget(line: string, character: number, kinds: Readonly<Record<HoverKind, boolean>>): HoverTarget | undefined {
  const at = findTargetsInLine(line, kinds).filter((t) => character >= t.start && character <= t.end);
  return at.find((t) => t.kind === 'inchikey') ?? at[0];
}
