/**
 * Mascot Generic Format: `BEGIN IONS` ... `END IONS` blocks of `KEY=value` lines (TITLE, PEPMASS, CHARGE, IONMODE,
 * RTINSECONDS, MSLEVEL) and peak lines `m/z intensity [charge]`. Outside blocks only blank and comment lines
 * (`#;!/`) and file-level `KEY=value` lines are allowed.
 */
import { LineReader } from './line-reader';
import { clipped, ionModeOf, numberOf, shortText, splitPeakLine } from './types';

export class MgfReader extends LineReader {
  constructor() {
    super('MGF');
  }

  protected readLine(raw: string, n: number): void {
    const text = raw.trim();
    const upper = text.toUpperCase();
    if (upper === 'BEGIN IONS') {
      if (this.draft) {
        this.draft.fail(n, `BEGIN IONS of line ${this.draft.spectrum.line} is not closed by END IONS before this BEGIN IONS`);
        this.finishSpectrum(n);
      }
      this.startSpectrum(n);
      return;
    }
    if (upper === 'END IONS') {
      if (this.draft) this.finishSpectrum(n);
      else this.fileError(n, 'END IONS without BEGIN IONS');
      return;
    }
    if (text === '' || /^[#;!/]/.test(text)) return;
    const draft = this.draft;
    if (!draft) {
      if (!/^[A-Za-z_]+=/.test(text)) this.fileError(n, `${JSON.stringify(shortText(text))} is outside BEGIN IONS ... END IONS`);
      return;
    }
    const eq = text.indexOf('=');
    if (eq > 0 && /^[A-Za-z_]/.test(text)) {
      this.field(text.slice(0, eq).trim().toUpperCase(), text.slice(eq + 1), n);
      return;
    }
    const [mz, intensity] = splitPeakLine(text);
    draft.addPeak(mz, intensity, n, text);
  }

  protected finishInput(line: number): void {
    if (this.draft) {
      this.draft.fail(line, `BEGIN IONS of line ${this.draft.spectrum.line} is never closed by END IONS`);
      this.finishSpectrum(line);
    } else if (this.started === 0) {
      this.fileError(Math.max(line, 1), 'no BEGIN IONS: this is not an MGF file with spectra');
    }
  }

  private field(key: string, value: string, n: number): void {
    const draft = this.draft;
    if (!draft) return;
    const s = draft.spectrum;
    switch (key) {
      case 'TITLE':
        s.title = clipped(value);
        break;
      case 'PEPMASS': {
        const mz = numberOf(value.trim().split(/\s+/)[0] ?? '');
        if (mz === undefined || mz <= 0) draft.fail(n, `PEPMASS ${JSON.stringify(shortText(value))} is not a positive m/z`);
        else s.precursorMz = mz;
        break;
      }
      case 'PRECURSORMZ':
      case 'PRECURSOR_MZ': {
        const mz = numberOf(value);
        if (mz === undefined || mz <= 0) draft.fail(n, `${key} ${JSON.stringify(shortText(value))} is not a positive m/z`);
        else s.precursorMz = mz;
        break;
      }
      case 'CHARGE': {
        const m = /^\s*(\d+)\s*([+-]?)/.exec(value) ?? /^\s*([+-])(\d+)/.exec(value);
        if (m) {
          const [digits, sign] = /\d/.test(m[1]) ? [m[1], m[2]] : [m[2], m[1]];
          s.charge = Number(digits) * (sign === '-' ? -1 : 1);
          s.ionMode ??= sign === '-' ? 'negative' : sign === '+' ? 'positive' : undefined;
        }
        break;
      }
      case 'IONMODE':
      case 'ION_MODE':
      case 'POLARITY':
        s.ionMode = ionModeOf(value) ?? s.ionMode;
        break;
      case 'RTINSECONDS':
        s.retentionTime = numberOf(value);
        break;
      case 'ADDUCT':
      case 'PRECURSORTYPE':
      case 'PRECURSOR_TYPE':
        s.precursorType = clipped(value);
        break;
      case 'MSLEVEL': {
        const level = numberOf(value);
        if (level === 1) draft.fail(n, 'MSLEVEL=1: an MS1 spectrum; identification needs an MS2 spectrum');
        break;
      }
    }
  }
}
