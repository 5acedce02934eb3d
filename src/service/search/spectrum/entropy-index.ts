/**
 * The Flash entropy search index (Li & Fiehn, Nat Methods 2023), in typed arrays: every cleaned library spectrum's
 * peaks in one array sorted by fragment m/z (with the spectrum each belongs to and its weighted, halved intensity),
 * and the same peaks again sorted by neutral loss (precursor m/z − fragment m/z) with where each lies in the first.
 * A query peak's matches are one binary search and a contiguous run; a spectrum's score is the sum of its matched
 * pairs' entropy terms, so a search touches only the spectra that share a peak with the query.
 *
 * Spectra are ordered by precursor m/z (32-bit, as the authors do), so an identity search's candidates are one range.
 */
import type { IonMode, SpectrumSearchType } from '../../../wire';
import { cleanSpectrum, weightedHalves, type CleanPeaks } from './clean';
import { LnSumTable } from './ln-sum-table';

const f32 = Math.fround;
const ION_MODE_CODE = { positive: 1, negative: 2 } as const;

export interface IndexInput {
  spectrumId: number;
  recordId: number;
  precursorMz: number;
  ionMode?: IonMode;
  mz: ArrayLike<number>;
  intensity: ArrayLike<number>;
}

export interface EntropyQuery {
  peaks: CleanPeaks;
  precursorMz?: number;
  searchType: SpectrumSearchType;
  ionMode?: IonMode;
  fragmentToleranceDa: number;
  precursorToleranceDa: number;
}

export interface SpectrumHit {
  /** Position of the spectrum in the index. */
  spectrum: number;
  score: number;
  matchedPeaks: number;
}

/** Collects cleaned spectra; `finish` sorts them into an index. */
export class EntropyIndexBuilder {
  private readonly spectra: Array<{ spectrumId: number; recordId: number; precursor: number; ionMode: number; start: number; count: number }> = [];
  private mz: number[] = [];
  private intensity: number[] = [];
  /** Spectra left out because nothing was left after cleaning. */
  emptyAfterCleaning = 0;

  add(input: IndexInput): void {
    const precursor = f32(input.precursorMz);
    const clean = cleanSpectrum(input.mz, input.intensity, { precursorMz: input.precursorMz });
    if (clean.mz.length === 0) {
      this.emptyAfterCleaning++;
      return;
    }
    const weighted = weightedHalves(clean.intensity);
    const start = this.mz.length;
    for (let i = 0; i < clean.mz.length; i++) {
      this.mz.push(clean.mz[i]);
      this.intensity.push(f32(weighted[i]));
    }
    this.spectra.push({
      spectrumId: input.spectrumId,
      recordId: input.recordId,
      precursor,
      ionMode: input.ionMode ? ION_MODE_CODE[input.ionMode] : 0,
      start,
      count: clean.mz.length,
    });
  }

