/** The record object of contract 1.3: `id` always, then only the fields asked for. */
import { DETAILS_FIELDS, RECORD_KEY_OF_FIELD, checkFields, checkRecordId, type DetailsField, type RecordDetails } from '../../../wire';
import type { CompoundRecord } from '../../record';
import type { ServiceContext } from '../../context';
import { assertValid, notFound } from '../../http/problem';
import { texFormula } from '../../../chemistry/formula/text';

export function toRecordDetails(record: CompoundRecord, fields: readonly DetailsField[]): RecordDetails {
  const out: RecordDetails = { id: record.id };
  const target = out as unknown as Record<string, unknown>;
  for (const f of fields) {
    const key = RECORD_KEY_OF_FIELD[f];
    target[key] = key === 'formula' ? texFormula(record.formula) : record[key as keyof CompoundRecord];
  }
  return out;
}

/** Missing or empty means all thirteen; an unknown name is a 400 naming `fields`. */
export function parseFields(value: unknown): DetailsField[] {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return [...DETAILS_FIELDS];
  assertValid(checkFields(value));
  return [...new Set(value as DetailsField[])];
}

export function parseRecordId(value: unknown, field = 'recordId'): number {
  assertValid(checkRecordId(field, value));
  return Number(value);
}

export async function recordOr404(ctx: ServiceContext, id: number): Promise<CompoundRecord> {
  const record = await ctx.store.getById(id);
  if (!record) throw notFound(`No record has ID ${id}.`);
  return record;
}
