/**
 * The built spectrum index kept on disk, so that a service or a one-shot command started again over the same shipped
 * spectra loads it in a fraction of a second instead of reading and cleaning 82,000 spectra. Kept only for packed
 * folders (the shipped kind), under a key made of this format and a digest of the folders' files (names, sizes and
 * contents; not where they are), so clones and installs of the same data share one file; the last KEPT_INDEXES used
 * are kept, so clones of different data do not evict each other's. A file that does not carry its key and lengths is
 * ignored and rebuilt. Default place: $XDG_CACHE_HOME/compound-db (else ~/.cache/compound-db).
 */
import * as crypto from 'crypto';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { IndexArrays } from './entropy-index';

const FORMAT = 'compound-db-spectrum-index/1';
/** Index files kept in the cache folder: the most recently used. */
export const KEPT_INDEXES = 3;
const INDEX_FILE = /^spectrum-index-[0-9a-f]{32}\.bin$/;
const ARRAY_KINDS = {
  precursor: Float32Array,
  spectrumId: Uint32Array,
  recordId: Uint32Array,
  ionMode: Uint8Array,
  fragMz: Float32Array,
  fragIntensity: Float32Array,
  fragSpectrum: Uint32Array,
  lossMass: Float32Array,
  lossIntensity: Float32Array,
  lossSpectrum: Uint32Array,
  lossFrag: Uint32Array,
} as const;
type ArrayName = keyof typeof ARRAY_KINDS;

export function defaultCacheDir(): string {
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'compound-db');
}

/** Content keys remembered in a cache folder (KEYS_FILE), by where the files are and their sizes and times. */
const KEYS_FILE = 'spectrum-index-keys.json';
const KEPT_KEYS = 16;

/**
 * The key of a set of packed folders, or undefined when one is not packed (a lab's folder is rebuilt each start): a
 * digest of their contents, read in chunks off the event loop (20 MB for the shipped spectra, about 0.1 s of each
 * start). With `memoDir` (the cache folder) the key is remembered there under the files' paths, sizes, modification
 * and change times and inode numbers, and a start whose files show the same is spared the reading; a file written
 * since has another change time (which no tool sets back), so its contents are read again.
 */
export async function cacheKeyOf(folders: Array<{ dir: string; packed: boolean }>, extra: string, memoDir?: string): Promise<string | undefined> {
  if (folders.length === 0 || folders.some((f) => !f.packed)) return undefined;
  if (memoDir === undefined) return contentKeyOf(folders, extra);
  const file = path.join(memoDir, KEYS_FILE);
  const seen = await statsOf(folders, extra);
  const memo = readKeys(file);
  if (Object.hasOwn(memo, seen)) return memo[seen];
  const key = await contentKeyOf(folders, extra);
  const others = Object.entries(memo).filter(([stats]) => stats !== seen);
  writeKeys(file, Object.fromEntries([...others.slice(-(KEPT_KEYS - 1)), [seen, key]]));
  return key;
}

/** A digest of the folders' places and their files' names, sizes, times and inode numbers (no contents). */
async function statsOf(folders: Array<{ dir: string }>, extra: string): Promise<string> {
  const hash = crypto.createHash('sha256').update(`${FORMAT}\n${extra}\n`);
  for (const { dir } of folders) {
    hash.update(`folder ${path.resolve(dir)}\n`);
    for (const name of (await fs.promises.readdir(dir)).sort()) {
      const stat = await fs.promises.stat(path.join(dir, name), { bigint: true });
      if (stat.isFile()) hash.update(`${name} ${stat.size} ${stat.mtimeNs} ${stat.ctimeNs} ${stat.ino}\n`);
    }
  }
  return hash.digest('hex');
}

/** The remembered keys; none when the file is missing or not what this code writes. */
function readKeys(file: string): Record<string, string> {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as { format?: unknown; keys?: unknown };
    if (parsed.format !== FORMAT || typeof parsed.keys !== 'object' || parsed.keys === null) return {};
    return Object.fromEntries(Object.entries(parsed.keys).filter(([, key]) => typeof key === 'string' && /^[0-9a-f]{32}$/.test(key))) as Record<
      string,
      string
    >;
  } catch {
    return {};
  }
}