  /** `spectra`: how many spectra were offered (those without a precursor included), kept with the index. */
  finish(offered: number): EntropyIndex {
    const spectra = this.spectra.sort((a, b) => a.precursor - b.precursor || a.spectrumId - b.spectrumId);
    const n = spectra.length;
    const total = this.mz.length;
    const precursor = new Float32Array(n);
    const spectrumId = new Uint32Array(n);
    const recordId = new Uint32Array(n);
    const ionMode = new Uint8Array(n);
    const peakMz = new Float32Array(total);
    const peakIntensity = new Float32Array(total);
    const peakSpectrum = new Uint32Array(total);
    const lossMass = new Float32Array(total);
    let at = 0;
    spectra.forEach((s, i) => {
      precursor[i] = s.precursor;
      spectrumId[i] = s.spectrumId;
      recordId[i] = s.recordId;
      ionMode[i] = s.ionMode;
      for (let j = 0; j < s.count; j++, at++) {
        peakMz[at] = this.mz[s.start + j];
        peakIntensity[at] = this.intensity[s.start + j];
        peakSpectrum[at] = i;
        lossMass[at] = f32(s.precursor - peakMz[at]);
      }
    });
    this.mz = [];
    this.intensity = [];
    const byMz = sortedOrder(peakMz);
    const fragMz = permute(peakMz, byMz, Float32Array);
    const fragIntensity = permute(peakIntensity, byMz, Float32Array);
    const fragSpectrum = permute(peakSpectrum, byMz, Uint32Array);
    const fragOfPeak = new Uint32Array(total);
    for (let i = 0; i < total; i++) fragOfPeak[byMz[i]] = i;
    const byLoss = sortedOrder(lossMass);
    return new EntropyIndex({
      precursor,
      spectrumId,
      recordId,
      ionMode,
      fragMz,
      fragIntensity,
      fragSpectrum,
      lossMass: permute(lossMass, byLoss, Float32Array),
      lossIntensity: permute(peakIntensity, byLoss, Float32Array),
      lossSpectrum: permute(peakSpectrum, byLoss, Uint32Array),
      lossFrag: permute(fragOfPeak, byLoss, Uint32Array),
      emptyAfterCleaning: this.emptyAfterCleaning,
      spectra: offered,
    });
  }
}

export interface IndexArrays {
  precursor: Float32Array;
  spectrumId: Uint32Array;
  recordId: Uint32Array;
  ionMode: Uint8Array;
  fragMz: Float32Array;
  fragIntensity: Float32Array;
  fragSpectrum: Uint32Array;
  lossMass: Float32Array;
  lossIntensity: Float32Array;
  lossSpectrum: Uint32Array;
  /** Where each neutral-loss entry's peak lies in the fragment arrays (hybrid search). */
  lossFrag: Uint32Array;
  emptyAfterCleaning: number;
  spectra: number;
}

/** What a matched peak adds to a spectrum's accumulated value beside its score (see EntropyIndex.acc). */
const MATCHED = 2;

/** Runs of library matches at least this long for one query peak read ln(a + b) from a table (ln-sum-table.ts). */
const TABLE_FROM = 4096;

/**
 * Each record scoring above 0 once, at its best spectrum, in parallel arrays (unordered). Scratch of the index: valid
 * until its next search, so read it before anything else can search (no `await` in between).
 */
export interface RecordScores {
  count: number;
  recordId: Uint32Array;
  score: Float64Array;
  spectrumId: Uint32Array;
  matchedPeaks: Uint32Array;
}

export class EntropyIndex {
  /** ln of each entry's intensity, in the order of the fragment and of the neutral-loss arrays. */
  private readonly fragLn: Float64Array;
  private readonly lossLn: Float64Array;
  /** ln(a + b) of one query peak against a long run of library peaks (see `TABLE_FROM`). */
  private readonly lnSum: LnSumTable;
  /**
   * Per spectrum its score so far in nats plus MATCHED for each matched peak (so the count and the score are one
   * number: the score is under 1, ln 2 at most); 0 for a spectrum the search has not touched. The spectra a query
   * touches are scattered: one 64-bit value each keeps a pair to one cache line and the array in the processor's
   * second-level cache (half a megabyte). The score keeps about 1e-12 of its precision at a thousand matched peaks.
   */
  private readonly acc: Float64Array;
  private readonly touched: Uint32Array;
  /** Hybrid search: the query peak (plus one) that last matched a fragment of each spectrum. */
  private readonly productBy: Int32Array;

  /** Per record: its place in the answer of `bestPerRecord` plus one (0: not in it yet); that answer. */
  private readonly recordBest: Int32Array;
  private readonly records: RecordScores;

