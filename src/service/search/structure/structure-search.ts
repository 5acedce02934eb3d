/**
 * Substructure and similarity search as the routes use it: the in-process structure index over the in-memory store
 * (StructureIndex), or the RDKit cartridge's operators over the PostgreSQL store (store/postgres/cartridge-search.ts),
 * which answer the same records in the same order and see records loaded while the service runs.
 */
import type { StructureIndex } from './structure-index';
import type { WorkQueueLimits } from '../../workers/work-queue';

/** Substructure searches admitted at once (waiting or running), and one API key's share of them: past it a 503 (similarity searches the same, in a queue of their own). */
export const SEARCH_QUEUE_LIMITS: WorkQueueLimits = { admitted: 64, perCaller: 32, retryAfterSeconds: 5 };
/** How long one slice of a search runs before the next search in the fair queue has its turn (both stores). */
export const SEARCH_SLICE_MS = 200;

export type StructureSearch = Pick<StructureIndex, 'ready' | 'admit' | 'substructure' | 'admitSimilarity' | 'similar' | 'dispose'>;

/** The status messages of a substructure search stopped by one of its bounds, the same over both stores. */
export const stoppedAtMaxResults = (max: number): string => `Stopped at maxResults (${max}) matches; more records may match.`;
export const stoppedByTime = (limitMs: number, checked: number, total: number): string =>
  `Stopped after ${Math.round(limitMs / 1000)} s having checked ${checked} of ${total} records; these are the matches found so far. Narrow the query.`;
export const stoppedByRecord = (elapsedMs: number, recordMs: number, checked: number, total: number): string =>
  `Stopped after ${Math.round(elapsedMs / 1000)} s: RDKit's matcher spent longer than ${recordMs / 1000} s on one record (after ${checked} of ${total} records); these are the matches found so far. Narrow the query.`;
