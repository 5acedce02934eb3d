/**
 * `compound-db resolve IN [OUT]`: the bulk resolver over a text or CSV file. Rows are written to OUT in input order
 * as they complete; every answer is journaled on disk as it arrives (in `--cache DIR`, else beside OUT until the run
 * ends), so a killed run started again with `--resume` loses at most the requests that were in flight.
 */
import * as fs from 'fs';
import {
  DiskResolveCache,
  InputFileError,
  MemoryResolveCache,
  RESOLVE_COLUMNS,
  RESOLVE_HEADER,
  cacheScope,
  csvLine,
  inputFormatOf,
  molBlocks,
  parseCsv,
  readIdentifiers,
  resolveCsvLine,
  resolveIdentifiers,
  resolveSdf,
  type ResolveCache,
  type ResolveProgress,
  type ResolveRow,
} from '../../client';
import type { CliContext } from '../context';
import { parseCommandArgs, UsageError, wholeNumberOption } from '../usage';
import { USAGES } from '../usages';

export const usage = USAGES.resolve;

/** Without --rate: unpaced against the built-in database, this many requests a second against a server. */
const DEFAULT_REMOTE_RATE = 5;

export async function run(args: string[], cli: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('resolve', args, {
    column: { type: 'string' },
    rate: { type: 'string' },
    concurrency: { type: 'string' },
    cache: { type: 'string' },
    resume: { type: 'boolean' },
    sdf: { type: 'boolean' },
    server: { type: 'string' },
  });
  if (positionals.length < 1 || positionals.length > 2) throw new UsageError(`resolve takes IN and optionally OUT: ${usage}`);
  const [inPath, outPath] = positionals;
  const rate = wholeNumberOption('resolve', 'rate', values.rate, 0.01, 10_000);
  const concurrency = wholeNumberOption('resolve', 'concurrency', values.concurrency, 1, 64);
  if (concurrency !== undefined && !Number.isInteger(concurrency)) throw new UsageError('resolve: --concurrency must be a whole number');
  const sdf = values.sdf === true || /\.sdf$/i.test(outPath ?? '');
  if (values.resume && !outPath) throw new UsageError('resolve: --resume needs OUT (the file an earlier run was writing)');
  const identifiers = await readInput(inPath, values.column, cli);

  return cli.withConnection(values.server, async ({ client, baseUrl, builtIn }) => {
    const scope = cacheScope(baseUrl, client.hasToken ? 'older' : 'current');
    const journal = openJournal(values.cache, outPath, scope, values.resume === true);
    try {
      const done = outPath && !sdf ? prepareOutput(outPath, identifiers, values.resume === true) : 0;
      const sink = outPath ? fs.openSync(outPath, sdf ? 'w' : 'a') : undefined;
      const write = (text: string): void => (sink === undefined ? cli.out(text) : void fs.writeSync(sink, text));
      if (!outPath && !sdf) write(RESOLVE_HEADER);
      if (done) cli.note(`resolve: resuming after row ${done} of ${identifiers.length}`);
      let last = 0;
      let requests = 0;
      const rows = await resolveIdentifiers(client, identifiers.slice(done), {
        cache: journal.cache,
        signal: cli.signal,
        ratePerSecond: rate ?? (builtIn ? undefined : DEFAULT_REMOTE_RATE),
        concurrency: concurrency ?? (builtIn ? 8 : 4),
        onRow: sdf ? undefined : (row) => write(resolveCsvLine(row)),
        onProgress: (p) => {
          requests = p.requests;
          if (Date.now() - last < 100 && p.done < p.total) return;
          last = Date.now();
          cli.progress(progressLine(p, done, identifiers.length));
        },
      });
      if (sdf) {
        const mols = await molBlocks(
          client,
          rows.flatMap((r) => (r.record ? [r.record.recordId] : [])),
          cli.signal,
        );
        write(resolveSdf(rows, (id) => mols.get(id)));
      }
      if (sink !== undefined) fs.closeSync(sink);
      journal.finished();
      cli.note(`resolve: ${summary(rows, done)}, ${requests} requests`);
      return 0;
    } finally {
      journal.close();
    }
  });
}

async function readInput(inPath: string, column: string | undefined, cli: CliContext): Promise<string[]> {
  let text: string;
  try {
    text = inPath === '-' ? await cli.readStdin() : fs.readFileSync(inPath, 'utf8');
  } catch (error) {
    throw new Error(`cannot read ${inPath}: ${(error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message}`, {
      cause: error,
    });
  }
  try {
    return readIdentifiers(text, column !== undefined && inPath === '-' ? 'csv' : inputFormatOf(inPath), column);
  } catch (error) {
    if (error instanceof InputFileError) throw new UsageError(`resolve: ${error.message}`);
    throw error;
  }
}

interface Journal {
  cache: ResolveCache;
  /** The run ended: a journal kept only for --resume is deleted. */
  finished(): void;
  close(): void;
}

function openJournal(cacheDir: string | undefined, outPath: string | undefined, scope: string, resume: boolean): Journal {
  if (cacheDir !== undefined) {
    const cache = DiskResolveCache.inFolder(cacheDir, scope);
    return { cache, finished: () => undefined, close: () => cache.close() };
  }
  if (outPath === undefined) return { cache: new MemoryResolveCache(), finished: () => undefined, close: () => undefined };
  const file = `${outPath}.resolve-journal`;
  if (!resume) fs.rmSync(file, { force: true });
  const cache = new DiskResolveCache(file, scope);
  return {
    cache,
    finished: () => {
      cache.close();
      fs.rmSync(file, { force: true });
    },
    close: () => cache.close(),
  };
}

/**
 * Makes OUT hold the header and the rows already done, and says how many: with --resume, the leading rows of an
 * earlier run that match this input row for row (a torn last line is dropped); otherwise none.
 */
function prepareOutput(outPath: string, identifiers: readonly string[], resume: boolean): number {
  let kept: string[][] = [];
  if (resume && fs.existsSync(outPath)) {
    const text = fs.readFileSync(outPath, 'utf8');
    const [header, ...rows] = parseCsv(text.slice(0, text.lastIndexOf('\n') + 1));
    if (header && header.join(',') !== RESOLVE_COLUMNS.join(','))
      throw new Error(`${outPath} is not the output of compound-db resolve (its header differs); not resuming into it`);
    let n = 0;
    while (n < rows.length && n < identifiers.length && rows[n].length === RESOLVE_COLUMNS.length && rows[n][0] === identifiers[n]) n++;
    kept = rows.slice(0, n);
  }
  const temp = `${outPath}.tmp`;
  fs.writeFileSync(temp, RESOLVE_HEADER + kept.map((r) => csvLine(r)).join(''));
  fs.renameSync(temp, outPath);
  return kept.length;
}

function progressLine(p: ResolveProgress, offset: number, total: number): string {
  return `resolve: ${offset + p.done}/${total} rows  ${p.found} found, ${p.ambiguous} ambiguous, ${p.notFound} not found, ${p.errors} errors, ${p.requests} requests`;
}

function summary(rows: readonly ResolveRow[], offset: number): string {
  const count = (status: string): number => rows.filter((r) => r.status === status).length;
  const resumed = offset ? ` (${offset} from the earlier run)` : '';
  return `${offset + rows.length} rows${resumed}: ${count('found')} found, ${count('ambiguous')} ambiguous, ${count('not_found')} not found, ${count('error')} errors`;
}