  constructor(readonly a: IndexArrays) {
    const n = a.precursor.length;
    this.fragLn = logarithms(a.fragIntensity);
    this.lossLn = logarithms(a.lossIntensity);
    let uMin = 0;
    let uMax = -Infinity;
    for (const u of this.fragLn) {
      if (u < uMin) uMin = u;
      if (u > uMax) uMax = u;
    }
    this.lnSum = new LnSumTable(uMin, Math.max(uMin, uMax));
    this.acc = new Float64Array(n);
    this.touched = new Uint32Array(n);
    this.productBy = new Int32Array(n);
    let maxRecord = 0;
    for (const r of a.recordId) if (r > maxRecord) maxRecord = r;
    this.recordBest = new Int32Array(maxRecord + 1);
    const capacity = Math.min(n, maxRecord + 1);
    this.records = {
      count: 0,
      recordId: new Uint32Array(capacity),
      score: new Float64Array(capacity),
      spectrumId: new Uint32Array(capacity),
      matchedPeaks: new Uint32Array(capacity),
    };
  }

  get size(): number {
    return this.a.precursor.length;
  }
  get peaks(): number {
    return this.a.fragMz.length;
  }
  get emptyAfterCleaning(): number {
    return this.a.emptyAfterCleaning;
  }

  /** Bytes of the typed arrays (index and scratch). */
  get approximateBytes(): number {
    const { a, records } = this;
    const arrays: ArrayBufferView[] = [
      ...[a.precursor, a.spectrumId, a.recordId, a.ionMode, a.fragMz, a.fragIntensity, a.fragSpectrum],
      ...[a.lossMass, a.lossIntensity, a.lossSpectrum, a.lossFrag, this.fragLn, this.lossLn, this.acc, this.touched],
      ...[this.productBy, this.recordBest, records.recordId, records.score, records.spectrumId, records.matchedPeaks],
    ];
    return arrays.reduce((bytes, v) => bytes + v.byteLength, 0);
  }

  spectrumIdAt(i: number): number {
    return this.a.spectrumId[i];
  }
  recordIdAt(i: number): number {
    return this.a.recordId[i];
  }

  /** Every library spectrum scoring above 0, unordered. Synchronous and bounded: at most query peaks × matches. */
  search(q: EntropyQuery): SpectrumHit[] {
    const touchedCount = this.score(q);
    const hits: SpectrumHit[] = [];
    const mode = q.ionMode ? ION_MODE_CODE[q.ionMode] : 0;
    const { acc, touched } = this;
    for (let t = 0; t < touchedCount; t++) {
      const s = touched[t];
      const matchedPeaks = Math.floor(acc[s] / MATCHED);
      const score = (acc[s] - MATCHED * matchedPeaks) * Math.LOG2E;
      if ((mode === 0 || this.a.ionMode[s] === mode) && score > 0) hits.push({ spectrum: s, score, matchedPeaks });
      acc[s] = 0;
    }
    return hits;
  }

  /**
   * Each record scoring above 0 once, at its best spectrum (ties: the lower spectrum ID); see `RecordScores`. One pass
   * over the touched spectra reads and clears each one's score and keeps the best per record.
   */
  bestPerRecord(q: EntropyQuery): RecordScores {
    const touchedCount = this.score(q);
    const mode = q.ionMode ? ION_MODE_CODE[q.ionMode] : 0;
    const { recordId, spectrumId, ionMode } = this.a;
    const { acc, touched, recordBest } = this;
    const out = this.records;
    let count = 0;
    for (let t = 0; t < touchedCount; t++) {
      const s = touched[t];
      const peaks = Math.floor(acc[s] / MATCHED);
      const score = (acc[s] - MATCHED * peaks) * Math.LOG2E;
      acc[s] = 0;
      if (!(score > 0) || (mode !== 0 && ionMode[s] !== mode)) continue;
      const r = recordId[s];
      let i = recordBest[r] - 1;
      if (i < 0) {
        i = count++;
        recordBest[r] = count;
        out.recordId[i] = r;
      } else if (!(score > out.score[i] || (score === out.score[i] && spectrumId[s] < out.spectrumId[i]))) {
        continue;
      }
      out.score[i] = score;
      out.spectrumId[i] = spectrumId[s];
      out.matchedPeaks[i] = peaks;
    }
    for (let i = 0; i < count; i++) recordBest[out.recordId[i]] = 0;
    out.count = count;
    return out;
  }

