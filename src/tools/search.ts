import { checkSearchQuery, describeFieldErrors } from '../wire';
import { resolvedRecords } from '../client';
import { objectInput, table, ToolInputError, wholeNumberInput, type CompoundTool } from './tool';

interface SearchInput {
  query: string;
  maxResults: number;
}

export const RECORD_COLUMNS = ['record_id', 'name', 'formula', 'inchikey', 'smiles', 'monoisotopic_mass'] as const;

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
    },
    required: ['query'],
    additionalProperties: false,
  },
  parse: (raw) => {
    const input = objectInput(raw);
    // The composite search's own rule: up to an InChI's length, and a structure within the structure limits.
    const errors = checkSearchQuery('query', input.query);
    if (errors.length) throw new ToolInputError(describeFieldErrors(errors));
    return { query: (input.query as string).trim(), maxResults: wholeNumberInput(input, 'maxResults', 1, 100, 10) };
  },
  run: async ({ query, maxResults }, { client, signal }) => {
    const results = await client.search(query, { raiseErrors: true, signal });
    const ids = results.recordIds;
    if (ids.length === 0) return `No record matches ${JSON.stringify(query)}.`;
    const records = await resolvedRecords(client, ids.slice(0, maxResults), signal);
    const head =
      ids.length > maxResults ? `${ids.length} records match; the first ${maxResults}:` : `${ids.length} record${ids.length === 1 ? '' : 's'} match:`;
    return `${head}\n${table(
      RECORD_COLUMNS,
      records.map((r) => [r.recordId, r.name, r.formula, r.inchikey, r.smiles, r.monoisotopicMass]),
    )}`;
  },
  sentText: ({ query }) => [query],
};
