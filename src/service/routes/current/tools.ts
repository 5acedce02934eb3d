/**
 * tools/convert and tools/validate/inchikey. Convert allows exactly the eight pairs of spec 4.2 rule 6.
 * InChIKey → InChI / Mol is a lookup in the collection (a key cannot be turned back into a structure):
 * a well-formed key that no record holds is a 404; input that does not parse is a 400 naming `input`.
 */
import {
  checkConvert,
  checkInchikey,
  checkNonEmptyString,
  isInchiKeyShape,
  MAX_NAME_SUGGESTIONS,
  type ConvertBody,
  type ConvertResponse,
} from '../../../wire';
import type { CurrentHandler } from './handler';
import type { ServiceContext } from '../../context';
import type { StructureFacts } from '../../toolkits/types';
import { assertValid, badField, notFound } from '../../http/problem';

async function facts(ctx: ServiceContext, structure: string, what: string): Promise<StructureFacts> {
  const f = await ctx.toolkit.run('input', 'describe', structure);
  if (!f) throw badField('input', `input is not a valid ${what}: it does not parse`);
  return f;
}

async function molOfInchi(ctx: ServiceContext, inchi: string): Promise<string> {
  const mol = await ctx.toolkit.run('input', 'molFromInchi', inchi);
  if (!mol) throw badField('input', 'input is not a valid InChI: its structure cannot be read');
  return mol;
}

async function recordOfKey(ctx: ServiceContext, key: string) {
  if (!isInchiKeyShape(key)) assertValid(checkInchikey('input', key));
  const [record] = await ctx.store.getByInchiKey(key);
  if (!record)
    throw notFound(`No record in this collection has the InChIKey ${key}; an InChIKey cannot be converted back to a structure without one.`);
  return record;
}

export async function convert(ctx: ServiceContext, body: ConvertBody): Promise<string> {
  const input = body.input.trim();
  const pair = `${body.inputFormat}>${body.outputFormat}`;
  switch (pair) {
    case 'InChI>InChIKey': {
      const key = await ctx.toolkit.run('input', 'inchiKeyOfInchi', input);
      if (!key) throw badField('input', 'input is not a valid InChI: its structure cannot be read');
      return key;
    }
    case 'InChI>Mol':
      return (await facts(ctx, await molOfInchi(ctx, input), 'InChI')).mol2D;
    case 'InChI>SMILES':
      return (await facts(ctx, await molOfInchi(ctx, input), 'InChI')).smiles;
    case 'InChIKey>InChI':
      return (await recordOfKey(ctx, input)).inchi;
    case 'InChIKey>Mol':
      return (await recordOfKey(ctx, input)).mol2D;
    case 'Mol>InChI':
      return (await facts(ctx, body.input, 'MOL block')).inchi;
    case 'Mol>InChIKey':
      return (await facts(ctx, body.input, 'MOL block')).inchiKey;
    case 'SMILES>InChI':
      return (await facts(ctx, input, 'SMILES')).inchi;
  }
  throw badField('outputFormat', `conversion ${body.inputFormat} to ${body.outputFormat} is not allowed`);
}

export const convertRoute: CurrentHandler<'convert'> = async (ctx, req) => {
  const body = req.body as Partial<ConvertBody>;
  assertValid(checkConvert(body));
  const out: ConvertResponse = { output: await convert(ctx, body as ConvertBody) };
  return out;
};

/** `{valid}`: whether the string is shaped like a standard InChIKey; a missing or non-string value is a 400. */
export const validateInchikey: CurrentHandler<'validateInchikey'> = async (_ctx, req) => {
  const key = req.body.inchikey;
  assertValid(checkNonEmptyString('inchikey', key));
  return { valid: isInchiKeyShape((key as string).trim()) };
};

/** Names within a few edits of a misspelt one (shared/beyond-the-spec.md 4): `{name, maxResults?}` → `{suggestions}`. */
export const suggestNames: CurrentHandler<'suggestNames'> = async (ctx, req) => {
  const { name, maxResults } = req.body as { name?: unknown; maxResults?: unknown };
  const errors = checkNonEmptyString('name', name);
  if (
    maxResults !== undefined &&
    maxResults !== null &&
    !(typeof maxResults === 'number' && Number.isInteger(maxResults) && maxResults >= 1 && maxResults <= MAX_NAME_SUGGESTIONS)
  ) {
    errors.push({ field: 'maxResults', message: `maxResults must be a whole number from 1 to ${MAX_NAME_SUGGESTIONS}` });
  }
  assertValid(errors);
  return { suggestions: await ctx.store.suggestNames(name as string, (maxResults as number | null | undefined) ?? 5) };
};
