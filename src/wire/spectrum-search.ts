/**
 * Spectrum search (shared/beyond-the-spec.md section 5): `filter/spectrum`, Flash entropy search over the measured
 * spectra, on the asynchronous query engine. Route, body, limits and input rules, shared by the client and the service.
 */
import type { FieldError } from './errors';
import { checkStringList, shownValue } from './validate';

export const SPECTRUM_ROUTES = {
  filterSpectrum: { method: 'POST', path: 'filter/spectrum' },
} as const;

/** The four modes of Flash entropy search (Li & Fiehn, Nat Methods 2023). */
export const SPECTRUM_SEARCH_TYPES = ['identity', 'open', 'neutralLoss', 'hybrid'] as const;
export type SpectrumSearchType = (typeof SPECTRUM_SEARCH_TYPES)[number];

export const ION_MODES = ['positive', 'negative'] as const;
export type IonMode = (typeof ION_MODES)[number];

/** One peak: `[m/z, intensity]`. */
export type Peak = [number, number];

export const SPECTRUM_LIMITS = {
  /** peaks of one query spectrum (and of one spectrum a parser reads) */
  peaks: 10_000,
  /** largest m/z accepted anywhere */
  maxMz: 100_000,
  fragmentToleranceDaDefault: 0.02,
  precursorToleranceDaDefault: 0.01,
  /** tolerances are bounded: a wide window makes every peak match everything */
  maxFragmentToleranceDa: 0.5,
  maxPrecursorToleranceDa: 10,
  maxResultsDefault: 100,
  maxResults: 10_000,
  /**
   * Flash entropy search's default cleaning (MSEntropy `clean_spectrum` as its FlashEntropySearch calls it): ions at or
   * above precursor − 1.6 Da removed, peaks under 1 % of the base peak removed, peaks closer than 0.05 Da merged.
   */
  removePrecursorDa: 1.6,
  noiseThreshold: 0.01,
  minMs2DifferenceDa: 0.05,
} as const;

export interface SpectrumFilterBody {
  peaks: Peak[];
  /** Required for `identity` and `hybrid` and `neutralLoss`; optional for `open` (then no precursor cleaning). */
  precursorMz?: number | null;
  searchType?: SpectrumSearchType | null;
  ionMode?: IonMode | null;
  fragmentToleranceDa?: number | null;
  precursorToleranceDa?: number | null;
  /** Lowest score reported, 0 to 1 (default 0). */
  threshold?: number | null;
  maxResults?: number | null;
  dataSources?: string[] | null;
}

/** The extra arrays of a spectrum query's `GET filter/{queryId}/results`, each parallel to `results`. */
export interface SpectrumResultsExtras {
  /** Entropy similarity of the record's best spectrum, rounded to 4 decimals. */
  scores?: number[];
  /** The best spectrum's ID (the older interface's spectrum ID). */
  spectrumIds?: number[];
  /** Peaks of the query matched in that spectrum. */
  matchedPeaks?: number[];
}

type Errors = FieldError[];

function isPositiveFinite(v: unknown): v is number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0;
}

/** Problems of a peak list, named by field and peak (1-based), at most `max` of them. */
export function checkPeaks(field: string, peaks: unknown, errors: Errors = [], max = 3): Errors {
  if (!Array.isArray(peaks) || peaks.length === 0) {
    errors.push({ field, message: `${field} must be a non-empty list of [m/z, intensity] pairs` });
    return errors;
  }
  if (peaks.length > SPECTRUM_LIMITS.peaks) {
    errors.push({ field, message: `${field} has ${peaks.length} peaks; at most ${SPECTRUM_LIMITS.peaks} are allowed` });
    return errors;
  }
  let found = 0;
  for (let i = 0; i < peaks.length && found < max; i++) {
    const problem = peakProblem(peaks[i]);
    if (problem) {
      errors.push({ field, message: `${field} peak ${i + 1} ${problem}` });
      found++;
    }
  }
  return errors;
}

/** Why one `[m/z, intensity]` pair is refused, or undefined. */
export function peakProblem(peak: unknown): string | undefined {
  if (!Array.isArray(peak) || peak.length !== 2) return 'must be a pair [m/z, intensity]';
  const [mz, intensity] = peak as unknown[];
  if (typeof mz !== 'number' || !Number.isFinite(mz)) return `has m/z ${shownValue(mz)}; it must be a finite number`;
  if (mz <= 0 || mz > SPECTRUM_LIMITS.maxMz) return `has m/z ${mz}; it must be above 0 and at most ${SPECTRUM_LIMITS.maxMz}`;
  if (typeof intensity !== 'number' || !Number.isFinite(intensity)) return `has intensity ${shownValue(intensity)}; it must be a finite number`;
  if (intensity < 0) return `has intensity ${intensity}; it must not be negative`;
  return undefined;
}

function checkRange(field: string, value: unknown, min: number, max: number, errors: Errors, minExclusive = false): void {
  if (value === undefined || value === null) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || (minExclusive ? value <= min : value < min) || value > max) {
    errors.push({
      field,
      message: `${field} ${shownValue(value)} must be a number ${minExclusive ? 'above' : 'from'} ${min} ${minExclusive ? 'and at most' : 'to'} ${max}`,
    });
  }
}

export function checkSpectrumFilter(body: Partial<SpectrumFilterBody>): Errors {
  const errors = checkPeaks('peaks', body.peaks, []);
  const type = body.searchType ?? 'identity';
  if (!SPECTRUM_SEARCH_TYPES.includes(type as SpectrumSearchType)) {
    errors.push({ field: 'searchType', message: `searchType ${shownValue(type)} must be one of ${SPECTRUM_SEARCH_TYPES.join(', ')}` });
  }
  const precursor = body.precursorMz;
  if (precursor === undefined || precursor === null) {
    if (type !== 'open') errors.push({ field: 'precursorMz', message: `precursorMz is required for a ${String(type)} search` });
  } else if (!isPositiveFinite(precursor) || precursor > SPECTRUM_LIMITS.maxMz) {
    errors.push({
      field: 'precursorMz',
      message: `precursorMz ${shownValue(precursor)} must be a number above 0 and at most ${SPECTRUM_LIMITS.maxMz}`,
    });
  }
  if (body.ionMode !== undefined && body.ionMode !== null && !ION_MODES.includes(body.ionMode)) {
    errors.push({ field: 'ionMode', message: `ionMode ${shownValue(body.ionMode)} must be positive or negative` });
  }
  checkRange('fragmentToleranceDa', body.fragmentToleranceDa, 0, SPECTRUM_LIMITS.maxFragmentToleranceDa, errors, true);
  checkRange('precursorToleranceDa', body.precursorToleranceDa, 0, SPECTRUM_LIMITS.maxPrecursorToleranceDa, errors, true);
  checkRange('threshold', body.threshold, 0, 1, errors);
  const max = body.maxResults;
  if (max !== undefined && max !== null && (typeof max !== 'number' || !Number.isInteger(max) || max < 1 || max > SPECTRUM_LIMITS.maxResults)) {
    errors.push({ field: 'maxResults', message: `maxResults ${shownValue(max)} must be a whole number from 1 to ${SPECTRUM_LIMITS.maxResults}` });
  }
  checkStringList('dataSources', body.dataSources, errors);
  return errors;
}
