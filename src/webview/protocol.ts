/**
 * Messages between the details webview and the extension host: one typed protocol, imported by both sides
 * (no DOM and no `vscode` here). The webview sends requests `{req, command, args}`; the host answers each
 * with `{seq: req, res}` or `{seq: req, err}`. The host may also push `{command: 'show', args}` unasked.
 * The webview's first request is `ready`; the host posts nothing before it.
 */

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

export interface SpectrumItemView {
  id: number;
  type: string;
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
  /** Other records of the same skeleton or parent (Compound DB's own service; absent from another server). */
  related?: RelatedRecordView[];
  /** Parts that could not be loaded, one line each. */
  problems: string[];
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
}

/**
 * What the webview reports having put on screen (read back as text from its DOM). Sent only for the test hook
 * (`CompoundDbApi.details`), as a one-way `SnapshotMessage` outside the request protocol.
 */
export interface RenderedSnapshot {
  recordId: number;
  title: string;
  fields: Record<string, string>;
  identifiers: Record<string, string>;
  references: string[];
  spectra: string[];
  problems: string[];
  imageShown: boolean;
  mol2D?: string;
  mol3D?: string;
  plot?: { id: number; points: number } & PlotState;
  /** `<img>` elements inside the rendered content: 1 for the structure image, never more. */
  imgCount: number;
  /** The theme kind class VS Code put on the body (`vscode-dark`, `vscode-high-contrast`, ...). */
  theme: string;
  /** Every button: its accessible name and computed colours, to check they read in every theme. */
  buttons: RenderedButton[];
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

/** Webview → host requests and their replies. */
export interface WebviewRequests {
  /** The answer is what the host has to show so far (nothing while the first load runs). */
  ready: { args: undefined; res: PushMessage | undefined };
  copy: { args: { text: string; what: string }; res: void };
  insertMol: { args: { recordId: number; kind: MolKind }; res: void };
  openExternal: { args: { url: string }; res: void };
  spectrum: { args: { id: number }; res: SpectrumPlotView };
  /** A structure search with the record's structure as the query. */
  structureSearch: { args: { recordId: number; kind: 'similar' | 'substructure' | 'edit' }; res: void };
  saveImage: { args: { recordId: number; format: 'png' | 'svg' }; res: void };
  saveMol: { args: { recordId: number; kind: MolKind }; res: void };
  copied: { args: { what: string }; res: void };
  /** Shows another record in the panel (a related record). */
  openRecord: { args: { recordId: number }; res: void };
}
export type WebviewCommand = keyof WebviewRequests;

export interface RequestMessage<C extends WebviewCommand = WebviewCommand> {
  req: string;
  command: C;
  args: WebviewRequests[C]['args'];
}

export interface ReplyMessage {
  seq: string;
  res?: unknown;
  err?: string;
}

/** Host → webview, unasked. */
export interface ShowMessage {
  command: 'show';
  args: DetailsView;
}

/** Host → webview, unasked: the record could not be loaded (the panel had nothing to show yet). */
export interface FailedMessage {
  command: 'failed';
  args: { recordId: number; message: string };
}

/** What the panel shows: a record, or why there is none. */
export type PushMessage = ShowMessage | FailedMessage;

/** Host → webview: plot one of the listed spectra (as the Plot button does), optionally zoomed to an x-range. */
export interface PlotMessage {
  command: 'plot';
  args: { id: number; range?: [number, number] };
}

export type HostMessage = ReplyMessage | PushMessage | PlotMessage;

/** State kept by the webview (`vscode.setState`) so the panel can be restored after a reload. */
export interface DetailsPanelState {
  recordId: number;
}

/** Webview → host, one way, no reply: what is on screen now. The test hook's only input; no feature reads it. */
export interface SnapshotMessage {
  command: 'snapshot';
  args: RenderedSnapshot;
}

export function isSnapshotMessage(value: unknown): value is SnapshotMessage {
  const m = value as Partial<SnapshotMessage> | undefined;
  return !!m && m.command === 'snapshot' && !('req' in m) && typeof m.args === 'object' && m.args !== null;
}

export function isRequestMessage(value: unknown): value is RequestMessage {
  const m = value as Partial<RequestMessage> | undefined;
  return !!m && typeof m.req === 'string' && typeof m.command === 'string';
}
