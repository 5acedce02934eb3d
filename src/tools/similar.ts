/** compound_similar: similarity search (shared/beyond-the-spec.md section 1) through the client's query object. */
import { STRUCTURE_LIMITS, checkNonEmptyString, describeFieldErrors, shownValue } from '../wire';
import { resolvedRecords } from '../client';
import { OFFSET_INPUT, recordListAnswer, recordListSchema, recordRow } from './search';
import { objectInput, ToolInputError, wholeNumberInput, type CompoundTool } from './tool';

interface SimilarInput {
  smiles: string;
  threshold: number;
  maxResults: number;
  offset: number;
}

/** The similarity search's own bound on results, less a page. */
const MAX_OFFSET = STRUCTURE_LIMITS.similarityMaxResults - 100;

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
      offset: { ...OFFSET_INPUT, maximum: MAX_OFFSET },
    },
    required: ['smiles'],
    additionalProperties: false,
  },
  outputSchema: recordListSchema(true),
  parse: (raw) => {
    const input = objectInput(raw);
    const errors = checkNonEmptyString('smiles', input.smiles, [], STRUCTURE_LIMITS.queryChars);
    if (errors.length) throw new ToolInputError(describeFieldErrors(errors));
    const threshold = input.threshold ?? 0.7;
    if (typeof threshold !== 'number' || !(threshold >= 0 && threshold <= 1))
      throw new ToolInputError(`threshold must be a number from 0 to 1, not ${shownValue(threshold)}`);
    return {
      smiles: (input.smiles as string).trim(),
      threshold,
      maxResults: wholeNumberInput(input, 'maxResults', 1, 100, 10),
      offset: wholeNumberInput(input, 'offset', 0, MAX_OFFSET, 0),
    };
  },
  run: async ({ smiles, threshold, maxResults, offset }, { client, signal }) => {
    // A server without structure search answers 404: the client's StructureSearchUnavailableError says so in one sentence.
    // One past the page, so the answer knows whether more follow (nextOffset).
    const bound = Math.min(offset + maxResults + 1, STRUCTURE_LIMITS.similarityMaxResults);
    const query = await client.query({ kind: 'similarity', smiles, threshold, maxResults: bound }).run({ signal });
    const { ids: results, scores = [] } = await query.page(offset, maxResults, { signal });
    const total = query.count;
    if (results.length === 0)
      return {
        text: `No record${offset ? ` past the first ${offset}` : ''} is at least ${threshold} similar to ${smiles}.`,
        structured: { total, offset, records: [] },
      };
    const records = await resolvedRecords(client, results, signal);
    const scoreOf = new Map(results.map((id, i) => [id, scores[i]]));
    const rows = records.map((r) => recordRow(r, scoreOf.get(r.recordId)));
    const head = `${results.length} record${results.length === 1 ? '' : 's'} at least ${threshold} similar${offset ? ` (after the first ${offset})` : ''}:`;
    return recordListAnswer(head, rows, total, offset, true);
  },
  sentText: ({ smiles }) => [smiles],
};
