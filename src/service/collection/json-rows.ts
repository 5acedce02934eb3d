/**
 * Where each row of a JSON array of arrays lies in its bytes, found in one linear pass without parsing the values. The
 * shipped data's large files (the MOL blocks, the spectra index) are such arrays: kept as their bytes with these
 * spans, a row is parsed when asked for, instead of the whole file becoming strings and objects on the JavaScript
 * heap at once (src/service/README.md, "Start-up").
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN = 0x5b;
const CLOSE = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const COMMA = 0x2c;

function isSpace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/**
 * Scans the rows of the array whose `[` is at `from`, some rows at a time (so that a caller may yield to the event
 * loop between slices). Each row must itself be an array; its span `[start, end)` includes its brackets, ready for
 * `parseRow`. A row's own content is checked by that parse, not here.
 */
export class JsonRowScanner {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  private at: number;
  private finished = false;

  constructor(
    private readonly bytes: Buffer,
    from: number,
    private readonly source: string,
  ) {
    if (bytes[from] !== OPEN) throw new Error(`${source}: expected a JSON array at byte ${from}`);
    this.at = from + 1;
  }

  /** Scans up to `maxRows` more rows; true once the outer array's `]` has been read. */
  scan(maxRows: number): boolean {
    const { bytes } = this;
    for (let n = 0; n < maxRows && !this.finished; n++) {
      let i = this.skipSpace(this.at);
      if (bytes[i] === CLOSE) {
        this.finished = true;
        this.at = i + 1;
        break;
      }
      if (this.starts.length > 0) {
        if (bytes[i] !== COMMA) throw this.malformed(i);
        i = this.skipSpace(i + 1);
      }
      if (bytes[i] !== OPEN) throw this.malformed(i);
      const end = this.endOfValue(i);
      this.starts.push(i);
      this.ends.push(end);
      this.at = end;
    }
    return this.finished;
  }

  /** The spans found, and the byte after the outer array, once `scan` has returned true. */
  spans(): { starts: Uint32Array; ends: Uint32Array; end: number } {
    if (!this.finished) throw new Error(`${this.source}: rows asked for before the scan ended`);
    return { starts: Uint32Array.from(this.starts), ends: Uint32Array.from(this.ends), end: this.at };
  }

  private skipSpace(i: number): number {
    while (i < this.bytes.length && isSpace(this.bytes[i])) i++;
    return i;
  }

  /** The byte after the array or object opening at `i` (strings skipped with their escapes). */
  private endOfValue(i: number): number {
    const { bytes } = this;
    let depth = 0;
    for (; i < bytes.length; i++) {
      const byte = bytes[i];
      if (byte === QUOTE) {
        for (i++; i < bytes.length && bytes[i] !== QUOTE; i++) if (bytes[i] === BACKSLASH) i++;
      } else if (byte === OPEN || byte === OPEN_OBJECT) depth++;
      else if (byte === CLOSE || byte === CLOSE_OBJECT) {
        depth--;
        if (depth === 0) return i + 1;
      }
    }
    throw new Error(`${this.source}: the JSON ends inside row ${this.starts.length}`);
  }

  private malformed(i: number): Error {
    return new Error(`${this.source}: malformed JSON at byte ${i} (row ${this.starts.length})`);
  }
}

/** One row parsed from its span. */
export function parseRow(bytes: Buffer, start: number, end: number): unknown {
  return JSON.parse(bytes.toString('utf8', start, end));
}
