import type { Facts } from './recordFacts';
import { clip, decodeUtf8, emptyIndex, RECORD_LIMITS, type RecordFormat, type RecordIndex } from './recordIndex';

const NL = 0x0a;
const CR = 0x0d;
const GT = 0x3e;
const HASH = 0x23;

/** Longest line the indexer waits for: a chunk with no line end that long is taken as a (bad) line part. */
const MAX_CARRY = RECORD_LIMITS.recordBytes + 1;

function startsWith(bytes: Uint8Array, s: number, e: number, text: string): boolean {
  if (e - s < text.length) return false;
  for (let i = 0; i < text.length; i++) if (bytes[s + i] !== text.charCodeAt(i)) return false;
  return true;
}

function sameBytes(bytes: Uint8Array, s: number, e: number, known: Uint8Array): boolean {
  if (e - s !== known.length) return false;
  for (let i = 0; i < known.length; i++) if (bytes[s + i] !== known[i]) return false;
  return true;
}

function isBlank(bytes: Uint8Array, s: number, e: number): boolean {
  for (let i = s; i < e; i++) if (bytes[i] !== 0x20 && bytes[i] !== 0x09) return false;
  return true;
}

/**
 * Indexes SDF records or SMILES lines from bytes given chunk by chunk (a whole document is one chunk). Linear: each
 * byte is looked at a bounded number of times; only title lines, counts lines and SD field lines are decoded.
 *
 * `push` takes the bytes from `offset` on and answers how many it consumed (whole lines only, unless `final`); the
 * caller passes the rest again with the next chunk.
 */
export class RecordIndexer {
  readonly index: RecordIndex;
  private readonly columnOf = new Map<string, number>();
  // The SDF record being read.
  private recordStart = -1;
  private lineNo = 0;
  private hasContent = false;
  private inData = false;
  private countsOk = false;
  private sawEnd = false;
  private atoms = 0;
  private oversize = false;
  private name = '';
  private fields: Array<[number, string]> = [];
  private fieldColumn = -1;
  private fieldValue = '';
  /** What the plain reader made of the record's MOL block. */
  private facts: Facts | undefined;
  /** File offset of the chunk being pushed, and the record's MOL block bytes in the chunks before it (copies). */
  private chunkOffset = 0;
  private molParts: Uint8Array[] = [];
  /** The data header lines of the last record, by their place in it: most files repeat them record after record. */
  private readonly headers: Array<{ bytes: Uint8Array; column: number }> = [];

  /**
   * `readFacts` reads a record's formula and masses from its MOL block when it can without a toolkit (the extension
   * host passes `plainMolFacts`; a notebook output's page leaves them to its toolkit worker and keeps its bundle small).
   */
  constructor(
    format: RecordFormat,
    private readonly readFacts?: (molblock: string) => Facts | undefined,
  ) {
    this.index = emptyIndex(format);
  }

  push(bytes: Uint8Array, offset: number, final: boolean): number {
    let s = 0;
    const n = bytes.length;
    this.chunkOffset = offset;
    while (s < n) {
      let nl = bytes.indexOf(NL, s);
      if (nl < 0) {
        if (!final && n - s < MAX_CARRY) break;
        nl = n;
      }
      let e = nl;
      if (e > s && bytes[e - 1] === CR) e--;
      const next = Math.min(nl + 1, n);
      if (this.index.format === 'sdf') this.sdfLine(bytes, s, e, offset + s, offset + next);
      else this.smilesLine(bytes, s, e, offset + s, offset + next);
      s = next;
    }
    // A MOL block going on in the next chunk: its bytes so far are kept (the caller reuses its buffer).
    if (this.readFacts && this.recordStart >= 0 && !this.inData && !this.oversize)
      this.molParts.push(bytes.slice(Math.max(0, this.recordStart - offset), s));
    if (final) {
      if (this.index.format === 'sdf') this.finishRecord(offset + s);
      this.index.complete = true;
    }
    return s;
  }

