/** The values a result row shows, for any list of record IDs: 100 a request, in the caller's order, unknown IDs left out. */
import { LIMITS, type DetailsField, type RecordDetails } from '../../wire';
import { LegacyNotFoundError, NotFoundError } from '../errors';
import type { CompoundDbClient } from '../client';
import { chunks } from '../inputs';
import { backendFor } from './backends';
import type { ResolvedRecord } from './resolve-cache';

export async function resolvedRecords(client: CompoundDbClient, recordIds: readonly number[], signal?: AbortSignal): Promise<ResolvedRecord[]> {
  const backend = backendFor(client);
  const send = <T>(request: (signal?: AbortSignal) => Promise<T>): Promise<T> => request(signal);
  const parts = await Promise.all(chunks([...new Set(recordIds)], LIMITS.detailsBatch).map((part) => backend.records(part, send)));
  const byId = new Map(parts.flat().map((r) => [r.recordId, r]));
  return recordIds.flatMap((id) => byId.get(id) ?? []);
}

/**
 * After a search that found nothing, the names within a few edits of its text as the end of a sentence
 * (`; did you mean "Aspirin"?`); empty when there are none or the server offers no suggestions (they are a help, so a
 * failed request for them is no error).
 */
export async function didYouMean(client: CompoundDbClient, text: string, signal?: AbortSignal): Promise<string> {
  const near = text.trim() ? await client.suggestNames(text.trim(), 3, { signal }).catch(() => undefined) : undefined;
  return near?.length ? `; did you mean ${near.map((n) => JSON.stringify(n)).join(' or ')}?` : '';
}

/** 2D MOL blocks of records by ID: 250 a request through the older interface with a token, else 100 a request. */
export async function molBlocks(client: CompoundDbClient, recordIds: readonly number[], signal?: AbortSignal): Promise<Map<number, string>> {
  const ids = [...new Set(recordIds)];
  const out = new Map<number, string>();
  if (!ids.length) return out;
  if (client.hasToken) {
    for (const info of await client.getExtendedMolCompoundInfoList(ids, { molType: '2d' }, { signal }))
      if (info.MOL2d) out.set(info.CSID, info.MOL2d);
  } else {
    for (const d of await client.getDetailsBatch(ids, ['Mol2D'], { signal })) if (d.mol2D) out.set(d.id, d.mol2D);
  }
  return out;
}

/**
 * The details of records by ID, unknown IDs left out: 100 a request with an API key (only `fields` when given: the
 * server then reads no MOL block it is not asked for), one by one with only a token (every field).
 */
export async function recordDetailsOf(
  client: CompoundDbClient,
  recordIds: readonly number[],
  signal?: AbortSignal,
  fields?: DetailsField[],
): Promise<RecordDetails[]> {
  if (client.hasApiKey) return client.getDetailsBatch([...recordIds], fields, { signal });
  const each = await Promise.all(
    recordIds.map((id) =>
      client
        .compound(id)
        .details({ signal })
        .catch((error: unknown) => {
          if (error instanceof LegacyNotFoundError || error instanceof NotFoundError) return undefined;
          throw error;
        }),
    ),
  );
  return each.filter((d): d is RecordDetails => d !== undefined);
}
