/**
 * Spectra for the older interface. A folder holds either JCAMP-DX files and an `index.json` (a JSON array of info
 * objects with the keys of contract 2.2: spc_id, spc_type, csid, file_name, comments?, original_url?,
 * submitted_date?), or packs: `packed-index.json.gz` naming gzip files that hold many data files one after another
 * (the shipped data/spectra, made by scripts/data/spectrum-packs.mjs). `--spectra DIR` adds a folder of either kind.
 *
 * A packed index is read on first use, not at start: the shipped one is 50 MB of JSON (82,000 info objects), and
 * reading it would cost the service's start more than a second (src/service/README.md, "Start-up"). It is kept as its
 * bytes, each info object parsed from them when asked for.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { LegacySpectrumInfo } from '../../wire';
import { boundedCache } from '../../shared/cache';
import { InFlight } from '../../shared/in-flight';
import { gunzipInBackground } from './gunzip';
import { JsonRowScanner, parseRow } from './json-rows';

export const SPECTRA_INDEX = 'index.json';
export const PACKED_SPECTRA_INDEX = 'packed-index.json.gz';
const PACKED_FORMAT = 'compound-db-spectra-packs/1';

export interface SpectrumEntry {
  id: number;
  /** The record the spectrum belongs to. */
  csid: number;
  /** Its info object (a packed index's is parsed from the index's bytes when asked for). */
  readonly info: LegacySpectrumInfo;
  /** Absolute path of the data file, or of the pack holding it. */
  file: string;
  /** Where the data file lies in its pack (bytes of the uncompressed pack); absent for a plain file. */
  slice?: { offset: number; length: number };
}

/** Packs unpacked most recently (a pack is a few MB; reading one spectrum after another mostly hits the same pack). */
const PACKS_KEPT = 2;

export interface SpectrumStore {
  /** How many spectra there are. */
  count(): Promise<number>;
  /** Info objects in spectrum-ID order from position `start`, at most `count` of them (-1: all the rest). */
  page(start: number, count: number): Promise<LegacySpectrumInfo[]>;
  get(spectrumId: number): Promise<LegacySpectrumInfo | undefined>;
  ofRecord(recordId: number): Promise<LegacySpectrumInfo[]>;
  /** Contents of the data file (read when asked), or undefined for an unknown id. */
  readData(spectrumId: number): Promise<string | undefined>;
  /** Every spectrum's ID and record, in spectrum-ID order, without parsing their info objects (the spectrum index). */
  ids(): Promise<Array<{ id: number; csid: number }>>;
  /** The folders read, and which of them are packed (the shipped kind). */
  folders: Array<{ dir: string; packed: boolean }>;
}

interface SpectrumIndex {
  sorted: SpectrumEntry[];
  byId: Map<number, SpectrumEntry>;
  byRecord: Map<number, SpectrumEntry[]>;
}

/**
 * One or more spectra folders. A plain folder's index.json is checked now; a lone packed index is read and checked on
 * first use, and the read is kept (a damaged index fails every spectra request the same way, without a re-read).
 * With several folders the index is made now, so that an ID two folders share stops the start. A spectrum ID present
 * twice, or a bad index entry, is an error naming it.
 */
export async function loadSpectra(dirs: string | string[]): Promise<SpectrumStore> {
  const readers: Array<() => Promise<SpectrumEntry[]>> = [];
  const folders: SpectrumStore['folders'] = [];
  for (const dir of Array.isArray(dirs) ? dirs : [dirs]) {
    if (fs.existsSync(path.join(dir, PACKED_SPECTRA_INDEX))) {
      readers.push(() => readPacked(dir));
      folders.push({ dir, packed: true });
      continue;
    }
    folders.push({ dir, packed: false });
    const entries = await readPlain(dir);
    readers.push(async () => entries);
  }
  let index: Promise<SpectrumIndex> | undefined;
  const indexed = () => (index ??= Promise.all(readers.map((read) => read())).then(indexOf));
  if (readers.length > 1) await indexed();
  const packs = boundedCache<string, Buffer>({ maxEntries: PACKS_KEPT });
  const unpacking = new InFlight<string, Buffer>();
  const unpacked = (file: string): Promise<Buffer> =>
    unpacking.run(file, async () => {
      let data = packs.get(file);
      if (!data) {
        data = await gunzipInBackground(await fs.promises.readFile(file));
        packs.set(file, data);
      }
      return data;
    });
  return {
    count: async () => (await indexed()).sorted.length,
    page: async (start, count) => {
      const { sorted } = await indexed();
      return sorted.slice(start, count === -1 ? undefined : start + count).map((e) => e.info);
    },
    get: async (id) => (await indexed()).byId.get(id)?.info,
    ofRecord: async (recordId) => ((await indexed()).byRecord.get(recordId) ?? []).map((e) => e.info),
    ids: async () => (await indexed()).sorted.map((e) => ({ id: e.id, csid: e.csid })),
    folders,
    async readData(id) {
      const entry = (await indexed()).byId.get(id);
      if (!entry) return undefined;
      if (!entry.slice) return fs.promises.readFile(entry.file, 'utf8');
      const { offset, length } = entry.slice;
      return (await unpacked(entry.file)).toString('utf8', offset, offset + length);
    },
  };
}

