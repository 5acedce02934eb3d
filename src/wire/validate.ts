/**
 * Input rules of spec 4.2 and limits of spec 8, checked on wire bodies.
 * The client runs these before a request goes out; the service runs the same ones and answers 400.
 * Each returns the problems found (empty when the input is good); messages name the value and the limit.
 */
import { LIMITS, isInchiKeyShape } from './limits';
import { isElementSymbol } from '../chemistry/elements';
import { INTRINSIC_MASS_KEYS, isDetailsField } from './fields';
import { isDirection, isOrderBy } from './sort';
import {
  COMPLEXITIES,
  ISOTOPIC_OPTIONS,
  isAllowedConversion,
  isConvertFormat,
  ALLOWED_CONVERSIONS,
  conversionChain,
  type ConvertFormat,
} from './formats';
import type { FieldError } from './errors';
import { STRUCTURE_CHARS, checkStructureSize, checkTextLength } from './structure-size';
import { classifyQuery } from './query-kind';
import type {
  ConvertBody,
  ElementFilterBody,
  FormulaBatchBody,
  FormulaFilterBody,
  IntrinsicPropertyBody,
  MassBatchBody,
  MassFilterBody,
} from './current';

type Errors = FieldError[];

/** A value for an error message, cut to 80 characters (an input may be 1 MiB). */
export function shownValue(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}

export function checkRecordId(field: string, value: unknown, errors: Errors = []): Errors {
  const ok =
    (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) ||
    (typeof value === 'string' && /^\d{1,15}$/.test(value) && Number(value) > 0);
  if (!ok) errors.push({ field, message: `${field} ${shownValue(value)} is not a record ID (a positive whole number)` });
  return errors;
}

export function checkRecordIds(field: string, value: unknown, errors: Errors = []): Errors {
  if (!Array.isArray(value) || value.length === 0) {
    errors.push({ field, message: `${field} must be a non-empty list of record IDs` });
    return errors;
  }
  value.forEach((id, i) => checkRecordId(`${field}[${i}]`, id, errors));
  return errors;
}

/** A string with something in it, at most `max` characters long. */
export function checkNonEmptyString(field: string, value: unknown, errors: Errors = [], max: number = LIMITS.textChars): Errors {
  if (typeof value !== 'string' || value.trim() === '') errors.push({ field, message: `${field} must be a non-empty string` });
  else checkTextLength(field, value, max, errors);
  return errors;
}

export function checkStringList(field: string, value: unknown, errors: Errors = [], required = false, itemChars: number = LIMITS.textChars): Errors {
  if (value === undefined || value === null) {
    if (required) errors.push({ field, message: `${field} is required` });
    return errors;
  }
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v.trim() === '')) {
    errors.push({ field, message: `${field} must be a list of non-empty strings` });
  } else if (required && value.length === 0) {
    errors.push({ field, message: `${field} must not be empty` });
  } else {
    value.forEach((v: string, i) => checkTextLength(`${field}[${i}]`, v, itemChars, errors));
  }
  return errors;
}

/** An optional nested object (such as `options`): left out, null, or a JSON object, not a list or a scalar. */
export function checkObject(field: string, value: unknown, errors: Errors = []): Errors {
  if (value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value))) {
    errors.push({ field, message: `${field} must be an object` });
  }
  return errors;
}

export function checkFields(value: unknown, errors: Errors = []): Errors {
  if (value === undefined || value === null) return errors;
  if (!Array.isArray(value)) {
    errors.push({ field: 'fields', message: 'fields must be a list of details field names' });
    return errors;
  }
  // Field names are text fields too: past the text limit the 400 says so before calling the name unknown.
  value.forEach((f: unknown, i) => checkTextLength(`fields[${i}]`, f, LIMITS.textChars, errors));
  const unknown = value.filter((f) => typeof f !== 'string' || (!isDetailsField(f) && f.length <= LIMITS.textChars));
  if (unknown.length) errors.push({ field: 'fields', message: `fields: unknown field name ${unknown.map(shownValue).join(', ')}` });
  return errors;
}

export function checkOrder(body: { orderBy?: unknown; orderDirection?: unknown }, errors: Errors = []): Errors {
  if (body.orderBy !== undefined && body.orderBy !== null && (typeof body.orderBy !== 'string' || !isOrderBy(body.orderBy))) {
    errors.push({ field: 'orderBy', message: `orderBy ${shownValue(body.orderBy)} is not a sort key` });
  }
  if (
    body.orderDirection !== undefined &&
    body.orderDirection !== null &&
    (typeof body.orderDirection !== 'string' || !isDirection(body.orderDirection))
  ) {
    errors.push({ field: 'orderDirection', message: `orderDirection ${shownValue(body.orderDirection)} must be ascending or descending` });
  }
  return errors;
}

function checkNumberIn(field: string, value: unknown, min: number, max: number, unit: string, errors: Errors): Errors {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    errors.push({ field, message: `${field} ${shownValue(value)} is not a number` });
  } else if (value < min || value > max) {
    errors.push({ field, message: `${field} ${value} is outside the allowed ${min} to ${max} ${unit}` });
  }
  return errors;
}

