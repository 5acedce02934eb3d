/**
 * One substructure search as a matcher worker runs it: screen every record's pattern fingerprint with the query's
 * bits (rarest first, so most records are rejected by their first check), then run RDKit's matcher on each
 * candidate, read from its pickle. The screen only skips records that cannot match (every bit a query sets is set
 * by each structure containing it), so the answer is the matcher's over every record.
 */
import type { RDKit, RDKitMol } from '../../../chemistry/molecule/read';
import { hasSubstructure, morganBits, parseQueryMol, patternFingerprint } from '../../toolkits/structure-toolkit';
import { PATTERN_BYTES, type CandidateTask, type FingerprintBatch, type SearchEnd, type SearchTask, type SharedIndex } from './substructure-protocol';

/** Records checked between looks at the clock and progress reports. */
const BLOCK = 256;
/** Candidates matched between progress reports (each costs a parse of its SMILES: fewer than records screened). */
const CANDIDATE_BLOCK = 64;

/** A SMILES as the brute-force run reads it (RDKit's defaults); undefined when RDKit refuses it. */
function readRecord(rdkit: RDKit, smiles: string): RDKitMol | undefined {
  const mol = smiles ? rdkit.get_mol(smiles) : null;
  if (mol && mol.is_valid()) return mol;
  mol?.delete();
  return undefined;
}

/** RDKit's pattern fingerprint and pickle of a record's structure; undefined when RDKit cannot read it. */
export function recordScreen(rdkit: RDKit, smiles: string): { pattern: Uint8Array; pickle: Uint8Array } | undefined {
  const mol = readRecord(rdkit, smiles);
  if (!mol) return undefined;
  try {
    return { pattern: patternFingerprint(mol), pickle: Uint8Array.from(mol.get_as_uint8array() as Uint8Array) };
  } finally {
    mol.delete();
  }
}

/** A candidate as a database gives it: RDKit's pickle, or its SMILES where it has none (or RDKit cannot read the pickle). */
function readCandidate(rdkit: RDKit, candidate: CandidateTask['records'][number]): RDKitMol | undefined {
  if (typeof candidate === 'string') return readRecord(rdkit, candidate);
  const mol = rdkit.get_mol_from_uint8array(candidate.pickle);
  if (mol && mol.is_valid()) return mol;
  mol?.delete();
  return readRecord(rdkit, candidate.smiles);
}

export function fingerprintBatch(rdkit: RDKit, smiles: readonly string[]): FingerprintBatch {
  const patterns = new Uint8Array(smiles.length * PATTERN_BYTES);
  const pickles = smiles.map(() => new Uint8Array(0));
  const morgan = smiles.map((s, i) => {
    const mol = readRecord(rdkit, s);
    if (!mol) return undefined;
    try {
      patterns.set(patternFingerprint(mol), i * PATTERN_BYTES);
      pickles[i] = Uint8Array.from(mol.get_as_uint8array() as Uint8Array);
      return morganBits(mol);
    } finally {
      mol.delete();
    }
  });
  return { patterns, morgan, pickles };
}

/** The index's shared buffers seen through typed arrays. */
export class IndexView {
  readonly size: number;
  private readonly rows: Int32Array;
  private readonly patterns: Uint8Array;
  private readonly pickles: Uint8Array;
  private readonly offsets: Uint32Array;

  constructor(readonly shared: SharedIndex) {
    this.rows = new Int32Array(shared.rows);
    this.size = this.rows.length;
    this.patterns = new Uint8Array(shared.patterns);
    this.pickles = new Uint8Array(shared.pickles);
    this.offsets = new Uint32Array(shared.offsets);
  }

  /** The record's molecule as RDKit read its SMILES; undefined when RDKit cannot read it. */
  molAt(rdkit: RDKit, position: number): RDKitMol | undefined {
    const row = this.rows[position];
    if (this.offsets[row] === this.offsets[row + 1]) return undefined;
    return rdkit.get_mol_from_uint8array(this.pickles.subarray(this.offsets[row], this.offsets[row + 1])) ?? undefined;
  }

  /** The query's set bits as byte offsets and masks, the bits fewest records set first. */
  screenOf(query: Uint8Array): { bytes: Int32Array; masks: Uint8Array } {
    const bits: number[] = [];
    for (let i = 0; i < query.length; i++) for (let k = 0; k < 8; k++) if (query[i] & (1 << k)) bits.push(i * 8 + k);
    bits.sort((a, b) => this.shared.bitCounts[a] - this.shared.bitCounts[b] || a - b);
    return { bytes: Int32Array.from(bits, (b) => b >> 3), masks: Uint8Array.from(bits, (b) => 1 << (b & 7)) };
  }

