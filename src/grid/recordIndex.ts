/**
 * What the structure grid knows about a file's records without any chemistry: where each record lies, its name,
 * its SD fields and why it is unusable, if it is. Built by one linear pass over the bytes (SDF or SMILES list),
 * in memory proportional to the number of records, never to the file's size. No DOM, no Node, no `vscode`: the
 * extension host and the notebook renderer build it with the same code.
 */

import { LIMITS } from '../wire/limits';
import type { StructureSizeLimits } from '../wire/structure-size';

export type RecordFormat = 'sdf' | 'smiles';

/** Bounds on hostile input, applied before any toolkit sees a record. */
export const RECORD_LIMITS = {
  /** bytes of one SDF record (MOL block and data items); larger is a bad record, skipped up to its `$$$$` */
  recordBytes: 1024 * 1024,
  /** atoms of one record (its counts line, its SMILES or its RDKit JSON) */
  atoms: 2000,
  /** bonds of one record (MOL block or RDKit JSON) */
  bonds: 4000,
  /** separate parts of one record: each is laid out apart, and RDKit's layout of many grows steeply (1,999: 28 s) */
  components: LIMITS.structureComponents,
  /** characters of a name kept in the index */
  name: 200,
  /** characters of an SD field's name */
  fieldName: 100,
  /** characters of an SD field's value kept in the index (the record itself keeps all) */
  fieldValue: 500,
  /** distinct SD field names (columns) of a file */
  columns: 200,
  /** characters of a SMILES in a SMILES list */
  smiles: 10_000,
} as const;

/** The size bounds of a record in the grid, the service's rules (src/wire/structure-size.ts) with the grid's atom ceiling. */
export const RECORD_SIZE_LIMITS: StructureSizeLimits = {
  heavyAtoms: RECORD_LIMITS.atoms,
  atoms: RECORD_LIMITS.atoms,
  bonds: RECORD_LIMITS.bonds,
  components: RECORD_LIMITS.components,
};

export interface RecordIndex {
  format: RecordFormat;
  /** Records found so far. */
  count: number;
  /** Byte offset of each record's first byte, and one past its last (its `$$$$` line or its line included). */
  starts: number[];
  ends: number[];
  /** Each record's title line (SDF) or the text after its SMILES (SMILES list); '' when none. */
  names: string[];
  /** SD field names in order of first appearance. */
  columns: string[];
  /** values[c][record]: the value of column c in a record, or undefined. */
  values: Array<Array<string | undefined>>;
  /** Why a record cannot be drawn, found while indexing (too large, no MOL block...). */
  problems: Array<string | undefined>;
  /**
   * Formula, weight and monoisotopic mass of the records whose MOL block the indexer read without a toolkit (plain
   * V2000, src/grid/recordFacts.ts); undefined for the rest (SMILES lines, records the plain reader refuses), which the grid's toolkit computes. `computed` counts the records read.
   */
  formulas: Array<string | undefined>;
  mws: Array<number | undefined>;
  masses: Array<number | undefined>;
  computed: number;
  /** Records with a MOL block that ends (`M  END`), for telling a non-SDF file apart. */
  molBlocks: number;
  /** False while the file is still being read. */
  complete: boolean;
}

export function emptyIndex(format: RecordFormat): RecordIndex {
  return {
    format,
    count: 0,
    starts: [],
    ends: [],
    names: [],
    columns: [],
    values: [],
    problems: [],
    formulas: [],
    mws: [],
    masses: [],
    computed: 0,
    molBlocks: 0,
    complete: false,
  };
}

/** The message shown instead of a grid when a file has no record the grid can use, or undefined when it has. */
export function notUsableReason(index: RecordIndex): string | undefined {
  if (!index.complete) return undefined;
  if (index.count === 0) return index.format === 'sdf' ? 'This file holds no SDF record.' : 'This file holds no SMILES.';
  if (index.format === 'sdf' && index.molBlocks === 0) {
    return 'This file is not an SDF: none of its records has a MOL block (a counts line with V2000 or V3000 and an "M  END" line).';
  }
  return undefined;
}

export function recordFormatOf(fileName: string): RecordFormat {
  return /\.(smi|smiles)$/i.test(fileName) ? 'smiles' : 'sdf';
}

/**
 * Decodes bytes as UTF-8: through a Node Buffer's own slice decoder when `bytes` is one (no view allocated per
 * call: the indexer decodes a few strings per record), else TextDecoder (browsers).
 */
let utf8: InstanceType<typeof TextDecoder> | undefined; // made on first use, not when the extension's bundle loads
export function decodeUtf8(bytes: Uint8Array, start: number, end: number): string {
  const nodeBuffer = bytes as Uint8Array & { utf8Slice?: (s: number, e: number) => string };
  if (typeof nodeBuffer.utf8Slice === 'function') return nodeBuffer.utf8Slice(start, end);
  return (utf8 ??= new TextDecoder('utf-8')).decode(bytes.subarray(start, end));
}

export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
