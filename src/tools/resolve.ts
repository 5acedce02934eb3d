import { RESOLVE_COLUMNS, RESOLVE_HEADER, resolveCsv, resolveCsvLine, resolveIdentifiers, rowValues } from '../client';
import { LIMITS, checkTextLength, describeFieldErrors, shownValue } from '../wire';
import { fittedRows, objectInput, ToolInputError, type CompoundTool } from './tool';

interface ResolveInput {
  identifiers: string[];
}

const MAX_IDENTIFIERS = 1000;

export const compoundResolve: CompoundTool<ResolveInput> = {
  name: 'compound_resolve',
  title: 'Resolve identifiers',
  description:
    'Resolve a list of compound identifiers of any kind (names, InChIKeys, InChIs, SMILES, record IDs, mixed) to database records ' +
    'in one call, with the fewest requests. Returns CSV, one row per identifier in order, with the columns ' +
    'input,status,record_id,name,formula,inchikey,smiles,monoisotopic_mass,message,match; status is found, ambiguous (the first ' +
    'record is given), not_found or error; match says how the record was found: id, name, exact, or a looser identity level ' +
    '(connectivity: stereo or isotopes differ; parent: a salt or charge set aside; tautomer). At most 1000 identifiers a call.',
  inputSchema: {
    type: 'object',
    properties: {
      identifiers: {
        type: 'array',
        items: { type: 'string', maxLength: LIMITS.inchiChars },
        minItems: 1,
        maxItems: MAX_IDENTIFIERS,
        description: 'The identifiers.',
      },
    },
    required: ['identifiers'],
    additionalProperties: false,
  },
  outputSchema: {
    type: 'object',
    properties: {
      rows: {
        type: 'array',
        items: {
          type: 'object',
          properties: Object.fromEntries(RESOLVE_COLUMNS.map((c) => [c, { type: 'string' }])),
          required: [...RESOLVE_COLUMNS],
        },
        description: 'One row per identifier, in order (the CSV columns, each as a string).',
      },
      nextIdentifiers: {
        type: 'array',
        items: { type: 'string' },
        description: 'The identifiers left out to keep the answer short: ask for them next.',
      },
    },
    required: ['rows'],
    additionalProperties: false,
  },
  parse: (raw) => {
    const input = objectInput(raw);
    const list = input.identifiers;
    if (!Array.isArray(list) || list.length === 0) throw new ToolInputError('identifiers must be a non-empty list of strings');
    if (list.length > MAX_IDENTIFIERS) throw new ToolInputError(`identifiers holds ${list.length} entries; at most ${MAX_IDENTIFIERS} a call`);
    const bad = list.findIndex((i) => typeof i !== 'string');
    if (bad >= 0) throw new ToolInputError(`identifiers[${bad}] must be a string, not ${shownValue(list[bad])}`);
    // The longest identifier of any kind is an InChI; each row of the answer repeats its identifier.
    const errors = (list as string[]).flatMap((text, i) => checkTextLength(`identifiers[${i}]`, text, LIMITS.inchiChars));
    if (errors.length) throw new ToolInputError(describeFieldErrors(errors.slice(0, 3)));
    return { identifiers: list as string[] };
  },
  run: async ({ identifiers }, { client, signal, ratePerSecond }) => {
    // Rows past the answer budget are left out and named, so the model asks for them in a next call.
    const resolved = await resolveIdentifiers(client, identifiers, { signal, ratePerSecond, concurrency: 4 });
    const fitted = fittedRows(
      RESOLVE_HEADER.trimEnd(),
      resolved,
      (row) => resolveCsvLine(row).trimEnd(),
      (shown) =>
        `# ${resolved.length - shown} more rows left out to keep the answer short: ask again with the identifiers from number ${shown + 1} on`,
    );
    const left = identifiers.slice(fitted.rows.length);
    return {
      text: fitted.rows.length === resolved.length ? resolveCsv(resolved) : `${fitted.text}\n`,
      structured: {
        rows: fitted.rows.map((row) => Object.fromEntries(rowValues(row).map((v, i) => [RESOLVE_COLUMNS[i], v]))),
        ...(left.length ? { nextIdentifiers: left } : {}),
      },
    };
  },
  sentText: ({ identifiers }) => identifiers,
};