  /**
   * Scores the query into the scratch arrays; returns how many spectra it touched (listed in `touched`). A matched
   * pair of halved weighted intensities a, b adds f(a+b) − f(a) − f(b), f(x) = x ln x (natural logarithms here, the
   * sum turned into bits when read): ln b of every library entry is kept with the index and f(a) taken once per query
   * peak, so a pair costs one logarithm, or none where a query peak matches a long run of library peaks (`lnSum`).
   * The loops write to the scratch arrays directly (no closure, no object per pair); a spectrum is listed as touched
   * without a branch (written at the list's end, counted only when new).
   */
  private score(q: EntropyQuery): number {
    const { peaks } = q;
    const n = peaks.mz.length;
    if (n === 0) return 0;
    const weighted = weightedHalves(peaks.intensity);
    const tol = f32(q.fragmentToleranceDa);
    const { fragMz, fragIntensity, fragSpectrum, lossMass, lossIntensity, lossSpectrum, lossFrag } = this.a;
    const { fragLn, lossLn, acc, touched, productBy, lnSum } = this;
    const precursor32 = q.precursorMz === undefined ? 0 : f32(q.precursorMz);
    let touchedCount = 0;
    if (q.searchType === 'identity' || q.searchType === 'open') {
      let from = 0;
      let to = this.size;
      if (q.searchType === 'identity') {
        const p = q.precursorMz as number;
        from = lowerBound(this.a.precursor, p - q.precursorToleranceDa);
        to = upperBound(this.a.precursor, p + q.precursorToleranceDa);
        if (from >= to) return 0;
      }
      for (let k = 0; k < n; k++) {
        const a = weighted[k];
        const aTerm = a * Math.log(a);
        const m = peaks.mz[k];
        const start = lowerBound(fragMz, f32(m - tol));
        const end = upperBound(fragMz, f32(m + tol));
        const tabled = end - start >= TABLE_FROM;
        if (tabled) lnSum.fill(a);
        for (let j = start; j < end; j++) {
          const s = fragSpectrum[j];
          if (s < from || s >= to) continue;
          const b = fragIntensity[j];
          const u = fragLn[j];
          const ab = a + b;
          touched[touchedCount] = s;
          touchedCount += acc[s] === 0 ? 1 : 0;
          acc[s] += ab * (tabled ? lnSum.at(u) : Math.log(ab)) - aTerm - b * u + MATCHED;
        }
      }
    } else if (q.searchType === 'neutralLoss') {
      for (let k = 0; k < n; k++) {
        const a = weighted[k];
        const aTerm = a * Math.log(a);
        const loss = f32(precursor32 - peaks.mz[k]);
        const start = lowerBound(lossMass, f32(loss - tol));
        const end = upperBound(lossMass, f32(loss + tol));
        const tabled = end - start >= TABLE_FROM;
        if (tabled) lnSum.fill(a);
        for (let j = start; j < end; j++) {
          const s = lossSpectrum[j];
          const b = lossIntensity[j];
          const u = lossLn[j];
          const ab = a + b;
          touched[touchedCount] = s;
          touchedCount += acc[s] === 0 ? 1 : 0;
          acc[s] += ab * (tabled ? lnSum.at(u) : Math.log(ab)) - aTerm - b * u + MATCHED;
        }
      }
    } else {
      // Hybrid: a query peak matches a fragment, or else a neutral loss whose fragment no query peak matched directly.
      const lo = new Uint32Array(n);
      const hi = new Uint32Array(n);
      for (let k = 0; k < n; k++) {
        lo[k] = lowerBound(fragMz, f32(peaks.mz[k] - tol));
        hi[k] = upperBound(fragMz, f32(peaks.mz[k] + tol));
      }
      for (let k = 0; k < n; k++) {
        const mark = k + 1;
        const a = weighted[k];
        const aTerm = a * Math.log(a);
        const loss = f32(precursor32 - peaks.mz[k]);
        const start = lowerBound(lossMass, f32(loss - tol));
        const end = upperBound(lossMass, f32(loss + tol));
        const tabled = hi[k] - lo[k] + end - start >= TABLE_FROM;
        if (tabled) lnSum.fill(a);
        for (let j = lo[k]; j < hi[k]; j++) {
          const s = fragSpectrum[j];
          const b = fragIntensity[j];
          const u = fragLn[j];
          const ab = a + b;
          touched[touchedCount] = s;
          touchedCount += acc[s] === 0 ? 1 : 0;
          acc[s] += ab * (tabled ? lnSum.at(u) : Math.log(ab)) - aTerm - b * u + MATCHED;
          productBy[s] = mark;
        }
        for (let j = start; j < end; j++) {
          const s = lossSpectrum[j];
          if (productBy[s] === mark || matchedAsFragment(lossFrag[j], lo, hi)) continue;
          const b = lossIntensity[j];
          const u = lossLn[j];
          const ab = a + b;
          touched[touchedCount] = s;
          touchedCount += acc[s] === 0 ? 1 : 0;
          acc[s] += ab * (tabled ? lnSum.at(u) : Math.log(ab)) - aTerm - b * u + MATCHED;
        }
      }
      for (let t = 0; t < touchedCount; t++) productBy[touched[t]] = 0;
    }
    return touchedCount;
  }
}

