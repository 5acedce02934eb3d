import { checkRecordIds, describeFieldErrors, plainFormula } from '../wire';
import { recordDetailsOf, resolvedRecords } from '../client';
import { objectInput, ToolInputError, type CompoundTool } from './tool';

interface DetailsInput {
  recordIds: number[];
}

const MAX_IDS = 100;

export const compoundDetails: CompoundTool<DetailsInput> = {
  name: 'compound_details',
  title: 'Compound details',
  description:
    'Details of compound records by record ID (from compound_search or compound_resolve): name, formula, SMILES, InChIKey, ' +
    'average, monoisotopic and nominal masses, molecular weight and reference counts. At most 100 IDs a call.',
  inputSchema: {
    type: 'object',
    properties: {
      recordIds: { type: 'array', items: { type: 'integer', minimum: 1 }, minItems: 1, maxItems: MAX_IDS, description: 'Record IDs.' },
    },
    required: ['recordIds'],
    additionalProperties: false,
  },
  parse: (raw) => {
    const input = objectInput(raw);
    const errors = checkRecordIds('recordIds', input.recordIds);
    if (errors.length) throw new ToolInputError(describeFieldErrors(errors));
    const ids = (input.recordIds as Array<number | string>).map(Number);
    if (ids.length > MAX_IDS) throw new ToolInputError(`recordIds holds ${ids.length} IDs; at most ${MAX_IDS} a call`);
    return { recordIds: ids };
  },
  run: async ({ recordIds }, { client, signal }) => {
    const [details, identifiers] = await Promise.all([recordDetailsOf(client, recordIds, signal), resolvedRecords(client, recordIds, signal)]);
    const keyOf = new Map(identifiers.map((r) => [r.recordId, r.inchikey]));
    const byId = new Map(details.map((d) => [d.id, d]));
    return recordIds
      .map((id) => {
        const d = byId.get(id);
        if (!d) return `Record ${id}: no such record.`;
        const lines = [
          `Record ${id}: ${d.commonName ?? ''}`,
          `formula: ${plainFormula(d.formula ?? '')}`,
          `SMILES: ${d.smiles ?? ''}`,
          `InChIKey: ${keyOf.get(id) ?? ''}`,
          `monoisotopic mass: ${d.monoisotopicMass ?? ''}; average mass: ${d.averageMass ?? ''}; molecular weight: ${d.molecularWeight ?? ''}; nominal mass: ${d.nominalMass ?? ''}`,
          `references: ${d.referenceCount ?? ''}; datasources: ${d.dataSourceCount ?? ''}`,
        ];
        return lines.join('\n');
      })
      .join('\n\n');
  },
  sentText: () => [],
};
