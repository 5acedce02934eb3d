/** The hover backend over the shared client: an identity search, then details and image of the first hit. */
import type { CompoundDbClient } from '../../client';
import { HOVER_FIELDS, type HoverBackend } from './hoverLookup';
import type { HoverKind } from './hoverTargets';

/** The hover shows the first record and says how many more matched, up to this many. */
const HOVER_RESULTS = 10;

export function clientHoverBackend(client: CompoundDbClient, statusCheckLimit: number): HoverBackend {
  return {
    async find(kind: HoverKind, text: string): Promise<number[]> {
      const query = client.query(kind === 'inchikey' ? { kind: 'inchikey', inchikey: text } : { kind: 'smiles', smiles: text });
      await query.run({ maxStatusChecks: statusCheckLimit });
      return (await query.page(0, HOVER_RESULTS)).ids;
    },
    async findLoosely(kind: HoverKind, text: string) {
      // Compound DB's own service only (shared/beyond-the-spec.md 4); another server's refusal means no looser match.
      try {
        const spec =
          kind === 'inchikey' ? { kind, inchikey: text, identity: 'tautomer' as const } : { kind, smiles: text, identity: 'tautomer' as const };
        const query = client.query(spec);
        await query.run({ maxStatusChecks: statusCheckLimit });
        if (!query.queryId) return { ids: [] };
        const { results, matchLevels } = await client.filterLevelledResults(query.queryId);
        const level = matchLevels[0];
        if (!level || level === 'exact') return { ids: [] };
        return { ids: results.filter((_, i) => matchLevels[i] === level).slice(0, HOVER_RESULTS), level };
      } catch {
        return { ids: [] };
      }
    },
    details: (recordId) => client.getDetails(recordId, [...HOVER_FIELDS]),
    image: (recordId) => client.getImage(recordId),
    // measured spectra are listed by the older interface (the built-in database has it)
    spectraCount: async (recordId) => (client.hasToken ? (await client.getCompoundSpectraInfo(recordId)).length : undefined),
  };
}
