/** Spec 3 / issue: what the composite search runs for a query. */
import { isInchiKeyShape } from './limits';
import { looksLikeSmiles } from '../chemistry/smiles-syntax';
import { isElementSymbol } from '../chemistry/elements';

export type QueryKind = 'recordId' | 'inchi' | 'inchikey' | 'smiles' | 'formula' | 'name';

/**
 * All digits → record ID; `InChI=` → InChI; InChIKey shape → InChIKey; SMILES that is not a plain word → SMILES; a Hill
 * formula of real elements → formula; else name.
 */
export function classifyQuery(query: string | number): QueryKind {
  const text = String(query).trim();
  if (/^\d+$/.test(text)) return 'recordId';
  if (text.startsWith('InChI=')) return 'inchi';
  if (isInchiKeyShape(text)) return 'inchikey';
  if (looksLikeSmiles(text)) return 'smiles';
  if (isHillFormula(text)) return 'formula';
  return 'name';
}

/**
 * A molecular formula in Hill order (`C9H8O4`, `C8H10N4O2`, `ClNa`, `H2O4S`): real element symbols, each once, with
 * counts of 2 or more where given; carbon first and hydrogen next when there is carbon, else alphabetical. It must have
 * a count or two elements, so a word that happens to be a symbol (`Co`, `No`) stays a name. At most 100 characters.
 */
export function isHillFormula(text: string): boolean {
  if (text.length > 100 || !/^(?:[A-Z][a-z]?(?:[1-9]\d*)?)+$/.test(text)) return false;
  const parts = [...text.matchAll(/([A-Z][a-z]?)([1-9]\d*)?/g)];
  const symbols = parts.map((m) => m[1]);
  if (!symbols.every(isElementSymbol) || new Set(symbols).size !== symbols.length) return false;
  if (parts.some((m) => m[2] === '1')) return false;
  if (symbols.length < 2 && !parts.some((m) => m[2])) return false;
  const rest = symbols[0] === 'C' ? symbols.slice(symbols[1] === 'H' ? 2 : 1) : symbols;
  return rest.every((s, i) => i === 0 || rest[i - 1] < s) && (symbols[0] === 'C' || !rest.includes('C'));
}
