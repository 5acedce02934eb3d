/** Spec 3 / issue: what the composite search runs for a query. */
import { isInchiKeyShape } from './limits';
import { looksLikeSmiles } from './smiles-syntax';

export type QueryKind = 'recordId' | 'inchi' | 'inchikey' | 'smiles' | 'name';

/** All digits → record ID; `InChI=` → InChI; InChIKey shape → InChIKey; SMILES that is not a plain word → SMILES; else name. */
export function classifyQuery(query: string | number): QueryKind {
  const text = String(query).trim();
  if (/^\d+$/.test(text)) return 'recordId';
  if (text.startsWith('InChI=')) return 'inchi';
  if (isInchiKeyShape(text)) return 'inchikey';
  if (looksLikeSmiles(text)) return 'smiles';
  return 'name';
}