  private smilesLine(bytes: Uint8Array, s: number, e: number, lineStart: number, lineEnd: number): void {
    if (isBlank(bytes, s, e) || bytes[s] === HASH) return;
    const ix = this.index;
    const line = decodeUtf8(bytes, s, Math.min(e, s + RECORD_LIMITS.smiles + RECORD_LIMITS.name * 4));
    const { smiles, name } = splitSmilesLine(line);
    ix.starts.push(lineStart);
    ix.ends.push(lineEnd);
    ix.names.push(clip(name, RECORD_LIMITS.name));
    ix.problems.push(
      e - s > RECORD_LIMITS.smiles + RECORD_LIMITS.name * 4 || smiles.length > RECORD_LIMITS.smiles
        ? `SMILES longer than ${RECORD_LIMITS.smiles} characters`
        : undefined,
    );
    ix.count++;
  }

  private sdfLine(bytes: Uint8Array, s: number, e: number, lineStart: number, lineEnd: number): void {
    if (this.recordStart < 0) this.recordStart = lineStart;
    if (startsWith(bytes, s, e, '$$$$')) {
      this.finishRecord(lineEnd);
      return;
    }
    if (this.oversize) return;
    if (lineEnd - this.recordStart > RECORD_LIMITS.recordBytes) {
      this.oversize = true;
      this.hasContent = true;
      return;
    }
    const lineNo = this.lineNo++;
    if (!this.hasContent && !isBlank(bytes, s, e)) this.hasContent = true;
    if (lineNo === 0) {
      this.name = clip(decodeUtf8(bytes, s, Math.min(e, s + RECORD_LIMITS.name * 4)).trim(), RECORD_LIMITS.name);
      return;
    }
    if (!this.inData) {
      if (lineNo === 3) this.countsLine(decodeUtf8(bytes, s, Math.min(e, s + 80)));
      else if (startsWith(bytes, s, e, 'M  V30 COUNTS'))
        this.atoms =
          Number(
            decodeUtf8(bytes, s + 13, Math.min(e, s + 40))
              .trim()
              .split(/\s+/)[0],
          ) || 0;
      else if (startsWith(bytes, s, e, 'M  END')) {
        this.inData = true;
        this.sawEnd = true;
        this.molFacts(bytes, lineEnd);
      }
      return;
    }
    if (bytes[s] === GT) {
      this.finishField();
      this.fieldColumn = this.headerColumn(bytes, s, e);
      this.fieldValue = '';
    } else if (isBlank(bytes, s, e)) {
      this.finishField();
    } else if (this.fieldColumn >= 0 && this.fieldValue.length < RECORD_LIMITS.fieldValue) {
      const part = decodeUtf8(bytes, s, Math.min(e, s + RECORD_LIMITS.fieldValue + 3));
      this.fieldValue = clip(this.fieldValue ? `${this.fieldValue}\n${part}` : part, RECORD_LIMITS.fieldValue);
    }
  }

  /**
   * The computed columns of a plain V2000 MOL block, read here while its bytes are at hand (a few microseconds a
   * record), so the grid's toolkit reads only the records the plain reader refuses.
   */
  private molFacts(bytes: Uint8Array, molEnd: number): void {
    if (!this.readFacts || !this.countsOk || this.atoms > RECORD_LIMITS.atoms) return;
    const here = bytes.subarray(Math.max(0, this.recordStart - this.chunkOffset), molEnd - this.chunkOffset);
    const mol = this.molParts.length ? joined([...this.molParts, here]) : here;
    this.facts = this.readFacts(decodeUtf8(mol, 0, mol.length));
  }

  private countsLine(line: string): void {
    if (/V3000/.test(line)) {
      this.countsOk = true;
    } else if (/V2000/.test(line) || /^[ \d]{6}/.test(line)) {
      this.countsOk = true;
      this.atoms = Number(line.slice(0, 3).trim()) || 0;
    }
  }

