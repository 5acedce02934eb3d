/**
 * Spectra for the older interface. A folder holds either JCAMP-DX files and an `index.json` (a JSON array of info
 * objects with the keys of contract 2.2: spc_id, spc_type, csid, file_name, comments?, original_url?,
 * submitted_date?), or packs: `packed-index.json.gz` naming gzip files that hold many data files one after another
 * (the shipped data/spectra, made by scripts/data/spectrum-packs.mjs). `--spectra DIR` adds a folder of either kind.
 */
import * as fs from 'fs';
import * as path from 'path';
import { gunzipSync } from 'zlib';
import type { LegacySpectrumInfo } from '../../wire';

export const SPECTRA_INDEX = 'index.json';
export const PACKED_SPECTRA_INDEX = 'packed-index.json.gz';
const PACKED_FORMAT = 'compound-db-spectra-packs/1';

export interface SpectrumEntry {
  info: LegacySpectrumInfo;
  /** Absolute path of the data file, or of the pack holding it. */
  file: string;
  /** Where the data file lies in its pack (bytes of the uncompressed pack); absent for a plain file. */
  slice?: { offset: number; length: number };
}

/** Packs unpacked most recently (a pack is a few MB; reading one spectrum after another mostly hits the same pack). */
const PACKS_KEPT = 2;

export interface SpectrumStore {
  all(): LegacySpectrumInfo[];
  get(spectrumId: number): LegacySpectrumInfo | undefined;
  ofRecord(recordId: number): LegacySpectrumInfo[];
  /** Contents of the data file (read when asked), or undefined for an unknown id. */
  readData(spectrumId: number): string | undefined;
}

/** Loads one or more spectra folders; a spectrum ID present twice, or a bad index entry, is an error naming it. */
export async function loadSpectra(dirs: string | string[]): Promise<SpectrumStore> {
  const byId = new Map<number, SpectrumEntry>();
  for (const dir of Array.isArray(dirs) ? dirs : [dirs]) {
    if (fs.existsSync(path.join(dir, PACKED_SPECTRA_INDEX))) {
      await loadPacked(dir, byId);
      continue;
    }
    const indexFile = path.join(dir, SPECTRA_INDEX);
    const list: unknown = JSON.parse(await fs.promises.readFile(indexFile, 'utf8'));
    if (!Array.isArray(list)) throw new Error(`${indexFile}: expected a JSON array of spectrum info objects`);
    list.forEach((item, i) => {
      const info = checkInfo(item, `${indexFile}[${i}]`);
      const file = path.join(dir, info.file_name);
      if (!fs.existsSync(file)) throw new Error(`${indexFile}[${i}]: data file ${info.file_name} is missing`);
      if (byId.has(info.spc_id)) throw new Error(`${indexFile}[${i}]: spectrum ID ${info.spc_id} is already loaded`);
      byId.set(info.spc_id, { info, file });
    });
  }
  const sorted = [...byId.values()].sort((a, b) => a.info.spc_id - b.info.spc_id);
  const byRecord = new Map<number, LegacySpectrumInfo[]>();
  for (const { info } of sorted) {
    const list = byRecord.get(info.csid);
    if (list) list.push(info);
    else byRecord.set(info.csid, [info]);
  }
  const packs = new Map<string, Buffer>();
  const unpacked = (file: string): Buffer => {
    let data = packs.get(file);
    if (!data) {
      data = gunzipSync(fs.readFileSync(file));
      if (packs.size >= PACKS_KEPT) packs.delete(packs.keys().next().value as string);
      packs.set(file, data);
    }
    return data;
  };
  return {
    all: () => sorted.map((e) => e.info),
    get: (id) => byId.get(id)?.info,
    ofRecord: (recordId) => byRecord.get(recordId) ?? [],
    readData(id) {
      const entry = byId.get(id);
      if (!entry) return undefined;
      if (!entry.slice) return fs.readFileSync(entry.file, 'utf8');
      const { offset, length } = entry.slice;
      return unpacked(entry.file).toString('utf8', offset, offset + length);
    },
  };
}

type PackedRow = [number, string, number, string, string, string, string, number, number, number];

/** A packed folder: one gzip JSON index {format, packs, rows}; each row's info is checked like index.json's. */
async function loadPacked(dir: string, byId: Map<number, SpectrumEntry>): Promise<void> {
  const indexFile = path.join(dir, PACKED_SPECTRA_INDEX);
  const index = JSON.parse(gunzipSync(await fs.promises.readFile(indexFile)).toString('utf8')) as {
    format?: string;
    packs?: unknown;
    rows?: unknown;
  };
  if (index.format !== PACKED_FORMAT || !Array.isArray(index.packs) || !Array.isArray(index.rows)) {
    throw new Error(`${indexFile}: not a ${PACKED_FORMAT} index`);
  }
  const packFiles = index.packs.map((name, i) => {
    if (typeof name !== 'string' || !/^[\w.-]+$/.test(name) || !fs.existsSync(path.join(dir, name)))
      throw new Error(`${indexFile}: pack ${i} is missing`);
    return path.join(dir, name);
  });
  (index.rows as PackedRow[]).forEach((row, i) => {
    const where = `${indexFile} row ${i}`;
    if (!Array.isArray(row) || row.length !== 10) throw new Error(`${where}: expected 10 columns`);
    const [spcId, type, csid, fileName, comments, originalUrl, date, pack, offset, length] = row;
    const info = checkInfo(
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
    const file = packFiles[pack];
    if (!file || !Number.isInteger(offset) || !Number.isInteger(length) || offset < 0 || length <= 0) throw new Error(`${where}: bad pack position`);
    if (byId.has(info.spc_id)) throw new Error(`${where}: spectrum ID ${info.spc_id} is already loaded`);
    byId.set(info.spc_id, { info, file, slice: { offset, length } });
  });
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
