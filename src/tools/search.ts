import { checkSearchQuery, describeFieldErrors } from '../wire';
import { didYouMean, resolvedRecords, type ResolvedRecord } from '../client';
import {
  fittedRows,
  objectInput,
  tableRow,
  ToolInputError,
  wholeNumberInput,
  type CompoundTool,
  type JsonSchemaObject,
  type ToolAnswer,
} from './tool';

interface SearchInput {
  query: string;
  maxResults: number;
  offset: number;
}

export const RECORD_COLUMNS = ['record_id', 'name', 'formula', 'inchikey', 'smiles', 'monoisotopic_mass'] as const;

/** The fields of a record row (RECORD_COLUMNS), as the answer's data carries them. */
const RECORD_ROW_SCHEMA = {
  type: 'object',
  properties: {
    record_id: { type: 'integer' },
    name: { type: 'string' },
    formula: { type: 'string' },
    inchikey: { type: 'string' },
    smiles: { type: 'string' },
    monoisotopic_mass: { type: 'number' },
  },
  required: ['record_id'],
};

/** A list of records as an answer's data: how many match, where this page starts, the records (with a score or not). */
export function recordListSchema(withScore: boolean): JsonSchemaObject {
  const record = withScore
    ? {
        ...RECORD_ROW_SCHEMA,
        properties: { ...RECORD_ROW_SCHEMA.properties, score: { type: 'number' } },
        required: [...RECORD_ROW_SCHEMA.required, 'score'],
      }
    : RECORD_ROW_SCHEMA;
  return {
    type: 'object',
    properties: {
      total: { type: 'integer', description: 'How many records match (a similarity search counts up to one past this page).' },
      offset: { type: 'integer', description: 'How many records come before these.' },
      records: { type: 'array', items: record },
      nextOffset: { type: 'integer', description: 'The offset that asks for the records after these; absent after the last.' },
    },
    required: ['total', 'offset', 'records'],
    additionalProperties: false,
  };
}

export const OFFSET_INPUT = {
  type: 'integer',
  minimum: 0,
  maximum: 100_000,
  default: 0,
  description: 'How many records to skip: the nextOffset of an earlier answer asks for the records after it (default 0).',
} as const;

type RecordRow = Record<(typeof RECORD_COLUMNS)[number], string | number | undefined> & { score?: number };

/** A record's row of RECORD_COLUMNS, with its score when it has one. */
export function recordRow(r: ResolvedRecord, score?: number): RecordRow {
  const row: RecordRow = {
    record_id: r.recordId,
    name: r.name,
    formula: r.formula,
    inchikey: r.inchikey,
    smiles: r.smiles,
    monoisotopic_mass: r.monoisotopicMass,
  };
  return score === undefined ? row : { ...row, score };
}

/** The answer listing `rows` (records `offset`.. of `total`), cut to the answer budget; the rest asked for with nextOffset. */
export function recordListAnswer(head: string, rows: readonly RecordRow[], total: number, offset: number, withScore: boolean): ToolAnswer {
  const columns = withScore ? [...RECORD_COLUMNS, 'score'] : [...RECORD_COLUMNS];
  const fitted = fittedRows(
    `${head}\n${tableRow(columns)}`,
    rows,
    (r) => tableRow(columns.map((c) => r[c as keyof RecordRow])),
    (shown) => `(${rows.length - shown} more of this page left out to keep the answer short: ask again with offset ${offset + shown})`,
  );
  const next = offset + fitted.rows.length;
  return {
    text: fitted.text,
    structured: { total, offset, records: fitted.rows, ...(next < total ? { nextOffset: next } : {}) },
  };
}

export const compoundSearch: CompoundTool<SearchInput> = {
  name: 'compound_search',
  title: 'Search compounds',
  description:
    'Search the compound database by name, InChIKey, InChI, SMILES or record ID (the kind is recognised from the text). ' +
    'Use it instead of recalling identifiers from memory. Returns a table of matching records: record_id, name, formula, ' +
    'InChIKey, SMILES and monoisotopic mass, best matches first.',
  inputSchema: {
    type: 'object',
    properties: {
      query: { type: 'string', description: 'A compound name, InChIKey, InChI, SMILES or record ID.' },
      maxResults: { type: 'integer', minimum: 1, maximum: 100, default: 10, description: 'How many records to list (default 10).' },
      offset: OFFSET_INPUT,
    },
    required: ['query'],
    additionalProperties: false,
  },
  outputSchema: recordListSchema(false),
  parse: (raw) => {
    const input = objectInput(raw);
    // The composite search's own rule: up to an InChI's length, and a structure within the structure limits.
    const errors = checkSearchQuery('query', input.query);
    if (errors.length) throw new ToolInputError(describeFieldErrors(errors));
    return {
      query: (input.query as string).trim(),
      maxResults: wholeNumberInput(input, 'maxResults', 1, 100, 10),
      offset: wholeNumberInput(input, 'offset', 0, OFFSET_INPUT.maximum, 0),
    };
  },
  run: async ({ query, maxResults, offset }, { client, signal }) => {
    const results = await client.search(query, { raiseErrors: true, signal });
    const ids = results.recordIds;
    if (ids.length === 0)
      return {
        text: `No record matches ${JSON.stringify(query)}${(await didYouMean(client, query, signal)) || '.'}`,
        structured: { total: 0, offset, records: [] },
      };
    const page = ids.slice(offset, offset + maxResults);
    const records = await resolvedRecords(client, page, signal);
    const head =
      offset > 0 || ids.length > page.length
        ? `${ids.length} records match; records ${offset + 1} to ${offset + page.length}${offset + page.length < ids.length ? ` (offset ${offset + page.length} asks for the next)` : ''}:`
        : `${ids.length} record${ids.length === 1 ? '' : 's'} match:`;
    return recordListAnswer(
      head,
      records.map((r) => recordRow(r)),
      ids.length,
      offset,
      false,
    );
  },
  sentText: ({ query }) => [query],
};
