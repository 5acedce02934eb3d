import { checkRecordIds, describeFieldErrors } from '../wire';
import { recordDetailsOf, resolvedRecords } from '../client';
import { fittedRows, objectInput, ToolInputError, type CompoundTool } from './tool';
import { plainFormula } from '../chemistry/formula/text';

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
  outputSchema: {
    type: 'object',
    properties: {
      records: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            record_id: { type: 'integer' },
            found: { type: 'boolean' },
            name: { type: 'string' },
            formula: { type: 'string' },
            smiles: { type: 'string' },
            inchikey: { type: 'string' },
            monoisotopic_mass: { type: 'number' },
            average_mass: { type: 'number' },
            molecular_weight: { type: 'number' },
            nominal_mass: { type: 'number' },
            reference_count: { type: 'integer' },
            datasource_count: { type: 'integer' },
          },
          required: ['record_id', 'found'],
        },
      },
      nextRecordIds: { type: 'array', items: { type: 'integer' }, description: 'The IDs left out to keep the answer short: ask for them next.' },
    },
    required: ['records'],
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
    const rows = recordIds.map((id) => {
      const d = byId.get(id);
      if (!d) return { record_id: id, found: false };
      return {
        record_id: id,
        found: true,
        name: d.commonName ?? '',
        formula: plainFormula(d.formula ?? ''),
        smiles: d.smiles ?? '',
        inchikey: keyOf.get(id) ?? '',
        monoisotopic_mass: d.monoisotopicMass,
        average_mass: d.averageMass,
        molecular_weight: d.molecularWeight,
        nominal_mass: d.nominalMass,
        reference_count: d.referenceCount,
        datasource_count: d.dataSourceCount,
      };
    });
    const fitted = fittedRows(
      '',
      rows,
      textOf,
      (shown) =>
        `(${rows.length - shown} more records left out to keep the answer short: ask again with recordIds ${JSON.stringify(recordIds.slice(shown))})`,
    );
    const left = recordIds.slice(fitted.rows.length);
    return { text: fitted.text.replace(/^\n+/, ''), structured: { records: fitted.rows, ...(left.length ? { nextRecordIds: left } : {}) } };
  },
  sentText: () => [],
};

/** One record's paragraph (a blank line before it). */
function textOf(r: { record_id: number; found: boolean } & Record<string, string | number | boolean | undefined>): string {
  if (!r.found) return `\nRecord ${r.record_id}: no such record.`;
  const v = (key: string): string => (r[key] === undefined ? '' : String(r[key]));
  return [
    `\nRecord ${r.record_id}: ${v('name')}`,
    `formula: ${v('formula')}`,
    `SMILES: ${v('smiles')}`,
    `InChIKey: ${v('inchikey')}`,
    `monoisotopic mass: ${v('monoisotopic_mass')}; average mass: ${v('average_mass')}; molecular weight: ${v('molecular_weight')}; nominal mass: ${v('nominal_mass')}`,
    `references: ${v('reference_count')}; datasources: ${v('datasource_count')}`,
  ].join('\n');
}
