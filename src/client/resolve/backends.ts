/**
 * The two ways a bulk run can ask a server, each with the fewest requests its interface allows:
 *
 * | step     | with a security token (older interface)                  | with only an API key (current interface)                   |
 * |----------|----------------------------------------------------------|------------------------------------------------------------|
 * | search   | `simpleSearch`: one request, at most 100 IDs             | filter by kind (InChIKey / InChI / SMILES / name), status checks, results: 3 requests or more |
 * | records  | `getExtendedCompoundInfoList`: 100 IDs a request, with InChIKey | `getDetailsBatch` (4 fields), 100 IDs a request, then two conversions per record for its InChIKey (the current details carry none) |
 *
 * Every request goes through `send`, which paces it and retries it when the connection drops or the server is busy.
 */
import { LIMITS, plainFormula, type QueryKind } from '../../wire';
import type { CompoundDbClient } from '../client';
import { pollQuery } from '../poll';
import { abortableSleep } from '../sleep';
import type { ResolvedRecord } from './resolve-cache';

/** Sends one request (paced, retried); `urgent` ones jump the queue. */
export type Send = <T>(request: (signal?: AbortSignal) => Promise<T>, urgent?: boolean) => Promise<T>;

export interface ResolveBackend {
  readonly via: 'older' | 'current';
  /** Records per records request. */
  readonly batchSize: number;
  search(identifier: string, kind: Exclude<QueryKind, 'recordId'>, send: Send, signal?: AbortSignal): Promise<number[]>;
  /** The records among `recordIds` (at most batchSize); unknown IDs are left out. */
  records(recordIds: number[], send: Send): Promise<ResolvedRecord[]>;
}

export function backendFor(client: CompoundDbClient): ResolveBackend {
  return client.hasToken ? olderBackend(client) : currentBackend(client);
}

function olderBackend(client: CompoundDbClient): ResolveBackend {
  return {
    via: 'older',
    batchSize: LIMITS.detailsBatch,
    search: (identifier, _kind, send) => send((signal) => client.simpleSearch(identifier, { signal })),
    records: async (ids, send) => {
      const infos = await send((signal) => client.getExtendedCompoundInfoList(ids, { signal }), true);
      return infos.map((info) => ({
        recordId: info.CSID,
        name: info.CommonName ?? '',
        formula: plainFormula(info.MF ?? ''),
        inchikey: info.InChIKey ?? '',
        smiles: info.SMILES ?? '',
        monoisotopicMass: Number.isFinite(info.MonoisotopicMass) ? info.MonoisotopicMass : undefined,
      }));
    },
  };
}

/** The client's poller, its first status check at once: a lookup by identifier is usually finished by then. */
const POLL = { minWaitMs: 20, maxWaitMs: 2000, sleep: abortableSleep, now: () => performance.now() };

function currentBackend(client: CompoundDbClient): ResolveBackend {
  const submit = (identifier: string, kind: Exclude<QueryKind, 'recordId'>, signal?: AbortSignal): Promise<string> => {
    const call = { signal };
    switch (kind) {
      case 'inchikey':
        return client.filterInchikey(identifier, call);
      case 'inchi':
        return client.filterInchi(identifier, call);
      case 'smiles':
        return client.filterSmiles(identifier, call);
      case 'name':
        return client.filterName(identifier, {}, call);
    }
  };
  return {
    via: 'current',
    batchSize: LIMITS.detailsBatch,
    search: async (identifier, kind, send, signal) => {
      const queryId = await send((s) => submit(identifier, kind, s));
      await pollQuery(queryId, () => send((s) => client.filterStatus(queryId, { signal: s })), { ...POLL, signal });
      return send((s) => client.filterAllResults(queryId, { signal: s }));
    },
    records: async (ids, send) => {
      const fields = ['SMILES', 'Formula', 'MonoisotopicMass', 'CommonName'] as const;
      const details = await send((signal) => client.getDetailsBatch(ids, [...fields], { signal }), true);
      return Promise.all(
        details.map(async (d) => {
          const smiles = d.smiles ?? '';
          const inchi = smiles ? await send((signal) => client.convert(smiles, 'SMILES', 'InChI', { signal }), true) : '';
          const inchikey = inchi ? await send((signal) => client.convert(inchi, 'InChI', 'InChIKey', { signal }), true) : '';
          return {
            recordId: d.id,
            name: d.commonName ?? '',
            formula: plainFormula(d.formula ?? ''),
            inchikey,
            smiles,
            monoisotopicMass: d.monoisotopicMass,
          };
        }),
      );
    },
  };
}
