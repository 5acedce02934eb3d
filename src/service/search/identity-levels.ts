/**
 * Identity levels (shared/beyond-the-spec.md 4): the records matching a query structure at `exact`, then at each looser
 * level up to the one asked, each record once at its closest level; closest level first, then by record ID. Every level
 * is one index lookup (the stores key records by connectivity, parent and tautomer blocks, computed at load).
 *
 * A query given as an InChIKey has no structure to take a parent or tautomer of: its parent keys are its own first
 * block and the parent keys of the records sharing that block (the same for tautomers).
 */
import { levelsUpTo, type IdentityLevel } from '../../wire';
import { identityKeyOf, type LooseLevel } from '../store/compound-store';
import type { CompoundRecord } from '../record';
import type { SearchContext } from './context';

/** What is known of the query: its InChIKey, and its parent and tautomer keys when it came as a structure. */
export interface QueryIdentity {
  inchiKey: string;
  parentKey?: string;
  tautomerKey?: string;
}

export interface LevelledRecords {
  records: CompoundRecord[];
  levels: IdentityLevel[];
}

export async function recordsAtLevels(
  ctx: SearchContext,
  query: QueryIdentity,
  loosest: IdentityLevel,
  exact?: readonly CompoundRecord[],
): Promise<LevelledRecords> {
  const records: CompoundRecord[] = [];
  const levels: IdentityLevel[] = [];
  const seen = new Set<number>();
  const take = (found: readonly CompoundRecord[], level: IdentityLevel) => {
    for (const r of [...found].sort((a, b) => a.id - b.id)) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      records.push(r);
      levels.push(level);
    }
  };
  const block = query.inchiKey.slice(0, 14);
  let sameSkeleton: CompoundRecord[] | undefined;
  for (const level of levelsUpTo(loosest)) {
    if (level === 'exact') {
      take(exact ?? (await ctx.store.getByInchiKey(query.inchiKey)), level);
      continue;
    }
    if (level === 'connectivity') {
      sameSkeleton = await ctx.store.byIdentityKeys('connectivity', [block]);
      take(sameSkeleton, level);
      continue;
    }
    const own = level === 'parent' ? query.parentKey : query.tautomerKey;
    const keys = own
      ? [own]
      : [block, ...(sameSkeleton ?? (await ctx.store.byIdentityKeys('connectivity', [block]))).map((r) => identityKeyOf(r, level))];
    take(await ctx.store.byIdentityKeys(level satisfies LooseLevel, keys), level);
  }
  return { records, levels };
}
