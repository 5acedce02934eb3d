/** The details panel's mirror plot of a spectrum search's result: the query above, the record's best spectrum below. */
import * as vscode from 'vscode';
import type { CompoundDbClient } from '../../client';
import { LIMITS, SPECTRUM_LIMITS, checkPeaks } from '../../wire';
import type { SpectrumMatch, SpectrumPlotView } from '../../webview/protocol';
import { loadSpectrumPlot } from '../details/loadDetails';

export type { SpectrumMatch };

const finiteOrAbsent = (v: unknown) => v === undefined || (typeof v === 'number' && Number.isFinite(v));
const textOrAbsent = (v: unknown) => v === undefined || (typeof v === 'string' && v.length <= LIMITS.textChars);

/**
 * A mirror plot's inputs as a restored panel's state gives them back, when they are whole and within the bounds of a
 * search (the page's state is stored outside the extension: it is checked, not trusted); otherwise undefined.
 */
export function restoredMatch(value: unknown): SpectrumMatch | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const m = value as Partial<Record<keyof SpectrumMatch, unknown>>;
  const whole =
    typeof m.queryTitle === 'string' &&
    m.queryTitle.length <= LIMITS.textChars &&
    checkPeaks('peaks', m.peaks).length === 0 &&
    Number.isSafeInteger(m.spectrumId) &&
    typeof m.toleranceDa === 'number' &&
    m.toleranceDa > 0 &&
    m.toleranceDa <= SPECTRUM_LIMITS.maxFragmentToleranceDa &&
    finiteOrAbsent(m.precursorMz) &&
    finiteOrAbsent(m.score) &&
    finiteOrAbsent(m.matchedPeaks) &&
    textOrAbsent(m.meaning);
  return whole ? (m as SpectrumMatch) : undefined;
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
