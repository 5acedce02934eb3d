#!/usr/bin/env node
/**
 * The local service's process: its options from the command line (options.ts), the service started (start-service.ts)
 * and run until SIGINT / SIGTERM. As a child process of the extension (child_process.fork) it sends the messages of
 * src/wire/local-service.ts (ready once listening, error when it cannot start) and exits when the parent disconnects.
 * `compound-db serve` (src/cli) runs it the same way from a terminal.
 */
import type { LocalServiceMessage } from '../wire';
import { startService } from './start-service';
import { parseArgs, type ServiceOptions } from './options';

/** To the extension, when forked by it (the messages of src/wire/local-service.ts). */
function tell(message: LocalServiceMessage, then?: () => void): void {
  process.send?.(message, undefined, undefined, then);
}

/** Starts the service and keeps it running until SIGINT / SIGTERM (or the parent's disconnect); `compound-db serve`. */
export async function runService(options: ServiceOptions, ipc = typeof process.send === 'function'): Promise<void> {
  try {
    // One-shot commands (the structure index on demand) are done before a warm-up or the spectrum index would pay for itself.
    const service = await startService({
      warmDrawing: !options.structureIndexOnDemand,
      spectrumIndexAfterListening: !options.structureIndexOnDemand,
      listenBeforeChemistry: true,
      toolkitAtStart: !options.structureIndexOnDemand,
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

function failed(err: unknown, ipc: boolean): void {
  const message = err instanceof Error ? err.message : String(err);
  console.error(`compound-db service: ${message}`);
  if (ipc) tell({ type: 'error', message }, () => process.exit(1));
  else process.exit(1);
}

async function main(): Promise<void> {
  const ipc = typeof process.send === 'function';
  let options: ServiceOptions;
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (err) {
    return failed(err, ipc);
  }
  await runService(options, ipc);
}

if (require.main === module) void main();
