/** The details panel's mirror plot of a spectrum search's result: the query above, the record's best spectrum below. */
import * as vscode from 'vscode';
import type { CompoundDbClient } from '../../client';
import type { Peak } from '../../wire';
import type { SpectrumPlotView } from '../../webview/protocol';
import { loadSpectrumPlot } from '../details/loadDetails';

/** What a spectrum search's result row knows: the query, the best spectrum of the record, the score. */
export interface SpectrumMatch {
  /** How the query is named on the plot (`Spectrum 3 of run.mgf`, `pasted peak list`). */
  queryTitle: string;
  peaks: Peak[];
  precursorMz?: number;
  spectrumId: number;
  score?: number;
  matchedPeaks?: number;
  /** The search's fragment tolerance: peaks this close count as matched on the plot. */
  toleranceDa: number;
  /** What the score means in this library (scoreMeaning.ts). */
  meaning?: string;
}

export async function loadMirrorPlot(client: CompoundDbClient, match: SpectrumMatch, signal?: AbortSignal): Promise<SpectrumPlotView> {
  const library = await loadSpectrumPlot(client, match.spectrumId, signal);
  const scoreLine =
    match.score === undefined
      ? undefined
      : match.matchedPeaks === undefined
        ? vscode.l10n.t('entropy similarity {0}', match.score.toFixed(4))
        : vscode.l10n.t('entropy similarity {0}, {1} of {2} query peaks matched', match.score.toFixed(4), match.matchedPeaks, match.peaks.length);
  return {
    id: match.spectrumId,
    title: vscode.l10n.t('{0} against spectrum {1}', match.queryTitle, match.spectrumId),
    xLabel: 'm/z',
    yLabel: library.yLabel,
    points: match.peaks,
    sticks: true,
    precursorMz: match.precursorMz,
    details: [scoreLine, match.meaning, ...library.details].filter((d): d is string => Boolean(d)),
    mirror: { title: library.title, points: library.points, precursorMz: library.precursorMz, toleranceDa: match.toleranceDa },
  };
}
