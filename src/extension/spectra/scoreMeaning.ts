/**
 * What a spectrum search's score means in this library, as the extension says it where a score is shown (the tree's
 * tooltip, the spectra list, the mirror plot): "0.82: in this library, 2 % of best hits at or above 0.8 were wrong".
 * The measurement is the wire's (src/wire/spectrum-score.ts: held-out library spectra); this only words it.
 */
import * as vscode from 'vscode';
import { SCORE_FDR, falseDiscoveryRate } from '../../wire/spectrum-score';

export function scoreMeaning(score: number): string {
  const f = falseDiscoveryRate(score);
  if (!f)
    return vscode.l10n.t('{0}: below {1}, the lowest score whose error rate was measured in this library', score.toFixed(2), SCORE_FDR[0]?.[0] ?? 0);
  const percent = f.fdr * 100;
  return vscode.l10n.t(
    '{0}: in this library, {1} % of best hits at or above {2} were wrong (held-out test of {3} hits)',
    score.toFixed(2),
    percent < 1 ? percent.toFixed(1) : String(Math.round(percent)),
    String(f.threshold),
    f.hits,
  );
}
