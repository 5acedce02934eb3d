// The shipped spectra as packs: a few gzip files each holding many JCAMP-DX files one after another, and one packed
// index (src/service/collection/spectra-files.ts reads them). 83,000 small files would make git, the .vsix and the
// service's start slow; packs under 5 MB each keep every file in git small.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/** Uncompressed size of one pack; gzip makes it about a fifth. */
const PACK_BYTES = 20 * 1024 * 1024;
export const PACKED_INDEX = 'packed-index.json.gz';
export const PACKED_FORMAT = 'compound-db-spectra-packs/1';

/** Writes `spectra` ([{info, data}] in spc_id order) into `dir`, replacing what was there. Returns [{file, bytes}]. */
export function writeSpectrumPacks(dir, spectra) {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const packs = [];
  const rows = [];
  let chunks = [];
  let size = 0;
  const flush = () => {
    if (!chunks.length) return;
    const file = `spectra-${String(packs.length + 1).padStart(3, '0')}.jdx.gz`;
    const gz = zlib.gzipSync(Buffer.concat(chunks), { level: 9 });
    fs.writeFileSync(path.join(dir, file), gz);
    packs.push({ file, bytes: gz.length });
    chunks = [];
    size = 0;
  };
  for (const { info, data } of spectra) {
    if (size >= PACK_BYTES) flush();
    const bytes = Buffer.from(data, 'utf8');
    rows.push([info.spc_id, info.spc_type, info.csid, info.file_name, info.comments ?? '', info.original_url ?? '', info.submitted_date ?? '', packs.length, size, bytes.length]);
    chunks.push(bytes);
    size += bytes.length;
  }
  flush();
  const index = {
    format: PACKED_FORMAT,
    columns: ['spc_id', 'spc_type', 'csid', 'file_name', 'comments', 'original_url', 'submitted_date', 'pack', 'offset', 'length'],
    packs: packs.map((p) => p.file),
    rows,
  };
  fs.writeFileSync(path.join(dir, PACKED_INDEX), zlib.gzipSync(Buffer.from(JSON.stringify(index)), { level: 9 }));
  return packs;
}
