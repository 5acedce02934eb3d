/** The hover backend over the shared client: an identity search, then details and image of the first hit. */
import type { CompoundDbClient } from '../../client';
import { pollQuery } from '../../client';
import { HOVER_FIELDS, type HoverBackend } from './hoverLookup';
import type { HoverKind } from './hoverTargets';

export function clientHoverBackend(client: CompoundDbClient, statusCheckLimit: number): HoverBackend {
  return {
    async find(kind: HoverKind, text: string): Promise<number[]> {
      const queryId = kind === 'inchikey' ? await client.filterInchikey(text) : await client.filterSmiles(text);
      await pollQuery(queryId, (signal) => client.filterStatus(queryId, { signal }), { maxStatusChecks: statusCheckLimit, firstWaitMs: 20 });
      return (await client.filterResults(queryId, 0, 10)).results;
    },
    details: (recordId) => client.getDetails(recordId, [...HOVER_FIELDS]),
    image: (recordId) => client.getImage(recordId),
  };
}