/** The spectra no folder holds (a service started without any). */
export const NO_SPECTRA: SpectrumStore = {
  count: async () => 0,
  page: async () => [],
  get: async () => undefined,
  ofRecord: async () => [],
  readData: async () => undefined,
  ids: async () => [],
  folders: [],
};

function indexOf(folders: SpectrumEntry[][]): SpectrumIndex {
  const byId = new Map<number, SpectrumEntry>();
  for (const entries of folders) {
    for (const entry of entries) {
      if (byId.has(entry.id)) throw new Error(`${entry.file}: spectrum ID ${entry.id} is already loaded`);
      byId.set(entry.id, entry);
    }
  }
  const sorted = [...byId.values()].sort((a, b) => a.id - b.id);
  const byRecord = new Map<number, SpectrumEntry[]>();
  for (const entry of sorted) {
    const list = byRecord.get(entry.csid);
    if (list) list.push(entry);
    else byRecord.set(entry.csid, [entry]);
  }
  return { sorted, byId, byRecord };
}

async function readPlain(dir: string): Promise<SpectrumEntry[]> {
  const indexFile = path.join(dir, SPECTRA_INDEX);
  const list: unknown = JSON.parse(await fs.promises.readFile(indexFile, 'utf8'));
  if (!Array.isArray(list)) throw new Error(`${indexFile}: expected a JSON array of spectrum info objects`);
  const seen = new Set<number>();
  return list.map((item, i) => {
    const info = checkInfo(item, `${indexFile}[${i}]`);
    const file = path.join(dir, info.file_name);
    if (!fs.existsSync(file)) throw new Error(`${indexFile}[${i}]: data file ${info.file_name} is missing`);
    if (seen.has(info.spc_id)) throw new Error(`${indexFile}[${i}]: spectrum ID ${info.spc_id} is already loaded`);
    seen.add(info.spc_id);
    return { id: info.spc_id, csid: info.csid, info, file };
  });
}

type PackedRow = [number, string, number, string, string, string, string, number, number, number];

/** The bytes of a packed index with each row's span: a row's info object is parsed when asked for. */
class PackedRows {
  constructor(
    private readonly bytes: Buffer,
    private readonly starts: Uint32Array,
    private readonly ends: Uint32Array,
    private readonly indexFile: string,
  ) {}

  row(i: number): PackedRow {
    return parseRow(this.bytes, this.starts[i], this.ends[i]) as PackedRow;
  }

  info(i: number): LegacySpectrumInfo {
    return infoOfRow(this.row(i), `${this.indexFile} row ${i}`);
  }
}

/** A spectrum of a packed index: its numbers kept, its strings left in the index's bytes until asked for. */
class PackedEntry implements SpectrumEntry {
  constructor(
    private readonly rows: PackedRows,
    private readonly row: number,
    readonly id: number,
    readonly csid: number,
    readonly file: string,
    readonly slice: { offset: number; length: number },
  ) {}

  get info(): LegacySpectrumInfo {
    return this.rows.info(this.row);
  }
}

