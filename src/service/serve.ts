/**
 * `compound-db serve` and `npm run serve`: the local service's options from the command line, and the service run
 * until a signal (or, as a child process of the extension, until the parent disconnects; see cli.ts).
 */
import type { LocalServiceMessage } from '../wire';
import { DEFAULT_HOST, DEFAULT_PORT, startService, type ServiceOptions } from './index';
import { DEFAULT_MAX_QUERIES, DEFAULT_MAX_RESULT_IDS, DEFAULT_QUERY_TTL_MS, DEFAULT_RESULT_CAP } from './query/query-engine';

/** To the extension, when forked by it (the messages of src/wire/local-service.ts). */
function tell(message: LocalServiceMessage, then?: () => void): void {
  process.send?.(message, undefined, undefined, then);
}

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

/** Starts the service and keeps it running until SIGINT / SIGTERM (or the parent's disconnect); `compound-db serve`. */
export async function runService(options: ServiceOptions, ipc = typeof process.send === 'function'): Promise<void> {
  try {
    // One-shot commands (the structure index on demand) are done before a warm-up would pay for itself.
    const service = await startService({
      warmDrawing: !options.structureIndexOnDemand,
      listenBeforeChemistry: true,
      ...options,
      log: (line) => console.error(line),
    });
    console.log(`Compound DB local service listening at ${service.baseUrl}`);
    console.log(`  current interface: ${service.baseUrl}/compounds/v1/...   older interface: ${service.legacyBaseUrl}/Search.asmx/...`);
    console.log(
      `  ${service.records} records, ${service.dataSources.length} datasources (spectra indexed on first use), loaded in ${service.loadMs} ms`,
    );
    if (service.devCredentials) {
      // The development key and token are documented in src/service/README.md; a log line never carries a secret.
      console.log('  no keys file: accepting the development credentials (see src/service/README.md), loopback only');
    }
    const stop = () => void service.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    if (ipc) {
      // A parent gone while the service was loading has already disconnected: no event will come.
      if (!process.connected) return stop();
      process.on('disconnect', stop);
      tell({
        type: 'ready',
        baseUrl: service.baseUrl,
        legacyBaseUrl: service.legacyBaseUrl,
        records: service.records,
        dataSources: service.dataSources,
        skippedDataFiles: service.skippedDataFiles,
      });
    }
  } catch (err) {
    failed(err, ipc);
  }
}

export function failed(err: unknown, ipc: boolean): void {
  const message = err instanceof Error ? err.message : String(err);
  console.error(`compound-db service: ${message}`);
  if (ipc) tell({ type: 'error', message }, () => process.exit(1));
  else process.exit(1);
}
