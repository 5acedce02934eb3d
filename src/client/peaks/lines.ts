/**
 * Lines of a text fed in pieces, numbered from 1, in time linear in the text: a line longer than the limit is not
 * kept (its characters are dropped as they come) and is reported once; a NUL or other binary control byte ends the
 * input as "not a text file".
 */
import { READ_LIMITS } from './types';

export interface LineSink {
  line(text: string, number: number): void;
  /** A line over READ_LIMITS.lineChars (its text is gone). */
  tooLong(number: number): void;
  /** A byte no text format holds, on this line: nothing more of the input is read. */
  binary(number: number): void;
}

// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/;

export class LineSplitter {
  private partial = '';
  private overlong = false;
  private number = 1;
  private stopped = false;

  constructor(
    private readonly sink: LineSink,
    readonly limit: number = READ_LIMITS.lineChars,
  ) {}

  get isStopped(): boolean {
    return this.stopped;
  }

  push(text: string): void {
    if (this.stopped) return;
    let from = 0;
    while (from < text.length) {
      const nl = text.indexOf('\n', from);
      const piece = text.slice(from, nl < 0 ? text.length : nl);
      if (BINARY.test(piece)) {
        this.stopped = true;
        this.sink.binary(this.number);
        return;
      }
      if (!this.overlong) {
        if (this.partial.length + piece.length > this.limit) {
          this.overlong = true;
          this.partial = '';
        } else {
          this.partial += piece;
        }
      }
      if (nl < 0) return;
      this.emit();
      from = nl + 1;
    }
  }

  end(): void {
    if (this.stopped) return;
    if (this.partial !== '' || this.overlong) this.emit();
    this.stopped = true;
  }

  private emit(): void {
    if (this.overlong) this.sink.tooLong(this.number);
    else this.sink.line(this.partial.endsWith('\r') ? this.partial.slice(0, -1) : this.partial, this.number);
    this.partial = '';
    this.overlong = false;
    this.number++;
  }
}
