/**
 * What an entropy-similarity score means in this library: the false discovery rate of best hits at or above a score,
 * measured by scripts/spectrum-accuracy.mjs over held-out library spectra (each query's own spectrum left out; only
 * compounds with spectra from at least two contributors; identity search; a hit is wrong when its InChIKey first block
 * is not the query's). The README's accuracy table comes from the same run. Shared by the extension, the tools and
 * the command line, so the score a user sees comes with its meaning.
 */

/** [score threshold, fraction of best hits at or above it that were wrong, how many best hits were at or above it] */
export const SCORE_FDR: ReadonlyArray<readonly [number, number, number]> = [
  // Measured 2026-11-27 over 43,825 held-out queries (1,820 compounds with spectra from two or more contributors) of
  // the collection of 8,556 compounds and 81,327 spectra.
  [0.5, 0.025, 42817],
  [0.6, 0.024, 42423],
  [0.7, 0.024, 41591],
  [0.75, 0.023, 40836],
  [0.8, 0.023, 39529],
  [0.85, 0.023, 37248],
  [0.9, 0.025, 32654],
  [0.95, 0.029, 23599],
];

/** The measured FDR of best hits at or above the highest threshold the score reaches, or undefined below them all. */
export function falseDiscoveryRate(score: number): { threshold: number; fdr: number; hits: number } | undefined {
  let found: { threshold: number; fdr: number; hits: number } | undefined;
  for (const [threshold, fdr, hits] of SCORE_FDR) if (score >= threshold) found = { threshold, fdr, hits };
  return found;
}

/** One sentence: "in this library, 4 % of best hits at or above 0.8 were wrong (held-out test)". */
export function scoreMeaning(score: number): string {
  const f = falseDiscoveryRate(score);
  if (!f) {
    const lowest = SCORE_FDR[0]?.[0];
    return lowest === undefined
      ? 'no measured false discovery rate'
      : `below ${lowest}, the lowest score whose false discovery rate was measured in this library`;
  }
  const pct = f.fdr * 100;
  return `in this library, ${pct < 1 ? pct.toFixed(1) : Math.round(pct)} % of best hits at or above ${f.threshold} were wrong (held-out test of ${f.hits} hits)`;
}
