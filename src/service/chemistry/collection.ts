/** The collection shipped in data/ (built by scripts/build-data.mjs; format in data/README.md). */
import * as fs from 'fs';
import * as path from 'path';
import { gunzipSync } from 'zlib';
import { gunzipInBackground } from './gunzip';
import type { CompoundRecord } from '../store/record';
import { no3DBlock } from './molblock';

export const COLLECTION_FILE = 'compounds.json.gz';
/** The records' MOL blocks, apart: 21 of the collection's 34 MB, read on first use so that the service listens sooner. */
export const MOL_BLOCKS_FILE = 'molblocks.json.gz';
export const COLLECTION_FORMAT = 'compound-db-collection/2';

export interface CollectionFile {
  format: typeof COLLECTION_FORMAT;
  /** Build date (fixed in the build script, so rebuilding gives the same bytes). */
  built: string;
  /** Datasource names, with their licence and version. */
  dataSources: Array<{ name: string; version: string; license: string; url: string }>;
  /** Stored without their MOL blocks (MOL_BLOCKS_FILE); reading gives them back on first use. */
  records: CompoundRecord[];
}

const MOL_FIELDS = ['mol2D', 'mol3D', 'originalMol'] as const;
type MolField = (typeof MOL_FIELDS)[number];

/** A record as stored in COLLECTION_FILE. */
type StoredRecord = Omit<CompoundRecord, MolField>;

/**
 * One record's entry in MOL_BLOCKS_FILE (a JSON array in the records' order): `[mol2D, mol3D, originalMol]`, where
 * `mol3D` is null when it is `no3DBlock(mol2D, id)` and `originalMol` null when it is `mol2D` (a source that gives a
 * SMILES, not a MOL block).
 */
type StoredMolBlocks = [string, string | null, string | null];

/** @public Used by scripts/build-data.mjs (through out/) to write the two files. */
export function splitRecords(records: readonly CompoundRecord[]): { records: StoredRecord[]; molBlocks: StoredMolBlocks[] } {
  return {
    records: records.map(({ mol2D: _2d, mol3D: _3d, originalMol: _original, ...rest }) => rest),
    molBlocks: records.map((r) => [r.mol2D, r.mol3D === no3DBlock(r.mol2D, r.id) ? null : r.mol3D, r.originalMol === r.mol2D ? null : r.originalMol]),
  };
}

/**
 * Gives `records` their MOL blocks as properties read from `file` on the first use of any of them (one synchronous read,
 * ~0.3 s). The values live beside the records, so that a store may freeze them. A file that cannot be read fails that
 * use and every later one with its reason.
 */
function withMolBlocksOnFirstUse(records: StoredRecord[], file: string): CompoundRecord[] {
  const values = new WeakMap<object, Record<MolField, string>>();
  let failure: Error | undefined;
  let read = false;
  const readAll = () => {
    if (failure) throw failure;
    if (read) return;
    try {
      const blocks = JSON.parse(gunzipSync(fs.readFileSync(file)).toString('utf8')) as StoredMolBlocks[];
      if (!Array.isArray(blocks) || blocks.length !== records.length)
        throw new Error(`${file} does not hold the MOL blocks of ${records.length} records`);
      records.forEach((record, i) => {
        const [mol2D, mol3D, originalMol] = blocks[i];
        values.set(record, { mol2D, mol3D: mol3D ?? no3DBlock(mol2D, record.id), originalMol: originalMol ?? mol2D });
      });
      read = true;
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw failure;
    }
  };
  const accessors: PropertyDescriptorMap = {};
  for (const key of MOL_FIELDS) {
    accessors[key] = {
      get(this: StoredRecord) {
        readAll();
        return values.get(this)?.[key];
      },
      set(this: StoredRecord, value: string) {
        readAll();
        const own = values.get(this);
        if (own) own[key] = value;
      },
      enumerable: true,
      configurable: true,
    };
  }
  for (const record of records) Object.defineProperties(record, accessors);
  return records as CompoundRecord[];
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
  const parsed = JSON.parse(json.toString('utf8')) as Omit<CollectionFile, 'records'> & { records: StoredRecord[] };
  if (parsed.format !== COLLECTION_FORMAT || !Array.isArray(parsed.records)) {
    throw new Error(`${file} is not a ${COLLECTION_FORMAT} file`);
  }
  return { ...parsed, records: withMolBlocksOnFirstUse(parsed.records, path.join(path.dirname(file), MOL_BLOCKS_FILE)) };
}

/**
 * The shipped records: one gunzip (in the thread pool, while the service's WASM starts) and one JSON.parse; nothing is
 * recomputed. Their MOL blocks are read on first use.
 */
export async function loadShippedCollection(dataDir: string = SHIPPED_DATA_DIR): Promise<CompoundRecord[]> {
  const file = path.join(dataDir, COLLECTION_FILE);
  return parseCollection(await gunzipInBackground(await fs.promises.readFile(file)), file).records;
}
