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
import { entropyTerm } from './entropy-term-table';

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
/** The matched peaks in an accumulated value v: (v × PER_MATCHED) | 0 (the score part is under ln 2 < MATCHED). */
const PER_MATCHED = 1 / MATCHED;
/** The score in bits of an accumulated value. */
const scoreOf = (v: number) => (v - MATCHED * ((v * PER_MATCHED) | 0)) * Math.LOG2E;

/**
 * A query matching at least this many library peaks per spectrum in its range (all, or an identity search's
 * precursor window) scores without listing the spectra it touches: the range is read afterwards in order. Listing a
 * touched spectrum costs a compare and a store per matched pair; reading a spectrum's value in order less than that.
 */
const DENSE_FROM = 0.5;

/**
 * The gathering of the top records (`bestPerRecord`) first takes as many top spectra as FIRST_SPECTRA_PER_RECORD per
 * record asked for, then as many again as the spectra per record seen say, each time × MARGIN. Any choice gives the same
 * answer; these (the shipped library's top hits hold 3-4 spectra per record) take about 490 spectra in 1.3 passes at a
 * limit of 100 for the bench's open searches (1 and 2: 605 in 2).
 */
const FIRST_SPECTRA_PER_RECORD = 3;
const MARGIN = 1.5;

/** Scores are ranked by their value to 4 decimals: step k is the score k / SCORE_STEPS. */
const SCORE_STEPS = 10_000;
/** Above any step of a score (at most 1, and 2e-9 per matched peak of the table's error). */
const RANK_STEPS = 2 ** 16;

/**
 * The step of a score: score × SCORE_STEPS rounded half up, as roundScore (wire) rounds but without Math.round, whose
 * branch mispredicts on random scores (5-10 ns a call here); scores are at least 0 (up to the table's 2e-9) and under
 * 2^31 steps, so truncation is the floor. It may round a score within one unit in the last place of a half step
 * otherwise than Math.round, so the answer's rounded scores come from here too (`roundedScore`).
 */
const stepOf = (score: number) => (score * SCORE_STEPS + 0.5) | 0;

/** A score to 4 decimals, at the step the index ranks it by. */
export const roundedScore = (score: number) => stepOf(score) / SCORE_STEPS;

/**
 * The records a search answers, each once at its best spectrum, in parallel arrays (unordered). Scratch of the index:
 * valid until its next search, so read it before anything else can search (no `await` in between).
 */
export interface RecordScores {
  count: number;
  /** Positions in the other arrays by descending score to 4 decimals (as `roundedScore`), ties by record ID. */
  order: Uint32Array;
  recordId: Uint32Array;
  score: Float64Array;
  spectrumId: Uint32Array;
  matchedPeaks: Uint32Array;
}

export class EntropyIndex {
  /** ln of each entry's intensity, in the order of the fragment and of the neutral-loss arrays. */
  private readonly fragLn: Float64Array;
  private readonly lossLn: Float64Array;
  /** Where the fragment and the neutral-loss arrays reach each 1/BINS_PER_DA Da (see `binStarts`). */
  private readonly fragStarts: Uint32Array;
  private readonly lossStarts: Uint32Array;
  /**
   * The fragments again by spectrum (spectrum i's from `ownStart[i]` to `ownStart[i + 1]`, ascending m/z), with ln of
   * their intensities: an identity search scores its few candidates from their own peaks instead of reading every
   * library peak in the query's windows.
   */
  private readonly ownStart: Uint32Array;
  private readonly ownMz: Float32Array;
  private readonly ownLn: Float64Array;
  /**
   * Per spectrum its score so far in nats plus MATCHED for each matched peak (so the count and the score are one
   * number: the score is under 1, ln 2 at most); 0 for a spectrum the search has not touched. The spectra a query
   * touches are scattered: one 64-bit value each keeps a pair to one cache line and the array in the processor's
   * second-level cache (half a megabyte). The score keeps about 1e-12 of its precision at a thousand matched peaks.
   */
  private readonly acc: Float64Array;
  /** The spectra a search touched; `bestPerRecord` packs those it keeps at the front, their values and steps beside. */
  private readonly touched: Uint32Array;
  private readonly touchedValue: Float64Array;
  private readonly touchedStep: Uint16Array;
  /** How many kept spectra (of the ion mode asked for, at or above the threshold) have each score step. */
  private readonly perStep = new Uint32Array(SCORE_STEPS + 1);
  /** Hybrid search: the query peak (plus one) that last matched a fragment of each spectrum. */
  private readonly productBy: Int32Array;
  /** Per query peak its runs of fragment and neutral-loss matches [lo, hi); grown to the longest query. */
  private windows = { fragLo: new Uint32Array(64), fragHi: new Uint32Array(64), lossLo: new Uint32Array(64), lossHi: new Uint32Array(64) };

