/** compound_similar: similarity search (shared/beyond-the-spec.md section 1) through the client's query object. */
import { STRUCTURE_LIMITS, checkNonEmptyString, describeFieldErrors, shownValue } from '../wire';
import { resolvedRecords } from '../client';
import { RECORD_COLUMNS } from './search';
import { objectInput, table, ToolInputError, wholeNumberInput, type CompoundTool } from './tool';

interface SimilarInput {
  smiles: string;
  threshold: number;
  maxResults: number;
}

export const compoundSimilar: CompoundTool<SimilarInput> = {
  name: 'compound_similar',
  title: 'Find similar compounds',
  description:
    'Find database records structurally similar to a SMILES: Tanimoto similarity on Morgan fingerprints (radius 2, 2048 bits). ' +
    'Returns a table of record_id, name, formula, InChIKey, SMILES, monoisotopic mass and score, most similar first.',
  inputSchema: {
    type: 'object',
    properties: {
      smiles: { type: 'string', description: 'The query structure as SMILES.' },
      threshold: { type: 'number', minimum: 0, maximum: 1, default: 0.7, description: 'Lowest similarity, 0 to 1 (default 0.7).' },
      maxResults: { type: 'integer', minimum: 1, maximum: 100, default: 10, description: 'How many records to list (default 10).' },
    },
    required: ['smiles'],
    additionalProperties: false,
  },
  parse: (raw) => {
    const input = objectInput(raw);
    const errors = checkNonEmptyString('smiles', input.smiles, [], STRUCTURE_LIMITS.queryChars);
    if (errors.length) throw new ToolInputError(describeFieldErrors(errors));
    const threshold = input.threshold ?? 0.7;
    if (typeof threshold !== 'number' || !(threshold >= 0 && threshold <= 1))
      throw new ToolInputError(`threshold must be a number from 0 to 1, not ${shownValue(threshold)}`);
    return { smiles: (input.smiles as string).trim(), threshold, maxResults: wholeNumberInput(input, 'maxResults', 1, 100, 10) };
  },
  run: async ({ smiles, threshold, maxResults }, { client, signal }) => {
    // A server without structure search answers 404: the client's StructureSearchUnavailableError says so in one sentence.
    const query = await client.query({ kind: 'similarity', smiles, threshold, maxResults }).run({ signal });
    const { ids: results, scores = [] } = await query.page(0, maxResults, { signal });
    if (results.length === 0) return `No record is at least ${threshold} similar to ${smiles}.`;
    const records = await resolvedRecords(client, results, signal);
    const scoreOf = new Map(results.map((id, i) => [id, scores[i]]));
    return `${results.length} record${results.length === 1 ? '' : 's'} at least ${threshold} similar:\n${table(
      [...RECORD_COLUMNS, 'score'],
      records.map((r) => [r.recordId, r.name, r.formula, r.inchikey, r.smiles, r.monoisotopicMass, scoreOf.get(r.recordId)]),
    )}`;
  },
  sentText: ({ smiles }) => [smiles],
};
