/**
 * The two ways a bulk run can ask a server, each with the fewest requests its interface allows:
 *
 * | step     | with a security token (older interface)                  | with only an API key (current interface)                   |
 * |----------|----------------------------------------------------------|------------------------------------------------------------|
 * | search   | `simpleSearch`: one request, at most 100 IDs             | filter by kind (InChIKey / InChI / SMILES / name), status checks, results: 3 requests or more |
 * | records  | `getExtendedCompoundInfoList`: 100 IDs a request, with InChIKey | `getDetailsBatch` (4 fields), 100 IDs a request, then two conversions per record for its InChIKey (the current details carry none) |
 *
 * A search runs as the client's query object (`client.query(spec)`, as the Searches tree and the hovers run one) of
 * the spec a backend names, its requests paced by the run's `send`; so is every records request. `send` paces each
 * request and retries it when the connection drops or the server is busy.
 */
import { LIMITS, type QueryKind } from '../../wire';
import type { CompoundDbClient } from '../client';
import type { SearchSpec } from '../search-spec';
import type { ResolvedRecord } from './resolve-cache';
import { plainFormula } from '../../chemistry/formula/text';

/** Sends one request (paced, retried); `urgent` ones jump the queue. */
export type Send = <T>(request: (signal?: AbortSignal) => Promise<T>, urgent?: boolean) => Promise<T>;

export interface ResolveBackend {
  readonly via: 'older' | 'current';
  /** Records per records request. */
  readonly batchSize: number;
  /** The search that finds an identifier of this kind. */
  searchSpec(identifier: string, kind: SearchedKind): SearchSpec;
  /** The records among `recordIds` (at most batchSize); unknown IDs are left out. */
  records(recordIds: number[], send: Send): Promise<ResolvedRecord[]>;
}

export type SearchedKind = Exclude<QueryKind, 'recordId' | 'formula'>;

export function backendFor(client: CompoundDbClient): ResolveBackend {
  return client.hasToken ? olderBackend(client) : currentBackend(client);
}

/** The current interface's filter for an identifier of each kind. */
const CURRENT_SPEC: Readonly<Record<SearchedKind, (identifier: string) => SearchSpec>> = {
  inchikey: (inchikey) => ({ kind: 'inchikey', inchikey, identity: 'tautomer' }),
  inchi: (inchi) => ({ kind: 'inchi', inchi, identity: 'tautomer' }),
  smiles: (smiles) => ({ kind: 'smiles', smiles, identity: 'tautomer' }),
  name: (name) => ({ kind: 'name', name }),
};

function olderBackend(client: CompoundDbClient): ResolveBackend {
  return {
    via: 'older',
    batchSize: LIMITS.detailsBatch,
    searchSpec: (identifier) => ({ kind: 'legacySimple', query: identifier }),
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

function currentBackend(client: CompoundDbClient): ResolveBackend {
  return {
    via: 'current',
    batchSize: LIMITS.detailsBatch,
    searchSpec: (identifier, kind) => CURRENT_SPEC[kind](identifier),
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
