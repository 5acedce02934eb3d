/** How the extension shows a search spec: the client's table of search kinds (src/client/search-spec.ts) in VS Code's words. */
import * as vscode from 'vscode';
import { classifyQuery } from '../../wire/query-kind';
import { kindOf, queryKindLabel, SEARCH_KINDS, type SearchKind, type SearchSpec } from '../../client/search-spec';
import type { OrderInput } from '../../client';

export type { IntrinsicInputs, SearchKind, SearchSpec } from '../../client';
export type Ordering = OrderInput;

/** The kind as the Searches tree heads a search: `Formula`, `Similar to`. */
export function kindTitle(kind: SearchKind): string {
  return SEARCH_KINDS[kind].title(vscode.l10n);
}

/** One line describing the query of a search. */
export function describeSpec(spec: SearchSpec): string {
  return kindOf(spec).describe(spec, vscode.l10n);
}

/** Searches whose query ID names a single-list filter query of the current interface (which has an SDF of its results). */
export function isFilterQueryKind(kind: SearchKind): boolean {
  return SEARCH_KINDS[kind].filterQuery;
}

/** How a composite query is read (the shared classifier of src/wire): `SMILES`, `name`, ... */
export function compositeReading(query: string): string {
  return queryKindLabel(classifyQuery(query), vscode.l10n);
}

/** The input of a search as error messages name it: what it is and its text. */
export function inputOf(spec: SearchSpec): { label: string; value: string } {
  return { label: kindOf(spec).inputLabel(spec, vscode.l10n), value: describeSpec(spec) };
}
