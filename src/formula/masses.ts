/**
 * Masses, all from mf-parser with one convention: sums of neutral atomic masses (no electron-mass correction for
 * ions), natural abundances for unlabelled atoms and the exact isotope for labelled ones. Average mass and molecular
 * weight are the same number. Nominal mass is the sum of the mass numbers of each element's most abundant isotope
 * (the labelled isotope's own mass number for labelled atoms), not the rounded monoisotopic mass (C6I6: 834).
 */
import { MF } from 'mf-parser';

export interface Masses {
  averageMass: number;
  monoisotopicMass: number;
  nominalMass: number;
}

interface IsotopeDistribution {
  number: number;
  distribution: Array<{ x: number; y: number }>;
}

export function massesOf(mfFormula: string): Masses | undefined {
  try {
    const mf = new MF(mfFormula);
    const info = mf.getInfo() as { mass: number; monoisotopicMass: number };
    const isotopes = (mf.getIsotopesInfo() as { isotopes?: IsotopeDistribution[] }).isotopes ?? [];
    let nominalMass = 0;
    for (const { number, distribution } of isotopes) {
      if (distribution.length === 0) return undefined;
      const commonest = distribution.reduce((best, d) => (d.y > best.y ? d : best));
      nominalMass += number * Math.round(commonest.x);
    }
    if (!Number.isFinite(info.mass) || !Number.isFinite(info.monoisotopicMass)) return undefined;
    return { averageMass: round(info.mass, 6), monoisotopicMass: round(info.monoisotopicMass, 6), nominalMass };
  } catch {
    return undefined;
  }
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export interface IsotopePeak {
  /** Abundance-weighted mean mass of the isotopologues sharing this nominal mass. */
  mass: number;
  /** Relative intensity, 100 for the most intense peak. */
  intensity: number;
}

/**
 * Isotope pattern at unit resolution, computed by convolving each atom's isotope distribution (mf-parser's isotope
 * data); peaks under `minRelative` percent of the base peak are dropped. Deterministic: used for the shipped spectra.
 * @public scripts/build-data.mjs loads it from the compiled module, out of knip's sight.
 */
export function isotopePattern(mfFormula: string, minRelative = 0.01): IsotopePeak[] {
  const isotopes = (new MF(mfFormula).getIsotopesInfo() as { isotopes?: IsotopeDistribution[] }).isotopes ?? [];
  // Map nominal mass -> [probability, probability-weighted mass sum].
  let pattern = new Map<number, [number, number]>([[0, [1, 0]]]);
  for (const { number, distribution } of isotopes) {
    for (let i = 0; i < number; i++) {
      const next = new Map<number, [number, number]>();
      for (const [nominal, [p, pm]] of pattern) {
        for (const { x, y } of distribution) {
          if (y === 0) continue;
          const key = nominal + Math.round(x);
          const slot = next.get(key) ?? [0, 0];
          slot[0] += p * y;
          slot[1] += pm * y + p * y * x;
          next.set(key, slot);
        }
      }
      const max = Math.max(...[...next.values()].map(([p]) => p));
      pattern = new Map([...next].filter(([, [p]]) => p >= max * 1e-9));
    }
  }
  const max = Math.max(...[...pattern.values()].map(([p]) => p));
  return [...pattern.keys()]
    .sort((a, b) => a - b)
    .map((key) => {
      const [p, pm] = pattern.get(key)!;
      return { mass: round(pm / p, 4), intensity: round((p / max) * 100, 4) };
    })
    .filter((peak) => peak.intensity >= minRelative);
}
