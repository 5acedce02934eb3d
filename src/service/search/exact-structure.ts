/** Search by structure identity: the InChIKey of the parsed input, not string equality. */
import type { CompoundRecord } from '../record';
import type { SearchContext } from './context';
import { unique } from './restrict';

/**
 * The InChIKey of an InChI (the hash of a valid standard InChI), or undefined when it is not valid: that of a record
 * holding exactly this InChI when there is one (no parsing: a bulk resolve sends thousands).
 */
export async function inchiKeyOfInchi(ctx: SearchContext, field: string, inchi: string): Promise<string | undefined> {
  const [exact] = await ctx.store.getByInchi(inchi.trim());
  if (exact) return exact.inchiKey;
  return ctx.toolkit.run(field, 'inchiKeyOfInchi', inchi.trim());
}

/** Records with this exact InChI or with the InChIKey of its structure. */
export async function recordsByInchi(ctx: SearchContext, field: string, inchi: string, knownKey?: string): Promise<CompoundRecord[]> {
  const key = knownKey ?? (await inchiKeyOfInchi(ctx, field, inchi));
  const exact = await ctx.store.getByInchi(inchi);
  return unique([...exact, ...(key ? await ctx.store.getByInchiKey(key) : [])]);
}

/**
 * The InChIKey of a SMILES or MOL block, or undefined when it does not parse: that of a record holding exactly this
 * SMILES when the store indexes them (no parsing and no InChI to compute: a bulk resolve sends thousands).
 */
export async function inchiKeyOfStructure(ctx: SearchContext, field: string, smilesOrMol: string): Promise<string | undefined> {
  const [exact] = (await ctx.store.getBySmiles?.(smilesOrMol.trim())) ?? [];
  if (exact) return exact.inchiKey;
  return ctx.toolkit.run(field, 'inchiKeyOf', smilesOrMol);
}

export async function recordsByStructure(ctx: SearchContext, field: string, smilesOrMol: string): Promise<CompoundRecord[]> {
  const key = await inchiKeyOfStructure(ctx, field, smilesOrMol);
  return key ? ctx.store.getByInchiKey(key) : [];
}
