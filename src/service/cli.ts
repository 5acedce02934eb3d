#!/usr/bin/env node
/**
 * `npm run serve`: the local service from a terminal, or as a child process of the extension
 * (child_process.fork): then it sends the messages of src/wire/local-service.ts (ready once listening, error
 * when it cannot start) and exits when the parent disconnects.
 */
import type { LocalServiceMessage } from '../wire';
import { DEFAULT_HOST, DEFAULT_PORT, startService, type ServiceOptions } from './index';
import { DATABASE_COMMANDS, runDatabaseCommand } from './database/commands';

const USAGE = `Usage: npm run serve -- [options]
  --port N          port (default ${DEFAULT_PORT}; 0 = any free port)
  --host HOST       address to listen on (default ${DEFAULT_HOST})
  --data FILE.sdf   an SDF file to serve as one more datasource (repeatable)
  --spectra DIR     a folder of spectra (index.json + JCAMP-DX files) to add
  --keys FILE       JSON file of API keys and tokens:
                    {"apiKeys": ["..."], "tokens": [{"token": "...", "role": "user" | "subscriber"}]}
  --database URL    serve a PostgreSQL store (postgres://user@host:port/db) instead of the in-memory one
  --rate-limit N    requests a minute allowed per API key (default: no limit)`;

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
      case '--help':
      case '-h':
        console.log(USAGE);
        process.exit(0);
      // falls through (exit does not return)
      default:
        throw new Error(`unknown option ${arg}\n${USAGE}`);
    }
  }
  return options;
}

/** To the extension, when forked by it. */
function tell(message: LocalServiceMessage, then?: () => void): void {
  process.send?.(message, undefined, undefined, then);
}

export async function main(): Promise<void> {
  const ipc = typeof process.send === 'function';
  try {
    const options = parseArgs(process.argv.slice(2));
    const service = await startService({ ...options, log: (line) => console.error(line) });
    console.log(`Compound DB local service listening at ${service.baseUrl}`);
    console.log(`  current interface: ${service.baseUrl}/compounds/v1/...   older interface: ${service.legacyBaseUrl}/Search.asmx/...`);
    console.log(`  ${service.records} records, ${service.dataSources.length} datasources, ${service.spectra} spectra, loaded in ${service.loadMs} ms`);
    if (service.devCredentials) {
      // The development key and token are documented in src/service/README.md; a log line never carries a secret.
      console.log('  no keys file: accepting the development credentials (see src/service/README.md), loopback only');
    }
    const stop = () => void service.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    if (ipc) {
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
    const message = err instanceof Error ? err.message : String(err);
    console.error(`compound-db service: ${message}`);
    if (ipc) tell({ type: 'error', message }, () => process.exit(1));
    else process.exit(1);
  }
}

if (require.main === module) {
  const [command] = process.argv.slice(2);
  // `load` and `db start|stop` (the compound-db command line's database commands); `serve` is the default.
  if (command && DATABASE_COMMANDS.includes(command)) void runDatabaseCommand(process.argv.slice(2)).then((code) => process.exit(code));
  else {
    if (command === 'serve') process.argv.splice(2, 1);
    void main();
  }
}