  /** Per record: its place in the answer of `bestPerRecord` plus one (0: not in it yet); that answer. */
  private readonly recordBest: Int32Array;
  private readonly records: RecordScores;
  /** Per record in the answer its place in the order as one number (see `bestPerRecord`). */
  private readonly rankKeys: Float64Array;

  constructor(readonly a: IndexArrays) {
    const n = a.precursor.length;
    this.fragLn = logarithms(a.fragIntensity);
    this.fragStarts = binStarts(a.fragMz);
    this.lossStarts = binStarts(a.lossMass);
    this.lossLn = logarithms(a.lossIntensity);
    this.ownStart = new Uint32Array(n + 1);
    for (const spectrum of a.fragSpectrum) this.ownStart[spectrum + 1]++;
    for (let i = 0; i < n; i++) this.ownStart[i + 1] += this.ownStart[i];
    this.ownMz = new Float32Array(a.fragMz.length);
    this.ownLn = new Float64Array(a.fragMz.length);
    const next = this.ownStart.slice(0, n);
    for (let j = 0; j < a.fragMz.length; j++) {
      const at = next[a.fragSpectrum[j]]++;
      this.ownMz[at] = a.fragMz[j];
      this.ownLn[at] = this.fragLn[j];
    }
    this.acc = new Float64Array(n);
    this.touched = new Uint32Array(n);
    this.touchedValue = new Float64Array(n);
    this.touchedStep = new Uint16Array(n);
    this.productBy = new Int32Array(n);
    let maxRecord = 0;
    for (const r of a.recordId) if (r > maxRecord) maxRecord = r;
    this.recordBest = new Int32Array(maxRecord + 1);
    const capacity = Math.min(n, maxRecord + 1);
    this.rankKeys = new Float64Array(capacity);
    this.records = {
      count: 0,
      order: new Uint32Array(capacity),
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
      ...[this.touchedValue, this.touchedStep],
      ...[this.ownStart, this.ownMz, this.ownLn, this.fragStarts, this.lossStarts],
      ...[this.perStep, this.productBy, this.recordBest],
      ...[records.order, records.recordId, records.score, records.spectrumId, records.matchedPeaks, this.rankKeys],
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
    const touchedCount = q.searchType === 'identity' ? this.scoreCandidates(q) : this.score(q);
    const hits: SpectrumHit[] = [];
    const mode = q.ionMode ? ION_MODE_CODE[q.ionMode] : 0;
    const { acc, touched } = this;
    for (let t = 0; t < touchedCount; t++) {
      const s = touched[t];
      const matchedPeaks = (acc[s] * PER_MATCHED) | 0;
      const score = (acc[s] - MATCHED * matchedPeaks) * Math.LOG2E;
      if ((mode === 0 || this.a.ionMode[s] === mode) && score > 0) hits.push({ spectrum: s, score, matchedPeaks });
      acc[s] = 0;
    }
    return hits;
  }

  /**
   * The records a search answers, each once at its best spectrum (ties: the lower spectrum ID); see `RecordScores`:
   * every record whose score to 4 decimals is above 0 and at least `threshold`, or, with `limit`, a part of them that
   * holds every record scoring at least the `limit`-th best record's score (to 4 decimals). An open search touches tens
   * of thousands of spectra scattered over the accumulator: one pass reads each once (clearing it), keeps those of the
   * ion mode asked for at or above the threshold packed at the front of `touched` with their values and score steps
   * beside, and counts them per step. Then only the spectra of the top steps are gathered into records, whole steps at a
   * time, from the step where FIRST_SPECTRA_PER_RECORD × MARGIN × `limit` spectra are reached, and lower steps again
   * only while fewer than `limit` records are in (as many again as the spectra per record seen so far say are needed,
   * times MARGIN); those passes read the packed arrays in order. A record's best spectrum scores above its others, so
   * its record is right once its step is in.
   */
  bestPerRecord(q: EntropyQuery, limit = Infinity, threshold = 0): RecordScores {
    const touchedCount = q.searchType === 'identity' ? this.scoreCandidates(q) : this.score(q);
    const mode = q.ionMode ? ION_MODE_CODE[q.ionMode] : 0;
    const { ionMode } = this.a;
    const { acc, touched, touchedValue, touchedStep, perStep } = this;
    // The lowest step whose score (k / SCORE_STEPS) is at least the threshold, and above 0.
    let floor = Math.max(1, Math.floor(Math.min(threshold, 2) * SCORE_STEPS) - 1);
    while (floor / SCORE_STEPS < threshold && floor <= SCORE_STEPS) floor++;
    perStep.fill(0);
    let kept = 0;
    for (let t = 0; t < touchedCount; t++) {
      const s = touched[t];
      const v = acc[s];
      acc[s] = 0;
      const step = Math.min(SCORE_STEPS, stepOf(scoreOf(v)));
      touched[kept] = s;
      touchedValue[kept] = v;
      touchedStep[kept] = step;
      // Kept or not without a branch (as good as random: a branch would mispredict).
      const keep = mode === 0 ? +(step >= floor) : +(step >= floor) & +(ionMode[s] === mode);
      kept += keep;
      perStep[step] += keep;
    }
    const out = this.records;
    out.count = 0;
    let top = SCORE_STEPS + 1;
    let cut = limit < kept ? top : floor;
    let seen = 0;
    for (;;) {
      // Lower the cut until spectra for the records still missing (with the margin) are in, at the spectra per record seen.
      const perRecord = out.count === 0 ? FIRST_SPECTRA_PER_RECORD : Math.max(1, seen / out.count);
      for (const wanted = seen + MARGIN * perRecord * (limit - out.count); cut > floor && seen < wanted;) seen += perStep[--cut];
      for (let t = 0; t < kept; t++) {
        const step = touchedStep[t];
        if (step >= cut && step < top) {
          const v = touchedValue[t];
          this.addToRecords(touched[t], scoreOf(v), (v * PER_MATCHED) | 0);
        }
      }
      if (out.count >= limit || cut <= floor) break;
      top = cut;
    }
    // Ordered by one native sort of numbers: (the steps below the highest) × 2^32 + record ID, unique per record.
    const keys = this.rankKeys.subarray(0, out.count);
    for (let i = 0; i < out.count; i++) keys[i] = (RANK_STEPS - stepOf(out.score[i])) * 2 ** 32 + out.recordId[i];
    keys.sort();
    for (let k = 0; k < out.count; k++) {
      const r = keys[k] % 2 ** 32;
      out.order[k] = this.recordBest[r] - 1;
      this.recordBest[r] = 0;
    }
    return out;
  }

  /** Adds spectrum `s` to the records' answer: its record's best spectrum when it scores above the one there. */
  private addToRecords(s: number, score: number, matchedPeaks: number): void {
    const r = this.a.recordId[s];
    const out = this.records;
    let i = this.recordBest[r] - 1;
    if (i >= 0 && score < out.score[i]) return;
    const spectrumId = this.a.spectrumId[s];
    if (i < 0) {
      i = out.count++;
      this.recordBest[r] = out.count;
      out.recordId[i] = r;
    } else if (!(score > out.score[i] || spectrumId < out.spectrumId[i])) {
      return;
    }
    out.score[i] = score;
    out.spectrumId[i] = spectrumId;
    out.matchedPeaks[i] = matchedPeaks;
  }

  /** The scratch of the query windows, long enough for `n` query peaks. */
  private windowsFor(n: number) {
    if (this.windows.fragLo.length < n) {
      const length = Math.max(n, 2 * this.windows.fragLo.length);
      this.windows = {
        fragLo: new Uint32Array(length),
        fragHi: new Uint32Array(length),
        lossLo: new Uint32Array(length),
        lossHi: new Uint32Array(length),
      };
    }
    return this.windows;
  }

  /**
   * Scores the query into the scratch arrays; returns how many spectra it touched (listed in `touched`). A matched
   * pair of halved weighted intensities a, b adds f(a+b) − f(a) − f(b), f(x) = x ln x (natural logarithms here, the
   * sum turned into bits when read), which is a · H(ln b − ln a) (entropy-term-table.ts): ln b is kept with the index
   * and ln a taken once per query peak, so a pair costs a subtraction and a table read. The runs are found first; a
   * query with many matches per spectrum (see DENSE_FROM) reads its range afterwards instead of listing the spectra
   * it touches while it scores.
   */
  private score(q: EntropyQuery): number {
    const { peaks, searchType } = q;
    const n = peaks.mz.length;
    if (n === 0) return 0;
    const weighted = weightedHalves(peaks.intensity);
    const tol = f32(q.fragmentToleranceDa);
    const { fragMz, fragSpectrum, lossMass, lossSpectrum } = this.a;
    const { fragLn, lossLn, acc, touched, productBy, fragStarts, lossStarts } = this;
    const precursor32 = q.precursorMz === undefined ? 0 : f32(q.precursorMz);
    const byFragment = searchType !== 'neutralLoss';
    const byLoss = searchType === 'neutralLoss' || searchType === 'hybrid';
    const { fragLo, fragHi, lossLo, lossHi } = this.windowsFor(n);
    let pairs = 0;
    for (let k = 0; k < n; k++) {
      if (byFragment) {
        const m = peaks.mz[k];
        fragLo[k] = binnedLowerBound(fragMz, fragStarts, f32(m - tol));
        fragHi[k] = binnedUpperBound(fragMz, fragStarts, f32(m + tol));
        pairs += fragHi[k] - fragLo[k];
      }
      if (byLoss) {
        const loss = f32(precursor32 - peaks.mz[k]);
        lossLo[k] = binnedLowerBound(lossMass, lossStarts, f32(loss - tol));
        lossHi[k] = binnedUpperBound(lossMass, lossStarts, f32(loss + tol));
        pairs += lossHi[k] - lossLo[k];
      }
    }
    const listed = pairs < this.size * DENSE_FROM;
    // One loop per mode, each its own function: a loop compiled for one mode runs at its speed whatever others ran.
    let count =
      searchType === 'hybrid'
        ? this.addHybridRuns(weighted, listed)
        : byFragment
          ? addRuns(acc, touched, listed, fragSpectrum, fragLn, fragLo, fragHi, weighted)
          : addRuns(acc, touched, listed, lossSpectrum, lossLn, lossLo, lossHi, weighted);
    if (!listed) count = listNonZero(acc, touched, this.size);
    if (searchType === 'hybrid') for (let t = 0; t < count; t++) productBy[touched[t]] = 0;
    return count;
  }

  /**
   * A hybrid search's runs: per query peak its fragment run, then its neutral-loss run but for the spectra that peak
   * matched by fragment and the entries whose fragment another query peak matched directly. Returns as `addRuns`.
   */
  private addHybridRuns(weighted: Float64Array, listed: boolean): number {
    const { fragSpectrum, lossSpectrum, lossFrag } = this.a;
    const { fragLn, lossLn, acc, touched, productBy } = this;
    const { fragLo, fragHi, lossLo, lossHi } = this.windows;
    const n = weighted.length;
    let count = 0;
    for (let k = 0; k < n; k++) {
      const a = weighted[k];
      const lnA = Math.log(a);
      count = addRun(acc, touched, count, listed, fragSpectrum, fragLn, fragLo[k], fragHi[k], a, lnA);
      const mark = k + 1;
      for (let j = fragLo[k]; j < fragHi[k]; j++) productBy[fragSpectrum[j]] = mark;
      for (let j = lossLo[k]; j < lossHi[k]; j++) {
        const s = lossSpectrum[j];
        if (productBy[s] === mark || matchedAsFragment(lossFrag[j], fragLo, fragHi, n)) continue;
        if (listed) {
          touched[count] = s;
          count += +(acc[s] === 0);
        }
        acc[s] += a * entropyTerm(lossLn[j] - lnA) + MATCHED;
      }
    }
    return count;
  }

  /**
   * An identity search: the spectra whose precursor is within the tolerance, each scored from its own peaks by one
   * walk beside the query's (a query peak's window [m − tol, m + tol] in 32-bit, as the runs of the other modes are
   * bounded; the pairs added in the same order, so the same sums). Listed in `touched` as `score` does.
   */
  private scoreCandidates(q: EntropyQuery): number {
    const weighted = weightedHalves(q.peaks.intensity);
    const tol = f32(q.fragmentToleranceDa);
    const p = q.precursorMz as number;
    const from = lowerBound(this.a.precursor, p - q.precursorToleranceDa);
    const to = upperBound(this.a.precursor, p + q.precursorToleranceDa);
    const { mz } = q.peaks;
    const n = mz.length;
    const { ownStart, ownMz, ownLn, acc, touched } = this;
    const low = new Float32Array(n);
    const high = new Float32Array(n);
    const lnA = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      low[k] = mz[k] - tol;
      high[k] = mz[k] + tol;
      lnA[k] = Math.log(weighted[k]);
    }
    let count = 0;
    for (let s = from; s < to; s++) {
      const end = ownStart[s + 1];
      let first = ownStart[s];
      let value = 0;
      for (let k = 0; k < n && first < end; k++) {
        while (first < end && ownMz[first] < low[k]) first++;
        for (let j = first; j < end && ownMz[j] <= high[k]; j++) value += weighted[k] * entropyTerm(ownLn[j] - lnA[k]) + MATCHED;
      }
      acc[s] = value;
      touched[count] = s;
      count += +(value !== 0);
    }
    return count;
  }
}

