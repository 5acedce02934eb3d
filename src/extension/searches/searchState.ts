/** The words of a search's state in the tree, and the check of persisted states against this version's specs. */
import * as vscode from 'vscode';
import { isSearchKind } from '../../client/search-spec';
import { describeSpec, kindTitle, type SearchSpec } from './searchSpec';
import { formatDuration, sanitizeStates as sanitizeWith, type SearchState } from './searchStateData';

export { PAGE_SIZE, formatDuration, newSearchState, type RecordLabel, type ResultGroup, type SearchState } from './searchStateData';

export function searchTitle(state: SearchState): string {
  const about = state.queryTitle ? `${state.queryTitle} · ` : '';
  return `${kindTitle(state.spec.kind)}: ${about}${describeSpec(state.spec)}`;
}

/** `Complete · 3 results · 0.4 s`, or the error. */
export function searchDescription(state: SearchState): string {
  if (state.error) return `${state.status === 'Starting' ? vscode.l10n.t('Failed') : state.status} · ${state.error}`;
  const parts = [state.status];
  if (state.count !== undefined) parts.push(state.count === 1 ? vscode.l10n.t('1 result') : vscode.l10n.t('{0} results', state.count));
  const d = formatDuration(state.durationMs);
  if (d) parts.push(d);
  if (state.refreshedAt !== undefined) parts.push(vscode.l10n.t('refreshed'));
  return parts.join(' · ');
}

/** Keeps only well-formed persisted states whose spec this version can show: a damaged entry is dropped, never shown half. */
export function sanitizeStates(value: unknown): SearchState[] {
  return sanitizeWith(value, {
    specIsValid: (spec: SearchSpec) => {
      if (!isSearchKind(spec.kind)) return false;
      try {
        describeSpec(spec);
        return true;
      } catch {
        return false;
      }
    },
    interrupted: vscode.l10n.t('interrupted when the window closed; re-run it'),
  });
}
