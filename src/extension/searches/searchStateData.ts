/**
 * The state of one search in the tree: plain JSON, persisted, never holding a live object; and the check of what was
 * persisted. No `vscode` here (unit tests run it in plain Node): `searchState.ts` adds the words and the spec check.
 */
import type { SubstructureFormat } from '../../wire';
import type { SearchSpec } from './searchSpec';
import type { Suggestion } from './suggestions';

export interface ResultGroup {
  /** Formula or `mass ± range`, as the server echoed it. */
  label: string;
  ids: number[];
}

export interface RecordLabel {
  name?: string;
  formula?: string;
  /** Monoisotopic mass: shown and sorted by for mass searches. */
  mass?: number;
}

export interface SearchState {
  id: string;
  spec: SearchSpec;
  createdAt: number;
  running: boolean;
  status: string;
  count?: number;
  message?: string;
  durationMs?: number;
  queryId?: string;
  /** When the server had forgotten `queryId` and the search was run again for a later page or its SDF. */
  refreshedAt?: number;
  error?: string;
  /** Result IDs fetched so far (single-list searches). */
  ids: number[];
  /** True when the server has more IDs than `ids` holds. */
  more: boolean;
  groups?: ResultGroup[];
  /** How many children are shown, per list: `''` for the single list, the group label otherwise. */
  shown: Record<string, number>;
  labels: Record<string, RecordLabel>;
  /** What to try next, after a search that found nothing (not persisted). */
  suggestions?: Suggestion[];
  /** Tree rows the user collapsed (the search) or opened (its groups): kept across a reload. */
  collapsed?: boolean;
  openGroups?: string[];
  /** Tanimoto similarity of each result of a similarity search (entropy similarity of a spectrum search), by record ID. */
  scores?: Record<string, number>;
  /** Spectrum searches: the best spectrum of each result and how many query peaks it matched, by record ID. */
  spectrumIds?: Record<string, number>;
  matchedPeaks?: Record<string, number>;
  /** Spectrum searches: what the query spectrum was (its title, file and position), when it had one. */
  queryTitle?: string;
}

export const PAGE_SIZE = 50;

/** A substructure query whose matches a depiction highlights. */
export interface Highlight {
  query: string;
  format: SubstructureFormat;
}

/** The highlight a result's depiction gets: the query of a substructure search. */
export function highlightOf(spec: SearchSpec): Highlight | undefined {
  return spec.kind === 'substructure' ? { query: spec.query, format: spec.queryFormat } : undefined;
}

/**
 * The highlight of a record shown outside the tree (a hover): the query of the newest substructure search whose
 * fetched results hold the record (`states` newest first, as the tree keeps them).
 */
export function highlightForRecord(states: readonly SearchState[], recordId: number): Highlight | undefined {
  for (const state of states) {
    const highlight = highlightOf(state.spec);
    if (highlight && state.ids.includes(recordId)) return highlight;
  }
  return undefined;
}

export function newSearchState(id: string, spec: SearchSpec, now = Date.now()): SearchState {
  return { id, spec, createdAt: now, running: true, status: 'Starting', ids: [], more: false, shown: {}, labels: {} };
}

export function formatDuration(ms: number | undefined): string | undefined {
  if (ms === undefined) return undefined;
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(1)} s`;
}

export interface SanitizeRules {
  /** Whether a persisted spec is one this version can show and re-run. */
  specIsValid(spec: SearchSpec): boolean;
  /** The error of a search that was running when the window closed. */
  interrupted: string;
  now?: number;
}

/** Keeps only well-formed persisted states: a damaged entry is dropped, never shown half. */
export function sanitizeStates(value: unknown, rules: SanitizeRules): SearchState[] {
  if (!Array.isArray(value)) return [];
  const out: SearchState[] = [];
  for (const s of value as Partial<SearchState>[]) {
    if (!s || typeof s !== 'object' || typeof s.id !== 'string' || !s.spec || typeof s.spec !== 'object') continue;
    if (typeof (s.spec as { kind?: unknown }).kind !== 'string' || !rules.specIsValid(s.spec)) continue;
    const ids = Array.isArray(s.ids) ? s.ids.filter((n) => Number.isSafeInteger(n)) : [];
    const groups = Array.isArray(s.groups)
      ? s.groups
          .filter((g) => g && typeof g.label === 'string' && Array.isArray(g.ids))
          .map((g) => ({ label: g.label, ids: g.ids.filter((n) => Number.isSafeInteger(n)) }))
      : undefined;
    const interrupted = s.running === true;
    out.push({
      id: s.id,
      spec: s.spec,
      createdAt: typeof s.createdAt === 'number' ? s.createdAt : (rules.now ?? Date.now()),
      running: false,
      status: typeof s.status === 'string' ? s.status : 'Unknown',
      count: typeof s.count === 'number' ? s.count : undefined,
      message: typeof s.message === 'string' ? s.message : undefined,
      durationMs: typeof s.durationMs === 'number' ? s.durationMs : undefined,
      queryId: typeof s.queryId === 'string' ? s.queryId : undefined,
      refreshedAt: typeof s.refreshedAt === 'number' ? s.refreshedAt : undefined,
      error: interrupted ? rules.interrupted : typeof s.error === 'string' ? s.error : undefined,
      ids,
      more: s.more === true,
      groups,
      shown: s.shown && typeof s.shown === 'object' ? { ...s.shown } : {},
      labels: s.labels && typeof s.labels === 'object' ? { ...s.labels } : {},
      collapsed: s.collapsed === true ? true : undefined,
      openGroups: Array.isArray(s.openGroups) ? s.openGroups.filter((g) => typeof g === 'string') : undefined,
      scores: numbersById(s.scores),
      spectrumIds: numbersById(s.spectrumIds),
      matchedPeaks: numbersById(s.matchedPeaks),
      queryTitle: typeof s.queryTitle === 'string' ? s.queryTitle : undefined,
    });
  }
  return out;
}

function numbersById(value: unknown): Record<string, number> | undefined {
  if (!value || typeof value !== 'object') return undefined;
  return Object.fromEntries(Object.entries(value).filter(([, v]) => typeof v === 'number' && Number.isFinite(v)));
}