/**
 * Adds one query peak's run [start, end) of library matches (their spectra and ln b) to the scores of their spectra;
 * with `listed`, appends each spectrum touched for the first time to `touched` (written at the list's end, counted
 * only when new: no branch). Returns the list's new length.
 */
function addRun(
  acc: Float64Array,
  touched: Uint32Array,
  count: number,
  listed: boolean,
  spectrumOf: Uint32Array,
  lnOf: Float64Array,
  start: number,
  end: number,
  a: number,
  lnA: number,
): number {
  if (listed) {
    for (let j = start; j < end; j++) {
      const s = spectrumOf[j];
      touched[count] = s;
      count += +(acc[s] === 0);
      acc[s] += a * entropyTerm(lnOf[j] - lnA) + MATCHED;
    }
  } else {
    for (let j = start; j < end; j++) acc[spectrumOf[j]] += a * entropyTerm(lnOf[j] - lnA) + MATCHED;
  }
  return count;
}

/** Adds every query peak's run [lo[k], hi[k]) (`addRun`, peak k of intensity weighted[k]); returns the list's length. */
function addRuns(
  acc: Float64Array,
  touched: Uint32Array,
  listed: boolean,
  spectrumOf: Uint32Array,
  lnOf: Float64Array,
  lo: Uint32Array,
  hi: Uint32Array,
  weighted: Float64Array,
): number {
  let count = 0;
  for (let k = 0; k < weighted.length; k++) {
    const a = weighted[k];
    count = addRun(acc, touched, count, listed, spectrumOf, lnOf, lo[k], hi[k], a, Math.log(a));
  }
  return count;
}

