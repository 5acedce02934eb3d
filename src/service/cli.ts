#!/usr/bin/env node
/**
 * The local service as a child process of the extension (child_process.fork; `compound-db serve` runs serve.ts
 * the same way from a terminal): then it sends the messages of src/wire/local-service.ts (ready once listening,
 * error when it cannot start) and exits when the parent disconnects.
 */
import type { ServiceOptions } from './index';
import { failed, parseArgs, runService } from './serve';

export { parseArgs } from './serve';
import { DATABASE_COMMANDS, runDatabaseCommand } from './database/commands';

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

if (require.main === module) {
  const [command] = process.argv.slice(2);
  // `load` and `db start|stop` (the compound-db command line's database commands); `serve` is the default.
  if (command && DATABASE_COMMANDS.includes(command)) void runDatabaseCommand(process.argv.slice(2)).then((code) => process.exit(code));
  else {
    if (command === 'serve') process.argv.splice(2, 1);
    void main();
  }
}
