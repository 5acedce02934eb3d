/**
 * What to try after a search that found nothing: the same text as another kind of search when it could be one
 * (a formula, a SMILES, a name), and names from the database a few edits away (a typo's neighbours).
 */
import * as vscode from 'vscode';
import type { CompoundDbClient } from '../../client';
import { classifyQuery } from '../../wire/query-kind';
import { runSearch } from './runSearch';
import type { SearchSpec } from './searchSpec';
import { isElementSymbol } from '../../chemistry/elements';
import { looksLikeSmiles } from '../../chemistry/smiles-syntax';

export interface Suggestion {
  label: string;
  spec: SearchSpec;
}

const MAX_SIMILAR_NAMES = 3;
const MIN_PREFIX = 3;

/** `C8H10N4O2`, `CH4`, `NaCl`: element symbols with optional counts, nothing else. */
export function couldBeFormula(text: string): boolean {
  const t = text.trim();
  if (!/^([A-Z][a-z]?\d*)+$/.test(t) || t.length > 200) return false;
  return [...t.matchAll(/([A-Z][a-z]?)\d*/g)].every((m) => isElementSymbol(m[1]));
}

/** The free text a search was given, when it has one. */
function textOf(spec: SearchSpec): string | undefined {
  switch (spec.kind) {
    case 'composite':
    case 'legacySimple':
    case 'legacyAsync':
      return spec.query.trim();
    case 'name':
      return spec.name.trim();
    case 'formula':
      return spec.formula.trim();
    case 'smiles':
      return spec.smiles.trim();
    default:
      return undefined;
  }
}

function readAsName(spec: SearchSpec, text: string): boolean {
  if (spec.kind === 'name' || spec.kind === 'legacySimple' || spec.kind === 'legacyAsync') return true;
  return spec.kind === 'composite' && classifyQuery(text) === 'name';
}

/** Suggestions for a search that found nothing; names from the database are looked up through `client`. */
export async function suggestionsFor(
  spec: SearchSpec,
  client: CompoundDbClient,
  statusCheckLimit: number,
  signal?: AbortSignal,
): Promise<Suggestion[]> {
  const text = textOf(spec);
  if (!text) return [];
  const out: Suggestion[] = [];
  const isSmilesSearch = spec.kind === 'smiles' || (spec.kind === 'composite' && classifyQuery(text) === 'smiles');
  if (spec.kind !== 'formula' && couldBeFormula(text))
    out.push({ label: vscode.l10n.t('Search "{0}" as a formula', text), spec: { kind: 'formula', formula: text } });
  if (!isSmilesSearch && looksLikeSmiles(text))
    out.push({ label: vscode.l10n.t('Search "{0}" as SMILES', text), spec: { kind: 'smiles', smiles: text } });
  if (!readAsName(spec, text)) out.push({ label: vscode.l10n.t('Search "{0}" as a name', text), spec: { kind: 'name', name: text } });
  if (readAsName(spec, text)) {
    for (const name of await similarNames(text, client, statusCheckLimit, signal)) {
      out.push({ label: vscode.l10n.t('Did you mean {0}?', name), spec: { kind: 'name', name } });
    }
  }
  return out;
}

/**
 * Names a few edits from `text` (a transposition, a dropped or added letter), as the server spells them
 * (shared/beyond-the-spec.md 4); from a server without that, names that start like `text`.
 */
async function similarNames(text: string, client: CompoundDbClient, statusCheckLimit: number, signal?: AbortSignal): Promise<string[]> {
  const near = await client.suggestNames(text, MAX_SIMILAR_NAMES, { signal });
  if (near !== undefined) return near;
  return namesStartingLike(text, client, statusCheckLimit, signal);
}

/** Names that start like `text`: the first prefix (shortening to 3 characters) that finds any. At most three searches. */
async function namesStartingLike(text: string, client: CompoundDbClient, statusCheckLimit: number, signal?: AbortSignal): Promise<string[]> {
  const lengths = [...new Set([text.length - 2, Math.ceil(text.length / 2), MIN_PREFIX])].filter((n) => n >= MIN_PREFIX && n < text.length);
  for (const n of lengths) {
    const found = await runSearch(client, { kind: 'name', name: text.slice(0, n) }, { statusCheckLimit, signal });
    if (found.ids.length === 0) continue;
    const records = await client.getDetailsBatch(found.ids.slice(0, MAX_SIMILAR_NAMES), ['CommonName'], { signal });
    const names = [...new Set(records.map((r) => r.commonName).filter((s): s is string => !!s))];
    if (names.length) return names;
  }
  return [];
}
