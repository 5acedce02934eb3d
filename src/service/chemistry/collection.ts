/** The collection shipped in data/ (built by scripts/build-data.mjs; format in data/README.md). */
import * as fs from 'fs';
import * as path from 'path';
import { gunzipSync } from 'zlib';
import { gunzipInBackground } from './gunzip';
import type { CompoundRecord } from '../store/record';
import { no3DBlock } from './molblock';

export const COLLECTION_FILE = 'compounds.json.gz';
export const COLLECTION_FORMAT = 'compound-db-collection/1';

export interface CollectionFile {
  format: typeof COLLECTION_FORMAT;
  /** Build date (fixed in the build script, so rebuilding gives the same bytes). */
  built: string;
  /** Datasource names, with their licence and version. */
  dataSources: Array<{ name: string; version: string; license: string; url: string }>;
  /** Stored compactly: see StoredRecord. */
  records: CompoundRecord[];
}

/**
 * A record as stored in the file: `originalMol` is left out when it is `mol2D` (a source that gives a SMILES, not a
 * MOL block), and `mol3D` when it is `no3DBlock(mol2D, id)`; reading puts them back.
 */
export type StoredRecord = Omit<CompoundRecord, 'originalMol' | 'mol3D'> & Partial<Pick<CompoundRecord, 'originalMol' | 'mol3D'>>;

/** @public Used by scripts/build-data.mjs (through out/) to write the file. */
export function compactRecord(record: CompoundRecord): StoredRecord {
  const stored: StoredRecord = { ...record };
  if (stored.originalMol === record.mol2D) delete stored.originalMol;
  if (stored.mol3D === no3DBlock(record.mol2D, record.id)) delete stored.mol3D;
  return stored;
}

function expandRecord(stored: StoredRecord): CompoundRecord {
  const record = stored as CompoundRecord;
  record.originalMol ??= record.mol2D;
  record.mol3D ??= no3DBlock(record.mol2D, record.id);
  return record;
}

/** data/ of the project, found upwards from this module (source tree, out/ or a bundle beside the project). */
export const SHIPPED_DATA_DIR: string = findDataDir(__dirname);

function findDataDir(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'data');
    if (fs.existsSync(path.join(candidate, COLLECTION_FILE))) return candidate;
    if (path.dirname(dir) === dir) return path.join(start, 'data');
  }
}

export function readCollectionFile(dataDir: string = SHIPPED_DATA_DIR): CollectionFile {
  const file = path.join(dataDir, COLLECTION_FILE);
  return parseCollection(gunzipSync(fs.readFileSync(file)), file);
}

function parseCollection(json: Buffer, file: string): CollectionFile {
  const parsed = JSON.parse(json.toString('utf8')) as CollectionFile;
  if (parsed.format !== COLLECTION_FORMAT || !Array.isArray(parsed.records)) {
    throw new Error(`${file} is not a ${COLLECTION_FORMAT} file`);
  }
  parsed.records = parsed.records.map(expandRecord);
  return parsed;
}

/**
 * The shipped records: one gunzip (in the thread pool, while the service's WASM starts) and one JSON.parse; nothing is
 * recomputed.
 */
export async function loadShippedCollection(dataDir: string = SHIPPED_DATA_DIR): Promise<CompoundRecord[]> {
  const file = path.join(dataDir, COLLECTION_FILE);
  return parseCollection(await gunzipInBackground(await fs.promises.readFile(file)), file).records;
}