/** Written to a temporary name and renamed; a cache folder that cannot be written only costs the next start its reading. */
function writeKeys(file: string, keys: Record<string, string>): void {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const temp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(temp, JSON.stringify({ format: FORMAT, keys }));
    fs.renameSync(temp, file);
  } catch {
    // not remembered
  }
}

async function contentKeyOf(folders: Array<{ dir: string }>, extra: string): Promise<string> {
  const hash = crypto.createHash('sha256').update(`${FORMAT}\n${extra}\n`);
  for (const [i, { dir }] of folders.entries()) {
    hash.update(`folder ${i}\n`);
    for (const name of (await fs.promises.readdir(dir)).sort()) {
      const file = path.join(dir, name);
      const stat = await fs.promises.stat(file);
      if (!stat.isFile()) continue;
      hash.update(`${name} ${stat.size}\n`);
      for await (const chunk of fs.createReadStream(file, { highWaterMark: 1 << 20 })) hash.update(chunk as Buffer);
    }
  }
  return hash.digest('hex').slice(0, 32);
}

/** Read off the event loop (35 MB for the shipped spectra): a request arriving meanwhile is answered. */
export async function readCachedIndex(dir: string, key: string): Promise<IndexArrays | undefined> {
  const file = path.join(dir, `spectrum-index-${key}.bin`);
  let bytes: Buffer;
  try {
    bytes = await fs.promises.readFile(file);
  } catch {
    return undefined;
  }
  try {
    const headerEnd = bytes.indexOf(10);
    const header = JSON.parse(bytes.toString('utf8', 0, headerEnd)) as {
      format: string;
      key: string;
      lengths: Record<ArrayName, number>;
      emptyAfterCleaning: number;
      spectra: number;
    };
    if (header.format !== FORMAT || header.key !== key) return undefined;
    let at = headerEnd + 1;
    const out: Partial<IndexArrays> = { emptyAfterCleaning: header.emptyAfterCleaning, spectra: header.spectra };
    for (const [name, Kind] of Object.entries(ARRAY_KINDS) as Array<[ArrayName, (typeof ARRAY_KINDS)[ArrayName]]>) {
      const length = header.lengths[name];
      const byteLength = length * Kind.BYTES_PER_ELEMENT;
      if (!Number.isInteger(length) || at + byteLength > bytes.length) return undefined;
      const array = new Kind(length);
      new Uint8Array(array.buffer).set(bytes.subarray(at, at + byteLength));
      (out as Record<string, unknown>)[name] = array;
      at += byteLength;
    }
    if (at !== bytes.length) return undefined;
    // Used now: the last to go when other data's indexes are written.
    const now = new Date();
    await fs.promises.utimes(file, now, now).catch(() => undefined);
    return out as IndexArrays;
  } catch {
    return undefined;
  }
}

/** Written to a temporary name and renamed, so a reader never sees half a file. Failures are the caller's to log. */
export function writeCachedIndex(dir: string, key: string, arrays: IndexArrays): void {
  fs.mkdirSync(dir, { recursive: true });
  const lengths = Object.fromEntries(Object.keys(ARRAY_KINDS).map((name) => [name, (arrays[name as ArrayName] as { length: number }).length]));
  const header = Buffer.from(
    `${JSON.stringify({ format: FORMAT, key, lengths, emptyAfterCleaning: arrays.emptyAfterCleaning, spectra: arrays.spectra })}\n`,
  );
  const parts = [
    header,
    ...Object.keys(ARRAY_KINDS).map((name) => {
      const a = arrays[name as ArrayName];
      return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
    }),
  ];
  const file = path.join(dir, `spectrum-index-${key}.bin`);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, Buffer.concat(parts));
  fs.renameSync(temp, file);
  removeLeastRecentlyUsed(dir, path.basename(file));
}

/** Removes all but the KEPT_INDEXES most recently used index files (`current` among them). */
function removeLeastRecentlyUsed(dir: string, current: string): void {
  const others = fs
    .readdirSync(dir)
    .filter((name) => INDEX_FILE.test(name) && name !== current)
    .map((name) => ({ name, used: fs.statSync(path.join(dir, name), { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
    .sort((a, b) => b.used - a.used);
  for (const { name } of others.slice(KEPT_INDEXES - 1)) fs.rmSync(path.join(dir, name), { force: true });
}
