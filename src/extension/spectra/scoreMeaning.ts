/**
 * What a spectrum search's score means in this library: the false discovery rate measured at the threshold just below
 * it ("0.82: in this library, 4 % of hits at or above 0.8 were wrong"). The measurement is the core's (held-out library
 * spectra, README "How good spectrum search is"); this only words it.
 */
import * as vscode from 'vscode';

export interface FdrRow {
  /** Score threshold. */
  threshold: number;
  /** Share of top hits at or above the threshold whose compound was wrong, 0 to 1. */
  fdr: number;
}

/** The sentence for `score`, read from `rows` (any order); undefined when the score is below every threshold measured. */
export function meaningOf(score: number, rows: readonly FdrRow[]): string | undefined {
  let best: FdrRow | undefined;
  for (const row of rows) if (row.threshold <= score + 1e-9 && (!best || row.threshold > best.threshold)) best = row;
  if (!best) return undefined;
  const percent = best.fdr * 100;
  const shown = percent < 1 && percent > 0 ? percent.toFixed(1) : String(Math.round(percent));
  return vscode.l10n.t('{0}: in this library, {1} % of hits at or above {2} were wrong', score.toFixed(2), shown, String(best.threshold));
}

/**
 * The library's measured rows. Filled from the core's measurement (issue 28: score → FDR on held-out library spectra)
 * when it lands; while it is empty no meaning is shown rather than a made-up one.
 */
const LIBRARY_FDR: readonly FdrRow[] = [];

/** What `score` means in the built-in library, or undefined when that is not measured. */
export function scoreMeaning(score: number): string | undefined {
  return meaningOf(score, LIBRARY_FDR);
}
