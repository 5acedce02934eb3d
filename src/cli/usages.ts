/**
 * Each command's usage line, apart from the command's module: `compound-db --help` prints them all without loading
 * any command (the MCP SDK, the service), so it answers at once.
 */
import { CONVERT_FORMATS } from '../wire/formats';

export const USAGES = {
  serve: 'compound-db serve [--port N] [--host H] [--data F.sdf ...] [--spectra DIR] [--keys F] [--database URL] [--rate-limit N]',
  search: 'compound-db search QUERY [--json] [--limit N] [--server URL]',
  details: 'compound-db details ID... [--json] [--server URL]',
  convert: `compound-db convert INPUT --from FMT --to FMT [--server URL]   (FMT: ${CONVERT_FORMATS.join(', ')}; INPUT - reads stdin)`,
  resolve:
    'compound-db resolve IN [OUT] [--column NAME] [--rate N] [--concurrency N] [--cache DIR] [--resume] [--sdf] [--server URL]   (IN - reads stdin)',
  identify:
    'compound-db identify IN [OUT] [--search identity|open|neutral-loss|hybrid] [--top N] [--ion-mode positive|negative] [--tolerance DA] [--precursor-tolerance DA] [--concurrency N] [--server URL]',
  mcp: 'compound-db mcp [--server URL]   (an MCP server on stdio: the compound_* tools)',
  load: 'compound-db load --database URL [F.sdf ...]   (the shipped collection when no file is named)',
  db: 'compound-db db start|stop [--dir DIR]   (start prints the database URL as its last line)',
} as const;

export type CommandName = keyof typeof USAGES;
