/** `compound-db details ID... [--json]`: every details field of each record (MOL blocks with --json only). */
import { recordDetailsOf } from '../../client';
import { DETAILS_FIELDS, RECORD_KEY_OF_FIELD, checkRecordId, type RecordDetails } from '../../wire';
import type { CliContext } from '../context';
import { parseCommandArgs, UsageError } from '../usage';
import { USAGES } from '../usages';
import { plainFormula } from '../../chemistry/formula/text';

export const usage = USAGES.details;

export async function run(args: string[], cli: CliContext): Promise<number> {
  const { values, positionals } = parseCommandArgs('details', args, { json: { type: 'boolean' }, server: { type: 'string' } });
  if (positionals.length === 0) throw new UsageError(`details needs at least one record ID: ${usage}`);
  for (const id of positionals) {
    const [bad] = checkRecordId('ID', id);
    if (bad) throw new UsageError(`details: ${bad.message}`);
  }
  const ids = positionals.map(Number);
  return cli.withConnection(values.server, async ({ client }) => {
    const found = await recordDetailsOf(client, ids, cli.signal, values.json ? undefined : TEXT_FIELDS);
    if (values.json) cli.out(`${JSON.stringify(found, null, 2)}\n`);
    else cli.out(found.map(detailsText).join('\n'));
    const missing = ids.filter((id) => !found.some((d) => d.id === id));
    if (missing.length) throw new Error(`no record ${missing.join(', ')}`);
    return 0;
  });
}

/** What the text output shows: every field but the MOL blocks (the service then reads none). */
const TEXT_FIELDS = DETAILS_FIELDS.filter((field) => field !== 'Mol2D' && field !== 'Mol3D');

function detailsText(d: RecordDetails): string {
  const lines = [`id\t${d.id}`];
  for (const field of TEXT_FIELDS) {
    const key = RECORD_KEY_OF_FIELD[field];
    const value = d[key];
    if (value === undefined) continue;
    lines.push(`${key}\t${field === 'Formula' ? plainFormula(String(value)) : String(value)}`);
  }
  return `${lines.join('\n')}\n`;
}