  private headerColumn(bytes: Uint8Array, s: number, e: number): number {
    const place = this.fields.length;
    const known = this.headers[place];
    if (known && sameBytes(bytes, s, e, known.bytes)) return known.column;
    const column = this.column(decodeUtf8(bytes, s, Math.min(e, s + RECORD_LIMITS.fieldName * 4 + 8)));
    if (place < RECORD_LIMITS.columns && e - s <= RECORD_LIMITS.fieldName * 4 + 8) this.headers[place] = { bytes: bytes.slice(s, e), column };
    return column;
  }

  /** Column index of a data header line (`> <NAME>`, `>  <NAME> (12)`), or -1 when it has no name or is one too many. */
  private column(header: string): number {
    const m = /<([^>]*)>/.exec(header);
    const name = clip((m ? m[1] : header.slice(1)).trim(), RECORD_LIMITS.fieldName);
    if (!name) return -1;
    const known = this.columnOf.get(name);
    if (known !== undefined) return known;
    const ix = this.index;
    if (ix.columns.length >= RECORD_LIMITS.columns) return -1;
    ix.columns.push(name);
    ix.values.push([]);
    this.columnOf.set(name, ix.columns.length - 1);
    return ix.columns.length - 1;
  }

  private finishField(): void {
    if (this.fieldColumn >= 0) this.fields.push([this.fieldColumn, this.fieldValue]);
    this.fieldColumn = -1;
    this.fieldValue = '';
  }

  private finishRecord(end: number): void {
    this.finishField();
    if (this.recordStart >= 0 && this.hasContent) {
      const ix = this.index;
      const i = ix.count++;
      ix.starts.push(this.recordStart);
      ix.ends.push(end);
      ix.names.push(this.name);
      for (const [column, value] of this.fields) ix.values[column][i] = value;
      const problem = this.problem();
      ix.problems.push(problem);
      if (this.sawEnd) ix.molBlocks++;
      const facts = problem ? undefined : this.facts;
      if (facts) {
        ix.formulas[i] = facts.formula;
        ix.mws[i] = facts.mw;
        ix.masses[i] = facts.mass;
        ix.computed++;
      }
    }
    this.recordStart = -1;
    this.lineNo = 0;
    this.hasContent = false;
    this.inData = false;
    this.countsOk = false;
    this.sawEnd = false;
    this.atoms = 0;
    this.oversize = false;
    this.name = '';
    this.fields = [];
    this.facts = undefined;
    this.molParts = [];
  }

  private problem(): string | undefined {
    if (this.oversize) return `The record is larger than ${RECORD_LIMITS.recordBytes / (1024 * 1024)} MB; it is not read.`;
    if (!this.countsOk) return 'No counts line (line 4, V2000 or V3000): this record is not a MOL block.';
    if (!this.sawEnd) return 'No "M  END" line: the MOL block is cut short.';
    if (this.atoms > RECORD_LIMITS.atoms) return `${this.atoms} atoms: more than the ${RECORD_LIMITS.atoms} a record may have.`;
    return undefined;
  }
}

function joined(parts: Uint8Array[]): Uint8Array {
  const all = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    all.set(p, at);
    at += p.length;
  }
  return all;
}

/** A SMILES list line: the SMILES, then (after spaces or a tab) an optional name. */
export function splitSmilesLine(line: string): { smiles: string; name: string } {
  const text = line.trim();
  const m = /\s/.exec(text);
  if (!m) return { smiles: text, name: '' };
  return { smiles: text.slice(0, m.index), name: text.slice(m.index + 1).trim() };
}

/** Indexes a whole buffer at once (a document, a notebook output). */
export function indexRecords(bytes: Uint8Array, format: RecordFormat, readFacts?: (molblock: string) => Facts | undefined): RecordIndex {
  const indexer = new RecordIndexer(format, readFacts);
  indexer.push(bytes, 0, true);
  return indexer.index;
}

/** The text the toolkit reads for a record: the whole SDF record, or the SMILES of a SMILES-list line. */
export function structureText(format: RecordFormat, recordText: string): string {
  return format === 'sdf' ? recordText : splitSmilesLine(recordText).smiles;
}
