/** The collection shipped in data/ (built by scripts/build-data.mjs; format in data/README.md). */
import * as fs from 'fs';
import * as path from 'path';
import { gunzipSync } from 'zlib';
import { gunzipInBackground } from './gunzip';
import type { CompoundRecord } from '../record';
import { no3DBlock } from '../toolkits/molblock';
import { JsonRowScanner, parseRow } from './json-rows';

export const COLLECTION_FILE = 'compounds.json.gz';
/** The records' MOL blocks, apart: 21 of the collection's 34 MB, read on first use so that the service listens sooner. */
export const MOL_BLOCKS_FILE = 'molblocks.json.gz';
export const COLLECTION_FORMAT = 'compound-db-collection/2';
/**
 * The parent and tautomer keys of the collection's structures (src/chemistry/molecule/identity-keys.ts), computed once by
 * scripts/build-identity-keys.mjs from COLLECTION_FILE, so that loading computes nothing: `{format, keys}` where
 * `keys[inchiKey]` is `[parentKey, tautomerKey]` for every structure whose keys are not both its own first block.
 */
export const IDENTITY_KEYS_FILE = 'identity-keys.json.gz';
const IDENTITY_KEYS_FORMAT = 'compound-db-identity-keys/1';
/**
 * More names for the collection's records, from a synonym source keyed by InChIKey, chosen by
 * scripts/build-synonyms.mjs (its rules in data/README.md): `{format, source, synonyms}` where `synonyms[inchiKey]`
 * lists the names the record with that InChIKey gains after its own, as synonyms (found second by name search).
 */
export const SYNONYMS_FILE = 'synonyms.json.gz';
const SYNONYMS_FORMAT = 'compound-db-synonyms/1';

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
 * The MOL blocks of a collection's records, read from MOL_BLOCKS_FILE when first asked for (or earlier, in the
 * background: `prefetch`). The file is kept as its inflated bytes with each record's span (json-rows.ts), and a
 * record's blocks are parsed when read: 22 MB of bytes outside the JavaScript heap instead of ~40 MB of strings on it.
 * A file that cannot be read fails that use and every later one with its reason.
 */
class MolBlockFile {
  private rows: { bytes: Buffer; starts: Uint32Array; ends: Uint32Array } | undefined;
  private failure: Error | undefined;
  private prefetching: Promise<void> | undefined;
  /** The last record read: its three blocks are usually read together (SDF export, the database load). */
  private last: { index: number; blocks: StoredMolBlocks } | undefined;

  constructor(
    private readonly file: string,
    private readonly count: number,
  ) {}

  /** Reads the file without holding the event loop for long: inflated in the thread pool, scanned a slice per turn. */
  prefetch(): Promise<void> {
    return (this.prefetching ??= (async () => {
      if (this.rows || this.failure) return;
      try {
        const bytes = await gunzipInBackground(await fs.promises.readFile(this.file));
        const scanner = new JsonRowScanner(bytes, this.firstByte(bytes), this.file);
        while (!scanner.scan(SCAN_SLICE)) {
          await new Promise((resolve) => setImmediate(resolve));
          if (this.rows || this.failure) return; // a request read the file meanwhile
        }
        this.keep(bytes, scanner);
      } catch (error) {
        this.failure ??= error instanceof Error ? error : new Error(String(error));
      }
    })());
  }

  blocksOf(index: number): StoredMolBlocks {
    if (this.last?.index === index) return this.last.blocks;
    const { bytes, starts, ends } = this.readNow();
    const blocks = parseRow(bytes, starts[index], ends[index]) as StoredMolBlocks;
    if (!Array.isArray(blocks) || typeof blocks[0] !== 'string') throw new Error(`${this.file}: entry ${index} is not [mol2D, mol3D, originalMol]`);
    this.last = { index, blocks };
    return blocks;
  }

  private readNow(): NonNullable<MolBlockFile['rows']> {
    if (this.failure) throw this.failure;
    if (!this.rows) {
      try {
        const bytes = gunzipSync(fs.readFileSync(this.file));
        const scanner = new JsonRowScanner(bytes, this.firstByte(bytes), this.file);
        scanner.scan(Infinity);
        this.keep(bytes, scanner);
      } catch (error) {
        this.failure = error instanceof Error ? error : new Error(String(error));
      }
      if (this.failure) throw this.failure;
    }
    return this.rows!;
  }

  private firstByte(bytes: Buffer): number {
    const at = bytes.indexOf('[');
    if (at < 0) throw new Error(`${this.file} does not hold the MOL blocks of ${this.count} records`);
    return at;
  }

  private keep(bytes: Buffer, scanner: JsonRowScanner): void {
    const { starts, ends } = scanner.spans();
    if (starts.length !== this.count) throw new Error(`${this.file} does not hold the MOL blocks of ${this.count} records`);
    this.rows = { bytes, starts, ends };
  }
}

/** Rows of the MOL blocks file scanned per event-loop turn in the background (about 20 ms of work). */
const SCAN_SLICE = 1000;

/** Which MOL blocks file each record of a shipped collection reads its blocks from, and its position there. */
const molBlocksOf = new WeakMap<object, { file: MolBlockFile; index: number }>();

/** Reads the MOL blocks of these records in the background, so that the first request for one does not wait. */
export function prefetchMolBlocks(records: readonly object[]): Promise<void> {
  const files = new Set<MolBlockFile>();
  for (const record of records) {
    const file = molBlocksOf.get(record)?.file;
    if (file) files.add(file);
  }
  return Promise.all([...files].map((file) => file.prefetch())).then(() => undefined);
}