  /** True when the record at `position` sets every bit of the screen. */
  passes(position: number, screen: { bytes: Int32Array; masks: Uint8Array }): boolean {
    const base = this.rows[position] * PATTERN_BYTES;
    const { bytes, masks } = screen;
    for (let k = 0; k < bytes.length; k++) if ((this.patterns[base + bytes[k]] & masks[k]) === 0) return false;
    return true;
  }
}

/**
 * A query as a worker keeps it between the slices of its search: RDKit's molecule, its pattern fingerprint, and the
 * screen over the worker's index (none over a database, which screens with the pattern itself).
 */
export interface ReadQuery {
  mol: RDKitMol;
  pattern: Uint8Array;
  screen?: { bytes: Int32Array; masks: Uint8Array };
}

export function readQuery(rdkit: RDKit, view: IndexView | undefined, task: Pick<SearchTask, 'query' | 'format'>): ReadQuery {
  const mol = parseQueryMol(rdkit, task.query.trim(), task.format);
  if (!mol) throw new Error(`the query ${JSON.stringify(task.query)} does not parse as ${task.format}`);
  try {
    const pattern = patternFingerprint(mol);
    return { mol, pattern, screen: view?.screenOf(pattern) };
  } catch (err) {
    mol.delete();
    throw err;
  }
}

/** RDKit's matcher on a record read for it (freed after); false when it could not be read. */
function matches(mol: RDKitMol | undefined, query: ReadQuery, useChirality: boolean): boolean {
  if (!mol) return false;
  try {
    return hasSubstructure(mol, query.mol, useChirality);
  } finally {
    mol.delete();
  }
}

/** The slice's end once `checked` of `size` are checked: at its result bound, its deadline or its own end; else undefined. */
function endAfter(
  positions: number[],
  found: number,
  checked: number,
  size: number,
  maxResults: number,
  stop: () => SearchEnd['stopped'] | undefined,
): SearchEnd | undefined {
  if (found >= maxResults) return { positions, checked, stopped: checked < size ? 'maxResults' : undefined };
  const why = checked < size ? stop() : undefined;
  return why && { positions, checked, stopped: why };
}

/** Why a slice stops now: its search's deadline, or its own end. */
function stopOf(task: Pick<SearchTask, 'deadline' | 'sliceEnd'>): () => SearchEnd['stopped'] | undefined {
  return () => {
    const now = Date.now();
    return now >= task.deadline ? 'time' : now >= task.sliceEnd ? 'slice' : undefined;
  };
}

/**
 * Matches in record-position order from `task.from` until every record is checked, `maxResults` are found, the
 * search's deadline or the slice's end passes (looked at after each block of records and after each candidate).
 * `progress` receives the matches found so far, so a worker that must be stopped from outside still gives them.
 */
export function searchIndex(
  rdkit: RDKit,
  view: IndexView,
  query: ReadQuery,
  task: SearchTask,
  progress: (positions: number[], checked: number) => void,
): SearchEnd {
  const positions: number[] = [];
  let found = 0;
  const stop = stopOf(task);
  const screen = query.screen!;
  for (let p = task.from; p < view.size; p++) {
    if (p % BLOCK === 0 && p > task.from) {
      if (positions.length) progress(positions.splice(0), p);
      const why = stop();
      if (why) return { positions, checked: p, stopped: why };
    }
    if (task.allowed && task.allowed[p] === 0) continue;
    if (!view.passes(p, screen)) continue;
    if (matches(view.molAt(rdkit, p), query, task.useChirality)) {
      positions.push(p);
      found++;
    }
    const end = endAfter(positions, found, p + 1, view.size, task.maxResults, stop);
    if (end) return end;
  }
  return { positions, checked: view.size };
}

/**
 * Matches among the candidates a database's screen let through (`task.records`, in record-ID order): positions are
 * indexes into them. Stops as `searchIndex` does, looking at the clock after each candidate.
 */
export function matchCandidates(
  rdkit: RDKit,
  query: ReadQuery,
  task: CandidateTask,
  progress: (positions: number[], checked: number) => void,
): SearchEnd {
  const positions: number[] = [];
  let found = 0;
  const stop = stopOf(task);
  const n = task.records.length;
  for (let i = 0; i < n; i++) {
    if (i % CANDIDATE_BLOCK === 0 && positions.length) progress(positions.splice(0), i);
    if (matches(readCandidate(rdkit, task.records[i]), query, task.useChirality)) {
      positions.push(i);
      found++;
    }
    const end = endAfter(positions, found, i + 1, n, task.maxResults, stop);
    if (end) return end;
  }
  return { positions, checked: n };
}
