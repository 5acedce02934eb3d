/**
 * What the details webview and the extension host say to each other (`DetailsProtocol`) and the views they
 * exchange. No DOM and no `vscode` here: both sides import it.
 */
import type { Call } from '../webview-protocol/protocol';

export const DETAILS_VIEW_TYPE = 'compoundDb.details';

export interface DetailsFieldView {
  /** The details field name of spec 2.1 (`CommonName`, `Formula`, ...). */
  field: string;
  label: string;
  value: string;
}

export interface IdentifierView {
  label: 'Record ID' | 'SMILES' | 'InChI' | 'InChIKey' | 'Formula';
  value: string;
}

export interface ExternalReferenceView {
  source: string;
  sourceUrl: string;
  externalId: string;
  externalUrl: string;
}

/** What the details panel reads from a spectrum's info object (src/extension/details/spectrumFacts.ts), where it says it. */
export interface SpectrumFacts {
  /** The spectrum type of the info object (`ESI+`, `EI`, ...). */
  type: string;
  /** `MS`, `MS2`, `MS3`... */
  msLevel?: string;
  precursorMz?: number;
  /** The precursor ion type, `[M+H]+`. */
  adduct?: string;
  collisionEnergy?: string;
  instrument?: string;
  /** Where the spectrum comes from: the comments after the facts, the original address, the submission date (the row's tooltip). */
  provenance: string;
}

export interface SpectrumItemView extends SpectrumFacts {
  id: number;
  fileName: string;
  comments?: string;
  submittedDate?: string;
}

export interface SpectraView {
  /** False when the older interface is not reachable (no token); `note` says why. */
  available: boolean;
  note?: string;
  items: SpectrumItemView[];
}

/** Another record of the same skeleton or parent (shared/beyond-the-spec.md 4), one click from the panel. */
export interface RelatedRecordView {
  recordId: number;
  name: string;
  /** What it shares with the shown record: `exact` (the same structure in another source), `connectivity`, `parent`, `tautomer`. */
  level: 'exact' | 'connectivity' | 'parent' | 'tautomer';
  /** The level in words ("same skeleton, stereo or isotopes differ"). */
  note: string;
}

export interface DetailsView {
  recordId: number;
  title: string;
  /** Where the data came from, e.g. `built-in database`. */
  source: string;
  imageDataUri?: string;
  /** The substructure query highlighted in the image (the record came from a substructure search). */
  highlight?: string;
  fields: DetailsFieldView[];
  identifiers: IdentifierView[];
  externalReferences: ExternalReferenceView[];
  mol2D?: string;
  mol3D?: string;
  spectra: SpectraView;
  /** Opened from a spectrum search's result: the query against the record's best spectrum, as a mirror plot. */
  match?: SpectrumPlotView;
  /** What that mirror plot was drawn from: kept in the page's state, so a panel restored after a reload draws it again. */
  spectrumMatch?: SpectrumMatch;
  /** Other records of the same skeleton or parent (Compound DB's own service; absent from another server). */
  related?: RelatedRecordView[];
  /** Parts that could not be loaded, one line each. */
  problems: string[];
}

/** What a spectrum search's result row knows: the query, the best spectrum of the record, the score. */
export interface SpectrumMatch {
  /** How the query is named on the plot (`Spectrum 3 of run.mgf`, `pasted peak list`). */
  queryTitle: string;
  peaks: Array<[number, number]>;
  precursorMz?: number;
  spectrumId: number;
  score?: number;
  matchedPeaks?: number;
  /** The search's fragment tolerance: peaks this close count as matched on the plot. */
  toleranceDa: number;
  /** What the score means in this library (scoreMeaning.ts). */
  meaning?: string;
}

export interface SpectrumPlotView {
  id: number;
  title: string;
  xLabel: string;
  yLabel: string;
  /** [x, y] pairs in file order. */
  points: Array<[number, number]>;
  /** A mass spectrum's peak table: drawn as sticks, relative to the base peak. */
  sticks: boolean;
  /** Precursor m/z of a tandem spectrum, marked on the plot. */
  precursorMz?: number;
  /** Lines shown above the plot: type, MS level, precursor, collision energy, instrument, licence. */
  details: string[];
  /**
   * A mirror plot: `points` (the query) drawn upwards and this spectrum (the library's) downwards, each relative to its
   * own base peak; peaks of either within `toleranceDa` of a peak of the other are drawn as matched.
   */
  mirror?: MirrorSideView;
}

