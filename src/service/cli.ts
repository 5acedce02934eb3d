#!/usr/bin/env node
/**
 * The local service as a child process of the extension (child_process.fork; `compound-db serve` runs serve.ts
 * the same way from a terminal): then it sends the messages of src/wire/local-service.ts (ready once listening,
 * error when it cannot start) and exits when the parent disconnects.
 */
import type { ServiceOptions } from './index';
import { failed, parseArgs, runService } from './serve';

export { parseArgs } from './serve';

export async function main(): Promise<void> {
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
