/**
 * `records/{id}/image?highlight=` (shared/beyond-the-spec.md 1): the record drawn with every match of a SMILES or
 * SMARTS query highlighted; no match gives the plain drawing. `highlightFormat` (SMILES or SMARTS) says how to read
 * the query; without it, text that parses as SMILES is SMILES (as a substructure search reads it), else SMARTS.
 */
import { STRUCTURE_LIMITS, SUBSTRUCTURE_FORMATS, checkTextLength, shownValue, type SubstructureFormat } from '../../../wire';
import type { ServiceContext } from '../../context';
import type { CompoundRecord } from '../../record';
import { assertValid, badField } from '../../http/problem';
import { IMAGE_SIZE } from '../../images/image-cache';
import { parseStructureQuery } from './structure-filters';

function formatOf(asked: string | null): SubstructureFormat | 'auto' {
  if (asked === null || asked === '') return 'auto';
  const format = asked.toUpperCase();
  if (!SUBSTRUCTURE_FORMATS.includes(format as SubstructureFormat))
    throw badField('highlightFormat', `highlightFormat ${shownValue(asked)} must be SMILES or SMARTS`);
  return format as SubstructureFormat;
}

/** The record's PNG with the query's matches highlighted, drawn in a toolkit worker (bounded in time and in matches). */
export async function highlightedPng(ctx: ServiceContext, record: CompoundRecord, text: string, asked: string | null): Promise<Buffer | undefined> {
  assertValid(checkTextLength('highlight', text, STRUCTURE_LIMITS.queryChars));
  const query = await parseStructureQuery(ctx, 'highlight', text, formatOf(asked));
  const png = await ctx.toolkit.run('highlight', 'depictPngHighlighted', record.mol2D || record.smiles, query, IMAGE_SIZE);
  return png ? Buffer.from(png) : undefined;
}
