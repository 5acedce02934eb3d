/**
 * Messages between the structure index (main thread) and its matcher workers (node:worker_threads). The index's
 * data lives in SharedArrayBuffers that every worker reads in place: the pattern-fingerprint rows, and each row's
 * molecule as RDKit's binary pickle (read back about four times faster than its SMILES, and the very molecule RDKit
 * made from the SMILES). A worker holds only its own RDKit instance and whatever one search reads.
 */
import type { SubstructureFormat } from '../../../wire';
import { PATTERN_BITS } from '../../toolkits/structure-toolkit';

export const PATTERN_BYTES = PATTERN_BITS / 8;

export interface WorkerStart {
  wasmDir?: string;
  /** The process's compiled RDKit (toolkits/rdkit.ts): the worker instantiates it. */
  rdkitModule?: WebAssembly.Module;
}

/**
 * The shared index a worker searches (sent once it is built, and to every replacement worker). Each distinct
 * structure is one row; the record at position p has the row rows[p].
 */
export interface SharedIndex {
  /** Int32 row of every record position. */
  rows: SharedArrayBuffer;
  /** PATTERN_BYTES per row: its pattern fingerprint (zeros: RDKit cannot read the structure). */
  patterns: SharedArrayBuffer;
  /** RDKit pickles of every row, back to back: row r is bytes offsets[r] .. offsets[r + 1] (Uint32; none: unreadable). */
  pickles: SharedArrayBuffer;
  offsets: SharedArrayBuffer;
  /** How many records set each pattern bit: a query checks its rarest bits first. */
  bitCounts: Uint32Array;
}

export interface SearchTask {
  query: string;
  format: SubstructureFormat;
  useChirality: boolean;
  /** Matches still wanted. */
  maxResults: number;
  /** The first record position this slice checks. */
  from: number;
  /** Wall-clock time (ms since the epoch) at which the search stops with what it found. */
  deadline: number;
  /** Wall-clock time at which this slice hands the worker back (the search goes on in a later slice). */
  sliceEnd: number;
  /** allowed[p] = 1 when the record at position p may be returned (undefined: every record); over shared memory. */
  allowed?: Uint8Array;
}

/**
 * Records a database's screen let through (the PostgreSQL store: candidates in record-ID order, each as RDKit's pickle
 * with its SMILES to fall back on, or its canonical SMILES alone), matched as a slice of a search is.
 */
export interface CandidateTask extends Omit<SearchTask, 'from' | 'allowed'> {
  records: Array<string | { pickle: Uint8Array; smiles: string }>;
}

export type ToWorker =
  | { type: 'fingerprints'; id: number; smiles: string[] }
  | { type: 'index'; index: SharedIndex }
  /** One slice of a search: the worker sets `task.sliceEnd` to its own clock plus `sliceMs` when it starts. */
  | { type: 'search'; id: number; task: SearchTask; sliceMs: number }
  /** The same for candidates; the answer's positions are indexes into `task.records`. */
  | { type: 'candidates'; id: number; task: CandidateTask; sliceMs: number }
  /** The query's pattern fingerprint (the screen a database applies); none when RDKit cannot read the query. */
  | { type: 'pattern'; id: number; query: string; format: SubstructureFormat };

export interface FingerprintBatch {
  /** One PATTERN_BYTES row per SMILES (zeros when it does not parse). */
  patterns: Uint8Array;
  /** Set bits of each SMILES' Morgan fingerprint; undefined when it does not parse. */
  morgan: Array<Uint16Array | undefined>;
  /** RDKit's pickle of each SMILES' molecule (empty when it does not parse). */
  pickles: Uint8Array[];
}

export interface SearchEnd {
  /** Positions of the matches, ascending (those not yet sent with a progress message). */
  positions: number[];
  /** Records checked (scanned) before the search, or this slice of it, ended: the next slice starts there. */
  checked: number;
  /**
   * Why it stopped before checking every record: its result bound, its time bound, its slice's end (it goes on
   * later), or its worker terminated because RDKit's matcher spent longer than RECORD_MATCH_MS on one record.
   */
  stopped?: 'maxResults' | 'time' | 'slice' | 'overrun';
}

export type FromWorker =
  | { type: 'ready' }
  | { type: 'fingerprints'; id: number; batch: FingerprintBatch }
  | { type: 'started'; id: number }
  | { type: 'progress'; id: number; positions: number[]; checked: number }
  | { type: 'done'; id: number; end: SearchEnd }
  | { type: 'pattern'; id: number; pattern: Uint8Array | undefined }
  | { type: 'failed'; id: number; message: string };
