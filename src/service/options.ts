/** Options of startService and what it returns, and the same options read from a command line (`compound-db serve`). */
import type { CompoundRecord } from './record';
import type { KeysConfig } from './auth/keys';
import type { Chemistry } from './toolkits';
import type { SkippedDataFile } from './collection/data-files';
import type { LibraryStats } from './search/spectrum/library';
import { DEFAULT_MAX_QUERIES, DEFAULT_MAX_RESULT_IDS, DEFAULT_QUERY_TTL_MS, DEFAULT_RESULT_CAP } from './query-engine/query-engine';

export interface ServiceOptions {
  /** 0 picks a free port. Default 8745. */
  port?: number;
  /** Default 127.0.0.1. Without a keys file only a loopback host is allowed. */
  host?: string;
  /** The user's SDF files; each becomes one more datasource. */
  dataFiles?: string[];
  /** A folder of spectra (JCAMP-DX files and index.json) added to the shipped ones. */
  spectraDir?: string;
  /** Load the spectra shipped in dataDir. Default true; off, only spectraDir's are served (tests with their own records). */
  shippedSpectra?: boolean;
  /** JSON file of API keys and tokens (format in auth/keys.ts and README.md). */
  keysFile?: string;
  /** The same, given as a value (tests). Ignored when keysFile is set. */
  keys?: KeysConfig;
  /** Requests a minute allowed per API key and per security token (both interfaces); off when left out or 0. */
  rateLimitPerMinute?: number;
  /** Extra time each query stays in Processing (tests). Default 0. */
  queryDelayMs?: number;
  /** Over PostgreSQL: how often this process beats its heartbeat; its running queries fail after 3 missed. Default 5 s. */
  queryHeartbeatMs?: number;
  /** How long a submit waits for its query to finish before answering (src/service/README.md). Default 50 ms. */
  queryAnswerWithinMs?: number;
  /** A query with more results ends TooManyRecords. Default 100,000. */
  resultCap?: number;
  /** How long a substructure search may run before it stops with what it found. Default 10 s. */
  structureTimeLimitMs?: number;
  /** How long one toolkit call on a request's input may run in its worker (default TOOLKIT_BOUNDS.callMs, 5 s). */
  toolkitCallMs?: number;
  /** Build the structure index when the first structure search needs it, not after listening (one-shot commands). */
  structureIndexOnDemand?: boolean;
  /**
   * Build the spectrum index after listening (once the structure index is built), not when the first spectrum search
   * needs it: the long-running service's process does (main.ts); one-shot commands and services started in-process
   * (the tests, the benches) build it on demand, so a start that never searches spectra never pays for it.
   */
  spectrumIndexAfterListening?: boolean;
  /** Start a toolkit worker at once, so that it loads while the records are read (a one-shot command that converts). */
  toolkitAtStart?: boolean;
  /**
   * Listen before the chemistry toolkits have loaded (what needs them waits for them), as the service's own process
   * does (main.ts); else (the default, for a service started in-process) start-up waits for them and fails when they
   * do not load.
   */
  listenBeforeChemistry?: boolean;
  /** In memory: draw some structures on idle turns after listening, so the first hovers find the drawing code optimised (warm-drawing.ts). */
  warmDrawing?: boolean;
  /** How long query IDs stay valid. Default 30 minutes. */
  queryTtlMs?: number;
  /** The clock of query expiry and the rate limit's minute (tests move it instead of sleeping). Default `Date.now`. */
  now?: () => number;
  /** Queries kept at once; the oldest finished go first, and when all are running a new search is a 503. Default 10,000. */
  maxQueries?: number;
  /** Result IDs kept over all queries; the oldest finished queries go first. Default 2,000,000. */
  maxResultIds?: number;
  /** The shipped data folder; default: found upwards from this module (works from out/ and from a bundle). */
  dataDir?: string;
  /** Folder of the .wasm files when bundled. */
  wasmDir?: string;
  /** Records to serve instead of the shipped collection (benchmarks, tests). */
  records?: CompoundRecord[];
  /** A PostgreSQL URL (`postgres://user@host:port/db`): serve the records loaded there, queries kept there too. */
  database?: string;
  /** A Chemistry to use instead of loading one. */
  chemistry?: Chemistry;
  log?: (line: string) => void;
}

