/** How the extension shows a search spec (the spec itself is the client's: plain JSON, persisted and re-run). */
import * as vscode from 'vscode';
import { INTRINSIC_MASS_KEYS, classifyQuery, type MassWithRange } from '../../wire';
import type { OrderInput, SearchKind, SearchSpec } from '../../client';

export type { IntrinsicInputs, SearchKind, SearchSpec } from '../../client';
export type Ordering = OrderInput;

export const KIND_LABELS: Readonly<Record<SearchKind, string>> = {
  composite: vscode.l10n.t('Search'),
  name: vscode.l10n.t('Name'),
  formula: vscode.l10n.t('Formula'),
  formulaBatch: vscode.l10n.t('Formula list'),
  mass: vscode.l10n.t('Mass'),
  massBatch: vscode.l10n.t('Mass list'),
  element: vscode.l10n.t('Elements'),
  intrinsic: vscode.l10n.t('Intrinsic properties'),
  inchi: 'InChI',
  inchikey: 'InChIKey',
  smiles: 'SMILES',
  substructure: vscode.l10n.t('Substructure'),
  similarity: vscode.l10n.t('Similar to'),
  spectrum: vscode.l10n.t('Spectrum'),
  legacySimple: vscode.l10n.t('Simple search (older)'),
  legacyAsync: vscode.l10n.t('Async search (older)'),
};

const massText = (m: MassWithRange) => `${m.mass} ± ${m.range}`;

/** One line describing the query of a search. */
export function describeSpec(spec: SearchSpec): string {
  switch (spec.kind) {
    case 'composite':
    case 'legacySimple':
    case 'legacyAsync':
      return spec.query;
    case 'name':
      return spec.name;
    case 'formula':
      return spec.formula;
    case 'formulaBatch':
      return spec.formulas.join(', ');
    case 'mass':
      return massText(spec);
    case 'massBatch':
      return spec.masses.map(massText).join(', ');
    case 'element': {
      const parts = [
        spec.includeAll ? vscode.l10n.t('all of {0}', spec.includeElements.join(' ')) : vscode.l10n.t('any of {0}', spec.includeElements.join(' ')),
      ];
      if (spec.excludeElements?.length) parts.push(vscode.l10n.t('not {0}', spec.excludeElements.join(' ')));
      if (spec.complexity) parts.push(spec.complexity);
      if (spec.isotopic) parts.push(spec.isotopic);
      return parts.join(', ');
    }
    case 'intrinsic': {
      const parts: string[] = [];
      if (spec.formula) parts.push(spec.formula);
      for (const key of INTRINSIC_MASS_KEYS) {
        const m = spec[key];
        if (m) parts.push(`${key} ${massText(m)}`);
      }
      return parts.join(', ');
    }
    case 'inchi':
      return spec.inchi;
    case 'inchikey':
      return spec.inchikey;
    case 'smiles':
      return spec.smiles;
    case 'substructure':
      return spec.queryFormat === 'SMARTS' ? `${spec.query} (SMARTS)` : spec.query;
    case 'similarity':
      return spec.threshold === undefined ? spec.smiles : `${spec.smiles} ≥ ${spec.threshold}`;
    case 'spectrum': {
      const peaks = vscode.l10n.t('{0} peaks', spec.peaks.length);
      const precursor = spec.precursorMz === undefined ? '' : vscode.l10n.t(', precursor {0}', spec.precursorMz);
      return `${peaks}${precursor} (${spec.searchType ?? 'identity'})`;
    }
  }
}

/** Searches whose query ID names a single-list filter query of the current interface (which has an SDF of its results). */
export function isFilterQueryKind(kind: SearchKind): boolean {
  return !['composite', 'legacySimple', 'legacyAsync', 'formulaBatch', 'massBatch'].includes(kind);
}

const QUERY_KIND_LABELS = {
  recordId: vscode.l10n.t('record ID'),
  inchi: 'InChI',
  inchikey: 'InChIKey',
  smiles: 'SMILES',
  formula: vscode.l10n.t('formula'),
  name: vscode.l10n.t('name'),
};

/** How a composite query is read (the shared classifier of src/wire): `SMILES`, `name`, ... */
export function compositeReading(query: string): string {
  return QUERY_KIND_LABELS[classifyQuery(query)];
}

const INPUT_LABELS: Readonly<Record<Exclude<SearchKind, 'composite'>, string>> = {
  name: vscode.l10n.t('name'),
  formula: vscode.l10n.t('formula'),
  formulaBatch: vscode.l10n.t('formula list'),
  mass: vscode.l10n.t('mass'),
  massBatch: vscode.l10n.t('mass list'),
  element: vscode.l10n.t('element filter'),
  intrinsic: vscode.l10n.t('property filter'),
  inchi: 'InChI',
  inchikey: 'InChIKey',
  smiles: 'SMILES',
  substructure: vscode.l10n.t('substructure query'),
  similarity: 'SMILES',
  spectrum: vscode.l10n.t('spectrum'),
  legacySimple: vscode.l10n.t('query'),
  legacyAsync: vscode.l10n.t('query'),
};

/** The input of a search as error messages name it: what it is and its text. */
export function inputOf(spec: SearchSpec): { label: string; value: string } {
  const label = spec.kind === 'composite' ? compositeReading(spec.query) : INPUT_LABELS[spec.kind];
  return { label, value: describeSpec(spec) };
}
