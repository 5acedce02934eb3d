/**
 * What the grid's page and its toolkit worker (toolkitWorker.ts) say to each other. Every call is a list of items
 * (record texts, or one query) read one after another; the worker answers each item as soon as it is done, so the
 * page hears from a working worker at least once an item and knows which item a silent one is stuck on.
 */
import type { Facts } from '../../grid/recordFacts';
import type { Drawing, Identity } from './chemistry';

/** The calls, by method: their options and the answer for each item. */
export interface ToolkitMethods {
  /** Parses a query (one item): its problem when RDKit cannot read it. */
  query: { options: Record<string, never>; result: { problem?: string } };
  /** Draws records (SVG), highlighting `query`'s match when given. */
  draw: { options: { width: number; height: number; query?: string }; result: Drawing };
  /** Formula and masses of records, and whether each holds `query` when given. */
  scan: { options: { query?: string }; result: Facts & { match: boolean } };
  /** SMILES, InChIKey and MOL block of records. */
  identify: { options: { isSdf: boolean }; result: Identity };
}
export type ToolkitMethod = keyof ToolkitMethods;

export type ToWorker =
  /** The toolkit's code, compiled by the page (or its bytes where a module cannot be posted). */
  { kind: 'init'; wasm: WebAssembly.Module | ArrayBuffer } | { kind: 'call'; id: number; method: ToolkitMethod; items: string[]; options: unknown };

export type FromWorker =
  | { kind: 'ready' }
  | { kind: 'failed'; message: string }
  /** Item `index` of call `id` is done. */
  | { kind: 'item'; id: number; index: number; result: unknown }
  | { kind: 'done'; id: number }
  | { kind: 'error'; id: number; message: string };
