/**
 * What a result row says, by the kind of search: mass searches show each record's monoisotopic mass and its
 * difference from the query (and sort by it); the others the formula. The row's label is the name alone, so it
 * fits the default sidebar width; the rest goes to the description and the tooltip.
 */
import * as vscode from 'vscode';
import type { SearchState } from './searchState';
import { scoreMeaning } from '../spectra/scoreMeaning';
import { prettyFormula } from '../../chemistry/formula/text';

/** The mass a search asked for (per group for a mass list), or undefined for searches not by mass. */
export function queryMass(state: SearchState, group?: string): number | undefined {
  const spec = state.spec;
  if (spec.kind === 'mass') return spec.mass;
  if (spec.kind === 'massBatch' && group !== undefined) {
    const mass = Number.parseFloat(group);
    return Number.isFinite(mass) ? mass : undefined;
  }
  if (spec.kind === 'intrinsic') return spec.monoisotopicMass?.mass;
  return undefined;
}

/** Closest to the query mass first; records whose mass is not known yet keep their order, after the others. */
export function byMassDifference(ids: number[], state: SearchState, target: number): number[] {
  const distance = (id: number) => {
    const m = state.labels[id]?.mass;
    return m === undefined ? Number.POSITIVE_INFINITY : Math.abs(m - target);
  };
  return ids
    .map((id, i) => ({ id, i, d: distance(id) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .map((e) => e.id);
}

function signed(n: number): string {
  return `${n >= 0 ? '+' : '−'}${Math.abs(n).toFixed(4)}`;
}

/**
 * The row's label: the name, with the score of a scored search (`Caffeine (0.8213)`) and, for a spectrum search, the
 * query peaks its best spectrum matched (`Caffeine (0.8213 · 7 peaks)`).
 */
export function resultLabel(state: SearchState, recordId: number, name: string): string {
  const score = state.scores?.[recordId];
  if (score === undefined) return name;
  const matched = state.matchedPeaks?.[recordId];
  if (matched === undefined) return `${name} (${score.toFixed(4)})`;
  return `${name} (${score.toFixed(4)} · ${matched === 1 ? vscode.l10n.t('1 peak') : vscode.l10n.t('{0} peaks', matched)})`;
}

export function resultDescription(state: SearchState, recordId: number, group?: string): string {
  const label = state.labels[recordId];
  const target = queryMass(state, group);
  if (target !== undefined && label?.mass !== undefined) return `${label.mass.toFixed(4)}  Δ ${signed(label.mass - target)}`;
  return label?.formula ? prettyFormula(label.formula) : '';
}

export function resultTooltip(state: SearchState, recordId: number, group?: string): vscode.MarkdownString {
  const label = state.labels[recordId];
  const tip = new vscode.MarkdownString();
  if (label?.name) tip.appendMarkdown(`**${escape(label.name)}**\n\n`);
  if (label?.formula) tip.appendText(`${vscode.l10n.t('Formula')}: ${prettyFormula(label.formula)}\n\n`);
  if (label?.mass !== undefined) tip.appendText(`${vscode.l10n.t('Monoisotopic mass')}: ${label.mass}\n\n`);
  const target = queryMass(state, group);
  if (target !== undefined && label?.mass !== undefined)
    tip.appendText(`${vscode.l10n.t('Difference from {0}', target)}: ${signed(label.mass - target)}\n\n`);
  const score = state.scores?.[recordId];
  if (score !== undefined && state.spec.kind === 'spectrum') {
    const matched = state.matchedPeaks?.[recordId];
    tip.appendText(`${vscode.l10n.t('Entropy similarity {0}', score.toFixed(4))}\n\n`);
    tip.appendText(`${scoreMeaning(score)}\n\n`);
    if (matched !== undefined) tip.appendText(`${vscode.l10n.t("{0} of the query's {1} peaks matched", matched, state.spec.peaks.length)}\n\n`);
    const spectrumId = state.spectrumIds?.[recordId];
    if (spectrumId !== undefined) tip.appendText(`${vscode.l10n.t('Best spectrum {0} (open the details for the mirror plot)', spectrumId)}\n\n`);
  } else if (score !== undefined) tip.appendText(`${vscode.l10n.t('Tanimoto similarity {0}', score.toFixed(4))}\n\n`);
  tip.appendText(vscode.l10n.t('Record {0}', recordId));
  return tip;
}

function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, '\\$&');
}
