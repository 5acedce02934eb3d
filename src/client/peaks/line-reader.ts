/** What the line-based readers (MGF, MSP, peak lists) share: the line splitter, the output queue, the binary stop. */
import { LineSplitter } from './lines';
import { SpectrumDraft, type SpectrumItem, type SpectrumReader } from './types';

export abstract class LineReader implements SpectrumReader {
  protected out: SpectrumItem[] = [];
  protected draft?: SpectrumDraft;
  /** Spectra started so far (the next one's index is this plus one). */
  protected started = 0;
  private readonly lines = new LineSplitter({
    line: (text, n) => this.line(text, n),
    tooLong: (n) => this.tooLong(n),
    binary: (n) => this.binary(n),
  });
  private lastLine = 0;

  constructor(protected readonly formatName: string) {}

  push(text: string): SpectrumItem[] {
    this.lines.push(text);
    return this.take();
  }

  end(): SpectrumItem[] {
    this.lines.end();
    if (!this.binaryAt) this.finishInput(this.lastLine);
    return this.take();
  }

  protected abstract readLine(text: string, line: number): void;
  /** The input ended at `line` (the last line read). */
  protected abstract finishInput(line: number): void;

  protected startSpectrum(line: number): SpectrumDraft {
    this.draft = new SpectrumDraft(++this.started, line);
    return this.draft;
  }

  protected finishSpectrum(line: number): void {
    if (!this.draft) return;
    this.out.push(this.draft.finish(line));
    this.draft = undefined;
  }

  /** An error outside any spectrum (the file as a whole), given as a spectrum of its own so that it is reported. */
  protected fileError(line: number, rule: string): void {
    const d = new SpectrumDraft(++this.started, line);
    d.problem = { index: d.spectrum.index, line, message: `line ${line}: ${rule}` };
    this.out.push({ error: d.problem });
  }

  private binaryAt?: number;

  private line(text: string, n: number): void {
    this.lastLine = n;
    this.readLine(text, n);
  }

  private tooLong(n: number): void {
    this.lastLine = n;
    const rule = `the line is longer than ${this.lines.limit} characters`;
    if (this.draft) this.draft.fail(n, rule);
    else this.fileError(n, rule);
  }

  private binary(n: number): void {
    this.binaryAt = n;
    const rule = `this is not a ${this.formatName} text file (binary content); nothing more of it is read`;
    if (this.draft) {
      this.draft.fail(n, rule);
      this.finishSpectrum(n);
    } else {
      this.fileError(n, rule);
    }
  }

  private take(): SpectrumItem[] {
    const out = this.out;
    this.out = [];
    return out;
  }
}
