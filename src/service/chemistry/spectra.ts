/**
 * Spectra for the older interface: folders holding JCAMP-DX files and an `index.json` (a JSON array of info objects
 * with the keys of contract 2.2: spc_id, spc_type, csid, file_name, comments?, original_url?, submitted_date?).
 * The shipped set is data/spectra; `--spectra DIR` adds more in the same format.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { LegacySpectrumInfo } from '../../wire';

export const SPECTRA_INDEX = 'index.json';

export interface SpectrumEntry {
  info: LegacySpectrumInfo;
  /** Absolute path of the data file. */
  file: string;
}

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
  return {
    all: () => sorted.map((e) => e.info),
    get: (id) => byId.get(id)?.info,
    ofRecord: (recordId) => sorted.filter((e) => e.info.csid === recordId).map((e) => e.info),
    readData(id) {
      const entry = byId.get(id);
      return entry ? fs.readFileSync(entry.file, 'utf8') : undefined;
    },
  };
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
