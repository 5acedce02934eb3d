/**
 * One spectrum search as the service answers it (shared/beyond-the-spec.md 5): the query cleaned as the library was,
 * scored against the index in the mode asked for, then each record once at its best spectrum, by descending score
 * (4 decimals), ties by record ID.
 */
import { SPECTRUM_LIMITS, type Peak, type SpectrumSearchSettings } from '../../../wire';
import { cleanSpectrum } from './clean';
import { roundedScore, type EntropyIndex, type RecordScores } from './entropy-index';

export interface SpectrumSearchRequest extends Omit<SpectrumSearchSettings, 'dataSources'> {
  peaks: readonly Peak[];
  /** Records outside the requested datasources are passed over (checked in score order, only as far as needed). */
  accept?: (recordId: number) => boolean | Promise<boolean>;
}

export interface RecordHit {
  recordId: number;
  /** Rounded to 4 decimals. */
  score: number;
  spectrumId: number;
  matchedPeaks: number;
}

export interface SpectrumSearchAnswer {
  hits: RecordHit[];
  /** Why nothing could match, when the cleaned query is empty. */
  message?: string;
}

export async function searchSpectrum(index: EntropyIndex, request: SpectrumSearchRequest): Promise<SpectrumSearchAnswer> {
  const searchType = request.searchType ?? 'identity';
  const mz = request.peaks.map((p) => p[0]);
  const intensity = request.peaks.map((p) => p[1]);
  const peaks = cleanSpectrum(mz, intensity, { precursorMz: request.precursorMz });
  if (peaks.mz.length === 0) {
    return {
      hits: [],
      message: `No peak of the query is left after cleaning (peaks with intensity above 0${request.precursorMz === undefined ? '' : ` and below the precursor m/z − ${SPECTRUM_LIMITS.removePrecursorDa}`}, at least 1 % of the base peak); nothing can match.`,
    };
  }
  const max = request.maxResults ?? SPECTRUM_LIMITS.maxResultsDefault;
  // With `accept`, records may be passed over: every candidate is ranked; otherwise only the best `max`.
  const best = index.bestPerRecord(
    {
      peaks,
      precursorMz: request.precursorMz,
      searchType,
      ionMode: request.ionMode,
      fragmentToleranceDa: request.fragmentToleranceDa ?? SPECTRUM_LIMITS.fragmentToleranceDaDefault,
      precursorToleranceDa: request.precursorToleranceDa ?? SPECTRUM_LIMITS.precursorToleranceDaDefault,
    },
    request.accept ? Infinity : max,
    request.threshold ?? 0,
  );
  // Read whole before `accept` is awaited: the index's answer is scratch that the next search overwrites.
  const ranked = firstRanked(best, request.accept ? best.count : max);
  if (!request.accept) return { hits: ranked };
  const hits: RecordHit[] = [];
  for (const hit of ranked) {
    if (hits.length >= max) break;
    if (await request.accept(hit.recordId)) hits.push(hit);
  }
  return { hits };
}

/** The index's first `n` records by descending rounded score, ties by record ID. */
function firstRanked(best: RecordScores, n: number): RecordHit[] {
  const out: RecordHit[] = [];
  for (let k = 0; k < Math.min(n, best.count); k++) {
    const i = best.order[k];
    out.push({ recordId: best.recordId[i], score: roundedScore(best.score[i]), spectrumId: best.spectrumId[i], matchedPeaks: best.matchedPeaks[i] });
  }
  return out;
}
