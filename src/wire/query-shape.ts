/**
 * The shape of a SMILES or SMARTS query read from its text in one linear pass, before any toolkit sees it: atoms
 * written (recursive SMARTS included), how deep recursive SMARTS nest, and ring closures. RDKit cannot bound what
 * these measure (a recursive SMARTS nested 47 deep makes its writer and fingerprint throw inside WASM, 48 deep hang),
 * so the service, the structure grid and the sketcher refuse a query over QUERY_SHAPE_LIMITS with the same words.
 */
import type { FieldError } from './errors';

export const QUERY_SHAPE_LIMITS = {
  /** atoms of a query (outside recursive SMARTS); QUERY_SHAPE_LIMITS.atoms is this */
  atoms: 100,
  /** nesting of recursive SMARTS (`[$(...)]` inside `[$(...)]`); real patterns use 1 to 3 */
  recursionDepth: 8,
  /** atoms written inside recursive SMARTS, all of them together */
  recursiveAtoms: 100,
  /** ring closures (a ring-bond digit or `%nn` opened and closed) of one query: the cage C60 needs 32 */
  ringClosures: 60,
} as const;

export interface QueryShape {
  /** Atoms of the query itself (outside recursive SMARTS), as the parsed query counts them. */
  atoms: number;
  /** Atoms written inside recursive SMARTS. */
  recursiveAtoms: number;
  /** Deepest nesting of recursive SMARTS. */
  recursionDepth: number;
  /** Ring-bond labels opened (each a ring closure once closed). */
  ringClosures: number;
}

const ONE_LETTER_ATOMS = new Set(['B', 'C', 'N', 'O', 'P', 'S', 'F', 'I', 'b', 'c', 'n', 'o', 'p', 's', '*', 'A', 'a']);

/**
 * Counts the shape of a SMILES or SMARTS. A chain context (the query, or a recursive SMARTS) holds atoms, bonds,
 * branches and ring bonds; a bracket atom holds primitives and may open `$(` a chain context of its own.
 */
export function queryShape(text: string): QueryShape {
  const shape: QueryShape = { atoms: 0, recursiveAtoms: 0, recursionDepth: 0, ringClosures: 0 };
  // One entry per open context: 'b' a bracket atom, a number the open branches of a chain (the query's own is first).
  const stack: Array<'b' | number> = [0];
  let depth = 0;
  // Ring-bond labels open in the query's own chain and in each recursive one.
  const open: Array<Set<string>> = [new Set()];
  const atom = (): void => {
    if (depth === 0) shape.atoms++;
    else shape.recursiveAtoms++;
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const top = stack[stack.length - 1];
    if (top === 'b') {
      if (c === ']') stack.pop();
      else if (c === '[') stack.push('b');
      else if (c === '$' && text[i + 1] === '(') {
        i++;
        stack.push(0);
        open.push(new Set());
        shape.recursionDepth = Math.max(shape.recursionDepth, ++depth);
      }
      continue;
    }
    if (c === '[') {
      atom();
      stack.push('b');
    } else if (c === '(') {
      stack[stack.length - 1] = top + 1;
    } else if (c === ')') {
      if (top > 0) stack[stack.length - 1] = top - 1;
      else if (stack.length > 1) {
        // the end of a recursive SMARTS: back into its bracket atom
        stack.pop();
        open.pop();
        depth--;
      }
    } else if ((c === 'C' && text[i + 1] === 'l') || (c === 'B' && text[i + 1] === 'r')) {
      atom();
      i++;
    } else if (ONE_LETTER_ATOMS.has(c)) {
      atom();
    } else if (c >= '0' && c <= '9') {
      ringBond(c);
    } else if (c === '%') {
      const label = text[i + 1] === '(' ? text.slice(i, text.indexOf(')', i) + 1 || text.length) : text.slice(i, i + 3);
      i += label.length - 1;
      ringBond(label);
    }
  }
  return shape;

  function ringBond(label: string): void {
    const labels = open[open.length - 1];
    if (labels.delete(label)) shape.ringClosures++;
    else labels.add(label);
  }
}

/**
 * Problems of a query's shape, naming `field`: any of QUERY_SHAPE_LIMITS broken.
 */
export function checkQueryShape(field: string, text: string, errors: FieldError[] = []): FieldError[] {
  const shape = queryShape(text);
  const over = (what: string, n: number, max: number) => errors.push({ field, message: `${field} has ${n} ${what}; at most ${max} are allowed` });
  if (shape.atoms > QUERY_SHAPE_LIMITS.atoms)
    errors.push({ field, message: `${field} has ${shape.atoms} atoms; a structure query has 1 to ${QUERY_SHAPE_LIMITS.atoms}` });
  else if (shape.recursionDepth > QUERY_SHAPE_LIMITS.recursionDepth)
    over('levels of recursive SMARTS ($(...) inside $(...))', shape.recursionDepth, QUERY_SHAPE_LIMITS.recursionDepth);
  else if (shape.recursiveAtoms > QUERY_SHAPE_LIMITS.recursiveAtoms)
    over('atoms inside recursive SMARTS', shape.recursiveAtoms, QUERY_SHAPE_LIMITS.recursiveAtoms);
  else if (shape.ringClosures > QUERY_SHAPE_LIMITS.ringClosures) over('ring closures', shape.ringClosures, QUERY_SHAPE_LIMITS.ringClosures);
  return errors;
}
