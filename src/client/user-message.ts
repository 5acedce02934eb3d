/**
 * Any failure as one sentence a person can act on: it names the input and what is wrong with it, never the raw
 * server text ("Bad Request: ... (HTTP 400)"). The client's errors keep their full detail for the log. Shared by
 * the extension (through VS Code's translator) and the command line (English).
 */
import { CompoundDbError, HttpError, InputError, LegacyNotFoundError, NetworkError, StructureSearchUnavailableError } from './errors';

/** What turns a message with `{0}` placeholders into the shown text: VS Code's `l10n`, or `english`. */
export interface Translator {
  t(message: string, ...args: Array<string | number | boolean>): string;
}

export const english: Translator = {
  t: (message, ...args) => message.replace(/\{(\d+)\}/g, (all, i: string) => (args[Number(i)] === undefined ? all : String(args[Number(i)]))),
};

/** The input a failed operation was about: what it is (`SMILES`, `name`) and, when known, its text. */
export interface InputOf {
  label: string;
  value?: string;
}

/** Field names of the wire's problem JSON as a person says them (made when asked: not at the bundle's load). */
const fieldLabels = (l10n: Translator): Readonly<Record<string, string>> => ({
  smiles: 'SMILES',
  inchi: 'InChI',
  inchikey: 'InChIKey',
  name: l10n.t('name'),
  formula: l10n.t('formula'),
  formulas: l10n.t('formula list'),
  mass: l10n.t('mass'),
  range: l10n.t('mass range'),
  input: l10n.t('input'),
  queryId: l10n.t('query ID'),
  recordId: l10n.t('record ID'),
  recordIds: l10n.t('record IDs'),
});

const MAX_VALUE = 60;

function quoted(value: string): string {
  const one = value.replace(/\s+/g, ' ').trim();
  return `"${one.length > MAX_VALUE ? `${one.slice(0, MAX_VALUE - 1)}…` : one}"`;
}

function subject(l10n: Translator, input: InputOf | undefined, field?: string): string {
  const label = input?.label ?? (field ? (fieldLabels(l10n)[field] ?? field) : l10n.t('input'));
  return input?.value ? l10n.t('The {0} {1}', label, quoted(input.value)) : l10n.t('The {0}', label);
}

/** "smiles is not a valid SMILES: it does not parse" → "is not valid: it does not parse". */
function ruleOf(l10n: Translator, message: string, field: string): string {
  let rule = message.trim().replace(/\.$/, '');
  if (rule.toLowerCase().startsWith(field.toLowerCase())) rule = rule.slice(field.length).trim();
  rule = rule.replace(/^:\s*/, '');
  const invalid = /^is not a valid [^:]+: (.+)$/.exec(rule);
  if (invalid) return l10n.t('is not valid: {0}', invalid[1]);
  return /^(is|has|must|cannot|does|was)\b/.test(rule) ? rule : l10n.t('is not accepted: {0}', rule);
}

function lower(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function sentence(text: string): string {
  const t = text.trim().replace(/\s*\(HTTP \d+[^)]*\)$/, '');
  const capital = t.charAt(0).toUpperCase() + t.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

/** What the server said beyond its status phrase (problem detail, else title), or nothing. */
function serverDetail(error: HttpError): string | undefined {
  const p = error.problem;
  const detail = p?.detail && !/^One or more inputs are not valid/i.test(p.detail) ? p.detail : undefined;
  return detail?.replace(/\.$/, '');
}

/** `l10n`: VS Code's translator in the extension, plain English (`english`) in the command line. */
export function userMessage(error: unknown, input?: InputOf, l10n: Translator = english): string {
  if (error instanceof InputError || error instanceof StructureSearchUnavailableError) return sentence(error.message);
  if (error instanceof HttpError) {
    switch (error.status) {
      case 400: {
        const first = error.fieldErrors[0];
        if (first) {
          const aboutInput = input && (error.fieldErrors.length === 1 || fieldLabels(l10n)[first.field] === input.label);
          const who = aboutInput ? subject(l10n, input) : subject(l10n, undefined, first.field);
          return sentence(`${who} ${ruleOf(l10n, first.message, first.field)}`);
        }
        const detail = serverDetail(error);
        const what = lower(subject(l10n, input));
        return sentence(detail ? l10n.t('The server did not accept {0}: {1}', what, detail) : l10n.t('The server did not accept {0}', what));
      }
      case 401:
        return sentence(l10n.t('The server refused the API key; set another with "Compound DB: Set API Key"'));
      case 404:
        return sentence(serverDetail(error) ?? l10n.t('{0} was not found on the server', subject(l10n, input)));
      case 413:
        return sentence(l10n.t('{0} is too large for the server', subject(l10n, input)));
      case 429:
      case 503:
        return sentence(l10n.t('The server is busy; try again in a minute'));
      default: {
        const detail = serverDetail(error);
        const about = input ? l10n.t('the server failed on {0}', lower(subject(l10n, input))) : l10n.t('the server failed');
        return sentence(detail ? `${about}: ${detail}` : about);
      }
    }
  }
  if (error instanceof LegacyNotFoundError)
    return sentence(input?.value ? l10n.t('No record {0} on the server', input.value) : l10n.t('No such record on the server'));
  if (error instanceof NetworkError)
    return sentence(l10n.t('Cannot reach the server ({0}); check compoundDb.serverUrl or use the built-in database', error.code ?? error.message));
  if (error instanceof CompoundDbError) return sentence(error.message);
  return sentence(error instanceof Error ? error.message : String(error));
}