export interface RunningService {
  /** Origin of the current interface: requests go to `${baseUrl}/compounds/v1/...`. */
  baseUrl: string;
  /** Origin of the older interface (the same): `${legacyBaseUrl}/Search.asmx/...`. */
  legacyBaseUrl: string;
  port: number;
  /** Number of records served. */
  records: number;
  /** Datasource names. */
  dataSources: string[];
  /** Number of spectra served (the shipped index is read on first use, so this may read it). */
  spectra(): Promise<number>;
  /** Milliseconds from start to listening. */
  loadMs: number;
  /** Starts the structure index's build (substructure and similarity search) if it has not started, and resolves once
   * it is built (0 and 0 over PostgreSQL, where the cartridge's indexes live in the database). */
  buildStructureIndex(): Promise<{ buildMs: number; approximateBytes: number }>;
  /** Starts the spectrum index's build if it has not started, and resolves with its figures once it is built. */
  buildSpectrumIndex(): Promise<LibraryStats>;
  /** True when the development API key and token are accepted (no keys file). */
  devCredentials: boolean;
  /** Data files that could not be read and were left out (the others are served). */
  skippedDataFiles: SkippedDataFile[];
  /** Queries kept now and the result IDs they hold (bounded by maxQueries and maxResultIds) in this process; undefined
   * over PostgreSQL, where they live in the database. */
  storedQueries(): { queries: number; resultIds: number } | undefined;
  close(): Promise<void>;
}

export const DEFAULT_PORT = 8745;
export const DEFAULT_HOST = '127.0.0.1';

export const SERVE_USAGE = `Usage: compound-db serve [options]   (or npm run serve -- [options])
  --port N          port (default ${DEFAULT_PORT}; 0 = any free port)
  --host HOST       address to listen on (default ${DEFAULT_HOST})
  --data FILE.sdf   an SDF file to serve as one more datasource (repeatable)
  --spectra DIR     a folder of spectra (index.json + JCAMP-DX files) to add
  --keys FILE       JSON file of API keys and tokens:
                    {"apiKeys": ["..."], "tokens": [{"token": "...", "role": "user" | "subscriber"}]}
  --database URL    serve a PostgreSQL store (postgres://user@host:port/db) instead of the in-memory one
  --rate-limit N    requests a minute allowed per API key and per security token (default: no limit)
  --structure-index-on-demand
                    build the structure index on the first structure search, not after listening
                    (the command line's one-shot commands start the built-in database so)
  --toolkit-at-start
                    start a toolkit worker at once, loading while the records are read
                    (the command line's convert starts the built-in database so)
  --no-warm-up      do not read the MOL blocks and draw structures in the background once idle
  Stored queries (each process's, or the database's with --database):
  --max-queries N     queries kept at once (default ${DEFAULT_MAX_QUERIES.toLocaleString('en-US')})
  --max-result-ids N  result IDs kept over all finished queries, the oldest dropped first
                      (default ${DEFAULT_MAX_RESULT_IDS.toLocaleString('en-US')}; raise it for collections of millions)
  --result-cap N      results past which a query ends TooManyRecords (default ${DEFAULT_RESULT_CAP.toLocaleString('en-US')})
  --query-ttl-minutes N
                      how long a query's results stay (default ${DEFAULT_QUERY_TTL_MS / 60_000})`;

export function parseArgs(argv: readonly string[]): ServiceOptions {
  const options: ServiceOptions = { dataFiles: [] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined || v.startsWith('--')) throw new Error(`${arg} needs a value`);
      return v;
    };
    const int = (): number => {
      const v = value();
      if (!/^\d+$/.test(v)) throw new Error(`${arg} needs a whole number, not ${JSON.stringify(v)}`);
      return Number(v);
    };
    const positive = (): number => {
      const n = int();
      if (n < 1 || !Number.isSafeInteger(n)) throw new Error(`${arg} needs a whole number from 1 to ${Number.MAX_SAFE_INTEGER}`);
      return n;
    };
    switch (arg) {
      case '--port':
        options.port = int();
        if (options.port > 65535) throw new Error('--port must be 0 to 65535');
        break;
      case '--host':
        options.host = value();
        break;
      case '--data':
        options.dataFiles!.push(value());
        break;
      case '--spectra':
        options.spectraDir = value();
        break;
      case '--keys':
        options.keysFile = value();
        break;
      case '--database':
        options.database = value();
        break;
      case '--rate-limit':
        options.rateLimitPerMinute = int();
        break;
      case '--structure-index-on-demand':
        options.structureIndexOnDemand = true;
        break;
      case '--toolkit-at-start':
        options.toolkitAtStart = true;
        break;
      case '--no-warm-up':
        options.warmDrawing = false;
        break;
      case '--max-queries':
        options.maxQueries = positive();
        break;
      case '--max-result-ids':
        options.maxResultIds = positive();
        break;
      case '--result-cap':
        options.resultCap = positive();
        break;
      case '--query-ttl-minutes':
        options.queryTtlMs = positive() * 60_000;
        break;
      case '--help':
      case '-h':
        console.log(SERVE_USAGE);
        process.exit(0);
      // falls through (exit does not return)
      default:
        throw new Error(`unknown option ${arg} (compound-db serve --help lists them)`);
    }
  }
  const cap = options.resultCap ?? DEFAULT_RESULT_CAP;
  const held = options.maxResultIds ?? DEFAULT_MAX_RESULT_IDS;
  if (cap > held) throw new Error(`--max-result-ids (${held}) must be at least --result-cap (${cap}): one finished query may hold that many IDs`);
  return options;
}