/** Lists in `touched` the spectra below `size` whose accumulated value is not 0, in order; returns how many. */
function listNonZero(acc: Float64Array, touched: Uint32Array, size: number): number {
  let count = 0;
  for (let s = 0; s < size; s++) {
    touched[count] = s;
    count += +(acc[s] !== 0);
  }
  return count;
}

/** ln x of each value. */
function logarithms(values: Float32Array): Float64Array {
  const out = new Float64Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = Math.log(values[i]);
  return out;
}

/** Whether a fragment entry lies in one query peak's window [lo[k], hi[k]), k < n (ascending, as the query's m/z). */
function matchedAsFragment(frag: number, lo: Uint32Array, hi: Uint32Array, n: number): boolean {
  let a = 0;
  let b = n;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (lo[mid] <= frag) a = mid + 1;
    else b = mid;
  }
  return a > 0 && frag < hi[a - 1];
}

/** Bins a query's window bounds are searched in: 1/8 Da holds about 70 of the shipped library's 1.15 M peaks. */
const BINS_PER_DA = 8;

/**
 * For ascending values: per k from 0 to the last value's bin plus one, the first position whose value is >= k /
 * BINS_PER_DA. A bound of x (bin k = floor(x × BINS_PER_DA)) lies between starts[k] and starts[k + 1].
 */
