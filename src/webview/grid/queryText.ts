import { checkQueryShape } from '../../wire/query-shape';
import { STRUCTURE_LIMITS } from '../../wire/structure-search';

/**
 * Why a substructure query's text is refused before any toolkit reads it (the service's bounds on a query: its
 * length and its shape, one linear pass); undefined when it may be read. Checked on the page and again in the worker.
 */
export function queryTextProblem(text: string): string | undefined {
  const t = text.trim();
  if (!t || t.length > STRUCTURE_LIMITS.queryChars) return `Give a SMILES or SMARTS of at most ${STRUCTURE_LIMITS.queryChars} characters.`;
  const [shape] = checkQueryShape('The query', t);
  return shape ? `${shape.message}.` : undefined;
}