/** Gives `records` their MOL blocks as properties read from `file` on first use (a store may then freeze them). */
function withMolBlocksOnFirstUse(records: StoredRecord[], file: string): CompoundRecord[] {
  const blocks = new MolBlockFile(file, records.length);
  const replaced = new WeakMap<object, Partial<Record<MolField, string>>>();
  records.forEach((record, index) => molBlocksOf.set(record, { file: blocks, index }));
  const read = (record: StoredRecord, key: MolField): string | undefined => {
    const own = replaced.get(record)?.[key];
    if (own !== undefined) return own;
    const where = molBlocksOf.get(record);
    if (!where) return undefined;
    const [mol2D, mol3D, originalMol] = where.file.blocksOf(where.index);
    if (key === 'mol2D') return mol2D;
    if (key === 'mol3D') return mol3D ?? no3DBlock(mol2D, record.id);
    return originalMol ?? mol2D;
  };
  const accessors: PropertyDescriptorMap = {};
  for (const key of MOL_FIELDS) {
    accessors[key] = {
      get(this: StoredRecord) {
        return read(this, key);
      },
      set(this: StoredRecord, value: string) {
        replaced.set(this, { ...replaced.get(this), [key]: value });
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
  withIdentityKeys(parsed.records, path.join(path.dirname(file), IDENTITY_KEYS_FILE));
  withSourceSynonyms(parsed.records, path.join(path.dirname(file), SYNONYMS_FILE));
  return { ...parsed, records: withMolBlocksOnFirstUse(parsed.records, path.join(path.dirname(file), MOL_BLOCKS_FILE)) };
}

/** Fills each record's parent and tautomer keys from the identity keys file; a collection without one keeps none. */
function withIdentityKeys(records: StoredRecord[], file: string): void {
  if (!fs.existsSync(file)) return;
  const parsed = JSON.parse(gunzipSync(fs.readFileSync(file)).toString('utf8')) as { format?: string; keys?: Record<string, [string, string]> };
  if (parsed.format !== IDENTITY_KEYS_FORMAT || typeof parsed.keys !== 'object' || parsed.keys === null) {
    throw new Error(`${file} is not a ${IDENTITY_KEYS_FORMAT} file`);
  }
  for (const record of records) {
    if (record.parentKey && record.tautomerKey) continue;
    const own = record.inchiKey.slice(0, 14);
    const [parentKey, tautomerKey] = Object.hasOwn(parsed.keys, record.inchiKey) ? parsed.keys[record.inchiKey] : [own, own];
    record.parentKey = parentKey;
    record.tautomerKey = tautomerKey;
  }
}

/** Appends to each record the synonyms file's names for its InChIKey that it does not have yet; no file, no names. */
function withSourceSynonyms(records: StoredRecord[], file: string): void {
  if (!fs.existsSync(file)) return;
  const parsed = JSON.parse(gunzipSync(fs.readFileSync(file)).toString('utf8')) as { format?: string; synonyms?: Record<string, unknown> };
  if (parsed.format !== SYNONYMS_FORMAT || typeof parsed.synonyms !== 'object' || parsed.synonyms === null) {
    throw new Error(`${file} is not a ${SYNONYMS_FORMAT} file`);
  }
  for (const record of records) {
    const names = Object.hasOwn(parsed.synonyms, record.inchiKey) ? parsed.synonyms[record.inchiKey] : undefined;
    if (!Array.isArray(names)) continue;
    const known = new Set([record.commonName, ...record.synonyms].map((n) => n.toLowerCase()));
    for (const name of names) {
      if (typeof name !== 'string' || known.has(name.toLowerCase())) continue;
      known.add(name.toLowerCase());
      record.synonyms.push(name);
    }
  }
}

/**
 * @public Used by scripts/build-synonyms.mjs (through out/) to write SYNONYMS_FILE: InChIKeys in order, each with its
 * names in the order given.
 */
export function synonymsFileOf(
  source: { name: string; version: string; license: string; url: string; sha256: string },
  byInchiKey: Map<string, string[]>,
): string {
  const synonyms: Record<string, string[]> = {};
  for (const key of [...byInchiKey.keys()].sort()) synonyms[key] = byInchiKey.get(key)!;
  return JSON.stringify({ format: SYNONYMS_FORMAT, source, synonyms });
}

/** @public Used by scripts/build-identity-keys.mjs (through out/) to write IDENTITY_KEYS_FILE. */
export function identityKeysFileOf(entries: Iterable<{ inchiKey: string; parentKey: string; tautomerKey: string }>): string {
  const keys: Record<string, [string, string]> = {};
  for (const e of [...entries].sort((a, b) => (a.inchiKey < b.inchiKey ? -1 : a.inchiKey > b.inchiKey ? 1 : 0))) {
    const own = e.inchiKey.slice(0, 14);
    if (e.parentKey !== own || e.tautomerKey !== own) keys[e.inchiKey] = [e.parentKey, e.tautomerKey];
  }
  return JSON.stringify({ format: IDENTITY_KEYS_FORMAT, keys });
}

/**
 * The shipped records: one gunzip (in the thread pool, while the service's WASM starts) and one JSON.parse; nothing is
 * recomputed. Their MOL blocks are read on first use.
 */
export async function loadShippedCollection(dataDir: string = SHIPPED_DATA_DIR): Promise<CompoundRecord[]> {
  const file = path.join(dataDir, COLLECTION_FILE);
  return parseCollection(await gunzipInBackground(await fs.promises.readFile(file)), file).records;
}
