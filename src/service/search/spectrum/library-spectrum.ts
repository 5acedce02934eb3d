/**
 * What the spectrum index needs of a library spectrum's data file (JCAMP-DX, as the older interface serves it): its
 * peak table (`##PEAK TABLE=(XY..XY)` or `##XYPOINTS=(XY..XY)`, with XFACTOR / YFACTOR), precursor m/z and ion mode.
 * One pass over the text, no regular expression per peak: the index reads 82,000 of these. A file without a numeric
 * precursor is left out of the index (Flash entropy search needs one for its cleaning and its neutral losses).
 */
import type { IonMode } from '../../../wire';

export interface LibrarySpectrum {
  precursorMz?: number;
  ionMode?: IonMode;
  mz: number[];
  intensity: number[];
}

export function readLibrarySpectrum(text: string): LibrarySpectrum {
  const out: LibrarySpectrum = { mz: [], intensity: [] };
  let xFactor = 1;
  let yFactor = 1;
  let inPeaks = false;
  let at = 0;
  while (at < text.length) {
    let end = text.indexOf('\n', at);
    if (end < 0) end = text.length;
    if (text.startsWith('##', at)) {
      inPeaks = false;
      const eq = text.indexOf('=', at);
      if (eq > 0 && eq < end) {
        const name = text
          .slice(at + 2, eq)
          .trim()
          .toUpperCase();
        const value = text.slice(eq + 1, end).trim();
        if (name === '$PRECURSOR M/Z') {
          const v = parseFloat(value);
          if (Number.isFinite(v) && v > 0) out.precursorMz = v;
        } else if (name === '.IONIZATION MODE' || name === '$ION MODE') {
          out.ionMode = ionModeOf(value);
        } else if (name === 'XFACTOR') {
          xFactor = Number(value) || 1;
        } else if (name === 'YFACTOR') {
          yFactor = Number(value) || 1;
        } else if (name === 'PEAK TABLE' || name === 'XYPOINTS') {
          inPeaks = value.toUpperCase().includes('XY..XY');
        }
      }
    } else if (inPeaks) {
      readPairs(text, at, end, xFactor, yFactor, out);
    }
    at = end + 1;
  }
  return out;
}

/** `x, y` pairs of one line, separated by `;` or spaces when there are several. */
function readPairs(text: string, from: number, to: number, xFactor: number, yFactor: number, out: LibrarySpectrum): void {
  const numbers = text.slice(from, to).split(/[\s,;]+/);
  for (let i = 0; i + 1 < numbers.length;) {
    if (numbers[i] === '') {
      i++;
      continue;
    }
    const mz = Number(numbers[i]) * xFactor;
    const intensity = Number(numbers[i + 1]) * yFactor;
    if (Number.isFinite(mz) && Number.isFinite(intensity)) {
      out.mz.push(mz);
      out.intensity.push(intensity);
    }
    i += 2;
  }
}

function ionModeOf(value: string): IonMode | undefined {
  const v = value.trim();
  if (/\+(ve)?$|^pos/i.test(v)) return 'positive';
  if (/-(ve)?$|^neg/i.test(v)) return 'negative';
  return undefined;
}