function infoOfRow(row: PackedRow, where: string): LegacySpectrumInfo {
  if (!Array.isArray(row) || row.length !== 10) throw new Error(`${where}: expected 10 columns`);
  const [spcId, type, csid, fileName, comments, originalUrl, date] = row;
  return checkInfo(
    {
      spc_id: spcId,
      spc_type: type,
      csid,
      file_name: fileName,
      comments: comments || undefined,
      original_url: originalUrl || undefined,
      submitted_date: date || undefined,
    },
    where,
  );
}

/**
 * A packed folder: one gzip JSON index {format, columns, packs, rows}. Every row is parsed and checked like index.json's
 * once, on this first read; then only the index's bytes (about 50 MB for the shipped one, outside the JavaScript heap)
 * and each row's numbers are kept, not 82,000 info objects and their strings (about twice that, on the heap).
 */
async function readPacked(dir: string): Promise<SpectrumEntry[]> {
  const indexFile = path.join(dir, PACKED_SPECTRA_INDEX);
  const bytes = await gunzipInBackground(await fs.promises.readFile(indexFile));
  // The rows come last: the head before them is small and parsed whole, the rows by their spans.
  const rowsKey = bytes.indexOf('"rows":');
  const rowsAt = rowsKey < 0 ? -1 : bytes.indexOf('[', rowsKey);
  let head: { format?: string; packs?: unknown };
  try {
    head = rowsAt < 0 ? {} : (JSON.parse(`${bytes.toString('utf8', 0, rowsKey)}"rows":[]}`) as typeof head);
  } catch {
    head = {};
  }
  if (head.format !== PACKED_FORMAT || !Array.isArray(head.packs)) throw new Error(`${indexFile}: not a ${PACKED_FORMAT} index`);
  const packFiles = head.packs.map((name, i) => {
    if (typeof name !== 'string' || !/^[\w.-]+$/.test(name) || !fs.existsSync(path.join(dir, name)))
      throw new Error(`${indexFile}: pack ${i} is missing`);
    return path.join(dir, name);
  });
  const scanner = new JsonRowScanner(bytes, rowsAt, indexFile);
  scanner.scan(Infinity);
  const { starts, ends, end } = scanner.spans();
  if (!/^\s*}\s*$/.test(bytes.toString('utf8', end))) throw new Error(`${indexFile}: not a ${PACKED_FORMAT} index`);
  const rows = new PackedRows(bytes, starts, ends, indexFile);
  const entries: SpectrumEntry[] = [];
  for (let i = 0; i < starts.length; i++) {
    const where = `${indexFile} row ${i}`;
    const row = rows.row(i);
    const info = infoOfRow(row, where);
    const [, , , , , , , pack, offset, length] = row;
    const file = packFiles[pack];
    if (!file || !Number.isInteger(offset) || !Number.isInteger(length) || offset < 0 || length <= 0) throw new Error(`${where}: bad pack position`);
    entries.push(new PackedEntry(rows, i, info.spc_id, info.csid, file, { offset, length }));
  }
  return entries;
}

function checkInfo(item: unknown, where: string): LegacySpectrumInfo {
  const o = (item ?? {}) as Record<string, unknown>;
  const positiveInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
  const optionalString = (v: unknown): v is string | undefined => v === undefined || typeof v === 'string';
  if (!positiveInt(o.spc_id)) throw new Error(`${where}: spc_id must be a positive integer`);
  if (typeof o.spc_type !== 'string' || o.spc_type === '') throw new Error(`${where}: spc_type must be a string`);
  if (!positiveInt(o.csid)) throw new Error(`${where}: csid must be a positive integer (a record ID)`);
  if (typeof o.file_name !== 'string' || !/^[\w.-]+$/.test(o.file_name) || o.file_name.startsWith('.')) {
    throw new Error(`${where}: file_name must be a plain file name in the same folder`);
  }
  for (const key of ['comments', 'original_url', 'submitted_date'] as const) {
    if (!optionalString(o[key])) throw new Error(`${where}: ${key} must be a string when present`);
  }
  const info: LegacySpectrumInfo = { spc_id: o.spc_id, spc_type: o.spc_type, csid: o.csid, file_name: o.file_name };
  if (o.comments) info.comments = o.comments as string;
  if (o.original_url) info.original_url = o.original_url as string;
  if (o.submitted_date) info.submitted_date = o.submitted_date as string;
  return info;
}
