/**
 * Spectrum search (shared/beyond-the-spec.md section 5): `filter/spectrum`, Flash entropy search over the measured
 * spectra, on the asynchronous query engine. Route, body, limits and input rules, shared by the client and the service.
 */
import type { FieldError } from './errors';
import { checkStringList, shownValue } from './validate';

export const SPECTRUM_ROUTES = {
  filterSpectrum: { method: 'POST', path: 'filter/spectrum' },
  /** Many spectra in one query (an addition beyond section 5): each answered with its best records. */
  filterSpectrumBatch: { method: 'POST', path: 'filter/spectrum/batch' },
  filterSpectrumBatchStatus: { method: 'GET', path: 'filter/spectrum/batch/{queryId}/status' },
  filterSpectrumBatchResults: { method: 'GET', path: 'filter/spectrum/batch/{queryId}/results' },
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
  /** spectra of one `filter/spectrum/batch` request */
  batchSpectra: 1000,
  /** peaks of all the spectra of one batch together (the body's 1 MiB bounds it too) */
  batchPeaks: 100_000,
  /** `maxResults` of a batch: each spectrum's best records */
  batchMaxResultsDefault: 5,
  batchMaxResults: 100,
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

/** The settings of a spectrum search as a caller holds them: the body's optional fields, without JSON's nulls. */
export type SpectrumSearchSettings = { [K in Exclude<keyof SpectrumFilterBody, 'peaks'>]?: NonNullable<SpectrumFilterBody[K]> };

/** One spectrum of a batch; `precursorMz`, `ionMode` and `searchType` given here replace the batch's own. */
export interface SpectrumBatchEntry {
  peaks: Peak[];
  precursorMz?: number | null;
  ionMode?: IonMode | null;
  searchType?: SpectrumSearchType | null;
}

/** `POST filter/spectrum/batch`: the settings of filter/spectrum, once for every spectrum of `spectra`. */
export interface SpectrumBatchBody extends Omit<SpectrumFilterBody, 'peaks'> {
  spectra: SpectrumBatchEntry[];
}

/** One spectrum's answer in `GET filter/spectrum/batch/{queryId}/results`, in the order of `spectra`. */
export interface SpectrumBatchResult extends SpectrumResultsExtras {
  /** The spectrum's 0-based position in `spectra`. */
  query: number;
  results: number[];
  /** Why nothing could match (the query is empty after cleaning). */
  message?: string;
}

export interface SpectrumBatchResultsResponse {
  batchResults: SpectrumBatchResult[];
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
  checkSearchType('searchType', type, errors);
  checkPrecursor('precursorMz', type, body.precursorMz, errors);
  checkIonMode('ionMode', body.ionMode, errors);
  checkSearchSettings(body, SPECTRUM_LIMITS.maxResults, errors);
  return errors;
}

/**
 * A batch: at most SPECTRUM_LIMITS.batchSpectra spectra and batchPeaks peaks in all, each spectrum checked as
 * filter/spectrum checks its one (errors name `spectra[i]`, 0-based; at most a few of them).
 */
export function checkSpectrumBatch(body: Partial<SpectrumBatchBody>): Errors {
  const errors: Errors = [];
  const batchType = body.searchType ?? 'identity';
  const typeKnown = checkSearchType('searchType', batchType, errors);
  if (body.precursorMz !== undefined && body.precursorMz !== null) checkPrecursor('precursorMz', 'open', body.precursorMz, errors);
  checkIonMode('ionMode', body.ionMode, errors);
  checkSearchSettings(body, SPECTRUM_LIMITS.batchMaxResults, errors);
  const spectra = body.spectra as unknown;
  if (!Array.isArray(spectra) || spectra.length === 0) {
    errors.push({
      field: 'spectra',
      message: 'spectra must be a non-empty list of spectra, each {"peaks": [[m/z, intensity], ...], "precursorMz": ...}',
    });
    return errors;
  }
  if (spectra.length > SPECTRUM_LIMITS.batchSpectra) {
    errors.push({
      field: 'spectra',
      message: `spectra has ${spectra.length} spectra; at most ${SPECTRUM_LIMITS.batchSpectra} are allowed in one batch`,
    });
    return errors;
  }
  let peaks = 0;
  const found = errors.length;
  for (let i = 0; i < spectra.length && errors.length - found < 3; i++) {
    const entry = spectra[i] as Partial<SpectrumBatchEntry> | null;
    const field = `spectra[${i}]`;
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      errors.push({ field, message: `${field} must be an object {"peaks": [[m/z, intensity], ...], ...}` });
      continue;
    }
    if (Array.isArray(entry.peaks)) peaks += entry.peaks.length;
    checkPeaks(`${field}.peaks`, entry.peaks, errors, 1);
    const type = entry.searchType ?? batchType;
    if (entry.searchType !== undefined && entry.searchType !== null) checkSearchType(`${field}.searchType`, type, errors);
    else if (!typeKnown) continue;
    checkPrecursor(`${field}.precursorMz`, type, entry.precursorMz ?? body.precursorMz, errors);
    checkIonMode(`${field}.ionMode`, entry.ionMode, errors);
  }
  if (peaks > SPECTRUM_LIMITS.batchPeaks) {
    errors.push({ field: 'spectra', message: `spectra have ${peaks} peaks in all; at most ${SPECTRUM_LIMITS.batchPeaks} are allowed in one batch` });
  }
  return errors;
}

function checkSearchType(field: string, type: unknown, errors: Errors): boolean {
  if (SPECTRUM_SEARCH_TYPES.includes(type as SpectrumSearchType)) return true;
  errors.push({ field, message: `${field} ${shownValue(type)} must be one of ${SPECTRUM_SEARCH_TYPES.join(', ')}` });
  return false;
}

function checkPrecursor(field: string, type: unknown, precursor: unknown, errors: Errors): void {
  if (precursor === undefined || precursor === null) {
    if (type !== 'open') errors.push({ field, message: `${field} is required for a ${String(type)} search` });
  } else if (!isPositiveFinite(precursor) || precursor > SPECTRUM_LIMITS.maxMz) {
    errors.push({ field, message: `${field} ${shownValue(precursor)} must be a number above 0 and at most ${SPECTRUM_LIMITS.maxMz}` });
  }
}

function checkIonMode(field: string, ionMode: unknown, errors: Errors): void {
  if (ionMode !== undefined && ionMode !== null && !ION_MODES.includes(ionMode as IonMode)) {
    errors.push({ field, message: `${field} ${shownValue(ionMode)} must be positive or negative` });
  }
}

/** Tolerances, threshold, maxResults (up to `maxResults`) and datasources, shared by a search and a batch. */
function checkSearchSettings(body: Partial<Omit<SpectrumFilterBody, 'peaks'>>, maxResults: number, errors: Errors): void {
  checkRange('fragmentToleranceDa', body.fragmentToleranceDa, 0, SPECTRUM_LIMITS.maxFragmentToleranceDa, errors, true);
  checkRange('precursorToleranceDa', body.precursorToleranceDa, 0, SPECTRUM_LIMITS.maxPrecursorToleranceDa, errors, true);
  checkRange('threshold', body.threshold, 0, 1, errors);
  const max = body.maxResults;
  if (max !== undefined && max !== null && (typeof max !== 'number' || !Number.isInteger(max) || max < 1 || max > maxResults)) {
    errors.push({ field: 'maxResults', message: `maxResults ${shownValue(max)} must be a whole number from 1 to ${maxResults}` });
  }
  checkStringList('dataSources', body.dataSources, errors);
}
