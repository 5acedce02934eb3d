/** A spectrum search in the tree: what its result rows open (the mirror plot of the record's best spectrum). */
import * as vscode from 'vscode';
import { SPECTRUM_LIMITS } from '../../wire';
import type { SearchState } from '../searches/searchState';
import type { SpectrumMatch } from './mirrorPlot';
import { scoreMeaning } from './scoreMeaning';

/** The match a result row of a spectrum search shows in the details panel; undefined for other searches. */
export function spectrumMatchOf(state: SearchState, recordId: number): SpectrumMatch | undefined {
  const spec = state.spec;
  const spectrumId = state.spectrumIds?.[recordId];
  if (spec.kind !== 'spectrum' || spectrumId === undefined) return undefined;
  const score = state.scores?.[recordId];
  return {
    queryTitle: state.queryTitle ?? vscode.l10n.t('Query'),
    peaks: spec.peaks,
    precursorMz: spec.precursorMz,
    spectrumId,
    score,
    matchedPeaks: state.matchedPeaks?.[recordId],
    toleranceDa: spec.fragmentToleranceDa ?? SPECTRUM_LIMITS.fragmentToleranceDaDefault,
    meaning: score === undefined ? undefined : scoreMeaning(score),
  };
}
