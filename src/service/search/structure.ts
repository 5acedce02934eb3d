/** Search by structure identity: the InChIKey of the parsed input, not string equality. */
import type { CompoundRecord } from '../store/record';
import type { SearchContext } from './context';
import { unique } from './restrict';

/**
 * The standard InChIKey of an InChI, or undefined when it does not parse: that of a record holding exactly this InChI
 * when there is one (no parsing: a bulk resolve sends thousands), else through Indigo, then RDKit.
 */
export async function inchiKeyOfInchi(ctx: SearchContext, inchi: string): Promise<string | undefined> {
  const [exact] = await ctx.store.getByInchi(inchi.trim());
  if (exact) return exact.inchiKey;
  const mol = await ctx.chemistry.molFromInchiAsync(inchi.trim());
  return mol ? ctx.chemistry.inchiKeyOf(mol) : undefined;
}

/** Records with this exact InChI or with the InChIKey of its structure. */
export async function recordsByInchi(ctx: SearchContext, inchi: string, knownKey?: string): Promise<CompoundRecord[]> {
  const key = knownKey ?? (await inchiKeyOfInchi(ctx, inchi));
  const exact = await ctx.store.getByInchi(inchi);
  return unique([...exact, ...(key ? await ctx.store.getByInchiKey(key) : [])]);
}

export async function recordsByStructure(ctx: SearchContext, smilesOrMol: string): Promise<CompoundRecord[]> {
  const key = ctx.chemistry.inchiKeyOf(smilesOrMol);
  return key ? ctx.store.getByInchiKey(key) : [];
}
