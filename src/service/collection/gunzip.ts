/** Inflating the shipped data files without holding the event loop. */
import { promisify } from 'util';
import { gunzip } from 'zlib';

const inflate = promisify(gunzip);
/** Largest output chunk asked of zlib: bounds the one allocation a damaged size field could ask for. */
const MAX_CHUNK = 256 * 1024 * 1024;

/**
 * Inflates in libuv's thread pool. zlib hands its output back to the event loop one chunk at a time, and each hand-back
 * waits its turn behind whatever else the service is doing, so the chunk is sized to the whole output (the gzip
 * trailer's ISIZE field): one round trip instead of thousands of 16 KB ones.
 */
export function gunzipInBackground(gz: Buffer): Promise<Buffer> {
  const size = gz.length >= 18 ? gz.readUInt32LE(gz.length - 4) : 0;
  return inflate(gz, { chunkSize: Math.min(MAX_CHUNK, Math.max(64 * 1024, size + 1)) });
}
