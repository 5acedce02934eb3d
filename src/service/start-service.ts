/**
 * The service's composition: the store (in memory or PostgreSQL), the toolkits, the structure and spectrum searches,
 * the query engine, the queues and the HTTP server, started as one. `startService({port: 0})` starts it in-process
 * (tests); main.ts runs it as a process.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { AddressInfo } from 'net';
import { loadChemistry } from './toolkits';
import { NO_SPECTRA, PACKED_SPECTRA_INDEX, SPECTRA_INDEX } from './collection/spectra-files';
import { Credentials, DEV_KEYS, isLoopbackHost, loadKeysFile } from './auth/keys';
import { RateLimiter } from './auth/rate-limit';
import { MemoryStore } from './store/memory-store';
import { QueryEngine, type QueryEngineOptions } from './query-engine/query-engine';
import type { Queries } from './query-engine/stored-queries';
import type { CompoundStore } from './store/compound-store';
import { ImageCache } from './images/image-cache';
import { QUIET_MS, warmDrawing } from './images/warm-drawing';
import { SpectrumLibrary, type LibraryStats } from './search/spectrum/library';
import { SpectrumSearchQueue } from './search/spectrum/search-queue';
import { RequestActivity } from './http/request-activity';
import { DEFAULT_SUBSTRUCTURE_TIME_MS, StructureIndex } from './search/structure/structure-index';
import type { StructureSearch } from './search/structure/structure-search';
import type { Chemistry } from './toolkits/types';
import { BoundedToolkit } from './toolkits/bounded-toolkit';
import { createServiceServer } from './http/server';
import { lateChemistry } from './toolkits/late-chemistry';
import { loadRecords, type SkippedDataFile } from './collection/data-files';

type LoadedRecords = Awaited<ReturnType<typeof loadRecords>>;
import type { ServiceContext } from './context';
import { DEFAULT_HOST, DEFAULT_PORT, type RunningService, type ServiceOptions } from './options';
import { SHIPPED_DATA_DIR } from './collection/shipped-collection';
import { loadSpectra, type SpectrumStore } from './collection/spectra-files';

async function spectraOf(dataDir: string, extra: string | undefined, withShipped: boolean): Promise<SpectrumStore> {
  const shipped = path.join(dataDir, 'spectra');
  const hasIndex = [SPECTRA_INDEX, PACKED_SPECTRA_INDEX].some((name) => fs.existsSync(path.join(shipped, name)));
  const dirs = [...(withShipped && hasIndex ? [shipped] : []), ...(extra ? [extra] : [])];
  return dirs.length ? loadSpectra(dirs) : NO_SPECTRA;
}

interface Backend {
  store: CompoundStore;
  engine: Queries;
  /** Frees what the backend holds (the database pool) once the server is closed. */
  release: () => Promise<void>;
  skippedFiles: SkippedDataFile[];
  /** Substructure and similarity search over this store's records. */
  structures: (chemistry: Chemistry) => Promise<() => StructureSearch>;
}

async function openMemory(
  options: ServiceOptions,
  queryOptions: QueryEngineOptions,
  dataDir: string,
  load: () => Promise<LoadedRecords>,
): Promise<Backend> {
  const loaded = options.records ? { records: options.records, skippedFiles: [] } : await load();
  const store = new MemoryStore(loaded.records);
  return {
    store,
    structures: async (chemistry) => {
      const records = await store.all();
      return () => new StructureIndex(chemistry.structures, records, dataDir);
    },
    engine: new QueryEngine(queryOptions),
    release: async () => undefined,
    skippedFiles: loaded.skippedFiles,
  };
}

/**
 * The PostgreSQL store: the schema is migrated on open; records are loaded beforehand by `compound-db load`. Its
 * modules load only here: evaluating the driver (pg, which loads Node's fetch to probe its runtime) cost every start
 * of the in-memory service about 40 ms.
 */