export function checkMassAndRange(prefix: string, value: { mass?: unknown; range?: unknown }, errors: Errors = []): Errors {
  checkNumberIn(`${prefix}mass`, value.mass, LIMITS.massMin, LIMITS.massMax, 'amu', errors);
  checkNumberIn(`${prefix}range`, value.range, LIMITS.rangeMin, LIMITS.rangeMax, 'amu', errors);
  return errors;
}

/** Intrinsic-property masses: the contract sets no range (filter mass's limits are spec 8's, for filter mass only). */
function checkIntrinsicMass(prefix: string, value: { mass?: unknown; range?: unknown }, errors: Errors): Errors {
  for (const key of ['mass', 'range'] as const) {
    const field = `${prefix}${key}`;
    const v = value[key];
    if (typeof v !== 'number' || !Number.isFinite(v)) errors.push({ field, message: `${field} ${shownValue(v)} is not a number` });
    else if (v < 0) errors.push({ field, message: `${field} ${v} must not be negative` });
  }
  return errors;
}

function checkOption(field: string, value: unknown, allowed: readonly string[], errors: Errors): Errors {
  if (value !== undefined && value !== null && (typeof value !== 'string' || !allowed.includes(value))) {
    errors.push({ field, message: `${field} ${shownValue(value)} must be one of ${allowed.join(', ')}` });
  }
  return errors;
}

function checkElements(field: string, value: unknown, limit: number, required: boolean, errors: Errors): Errors {
  if (value === undefined || value === null) {
    if (required) errors.push({ field, message: `${field} is required (1 to ${limit} element symbols)` });
    return errors;
  }
  if (!Array.isArray(value)) {
    errors.push({ field, message: `${field} must be a list of element symbols` });
    return errors;
  }
  if (required && value.length === 0) errors.push({ field, message: `${field} must name at least one element` });
  if (value.length > limit) errors.push({ field, message: `${field} has ${value.length} elements; at most ${limit} are allowed` });
  const bad = value.filter((e) => typeof e !== 'string' || !isElementSymbol(e));
  if (bad.length) errors.push({ field, message: `${field}: ${bad.map(shownValue).join(', ')} is not an element symbol` });
  return errors;
}

export function checkElementFilter(body: Partial<ElementFilterBody>): Errors {
  const errors: Errors = [];
  checkElements('includeElements', body.includeElements, LIMITS.includeElements, true, errors);
  checkElements('excludeElements', body.excludeElements, LIMITS.excludeElements, false, errors);
  const options = body.options ?? {};
  if (options.includeAll !== undefined && options.includeAll !== null && typeof options.includeAll !== 'boolean') {
    errors.push({ field: 'options.includeAll', message: 'options.includeAll must be true or false' });
  }
  checkOption('options.complexity', options.complexity, COMPLEXITIES, errors);
  checkOption('options.isotopic', options.isotopic, ISOTOPIC_OPTIONS, errors);
  return checkOrder(body, errors);
}

export function checkFormulaFilter(body: Partial<FormulaFilterBody>): Errors {
  const errors = checkNonEmptyString('formula', body.formula, [], LIMITS.formulaChars);
  checkStringList('dataSources', body.dataSources, errors);
  return checkOrder(body, errors);
}

export function checkFormulaBatch(body: Partial<FormulaBatchBody>): Errors {
  const errors = checkStringList('formulas', body.formulas, [], true, LIMITS.formulaChars);
  checkStringList('dataSources', body.dataSources, errors);
  return checkOrder(body, errors);
}

export function checkMassFilter(body: Partial<MassFilterBody>): Errors {
  const errors = checkMassAndRange('', body);
  checkStringList('dataSources', body.dataSources, errors);
  return checkOrder(body, errors);
}

export function checkMassBatch(body: Partial<MassBatchBody>): Errors {
  const errors: Errors = [];
  if (!Array.isArray(body.masses) || body.masses.length === 0) {
    errors.push({ field: 'masses', message: 'masses must be a non-empty list of {mass, range} pairs' });
  } else {
    body.masses.forEach((m, i) =>
      m && typeof m === 'object'
        ? checkMassAndRange(`masses[${i}].`, m, errors)
        : errors.push({ field: `masses[${i}]`, message: `masses[${i}] must be a {mass, range} pair` }),
    );
  }
  checkStringList('dataSources', body.dataSources, errors);
  return checkOrder(body, errors);
}

