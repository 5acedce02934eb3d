/**
 * Structure search (shared/beyond-the-spec.md section 1): substructure and similarity filters of the local service,
 * on the same asynchronous query engine as every filter. Routes, bodies, limits and input rules, shared by the
 * client and the service.
 */
import type { Ordered } from './current';
import type { FieldError } from './errors';
import { checkOrder, checkStringList, shownValue } from './validate';
import { checkTextLength } from './structure-size';
import { QUERY_SHAPE_LIMITS, checkQueryShape } from './query-shape';

export const STRUCTURE_ROUTES = {
  filterSubstructure: { method: 'POST', path: 'filter/substructure' },
  filterSimilarity: { method: 'POST', path: 'filter/similarity' },
} as const;

export const SUBSTRUCTURE_FORMATS = ['SMILES', 'SMARTS'] as const;
export type SubstructureFormat = (typeof SUBSTRUCTURE_FORMATS)[number];

export const STRUCTURE_LIMITS = {
  /** characters of a query structure (SMILES or SMARTS); longer is a 400 before the toolkit sees it */
  queryChars: 1000,
  /** atoms of a parsed query (and of its text, src/wire/query-shape.ts) */
  queryAtoms: QUERY_SHAPE_LIMITS.atoms,
  /**
   * how long RDKit's matcher may spend on one record: the service terminates the matcher worker past it (one slice
   * of a search and this); the structure grid stops its scan after a record that took longer
   */
  recordMatchMs: 1000,
  /** results a substructure search returns at most (its default and its ceiling) */
  substructureMaxResultsDefault: 10_000,
  substructureMaxResults: 100_000,
  /** similarity (shared/beyond-the-spec.md) */
  similarityThresholdDefault: 0.7,
  similarityMaxResultsDefault: 100,
  similarityMaxResults: 10_000,
  /** Morgan fingerprint of the similarity search */
  morganRadius: 2,
  morganBits: 2048,
} as const;

export interface SubstructureFilterBody extends Ordered {
  query: string;
  queryFormat?: SubstructureFormat | null;
  useChirality?: boolean | null;
  /** Compound DB's own bound: stop after this many matches (the status message says so). */
  maxResults?: number | null;
  dataSources?: string[] | null;
}

export interface SimilarityFilterBody extends Ordered {
  smiles: string;
  threshold?: number | null;
  maxResults?: number | null;
  dataSources?: string[] | null;
}

type Errors = FieldError[];

function checkStructureText(field: string, value: unknown, errors: Errors): Errors {
  if (typeof value !== 'string' || value.trim() === '') {
    errors.push({ field, message: `${field} must be a non-empty SMILES${field === 'query' ? ' or SMARTS' : ''} string` });
  } else {
    checkTextLength(field, value, STRUCTURE_LIMITS.queryChars, errors);
  }
  return errors;
}

function checkWholeNumber(field: string, value: unknown, max: number, errors: Errors): Errors {
  if (value === undefined || value === null) return errors;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    errors.push({ field, message: `${field} ${shownValue(value)} must be a whole number from 1 to ${max}` });
  }
  return errors;
}

export function checkSubstructureFilter(body: Partial<SubstructureFilterBody>): Errors {
  const errors = checkStructureText('query', body.query, []);
  const format = body.queryFormat;
  if (format !== undefined && format !== null && !SUBSTRUCTURE_FORMATS.includes(format as SubstructureFormat)) {
    errors.push({ field: 'queryFormat', message: `queryFormat ${shownValue(format)} must be SMILES or SMARTS` });
  }
  if (body.useChirality !== undefined && body.useChirality !== null && typeof body.useChirality !== 'boolean') {
    errors.push({ field: 'useChirality', message: 'useChirality must be true or false' });
  }
  checkWholeNumber('maxResults', body.maxResults, STRUCTURE_LIMITS.substructureMaxResults, errors);
  checkStringList('dataSources', body.dataSources, errors);
  return checkOrder(body, errors);
}

export function checkSimilarityFilter(body: Partial<SimilarityFilterBody>): Errors {
  const errors = checkStructureText('smiles', body.smiles, []);
  const t = body.threshold;
  if (t !== undefined && t !== null && (typeof t !== 'number' || !Number.isFinite(t) || t < 0 || t > 1)) {
    errors.push({ field: 'threshold', message: `threshold ${shownValue(t)} must be a number from 0 to 1` });
  }
  checkWholeNumber('maxResults', body.maxResults, STRUCTURE_LIMITS.similarityMaxResults, errors);
  checkStringList('dataSources', body.dataSources, errors);
  return checkOrder(body, errors);
}

/** Tanimoto similarity as the service reports it: rounded to 4 decimals. */
export function roundScore(score: number): number {
  return Math.round(score * 10_000) / 10_000;
}

/**
 * How a typed structure query is read: SMILES when it passes the SMILES syntax check, else SMARTS. A SMARTS pattern
 * is checked here only for its shape (brackets, parentheses and ring-bond digits paired), as you type; the service's
 * parser is the final word (a 400 naming `query`).
 */
export function structureQueryProblem(text: string, smilesOk: boolean): string | undefined {
  const t = text.trim();
  if (t === '') return 'query must be a non-empty SMILES or SMARTS';
  if (t.length > STRUCTURE_LIMITS.queryChars) return `query has ${t.length} characters; at most ${STRUCTURE_LIMITS.queryChars} are allowed`;
  const [shape] = checkQueryShape('query', t);
  if (shape) return shape.message;
  if (smilesOk) return undefined;
  let depth = 0;
  // Bracket atoms nest through recursive SMARTS (`[$([OH]c)]`); ring-bond digits count only outside them.
  let brackets = 0;
  const rings = new Set<string>();
  for (let i = 0; i < t.length; i++) {
    const c = t[i];
    if (c === '[') brackets++;
    else if (c === ']' && --brackets < 0) return `SMARTS has an unmatched "]" at character ${i + 1}`;
    else if (brackets > 0) continue;
    else if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return `SMARTS has an unmatched ")" at character ${i + 1}`;
    else if (/\s/.test(c)) return `SMARTS has a space at character ${i + 1}`;
    else if (/\d/.test(c) || c === '%') {
      const label = c === '%' ? t.slice(i, i + 3) : c;
      if (c === '%') i += 2;
      if (rings.has(label)) rings.delete(label);
      else rings.add(label);
    }
  }
  if (brackets > 0) return 'SMARTS has a "[" that is never closed';
  if (depth > 0) return 'SMARTS has a "(" that is never closed';
  if (rings.size) return `SMARTS leaves ring bond ${[...rings][0]} open`;
  return undefined;
}
