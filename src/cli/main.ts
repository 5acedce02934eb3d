/**
 * `compound-db`: the command line. Each subcommand is one module under commands/ with `usage` and `run`; adding one
 * is one entry in COMMANDS. Exit codes: 0 success, 1 failure,
 * 2 bad usage, each failure with one line on stderr.
 */
import { CancelledError } from '../client';
import { environmentRedactor } from './connect';
import { processContext, type CliContext } from './context';
import { UsageError } from './usage';

interface Command {
  usage: string;
  run(args: string[], cli: CliContext): Promise<number>;
}

/** Each command loads when it runs: `resolve` does not wait for the MCP SDK, nor `search` for the service's modules. */
const COMMANDS: Readonly<Record<string, () => Promise<Command>>> = {
  serve: () => import('./commands/serve.js'),
  search: () => import('./commands/search.js'),
  details: () => import('./commands/details.js'),
  convert: () => import('./commands/convert.js'),
  resolve: () => import('./commands/resolve.js'),
  identify: () => import('./commands/identify.js'),
  mcp: () => import('./commands/mcp.js'),
  load: () => import('./commands/load.js'),
  db: () => import('./commands/db.js'),
};

async function usageText(): Promise<string> {
  const commands = await Promise.all(Object.values(COMMANDS).map((load) => load()));
  return `Usage: compound-db COMMAND [options]
${commands.map((c) => `  ${c.usage}`).join('\n')}
Without --server the built-in database runs in a child process started on the first request. With --server URL, the API key is read from
COMPOUND_DB_API_KEY and the security token from COMPOUND_DB_TOKEN (never from a flag).
Exit codes: 0 success, 1 failure, 2 bad usage.`;
}

export async function main(argv: string[]): Promise<number> {
  const controller = new AbortController();
  const onSignal = (): void => controller.abort();
  process.once('SIGINT', onSignal);
  const cli = processContext(controller.signal);
  const redact = environmentRedactor(cli.env);
  const [name, ...args] = argv;
  try {
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      if (name === undefined) cli.note(await usageText());
      else cli.out(`${await usageText()}\n`);
      return name === undefined ? 2 : 0;
    }
    const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
    if (!load)
      throw new UsageError(`unknown command ${JSON.stringify(name)}; the commands are ${Object.keys(COMMANDS).join(', ')} (compound-db --help)`);
    const command = await load();
    if (args.includes('--help') || args.includes('-h')) {
      cli.out(`Usage: ${command.usage}\n`);
      return 0;
    }
    return await command.run(args, cli);
  } catch (error) {
    const text = error instanceof CancelledError ? 'cancelled' : error instanceof Error ? error.message : String(error);
    cli.note(`compound-db: ${redact(text).replace(/\s*\n\s*/g, ' ')}`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    process.off('SIGINT', onSignal);
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
