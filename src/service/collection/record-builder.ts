/** Turns computed facts plus source information into a CompoundRecord; shared by the SDF loader and the data build. */
import type { ExternalReference } from '../../wire';
import type { CompoundRecord } from '../record';
import type { StructureFacts } from '../toolkits/types';

export interface RecordSource {
  dataSource: string;
  reference: ExternalReference;
  names: string[];
}

/**
 * Counts, derived only from what the sources say (documented in data/README.md):
 * dataSourceCount = distinct datasources holding the record; referenceCount = its external references (one per
 * entry in a source); articleCount and orgCount = 0, since no source gives literature or organisation references.
 */
export function buildRecord(
  id: number,
  facts: StructureFacts,
  commonName: string,
  sources: RecordSource[],
  mol3D: string,
  originalMol: string,
): CompoundRecord {
  const dataSources = unique(sources.map((s) => s.dataSource));
  const externalReferences = uniqueBy(
    sources.map((s) => s.reference),
    (r) => `${r.source}\u0000${r.externalId}`,
  );
  const seen = new Set([commonName.toLowerCase()]);
  const synonyms: string[] = [];
  for (const name of sources.flatMap((s) => s.names)) {
    const clean = name.trim();
    if (clean === '' || seen.has(clean.toLowerCase())) continue;
    seen.add(clean.toLowerCase());
    synonyms.push(clean);
  }
  return {
    id,
    commonName,
    synonyms,
    ...facts,
    xlogp: 0,
    mol3D,
    originalMol,
    dataSources,
    externalReferences,
    referenceCount: externalReferences.length,
    dataSourceCount: dataSources.length,
    articleCount: 0,
    orgCount: 0,
  };
}

function unique<T>(items: T[]): T[] {
  return [...new Set(items)];
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Map<string, T>();
  for (const item of items) if (!seen.has(key(item))) seen.set(key(item), item);
  return [...seen.values()];
}

/**
 * Adds `incoming` records to `existing`: a structure already present (same InChIKey) gains the incoming record's
 * datasources, references and names; new structures are appended. Returns the records appended.
 */
export function mergeRecords(existing: CompoundRecord[], incoming: CompoundRecord[]): CompoundRecord[] {
  const byKey = new Map(existing.map((r) => [r.inchiKey, r]));
  const appended: CompoundRecord[] = [];
  for (const record of incoming) {
    const same = byKey.get(record.inchiKey);
    if (!same) {
      byKey.set(record.inchiKey, record);
      existing.push(record);
      appended.push(record);
      continue;
    }
    same.dataSources = unique([...same.dataSources, ...record.dataSources]);
    same.externalReferences = uniqueBy([...same.externalReferences, ...record.externalReferences], (r) => `${r.source}\u0000${r.externalId}`);
    const names = new Set([same.commonName.toLowerCase(), ...same.synonyms.map((s) => s.toLowerCase())]);
    for (const name of [record.commonName, ...record.synonyms]) {
      if (name && !names.has(name.toLowerCase())) {
        names.add(name.toLowerCase());
        same.synonyms.push(name);
      }
    }
    same.dataSourceCount = same.dataSources.length;
    same.referenceCount = same.externalReferences.length;
  }
  return appended;
}
