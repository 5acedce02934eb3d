/**
 * The spectrum cleaning of Flash entropy search (Li & Fiehn, Nat Methods 2023) with its published defaults, and the
 * entropy weighting of entropy similarity (Li et al., Nat Methods 2021), written from the papers' description and
 * checked against the authors' implementation (test/service/reference). In order:
 *   1. peaks with m/z <= 0 or intensity <= 0 removed;
 *   2. ions above precursor m/z − 1.6 Da removed (when there is a precursor above 1.6);
 *   3. peaks closer than 0.05 Da merged, the most intense first (intensity-weighted m/z, summed intensity), again
 *      until no two are closer;
 *   4. peaks under 1 % of the base peak removed;
 *   5. intensities normalised to sum to 1.
 * The authors compute in 32-bit floats; m/z values and the comparisons that decide which peaks merge, survive or match
 * are made in 32-bit here too (Math.fround), so that a peak at an edge falls on the same side. Scores are summed in
 * 64-bit (they agree to about 1e-6).
 */
import { SPECTRUM_LIMITS } from '../../../wire';

const f32 = Math.fround;

export interface CleanPeaks {
  /** Ascending, 32-bit values. */
  mz: Float32Array;
  /** Summing to 1. */
  intensity: Float64Array;
}

export interface CleanOptions {
  precursorMz?: number;
  removePrecursorDa?: number;
  noiseThreshold?: number;
  minDifferenceDa?: number;
}

const EMPTY: CleanPeaks = { mz: new Float32Array(0), intensity: new Float64Array(0) };

/** `mz` and `intensity` of the raw peaks (any order); the result is a new, cleaned spectrum. */
export function cleanSpectrum(mzIn: ArrayLike<number>, intensityIn: ArrayLike<number>, options: CleanOptions = {}): CleanPeaks {
  const removeDa = options.removePrecursorDa ?? SPECTRUM_LIMITS.removePrecursorDa;
  const noise = options.noiseThreshold ?? SPECTRUM_LIMITS.noiseThreshold;
  const minDiff = f32(options.minDifferenceDa ?? SPECTRUM_LIMITS.minMs2DifferenceDa);
  const maxMz = options.precursorMz === undefined ? -1 : options.precursorMz - removeDa;
  let n = 0;
  const order: number[] = [];
  const mz32 = new Float32Array(mzIn.length);
  const in32 = new Float32Array(mzIn.length);
  for (let i = 0; i < mzIn.length; i++) {
    const m = f32(mzIn[i]);
    const v = f32(intensityIn[i]);
    if (!(m > 0 && v > 0)) continue;
    if (maxMz > 0 && !(m <= maxMz)) continue;
    mz32[n] = m;
    in32[n] = v;
    order.push(n++);
  }
  if (n === 0) return EMPTY;
  order.sort((a, b) => mz32[a] - mz32[b] || a - b);
  let mz: Float32Array = Float32Array.from(order, (i) => mz32[i]);
  let intensity: Float32Array = Float32Array.from(order, (i) => in32[i]);
  while (!centroided(mz, minDiff)) ({ mz, intensity } = mergeClose(mz, intensity, minDiff));
  let max = 0;
  for (const v of intensity) if (v > max) max = v;
  const floor = f32(f32(noise) * max);
  let kept = 0;
  for (let i = 0; i < mz.length; i++) {
    if (intensity[i] >= floor) {
      mz[kept] = mz[i];
      intensity[kept++] = intensity[i];
    }
  }
  let sum = 0;
  for (let i = 0; i < kept; i++) sum += intensity[i];
  if (!(sum > 0)) return EMPTY;
  const out: CleanPeaks = { mz: mz.slice(0, kept), intensity: new Float64Array(kept) };
  for (let i = 0; i < kept; i++) out.intensity[i] = intensity[i] / sum;
  return out;
}

function centroided(mz: Float32Array, minDiff: number): boolean {
  for (let i = 1; i < mz.length; i++) if (!(f32(mz[i] - mz[i - 1]) >= minDiff)) return false;
  return true;
}

/** One pass of merging: from the most intense peak down, each unmerged peak takes in its neighbours within minDiff. */
function mergeClose(mz: Float32Array, intensity: Float32Array, minDiff: number): { mz: Float32Array; intensity: Float32Array } {
  const n = mz.length;
  const left = intensity.slice();
  // Most intense first; among equal intensities the later (higher m/z) first.
  const byIntensity = Array.from({ length: n }, (_, i) => i).sort((a, b) => intensity[b] - intensity[a] || b - a);
  const outMz: number[] = [];
  const outIntensity: number[] = [];
  for (const idx of byIntensity) {
    if (!(left[idx] > 0)) continue;
    let lo = idx - 1;
    while (lo >= 0 && f32(mz[idx] - mz[lo]) <= minDiff) lo--;
    lo++;
    let hi = idx + 1;
    while (hi < n && f32(mz[hi] - mz[idx]) <= minDiff) hi++;
    let sum = 0;
    let weighted = 0;
    for (let j = lo; j < hi; j++) {
      sum = f32(sum + left[j]);
      weighted = f32(weighted + f32(left[j] * mz[j]));
      left[j] = 0;
    }
    outMz.push(f32(weighted / sum));
    outIntensity.push(sum);
  }
  const order = outMz.map((_, i) => i).sort((a, b) => outMz[a] - outMz[b] || a - b);
  return { mz: Float32Array.from(order, (i) => outMz[i]), intensity: Float32Array.from(order, (i) => outIntensity[i]) };
}

/**
 * Entropy weighting (Li et al. 2021): a spectrum of spectral entropy S under 3 has its intensities raised to the power
 * 0.25 + 0.25 S and normalised again. Then halved, so that a matched pair scores f(a+b) − f(a) − f(b), f(x) = x log2 x,
 * and a spectrum matched with itself scores 1.
 */
export function weightedHalves(intensity: Float64Array): Float64Array {
  let entropy = 0;
  for (const p of intensity) entropy -= p * Math.log(p);
  const out = new Float64Array(intensity.length);
  if (entropy < 3) {
    const power = 0.25 + 0.25 * entropy;
    let sum = 0;
    for (let i = 0; i < intensity.length; i++) sum += out[i] = Math.pow(intensity[i], power);
    for (let i = 0; i < out.length; i++) out[i] /= 2 * sum;
  } else {
    for (let i = 0; i < out.length; i++) out[i] = intensity[i] / 2;
  }
  return out;
}
