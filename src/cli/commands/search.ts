/** `compound-db search QUERY [--json] [--limit N]`: the composite search, one record a line. */
import { didYouMean, resolvedRecords } from '../../client';
import type { CliContext } from '../context';
import { parseCommandArgs, UsageError, wholeNumberOption } from '../usage';
import { USAGES } from '../usages';

export const usage = USAGES.search;

export async function run(args: string[], cli: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('search', args, {
    json: { type: 'boolean' },
    limit: { type: 'string' },
    server: { type: 'string' },
  });
  if (positionals.length !== 1) throw new UsageError(`search takes one QUERY (quote it when it holds spaces): ${usage}`);
  const limit = wholeNumberOption('search', 'limit', values.limit, 1, 10_000) ?? 100;
  return cli.withConnection(values.server, async ({ client }) => {
    const results = await client.search(positionals[0], { raiseErrors: true, signal: cli.signal });
    const ids = results.recordIds;
    const records = await resolvedRecords(client, ids.slice(0, limit), cli.signal);
    if (values.json) cli.out(`${JSON.stringify(records, null, 2)}\n`);
    else cli.out(records.map((r) => `${r.recordId}\t${r.name}\t${r.formula}\t${r.inchikey}\n`).join(''));
    if (ids.length > limit) cli.note(`${ids.length} records match; the first ${limit} are shown (--limit N for more)`);
    else if (ids.length === 0) cli.note(`no record matches ${JSON.stringify(positionals[0])}${await didYouMean(client, positionals[0], cli.signal)}`);
    return 0;
  });
}
