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