async function openDatabase(options: ServiceOptions, queryOptions: QueryEngineOptions): Promise<Backend> {
  if (options.records || options.dataFiles?.length) {
    throw new Error('--data cannot be used with --database: load SDF files into the database with `compound-db load --database URL FILE.sdf`');
  }
  const [{ PostgresStore }, { PostgresQueries }, { CartridgeStructureSearch }] = await Promise.all([
    import('./store/postgres/postgres-store.js'),
    import('./query-engine/postgres-queries.js'),
    import('./store/postgres/cartridge-search.js'),
  ]);
  const store = await PostgresStore.open(options.database!);
  const engine = new PostgresQueries(store.pool, queryOptions);
  return {
    store,
    engine,
    skippedFiles: [],
    structures: (chemistry) => Promise.resolve(() => new CartridgeStructureSearch(store.pool, chemistry.structures.wasmDir)),
    release: async () => {
      await engine.retire();
      await store.close();
    },
  };
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
  // The service's own process listens before RDKit and resvg have loaded on its main thread (listenBeforeChemistry):
  // what needs them (images, describing a structure) waits for `chemistryReady()`, which loads them on first need; a
  // long-running one loads them once its structure index is built (below). Structure searches never wait for them (a
  // toolkit worker reads the query, the index's workers search). A service started in-process waits for them before
  // listening, so they load from the start, their WASM compiling while the records are read.
  const late = lateChemistry(
    () =>
      options.chemistry
        ? Promise.resolve(options.chemistry)
        : loadChemistry({ wasmDir: options.wasmDir, spareRdkit: !options.structureIndexOnDemand }),
    options.wasmDir,
  );
  if (!options.listenBeforeChemistry) void late.ready().catch(() => undefined);
  const queryOptions = {
    delayMs: options.queryDelayMs,
    answerWithinMs: options.queryAnswerWithinMs,
    resultCap: options.resultCap,
    ttlMs: options.queryTtlMs,
    maxQueries: options.maxQueries,
    maxResultIds: options.maxResultIds,
    log,
    now: options.now,
    heartbeatMs: options.queryHeartbeatMs,
  };
  // The toolkit workers' warm-up while loading (ChemistryOptions.warmUp): none in the long-running service (warmDrawing),
  // describing only in a one-shot command's (which draws nothing), both in a service started in-process.
  const workerWarmUp = options.warmDrawing === undefined ? 'describe-and-draw' : options.warmDrawing ? 'none' : 'describe';
  const toolkit = new BoundedToolkit({ wasmDir: options.wasmDir, callMs: options.toolkitCallMs, warmUp: workerWarmUp, log });
  // A command that converts a structure, and the long-running service (its first structure search reads the query in
  // a toolkit worker), have a toolkit worker load on the other core while the records are read: started on the next
  // turn, once their reading has begun, as it first compiles RDKit's WebAssembly for the process (toolkits/rdkit.ts).
  if (options.toolkitAtStart) setImmediate(() => toolkit.warm());
  let backend: Backend;
  try {
    backend = options.database
      ? await openDatabase(options, queryOptions)
      : await openMemory(options, queryOptions, dataDir, () => loadRecords(late.ready, dataDir, options.dataFiles ?? [], log));
  } catch (err) {
    toolkit.dispose();
    throw err;
  }
  const { store, engine, release, skippedFiles } = backend;
  const { chemistry, ready: chemistryReady } = late;
  chemistry.setLog(log);
  if (!options.listenBeforeChemistry) await chemistryReady();
  const spectra = await spectraOf(dataDir, options.spectraDir, options.shippedSpectra ?? true);
  const spectrumLibrary = new SpectrumLibrary(spectra, log);
  // Over PostgreSQL the cartridge's operators search the database; in memory, the first structure query builds the
  // index when it is asked for on demand.
  const newStructures = await backend.structures(chemistry);
  let built: StructureSearch | undefined;
  const structures = (): StructureSearch => (built ??= newStructures());
  if (!options.structureIndexOnDemand) structures();
  let origin = '';
  const ctx: ServiceContext = {
    store,
    chemistry,
    toolkit,
    chemistryReady,
    engine,
    images: new ImageCache(chemistry),
    spectra,
    spectrumLibrary,
    spectrumSearches: new SpectrumSearchQueue(() => spectrumLibrary.index()),
    credentials: new Credentials(keys),
    rateLimiter: new RateLimiter(options.rateLimitPerMinute, options.now),
    get structures() {
      return structures();
    },
    structureTimeLimitMs: options.structureTimeLimitMs ?? DEFAULT_SUBSTRUCTURE_TIME_MS,
    origin: () => origin,
    log,
  };
  const activity = new RequestActivity();
  const server = createServiceServer(ctx, activity);
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
    built?.dispose();
    toolkit.dispose();
    await release();
    throw err;
  }
  // After the structure index is built and no request has been served for a moment, then the main thread's chemistry
  // (unless a request loaded it sooner): the warm-up's work would otherwise share the cores with the first structure
  // searches. Asked for only by what runs after them: waiting for the chemistry loads it, which a one-shot command's
  // service (nothing in the background) does on the first request that needs it.
  let indexBuilt: Promise<unknown> | undefined;
  const afterIndexBuilt = (): Promise<unknown> =>
    (indexBuilt ??= Promise.resolve(built instanceof StructureIndex ? built.ready : undefined)
      .then(() => activity.quiet(QUIET_MS))
      .then(() => chemistryReady()));
  const warmUp = options.warmDrawing && !options.database ? warmDrawing(ctx, activity, afterIndexBuilt()) : undefined;
  void warmUp?.finished.catch((error: Error) => log(`drawing warm-up: ${error.message}`));
  // The spectrum index after the structure index too, for the same reason; a spectrum search waits for it.
  if (options.spectrumIndexAfterListening)
    void afterIndexBuilt()
      .then(() => spectrumLibrary.index())
      .catch((error: Error) => log(`spectrum index: ${error.message}`));
  const { port } = server.address() as AddressInfo;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    baseUrl: origin,
    legacyBaseUrl: origin,
    port,
    records: store.size,
    dataSources: await store.dataSources(),
    spectra: () => spectra.count(),
    loadMs: Date.now() - started,
    buildStructureIndex() {
      const index = structures();
      return index.ready.then(() =>
        index instanceof StructureIndex ? { buildMs: index.buildMs, approximateBytes: index.approximateBytes } : { buildMs: 0, approximateBytes: 0 },
      );
    },
    buildSpectrumIndex: () => spectrumLibrary.index().then(() => spectrumLibrary.stats as LibraryStats),
    devCredentials,
    skippedDataFiles: skippedFiles,
    storedQueries: () => engine.stored,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        engine.close();
        warmUp?.stop();
        built?.dispose();
        toolkit.dispose();
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(release)),
  };
}