function binStarts(values: Float32Array): Uint32Array {
  const last = values.length === 0 ? 0 : values[values.length - 1];
  const starts = new Uint32Array(Math.max(0, Math.ceil(last * BINS_PER_DA)) + 2);
  let at = 0;
  for (let k = 0; k < starts.length; k++) {
    while (at < values.length && values[at] < k / BINS_PER_DA) at++;
    starts[k] = at;
  }
  return starts;
}

/** `lowerBound` searched within x's bin (the whole array for x below 0, above the last bin, or NaN). */
function binnedLowerBound(values: Float32Array, starts: Uint32Array, x: number): number {
  const k = Math.floor(x * BINS_PER_DA);
  return lowerBound(values, x, binFrom(starts, k), binTo(starts, k, values.length));
}

/** `upperBound` searched within x's bin. */
function binnedUpperBound(values: Float32Array, starts: Uint32Array, x: number): number {
  const k = Math.floor(x * BINS_PER_DA);
  return upperBound(values, x, binFrom(starts, k), binTo(starts, k, values.length));
}

const binFrom = (starts: Uint32Array, k: number) => (k >= 1 && k < starts.length ? starts[k] : k >= starts.length ? starts[starts.length - 1] : 0);
const binTo = (starts: Uint32Array, k: number, n: number) => (k >= 0 && k + 1 < starts.length ? starts[k + 1] : n);

/** First position in [from, to) whose value is >= x (`to` when none is), for ascending values. */
function lowerBound(values: Float32Array, x: number, from = 0, to = values.length): number {
  let a = from;
  let b = to;
  while (a < b) {
    const mid = (a + b) >>> 1;
    if (values[mid] < x) a = mid + 1;
    else b = mid;
  }
  return a;
}

/** First position in [from, to) whose value is > x (`to` when none is), for ascending values. */
function upperBound(values: Float32Array, x: number, from = 0, to = values.length): number {
  let a = from;
  let b = to;
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
