/** `compound-db convert INPUT --from FMT --to FMT`: allowed conversions, chained (SMILES to InChIKey through InChI); INPUT `-` reads stdin (a MOL block). */
import { CONVERT_FORMATS, type ConvertFormat } from '../../wire';
import type { CliContext } from '../context';
import { parseCommandArgs, UsageError } from '../usage';
import { InputFailure } from '../explain';
import { USAGES } from '../usages';

export const usage = USAGES.convert;

export async function run(args: string[], cli: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('convert', args, {
    from: { type: 'string' },
    to: { type: 'string' },
    server: { type: 'string' },
  });
  if (positionals.length !== 1) throw new UsageError(`convert takes one INPUT (quote it, or - for stdin): ${usage}`);
  const from = formatOf('from', values.from);
  const to = formatOf('to', values.to);
  const input = positionals[0] === '-' ? await cli.readStdin() : positionals[0];
  return cli.withConnection(
    values.server,
    async ({ client }) => {
      const output = await client.convertChained(input, from, to, { signal: cli.signal }).catch((error: unknown) => {
        throw new InputFailure(error, { label: from === 'Mol' ? 'MOL block' : from, value: input });
      });
      cli.out(output.endsWith('\n') ? output : `${output}\n`);
      return 0;
    },
    // From an InChIKey the conversion is a lookup in the records; from a structure, a toolkit call.
    { toolkit: from !== 'InChIKey' },
  );
}

function formatOf(flag: string, value: string | undefined): ConvertFormat {
  const format = CONVERT_FORMATS.find((f) => f.toLowerCase() === value?.toLowerCase());
  if (!format)
    throw new UsageError(
      `convert: --${flag} must be one of ${CONVERT_FORMATS.join(', ')}${value === undefined ? '' : `, not ${JSON.stringify(value)}`}`,
    );
  return format;
}
