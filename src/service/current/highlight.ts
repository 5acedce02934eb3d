/**
 * `records/{id}/image?highlight=` (shared/beyond-the-spec.md 1): the record drawn with every match of a SMILES or
 * SMARTS query highlighted; no match gives the plain drawing. `highlightFormat` (SMILES or SMARTS) says how to read
 * the query; without it, text that parses as SMILES is SMILES (as a substructure search reads it), else SMARTS.
 */
import { STRUCTURE_LIMITS, SUBSTRUCTURE_FORMATS, checkTextLength, shownValue, type SubstructureFormat } from '../../wire';
import type { ServiceContext } from '../context';
import type { CompoundRecord } from '../store/record';
import { assertValid, badField } from '../http/problem';
import { IMAGE_SIZE } from '../image-cache';
import { parseStructureQuery } from './structure-filters';

function formatOf(text: string, asked: string | null, ctx: ServiceContext): SubstructureFormat {
  if (asked !== null && asked !== '') {
    const format = asked.toUpperCase();
    if (!SUBSTRUCTURE_FORMATS.includes(format as SubstructureFormat))
      throw badField('highlightFormat', `highlightFormat ${shownValue(asked)} must be SMILES or SMARTS`);
    return format as SubstructureFormat;
  }
  const asSmiles = ctx.chemistry.structures.parseQuery(text, 'SMILES');
  asSmiles?.dispose();
  return asSmiles ? 'SMILES' : 'SMARTS';
}

export function highlightedPng(ctx: ServiceContext, record: CompoundRecord, text: string, asked: string | null): Buffer | undefined {
  assertValid(checkTextLength('highlight', text, STRUCTURE_LIMITS.queryChars));
  const query = parseStructureQuery(ctx, 'highlight', text, formatOf(text, asked, ctx));
  try {
    const png = ctx.chemistry.depictPngHighlighted(record.mol2D || record.smiles, query, IMAGE_SIZE);
    return png ? Buffer.from(png) : undefined;
  } finally {
    query.dispose();
  }
}
