/**
 * A peak list as people paste it: one spectrum of `m/z intensity` lines (spaces, tabs, commas or semicolons between;
 * further columns such as MassBank's `rel.int.` ignored), or `m/z:intensity` pairs (several a line), with header
 * lines (`m/z int. rel.int.`, `PK$PEAK:`) and the precursor and ion mode where the text gives them (MassBank's
 * `MS$FOCUSED_ION: PRECURSOR_M/Z`, `AC$MASS_SPECTROMETRY: ION_MODE`, `Precursor m/z:`, `PEPMASS=`, `Ion mode:`).
 */
import { LineReader } from './line-reader';
import { clipped, ionModeOf, numberOf, shortText, splitPeakLine } from './types';

const PAIRS = /^[+]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*:\s*[+-]?[\d.]/;

export class PeakListReader extends LineReader {
  private done = false;

  constructor() {
    super('peak list');
  }

  protected readLine(raw: string, n: number): void {
    const text = raw.trim();
    if (text === '' || /^[#;!]/.test(text)) return;
    if (text === '//') {
      this.done = true;
      return;
    }
    if (this.done) return;
    const draft = this.draft ?? this.startSpectrum(n);
    if (PAIRS.test(text)) {
      for (const pair of text.split(/[\s,;]+/)) {
        if (pair === '') continue;
        const colon = pair.indexOf(':');
        draft.addPeak(numberOf(pair.slice(0, colon)), colon < 0 ? undefined : numberOf(pair.slice(colon + 1)), n, pair);
      }
      return;
    }
    const [mz] = splitPeakLine(text);
    if (mz !== undefined) {
      const [m, intensity] = splitPeakLine(text);
      draft.addPeak(m, intensity, n, text);
      return;
    }
    if (this.field(text, n)) return;
    // A header of words (`m/z int. rel.int.`, `mz intensity`) before the peaks; words among the peaks are an error.
    if (draft.spectrum.peaks.length > 0 && !/^[A-Za-z$_]/.test(text))
      draft.fail(n, `${JSON.stringify(shortText(text))} is not a peak (m/z and intensity, two numbers)`);
  }

  protected finishInput(line: number): void {
    if (this.draft) this.finishSpectrum(line);
    else this.fileError(Math.max(line, 1), 'the peak list is empty: give m/z and intensity pairs, one peak a line');
  }

  /** A line naming the precursor, ion mode or title; true when it was one. */
  private field(text: string, n: number): boolean {
    const draft = this.draft;
    if (!draft) return false;
    const s = draft.spectrum;
    const type = /^(?:MS\$FOCUSED_ION:\s*PRECURSOR_TYPE|precursor[ _]?type|adduct)\s*[:=]?\s*(\S+)/i.exec(text);
    if (type) {
      s.precursorType = clipped(type[1]);
      return true;
    }
    const precursor = /^(?:MS\$FOCUSED_ION:\s*PRECURSOR_M\/Z|precursor(?:[ _]?m\/?z)?|pepmass)\s*[:=]?\s*(\S+)/i.exec(text);
    if (precursor) {
      const mz = numberOf(precursor[1]);
      if (mz === undefined || mz <= 0) draft.fail(n, `the precursor m/z ${JSON.stringify(shortText(precursor[1]))} is not a positive number`);
      else s.precursorMz = mz;
      return true;
    }
    const mode = /^(?:AC\$MASS_SPECTROMETRY:\s*ION_MODE|ion[ _]?mode|polarity|ionmode)\s*[:=]?\s*(\S+)/i.exec(text);
    if (mode) {
      s.ionMode = ionModeOf(mode[1]) ?? s.ionMode;
      return true;
    }
    const title = /^(?:title|name|CH\$NAME)\s*[:=]\s*(.+)/i.exec(text);
    if (title) {
      s.title ??= clipped(title[1]);
      return true;
    }
    return /^[A-Za-z$_][\w$ /.-]*\s*[:=]/.test(text);
  }
}
