/**
 * NIST MSP (also MoNA's and MS-DIAL's exports): records of `Key: value` lines starting at `Name:`, a `Num Peaks: N`
 * line, then N peaks: `m/z intensity` a line, or several `m/z intensity;` pairs on one line, each optionally followed
 * by a quoted annotation. A blank line or the next `Name:` ends a record.
 */
import { LineReader } from './line-reader';
import { READ_LIMITS, clipped, ionModeOf, numberOf, shortText, splitPeakLine } from './types';

export class MspReader extends LineReader {
  private inPeaks = false;
  private expected?: number;

  constructor() {
    super('MSP');
  }

  protected readLine(raw: string, n: number): void {
    const text = raw.trim();
    const field = /^([A-Za-z][\w /$#%()-]*?)\s*:\s*(.*)$/.exec(text);
    if (field && field[1].toLowerCase() === 'name') {
      this.close(n);
      this.startSpectrum(n).spectrum.title = clipped(field[2]);
      return;
    }
    if (text === '') {
      if (this.draft && this.inPeaks) this.close(n);
      return;
    }
    const draft = this.draft;
    if (!draft) {
      if (!text.startsWith('#')) this.fileError(n, `${JSON.stringify(shortText(text))} comes before the first Name: line`);
      return;
    }
    if (!this.inPeaks && field && !/^[\d.]/.test(text)) {
      this.field(field[1].toLowerCase().replace(/[\s_]/g, ''), field[2], n);
      return;
    }
    this.inPeaks = true;
    for (const pair of text.replace(/"[^"]*"/g, ' ').split(';')) {
      if (pair.trim() === '') continue;
      const [mz, intensity] = splitPeakLine(pair);
      draft.addPeak(mz, intensity, n, pair.trim());
    }
  }

  protected finishInput(line: number): void {
    if (this.draft) this.close(line);
    else if (this.started === 0) this.fileError(Math.max(line, 1), 'no Name: line: this is not an MSP file with spectra');
  }

  private close(n: number): void {
    const draft = this.draft;
    if (!draft) return;
    const got = draft.spectrum.peaks.length;
    if (this.expected !== undefined && !draft.problem && got !== this.expected) {
      draft.fail(n, `Num Peaks says ${this.expected} but ${got} peaks were read`);
    }
    this.finishSpectrum(n);
    this.inPeaks = false;
    this.expected = undefined;
  }

  private field(key: string, value: string, n: number): void {
    const draft = this.draft;
    if (!draft) return;
    const s = draft.spectrum;
    switch (key) {
      case 'precursormz':
      case 'precursorm/z':
      case 'pepmass': {
        const mz = numberOf(value.trim().split(/\s+/)[0] ?? '');
        if (mz === undefined || mz <= 0) draft.fail(n, `PrecursorMZ ${JSON.stringify(shortText(value))} is not a positive m/z`);
        else s.precursorMz = mz;
        break;
      }
      case 'precursortype':
      case 'adduct':
        s.precursorType = clipped(value);
        s.ionMode ??= /\][0-9]*\+$/.test(value.trim()) ? 'positive' : /\][0-9]*-$/.test(value.trim()) ? 'negative' : undefined;
        break;
      case 'ionmode':
      case 'polarity':
        s.ionMode = ionModeOf(value) ?? s.ionMode;
        break;
      case 'retentiontime':
      case 'rt':
        s.retentionTime = numberOf(value);
        break;
      case 'numpeaks': {
        const count = numberOf(value);
        if (count === undefined || !Number.isInteger(count) || count < 0)
          draft.fail(n, `Num Peaks ${JSON.stringify(shortText(value))} is not a count`);
        else if (count > READ_LIMITS.peaks) draft.fail(n, `Num Peaks ${count}: a spectrum has at most ${READ_LIMITS.peaks} peaks`);
        else this.expected = count;
        this.inPeaks = true;
        break;
      }
      case 'spectrumtype':
      case 'mslevel':
        if (/^(ms)?1$/i.test(value.trim())) draft.fail(n, 'an MS1 spectrum; identification needs an MS2 spectrum');
        break;
    }
  }
}