export interface MirrorSideView {
  title: string;
  points: Array<[number, number]>;
  precursorMz?: number;
  /** m/z distance within which a query peak and a library peak match (the search's fragment tolerance). */
  toleranceDa: number;
}

/** What a rendered spectrum plot shows. */
export interface PlotState {
  /** x-range shown, top of the y-axis and the highest point shown (top >= highest: nothing clipped). */
  range: [number, number];
  yTop: number;
  yHighest: number;
  /** m/z labels written above the largest peaks; the lines above the plot; the axis titles. */
  labels: string[];
  details: string[];
  xLabel: string;
  yLabel: string;
  /** Mirror plots: the lowest point drawn (negative: the library side), the axis bottom, and the peaks drawn as matched. */
  yLowest?: number;
  yBottom?: number;
  matched?: number;
}

/**
 * What the webview has put on screen, read back as text from its DOM: the test hook's answer (`CompoundDbApi.details`),
 * asked for only in test mode.
 */
export interface RenderedSnapshot {
  recordId: number;
  title: string;
  fields: Record<string, string>;
  identifiers: Record<string, string>;
  references: string[];
  spectra: string[];
  /** The listed spectra's IDs, in order. */
  spectrumIds: number[];
  problems: string[];
  imageShown: boolean;
  mol2D?: string;
  mol3D?: string;
  plot?: { id: number; points: number } & PlotState;
  /** The mirror plot of a spectrum search's result. */
  match?: { id: number; points: number; libraryPoints: number } & PlotState;
  /** What the page keeps for a reload (`vscode.getState()`). */
  saved?: DetailsPanelState;
  /** `<img>` elements inside the rendered content: 1 for the structure image, never more. */
  imgCount: number;
  /** The theme kind class VS Code put on the body (`vscode-dark`, `vscode-high-contrast`, ...). */
  theme: string;
  /** Every button: its accessible name and computed colours, to check they read in every theme. */
  buttons: RenderedButton[];
  /** What a person would see wrong on the page as laid out now (overlaps, cut edges, images outside cards). */
  layout: LayoutReport;
}

/** What a person would see wrong on a webview's page (`src/webview/layoutAudit.ts`), for the integration suite. */
export interface LayoutReport {
  /** The page's width in CSS pixels when it was read. */
  width: number;
  /** One line per problem, naming the elements ("button "Find Similar" overlaps dd "11""); empty when none. */
  problems: string[];
}

export interface RenderedButton {
  name: string;
  background: string;
  color: string;
  borderColor: string;
  borderWidth: string;
  pageBackground: string;
}

export type MolKind = '2d' | '3d' | 'original';

/** What the details webview and the extension say to each other (src/webview-protocol). */
export interface DetailsProtocol {
  requests: {
    copy: Call<{ text: string; what: string }, void>;
    insertMol: Call<{ recordId: number; kind: MolKind }, void>;
    openExternal: Call<{ url: string }, void>;
    spectrum: Call<{ id: number }, SpectrumPlotView>;
    /** A structure search with the record's structure as the query. */
    structureSearch: Call<{ recordId: number; kind: 'similar' | 'substructure' | 'edit' }, void>;
    saveImage: Call<{ recordId: number; format: 'png' | 'svg' }, void>;
    saveMol: Call<{ recordId: number; kind: MolKind }, void>;
    copied: Call<{ what: string }, void>;
    /** Shows another record in the panel (a related record). */
    openRecord: Call<{ recordId: number }, void>;
  };
  pushes: {
    show: DetailsView;
    /** The record could not be loaded (the panel had nothing to show yet). */
    failed: { recordId: number; message: string };
  };
  /** Test hooks: the host asks them only when the extension runs in test mode. */
  pageRequests: {
    /** What is on screen now (the theme's colours included); undefined while no record is shown. */
    snapshot: Call<undefined, RenderedSnapshot | undefined>;
    /** Plots one of the listed spectra as its Plot button does, zoomed to an x-range; answers once it is drawn. */
    plot: Call<{ id: number; range?: [number, number] }, RenderedSnapshot | undefined>;
  };
}

/** State kept by the webview (`vscode.setState`) so the panel can be restored after a reload. */
export interface DetailsPanelState {
  recordId: number;
  /** The mirror plot shown (checked by the host before it is drawn again: mirrorPlot.ts `restoredMatch`). */
  spectrumMatch?: SpectrumMatch;
}
