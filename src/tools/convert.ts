import { CONVERT_FORMATS, checkChainedConvert, describeFieldErrors, type ConvertFormat } from '../wire';
import { objectInput, ToolInputError, type CompoundTool } from './tool';

interface ConvertInput {
  input: string;
  from: ConvertFormat;
  to: ConvertFormat;
}

export const compoundConvert: CompoundTool<ConvertInput> = {
  name: 'compound_convert',
  title: 'Convert a structure',
  description:
    'Convert a chemical structure between formats with a real cheminformatics toolkit, instead of writing identifiers from memory. ' +
    'Any of SMILES, InChI, InChIKey and Mol to any other (SMILES to InChIKey included), chaining the conversions the server ' +
    'allows; from an InChIKey only by lookup (the key must be in the database). Returns the converted text.',
  inputSchema: {
    type: 'object',
    properties: {
      input: { type: 'string', description: 'The structure: SMILES, InChI, InChIKey or a MOL block.' },
      from: { type: 'string', enum: [...CONVERT_FORMATS], description: 'Format of input.' },
      to: { type: 'string', enum: [...CONVERT_FORMATS], description: 'Format wanted.' },
    },
    required: ['input', 'from', 'to'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      output: { type: 'string', description: 'The converted structure or identifier.' },
      format: { type: 'string', enum: [...CONVERT_FORMATS] },
    },
    required: ['output', 'format'],
    additionalProperties: false,
  },
  parse: (raw) => {
    const input = objectInput(raw);
    const errors = checkChainedConvert({
      input: input.input as string,
      inputFormat: input.from as ConvertFormat,
      outputFormat: input.to as ConvertFormat,
    });
    if (errors.length)
      throw new ToolInputError(
        describeFieldErrors(errors)
          .replace(/inputFormat/g, 'from')
          .replace(/outputFormat/g, 'to'),
      );
    return { input: input.input as string, from: input.from as ConvertFormat, to: input.to as ConvertFormat };
  },
  run: async ({ input, from, to }, { client, signal }) => {
    const output = await client.convertChained(input, from, to, { signal });
    return { text: output, structured: { output, format: to } };
  },
  sentText: ({ input }) => [input],
};
