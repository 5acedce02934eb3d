/**
 * What the spectrum readers (MGF, MSP, mzML, pasted peak lists) give: each spectrum of the input in order, read or
 * refused with the reason, the spectrum's position and title and the line the problem is on. A refused spectrum
 * never stops the others.
 */
import { SPECTRUM_LIMITS, peakProblem, type IonMode, type Peak } from '../../wire';

export const READ_LIMITS = {
  /** peaks of one spectrum; more is an error naming the spectrum */
  peaks: SPECTRUM_LIMITS.peaks,
  /** characters of one line of a text format; a longer line is skipped without being kept, with an error */
  lineChars: 64 * 1024,
  /** characters kept of a title or any other text field */
  fieldChars: 1000,
  /** characters of one base64 array of an mzML file (10,000 64-bit values take 107,000) */
  mzmlBinaryChars: 4 * 1024 * 1024,
  /** characters of one mzML tag (its attributes) */
  mzmlTagChars: 64 * 1024,
} as const;

export type SpectrumFormat = 'mgf' | 'msp' | 'mzml' | 'peaks';

export interface ParsedSpectrum {
  /** 1-based position among the spectra of the input (mzML: among its MS2 spectra). */
  index: number;
  /** Line the spectrum starts on (1-based). */
  line: number;
  title?: string;
  precursorMz?: number;
  ionMode?: IonMode;
  /** The adduct or precursor type when the input names it (`[M+H]+`). */
  precursorType?: string;
  charge?: number;
  retentionTime?: number;
  peaks: Peak[];
}

export interface SpectrumReadError {
  index: number;
  /** Line of the problem (1-based). */
  line: number;
  title?: string;
  /** The rule broken, naming the spectrum and the line. */
  message: string;
}

export type SpectrumItem = { spectrum: ParsedSpectrum; error?: undefined } | { error: SpectrumReadError; spectrum?: undefined };

/** An incremental reader: fed text in pieces of any size, it gives each spectrum as soon as it is complete. */
export interface SpectrumReader {
  push(text: string): SpectrumItem[];
  /** The input ended: what is still open is finished or refused. */
  end(): SpectrumItem[];
}

export function ionModeOf(text: string): IonMode | undefined {
  const t = text.trim().toLowerCase();
  if (/^(p|pos|positive|\+|esi\+|positive ion mode)$/.test(t)) return 'positive';
  if (/^(n|neg|negative|-|esi-|negative ion mode)$/.test(t)) return 'negative';
  return undefined;
}

/** A number as the text formats write one (no hex, no Infinity); undefined otherwise. */
export function numberOf(text: string): number | undefined {
  const t = text.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t)) return undefined;
  return Number(t);
}

export function clipped(text: string): string {
  const t = text.trim();
  return t.length > READ_LIMITS.fieldChars ? `${t.slice(0, READ_LIMITS.fieldChars - 3)}...` : t;
}

/**
 * One spectrum being read: peaks checked as they come; the first problem refuses it (later lines are still read, so
 * the next spectrum starts in the right place, but not kept).
 */
export class SpectrumDraft {
  readonly spectrum: ParsedSpectrum;
  problem?: SpectrumReadError;

  constructor(index: number, line: number) {
    this.spectrum = { index, line, peaks: [] };
  }

  /** "spectrum 3 ("Caffeine") line 12: ..." */
  fail(line: number, rule: string): void {
    if (this.problem) return;
    const { index, title } = this.spectrum;
    const named = title ? ` (${JSON.stringify(title.length > 80 ? `${title.slice(0, 77)}...` : title)})` : '';
    this.problem = { index, line, title, message: `spectrum ${index}${named}, line ${line}: ${rule}` };
  }

  addPeak(mz: number | undefined, intensity: number | undefined, line: number, text: string): void {
    if (this.problem) return;
    if (mz === undefined || intensity === undefined) {
      this.fail(line, `${JSON.stringify(shortText(text))} is not a peak (m/z and intensity, two numbers)`);
      return;
    }
    if (this.spectrum.peaks.length >= READ_LIMITS.peaks) {
      this.fail(line, `more than ${READ_LIMITS.peaks} peaks; a spectrum has at most ${READ_LIMITS.peaks}`);
      return;
    }
    const problem = peakProblem([mz, intensity]);
    if (problem) this.fail(line, `the peak ${problem}`);
    else this.spectrum.peaks.push([mz, intensity]);
  }

  /** The spectrum, or its problem; `line` is where it ended. */
  finish(line: number): SpectrumItem {
    if (!this.problem && this.spectrum.peaks.length === 0) this.fail(line, 'it has no peaks');
    return this.problem ? { error: this.problem } : { spectrum: this.spectrum };
  }
}

export function shortText(text: string): string {
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** Peaks of a line: `mz int`, `mz,int`, `mz\tint`, extra columns after them ignored (MassBank's rel.int., MGF's charge). */
export function splitPeakLine(text: string): [number | undefined, number | undefined] {
  const parts = text.trim().split(/[\s,;]+/);
  return [numberOf(parts[0] ?? ''), numberOf(parts[1] ?? '')];
}
