/**
 * One spectrum search as the service answers it (shared/beyond-the-spec.md 5): the query cleaned as the library was,
 * scored against the index in the mode asked for, then each record once at its best spectrum, by descending score
 * (4 decimals), ties by record ID.
 */
import { SPECTRUM_LIMITS, roundScore, type Peak, type SpectrumSearchSettings } from '../../../wire';
import { cleanSpectrum } from './clean';
import type { EntropyIndex, RecordScores } from './entropy-index';

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
  const best = index.bestPerRecord({
    peaks,
    precursorMz: request.precursorMz,
    searchType,
    ionMode: request.ionMode,
    fragmentToleranceDa: request.fragmentToleranceDa ?? SPECTRUM_LIMITS.fragmentToleranceDaDefault,
    precursorToleranceDa: request.precursorToleranceDa ?? SPECTRUM_LIMITS.precursorToleranceDaDefault,
  });
  const max = request.maxResults ?? SPECTRUM_LIMITS.maxResultsDefault;
  // With `accept`, records may be passed over: every candidate is ranked; otherwise only the best `max`.
  const ranked = rankRecords(best, request.threshold ?? 0, request.accept ? Infinity : max);
  const hits: RecordHit[] = [];
  for (const hit of ranked) {
    if (hits.length >= max) break;
    if (!request.accept || (await request.accept(hit.recordId))) hits.push(hit);
  }
  return { hits };
}

const SCORE_STEPS = 10_000;
/** How many records have each rounded score (k / SCORE_STEPS at k); scratch of `rankRecords`. */
const perStep = new Uint32Array(SCORE_STEPS + 1);

/**
 * The records at or above `threshold` (rounded scores, above 0), by descending rounded score, ties by record ID; with
 * `limit`, only those at or above the `limit`-th best score (ties at that score kept). An open search can touch ten
 * thousand records: their rounded scores are counted per step and only the best become objects and are sorted.
 */
function rankRecords(best: RecordScores, threshold: number, limit: number): RecordHit[] {
  const { count, score } = best;
  let floor = Math.max(threshold, Number.MIN_VALUE);
  if (count > limit) {
    perStep.fill(0);
    for (let i = 0; i < count; i++) perStep[Math.min(SCORE_STEPS, Math.round(score[i] * SCORE_STEPS))]++;
    let k = SCORE_STEPS;
    for (let seen = perStep[k]; seen < limit && k > 0;) seen += perStep[--k];
    floor = Math.max(floor, k / SCORE_STEPS);
  }
  const ranked: RecordHit[] = [];
  for (let i = 0; i < count; i++) {
    const rounded = roundScore(score[i]);
    if (rounded >= floor)
      ranked.push({ recordId: best.recordId[i], score: rounded, spectrumId: best.spectrumId[i], matchedPeaks: best.matchedPeaks[i] });
  }
  return ranked.sort((a, b) => b.score - a.score || a.recordId - b.recordId);
}