export function checkIntrinsicProperty(body: Partial<IntrinsicPropertyBody>): Errors {
  const errors: Errors = [];
  const hasFormula = typeof body.formula === 'string' && body.formula.trim() !== '';
  if (body.formula !== undefined && body.formula !== null) checkNonEmptyString('formula', body.formula, errors, LIMITS.formulaChars);
  let masses = 0;
  for (const key of INTRINSIC_MASS_KEYS) {
    const value = body[key];
    if (value === undefined || value === null) continue;
    masses++;
    if (typeof value !== 'object') errors.push({ field: key, message: `${key} must be a {mass, range} pair` });
    else checkIntrinsicMass(`${key}.`, value, errors);
  }
  if (!hasFormula && masses === 0) {
    errors.push({
      field: 'formula',
      message: 'at least one of formula, molecularWeight, nominalMass, averageMass, monoisotopicMass is required',
    });
  }
  const options = body.options ?? {};
  checkOption('options.complexity', options.complexity, COMPLEXITIES, errors);
  checkOption('options.isotopic', options.isotopic, ISOTOPIC_OPTIONS, errors);
  return checkOrder(body, errors);
}

/** checkConvert for a chain of allowed conversions (conversionChain): any two different formats. */
export function checkChainedConvert(body: Partial<ConvertBody>): Errors {
  const chained = isConvertFormat(String(body.inputFormat)) && isConvertFormat(String(body.outputFormat));
  if (!chained || !conversionChain(body.inputFormat as ConvertFormat, body.outputFormat as ConvertFormat)) return checkConvert(body);
  // Checked as its first step; each later step is checked when it is sent.
  const [, next] = conversionChain(body.inputFormat as ConvertFormat, body.outputFormat as ConvertFormat)!;
  return checkConvert({ ...body, outputFormat: next });
}

export function checkConvert(body: Partial<ConvertBody>): Errors {
  const from = String(body.inputFormat);
  const to = String(body.outputFormat);
  // The input's length limit is its format's (an unknown format: the longest, a MOL block's), so the 400 names the one that applies.
  const limit = !isConvertFormat(from) ? LIMITS.molChars : from === 'InChIKey' ? LIMITS.textChars : STRUCTURE_CHARS[from];
  const errors = checkNonEmptyString('input', body.input, [], limit);
  if (errors.length === 0 && isConvertFormat(from) && from !== 'InChIKey') checkStructureSize('input', from, body.input as string, errors);
  if (!isConvertFormat(from))
    errors.push({ field: 'inputFormat', message: `inputFormat ${shownValue(body.inputFormat)} must be one of SMILES, InChI, InChIKey, Mol` });
  if (!isConvertFormat(to))
    errors.push({ field: 'outputFormat', message: `outputFormat ${shownValue(body.outputFormat)} must be one of SMILES, InChI, InChIKey, Mol` });
  if (isConvertFormat(from) && isConvertFormat(to) && !isAllowedConversion(from, to)) {
    errors.push({
      field: 'outputFormat',
      message: `conversion ${from} to ${to} is not allowed; allowed: ${ALLOWED_CONVERSIONS.map(([a, b]) => `${a} to ${b}`).join(', ')}`,
    });
  }
  return errors;
}

export function checkInchikey(field: string, value: unknown, errors: Errors = []): Errors {
  if (typeof value !== 'string' || !isInchiKeyShape(value)) {
    errors.push({
      field,
      message: `${field} ${shownValue(value)} is not shaped like an InChIKey (14 letters, hyphen, 10 letters, hyphen, 1 letter)`,
    });
  }
  return errors;
}

export function checkInchi(field: string, value: unknown, errors: Errors = []): Errors {
  if (typeof value !== 'string' || !/^InChI=1S?\//.test(value.trim())) {
    errors.push({ field, message: `${field} ${shownValue(value)} is not an InChI (it must start with "InChI=1S/" or "InChI=1/")` });
  } else {
    checkStructureSize(field, 'InChI', value.trim(), errors);
  }
  return errors;
}

/** A SMILES to search or look up: non-empty, within LIMITS.smilesChars and the structure atom limits. */
export function checkSmiles(field: string, value: unknown, errors: Errors = []): Errors {
  const before = errors.length;
  checkNonEmptyString(field, value, errors, LIMITS.smilesChars);
  if (errors.length === before) checkStructureSize(field, 'SMILES', (value as string).trim(), errors);
  return errors;
}

/**
 * A free-text query of the composite and the older simple search: non-empty, within LIMITS.inchiChars (the longest
 * kind it may hold), and when it reads as a structure (classifyQuery) within that structure's limits.
 */
export function checkSearchQuery(field: string, value: unknown, errors: Errors = []): Errors {
  const before = errors.length;
  checkNonEmptyString(field, value, errors, LIMITS.inchiChars);
  if (errors.length > before) return errors;
  const text = (value as string).trim();
  const kind = classifyQuery(text);
  if (kind === 'inchi') checkStructureSize(field, 'InChI', text, errors);
  else if (kind === 'smiles') checkStructureSize(field, 'SMILES', text, errors);
  else checkTextLength(field, text, LIMITS.textChars, errors);
  return errors;
}

/** Problems as one line each: `field: message` when the message does not already start with the field. */
export function describeFieldErrors(errors: readonly FieldError[]): string {
  return errors.map((e) => (e.message.startsWith(e.field) ? e.message : `${e.field}: ${e.message}`)).join('; ');
}
