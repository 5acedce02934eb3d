/**
 * `compound-db`: the command line. Each subcommand is one module under commands/ with `usage` and `run`; adding one
 * is one entry in COMMANDS. Exit codes: 0 success, 1 failure, 2 bad usage, 141 standard output closed by its reader
 * (`| head -1`: the work stops at once), each failure with one line on stderr.
 */
import { explain } from './explain';
import { environmentRedactor } from './connect';
import { processContext, type CliContext } from './context';
import { UsageError } from './usage';
import { USAGES, type CommandName } from './usages';

interface Command {
  usage: string;
  run(args: string[], cli: CliContext): Promise<number>;
}

/**
 * Each command loads when it runs: `resolve` does not wait for the MCP SDK, nor `search` for the service's modules,
 * and `--help` loads none (usages.ts).
 */
const COMMANDS: Readonly<Record<CommandName, () => Promise<Command>>> = {
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

function usageText(): string {
  return `Usage: compound-db COMMAND [options]
${Object.values(USAGES)
  .map((usage) => `  ${usage}`)
  .join('\n')}
Without --server the built-in database runs in a child process started on the first request. With --server URL, the API key is read from
COMPOUND_DB_API_KEY and the security token from COMPOUND_DB_TOKEN (never from a flag).
Exit codes: 0 success, 1 failure, 2 bad usage, 141 standard output closed by its reader (EPIPE).`;
}

/** The exit code when standard output was closed by its reader: a shell's code for a process that SIGPIPE ended. */
export const STDOUT_CLOSED_EXIT = 141;
const STDOUT_CLOSED_LINE = 'compound-db: stopped: standard output was closed by its reader (EPIPE)';

export async function main(argv: string[]): Promise<number> {
  const controller = new AbortController();
  const onSignal = (): void => controller.abort();
  process.once('SIGINT', onSignal);
  // A reader that goes away (`| head -1`) stops the work at once: no request is made for output nobody reads.
  let stdoutClosed = false;
  const onStdoutError = (error: NodeJS.ErrnoException): void => {
    if (error.code !== 'EPIPE') throw error;
    stdoutClosed = true;
    controller.abort();
  };
  process.stdout.on('error', onStdoutError);
  const cli = processContext(controller.signal, () => stdoutClosed);
  const redact = environmentRedactor(cli.env);
  const [name, ...args] = argv;
  try {
    if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
      if (name === undefined) cli.note(usageText());
      else cli.out(`${usageText()}\n`);
      return name === undefined ? 2 : 0;
    }
    const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name as CommandName] : undefined;
    if (!load)
      throw new UsageError(`unknown command ${JSON.stringify(name)}; the commands are ${Object.keys(COMMANDS).join(', ')} (compound-db --help)`);
    const command = await load();
    if (args.includes('--help') || args.includes('-h')) {
      cli.out(`Usage: ${command.usage}\n`);
      return 0;
    }
    const code = await command.run(args, cli);
    if (stdoutClosed) {
      cli.note(STDOUT_CLOSED_LINE);
      return STDOUT_CLOSED_EXIT;
    }
    return code;
  } catch (error) {
    if (stdoutClosed) {
      cli.note(STDOUT_CLOSED_LINE);
      return STDOUT_CLOSED_EXIT;
    }
    const text = explain(error);
    cli.note(`compound-db: ${redact(text).replace(/\s*\n\s*/g, ' ')}`);
    return error instanceof UsageError ? 2 : 1;
  } finally {
    process.off('SIGINT', onSignal);
    if (!stdoutClosed) process.stdout.off('error', onStdoutError);
  }
}

if (require.main === module) {
  void main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
