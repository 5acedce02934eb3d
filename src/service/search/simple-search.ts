/**
 * The older interface's simple search: one free-text query classified exactly as the client's composite
 * search does (the shared classifier of src/wire/query-kind.ts). SMILES that finds nothing falls back to name
 * search, and a name (or a Hill formula that no name equals) that finds nothing is tried as a formula.
 */
import { classifyQuery } from '../../wire';
import type { CompoundRecord } from '../record';
import type { SearchContext } from './context';
import { recordsByInchi, recordsByStructure } from './exact-structure';

export async function simpleSearch(ctx: SearchContext, query: string): Promise<CompoundRecord[]> {
  const q = query.trim();
  if (q === '') return [];
  switch (classifyQuery(q)) {
    case 'recordId': {
      const r = await ctx.store.getById(Number(q));
      return r ? [r] : [];
    }
    case 'inchi':
      return recordsByInchi(ctx, 'query', q);
    case 'inchikey':
      return ctx.store.getByInchiKey(q);
    case 'smiles': {
      const found = await recordsByStructure(ctx, 'query', q);
      if (found.length) return found;
      return byNameThenFormula(ctx, q);
    }
    case 'formula':
    case 'name':
      return byNameThenFormula(ctx, q);
  }
}

async function byNameThenFormula(ctx: SearchContext, q: string): Promise<CompoundRecord[]> {
  const byName = await ctx.store.byName(q);
  return byName.length ? byName : ctx.store.byFormula(q);
}
