/**
 * The local compound service: both interface generations on one origin over an in-memory indexed store.
 * `startService({port: 0})` starts it in-process (tests, the extension); cli.ts runs it from a terminal.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { AddressInfo } from 'net';
import { loadChemistry, loadSpectra, SHIPPED_DATA_DIR, type SpectrumStore } from './chemistry';
import { PACKED_SPECTRA_INDEX, SPECTRA_INDEX } from './chemistry/spectra';
import { Credentials, DEV_KEYS, isLoopbackHost, loadKeysFile } from './auth/keys';
import { RateLimiter } from './auth/rate-limit';
import { MemoryStore } from './store/memory-store';
import { QueryEngine } from './query/query-engine';
import { ImageCache } from './image-cache';
import { createServiceServer } from './server';
import { loadRecords } from './load-records';
import type { ServiceContext } from './context';
import { DEFAULT_HOST, DEFAULT_PORT, type RunningService, type ServiceOptions } from './options';

export type { ServiceOptions, RunningService } from './options';
export type { SkippedDataFile } from './load-records';
export { DEFAULT_HOST, DEFAULT_PORT } from './options';
export { DEV_API_KEY, DEV_TOKEN, type KeysConfig, type TokenRole } from './auth/keys';
export type { CompoundStore, MassKind } from './store/compound-store';
export { MemoryStore } from './store/memory-store';

const EMPTY_SPECTRA: SpectrumStore = { all: () => [], get: () => undefined, ofRecord: () => [], readData: () => undefined };

async function spectraOf(dataDir: string, extra: string | undefined, withShipped: boolean): Promise<SpectrumStore> {
  const shipped = path.join(dataDir, 'spectra');
  const hasIndex = [SPECTRA_INDEX, PACKED_SPECTRA_INDEX].some((name) => fs.existsSync(path.join(shipped, name)));
  const dirs = [...(withShipped && hasIndex ? [shipped] : []), ...(extra ? [extra] : [])];
  return dirs.length ? loadSpectra(dirs) : EMPTY_SPECTRA;
}

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  const started = Date.now();
  const log = options.log ?? (() => undefined);
  const host = options.host ?? DEFAULT_HOST;
  const keys = options.keysFile ? loadKeysFile(options.keysFile) : (options.keys ?? DEV_KEYS);
  const devCredentials = !options.keysFile && !options.keys;
  if (devCredentials && !isLoopbackHost(host)) {
    throw new Error(`refusing to listen on ${host} with the development credentials: give a keys file (--keys FILE) or use a loopback host`);
  }
  const dataDir = options.dataDir ?? SHIPPED_DATA_DIR;
  const chemistry = options.chemistry ?? (await loadChemistry({ wasmDir: options.wasmDir }));
  const loaded = options.records ? { records: options.records, skippedFiles: [] } : await loadRecords(chemistry, dataDir, options.dataFiles ?? [], log);
  const records = loaded.records;
  const store = new MemoryStore(records);
  const spectra = await spectraOf(dataDir, options.spectraDir, options.shippedSpectra ?? true);
  const engine = new QueryEngine({ delayMs: options.queryDelayMs, resultCap: options.resultCap, ttlMs: options.queryTtlMs, log });
  let origin = '';
  const ctx: ServiceContext = {
    store,
    chemistry,
    engine,
    images: new ImageCache(chemistry),
    spectra,
    credentials: new Credentials(keys),
    rateLimiter: new RateLimiter(options.rateLimitPerMinute),
    origin: () => origin,
    log,
  };
  const server = createServiceServer(ctx);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? DEFAULT_PORT, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    engine.close();
    throw err;
  }
  const { port } = server.address() as AddressInfo;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    baseUrl: origin,
    legacyBaseUrl: origin,
    port,
    records: store.size,
    dataSources: await store.dataSources(),
    spectra: spectra.all().length,
    loadMs: Date.now() - started,
    devCredentials,
    skippedDataFiles: loaded.skippedFiles,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        engine.close();
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