/** ln x of each value. */
function logarithms(values: Float32Array): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = Math.log(values[i]);
  return out;
}

/** Whether a fragment entry lies in one query peak's window [lo[k], hi[k]) (windows ascending, as the query's m/z). */
function matchedAsFragment(frag: number, lo: Uint32Array, hi: Uint32Array): boolean {
  let a = 0;
  let b = lo.length;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (lo[mid] <= frag) a = mid + 1;
    else b = mid;
  }
  return a > 0 && frag < hi[a - 1];
}

/** First position whose value is >= x. */
function lowerBound(values: Float32Array, x: number): number {
  let a = 0;
  let b = values.length;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (values[mid] < x) a = mid + 1;
    else b = mid;
  }
  return a;
}

/** First position whose value is > x. */
function upperBound(values: Float32Array, x: number): number {
  let a = 0;
  let b = values.length;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (values[mid] <= x) a = mid + 1;
    else b = mid;
  }
  return a;
}

/** Positions of `values` in ascending order (ties by position), by a native sort of packed keys where they fit. */
function sortedOrder(values: Float32Array): Uint32Array {
  const n = values.length;
  const bits = new Uint32Array(values.buffer, values.byteOffset, n);
  let packable = n <= 1 << 22;
  for (let i = 0; packable && i < n; i++) if (!(values[i] >= 0)) packable = false;
  if (packable) {
    // A non-negative float's bit pattern orders as its value; bits × 2^22 + position stays under 2^53.
    const keys = new Float64Array(n);
    for (let i = 0; i < n; i++) keys[i] = bits[i] * 4194304 + i;
    keys.sort();
    const out = new Uint32Array(n);
    for (let i = 0; i < n; i++) out[i] = keys[i] % 4194304;
    return out;
  }
  return Uint32Array.from({ length: n }, (_, i) => i).sort((x, y) => values[x] - values[y] || x - y);
}

function permute<T extends Float32Array | Uint32Array>(values: T, order: Uint32Array, Kind: { new (n: number): T }): T {
  const out = new Kind(order.length);
  for (let i = 0; i < order.length; i++) out[i] = values[order[i]];
  return out;
}
