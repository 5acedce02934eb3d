/** Limits as the documentation states them. */
import { LIMITS } from './limits';
import { STRUCTURE_LIMITS } from './structure-search';
import { QUERY_SHAPE_LIMITS } from './query-shape';

/**
 * The table of limits in src/service/README.md ("Limits and survival"), row by row, from the values above:
 * `test/unit/wire/limits-docs.test.ts` renders it and checks that the README says the same.
 */
export const DOCUMENTED_LIMITS: ReadonlyArray<{
  what: string;
  limit: number;
  unit: 'bytes' | 'characters' | 'atoms' | 'bonds' | 'parts' | 'levels' | 'ring closures' | 'IDs' | 'elements';
}> = [
  { what: 'request body (413 past it)', limit: LIMITS.bodyBytes, unit: 'bytes' },
  {
    what: 'any text field not listed below (datasource names, details field names, tokens, older-interface fields)',
    limit: LIMITS.textChars,
    unit: 'characters',
  },
  { what: 'an InChIKey `tools/convert` input', limit: LIMITS.textChars, unit: 'characters' },
  { what: 'molecular formula (`formula`, each of `formulas`)', limit: LIMITS.formulaChars, unit: 'characters' },
  { what: 'SMILES (`smiles` of filter smiles, a SMILES `tools/convert` input)', limit: LIMITS.smilesChars, unit: 'characters' },
  { what: "InChI; the older simple search's `query`", limit: LIMITS.inchiChars, unit: 'characters' },
  { what: 'MOL block (`tools/convert` input, each entry of a user SDF)', limit: LIMITS.molChars, unit: 'bytes' },
  {
    what: 'structure search query (`query` of filter substructure, `smiles` of filter similarity, `highlight` of a record image)',
    limit: STRUCTURE_LIMITS.queryChars,
    unit: 'characters',
  },
  { what: 'atoms other than hydrogen in one structure (SMILES, InChI formula layer, MOL)', limit: LIMITS.structureHeavyAtoms, unit: 'atoms' },
  { what: 'atoms of a MOL block or RDKit JSON, hydrogens included', limit: LIMITS.structureAtoms, unit: 'atoms' },
  { what: 'bonds of a MOL block or RDKit JSON', limit: LIMITS.structureBonds, unit: 'bonds' },
  {
    what: 'separate parts of one structure (`.` in SMILES, components of the InChI formula layer, unbonded parts of a MOL block or RDKit JSON)',
    limit: LIMITS.structureComponents,
    unit: 'parts',
  },
  {
    what: 'atoms of a structure query (outside recursive SMARTS), counted from its text and again as RDKit reads it',
    limit: STRUCTURE_LIMITS.queryAtoms,
    unit: 'atoms',
  },
  {
    what: 'nesting of recursive SMARTS in a structure query (`[$(...)]` inside `[$(...)]`)',
    limit: QUERY_SHAPE_LIMITS.recursionDepth,
    unit: 'levels',
  },
  { what: 'atoms inside the recursive SMARTS of a structure query, all together', limit: QUERY_SHAPE_LIMITS.recursiveAtoms, unit: 'atoms' },
  { what: 'ring closures of a structure query', limit: QUERY_SHAPE_LIMITS.ringClosures, unit: 'ring closures' },
  { what: 'included elements of filter element', limit: LIMITS.includeElements, unit: 'elements' },
  { what: 'excluded elements of filter element', limit: LIMITS.excludeElements, unit: 'elements' },
  { what: 'record IDs of `records/batch`', limit: LIMITS.detailsBatch, unit: 'IDs' },
  { what: 'record IDs of the older `GetExtendedMolCompoundInfoArray`', limit: LIMITS.legacyMolInfoBatch, unit: 'IDs' },
];
