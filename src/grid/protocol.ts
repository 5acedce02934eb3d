/**
 * What the structure grid (a webview script) and whatever holds its records say to each other: the extension host
 * for the two editors (`GridProtocol`), an in-page model for the notebook renderer, which asks the extension only
 * for its actions (`NotebookGridProtocol`). Carried by src/webview-protocol. No DOM, no `vscode`.
 */
import type { Call } from '../webview-protocol/protocol';
import type { RecordFormat } from './recordIndex';

export const GRID_EDITOR_VIEW_TYPE = 'compoundDb.structureGrid';
export const STREAMING_GRID_VIEW_TYPE = 'compoundDb.streamingGrid';
export const NOTEBOOK_RENDERER_ID = 'compound-db.structure-grid';
export const STRUCTURE_MIME_TYPES = {
  molfile: 'chemical/x-mdl-molfile',
  sdfile: 'chemical/x-mdl-sdfile',
  smiles: 'chemical/x-daylight-smiles',
} as const;

/** Columns every grid has; SD fields follow as `field:<index>`. */
export const FIXED_COLUMNS = ['index', 'name', 'formula', 'mw', 'mass'] as const;
export type FixedColumn = (typeof FIXED_COLUMNS)[number];
export type ColumnId = FixedColumn | `field:${number}`;
/** Columns whose values need the toolkit: the grid computes them (a scan) before sorting or filtering by them. */
export const COMPUTED_COLUMNS: readonly ColumnId[] = ['formula', 'mw', 'mass'];

export interface GridQuery {
  sort?: { column: ColumnId; descending: boolean };
  /** Column → filter text (see cellFilter.ts). */
  filters: Partial<Record<ColumnId, string>>;
  /** SMILES or SMARTS; only records the scan found to contain it. */
  substructure?: string;
}

export interface PageRequest extends GridQuery {
  version: number;
  offset: number;
  limit: number;
}

export interface RowView {
  /** Record number in the file, from 0. */
  id: number;
  name: string;
  /** One value per SD column of the grid. */
  fields: Array<string | undefined>;
  /** What the toolkit reads: the SDF record, or the SMILES of a SMILES-list line. */
  text: string;
  /** Why the record cannot be drawn, found without the toolkit. */
  problem?: string;
  formula?: string;
  mw?: number;
  mass?: number;
}

export interface GridInfo {
  version: number;
  title: string;
  format: RecordFormat;
  /** Records in the file (so far, while `indexing`). */
  count: number;
  columns: string[];
  indexing: boolean;
  /** Delete and move are offered (the text-backed editor). */
  editable: boolean;
  /** Set when the file holds nothing the grid can show; the grid shows this instead. */
  unusable?: string;
  /** Records whose formula and masses are known. */
  computed: number;
  /** The substructure query scanned last, and how many records it has looked at. */
  scanned?: { query: string; records: number };
}

export interface PageResult {
  info: GridInfo;
  offset: number;
  /** Records that pass the query. */
  total: number;
  rows: RowView[];
}

/** What a scan learned about records `ids`: formula and masses, and for a substructure query, which match. */
export interface ScanReport {
  version: number;
  ids: number[];
  formulas: Array<string | undefined>;
  mws: Array<number | undefined>;
  masses: Array<number | undefined>;
  substructure?: { query: string; matches: boolean[] };
}

export type CopyFormat = 'smiles' | 'sdf';

/** One record for an action, with what the grid's toolkit computed. */
export interface ActionRecord {
  id: number;
  name: string;
  inchikey?: string;
  smiles?: string;
  molblock?: string;
}

export type GridEdit = { kind: 'delete'; ids: number[] } | { kind: 'move'; ids: number[]; before: number | null };

/**
 * What the grid has on screen, read back from its DOM: the test hook's answer (`CompoundDbApi.grids`), asked for only
 * in test mode, also the VS Code suite's clock of the grid's first page.
 */
export interface GridSnapshot {
  /** How many times the page has settled (its visible cards drawn) so far: ask for a later one with `afterDraw`. */
  draw: number;
  version: number;
  total: number;
  count: number;
  offset: number;
  /** Names on the shown page, in order. */
  names: string[];
  /** Record numbers on the shown page, in order. */
  ids: number[];
  /** Structures drawn (an SVG on a card) on the shown page, and cards showing a problem. */
  drawn: number;
  problems: string[];
  selected: number[];
  unusable?: string;
  substructure?: string;
  /** Milliseconds from the grid script's start to the page last settling; bytes of JS heap (when the browser says). */
  elapsedMs: number;
  /** Milliseconds from the page's start to the grid script's start, and from the script's start to the toolkit ready. */
  scriptMs?: number;
  toolkitMs?: number;
  /** Milliseconds from the script's start to the first page of records on screen (before any card is drawn). */
  pageMs?: number;
  heapBytes?: number;
  status: string;
  /** The file is still being read; records whose formula and masses the grid has computed (from the first on). */
  indexing: boolean;
  computed: number;
  /** Formulas of the shown page's records, in order, as the grid knows them (plain text). */
  formulas: Array<string | undefined>;
  /**
   * A notebook output of one molecule, laid out as a card: whether the column headers are hidden, and the facts shown
   * beside the structure, each as its label and its text (only what is visible).
   */
  card?: { headerHidden: boolean; facts: Array<[string, string]> };
  /** What a person would see wrong on the grid as laid out now (src/webview/layoutAudit.ts): its width and problems. */
  layout: { width: number; problems: string[] };
}

/** Test hooks: the host asks the grid to act as a user would. */
export type DriveAction =
  | { kind: 'substructure'; query: string }
  | { kind: 'filter'; column: ColumnId; text: string }
  | { kind: 'sort'; column: ColumnId; descending: boolean }
  | { kind: 'select'; ids: number[] }
  | { kind: 'copy'; format: CopyFormat }
  | { kind: 'delete' }
  | { kind: 'moveUp' }
  | { kind: 'goTo'; record: number };

/** Requests the grid page makes (a type, not an interface, so that it is a `Calls` map). */
export type GridRequests = {
  /** The first page in file order with the grid's info: one round trip before records are on screen. */
  firstPage: Call<{ limit: number }, PageResult>;
  page: Call<PageRequest, PageResult>;
  /** Record texts (for a scan, copy, insert), in the order asked; undefined for records with a problem. */
  texts: Call<{ version: number; ids: number[] }, { version: number; texts: Array<string | undefined> }>;
  /**
   * The records from `from` on whose formula and masses the host does not know (the indexer's plain reading refused
   * them; records with a problem are left out), up to MAX_TEXTS, with their texts; `end`: where to ask next.
   */
  uncomputed: Call<{ version: number; from: number }, { version: number; ids: number[]; texts: Array<string | undefined>; end: number }>;
  scanned: Call<ScanReport, void>;
  copy: Call<{ text: string; what: string }, void>;
  openDetails: Call<ActionRecord, void>;
  lookUp: Call<{ records: ActionRecord[] }, void>;
  insertMol: Call<ActionRecord, void>;
  edit: Call<{ version: number; edit: GridEdit }, void>;
};

/** The test hooks a grid page answers, in test mode only. */
export type GridTestRequests = {
  /** What is on screen once the page has settled more than `afterDraw` times (at least once when left out). */
  snapshot: Call<{ afterDraw?: number }, GridSnapshot>;
  /** Acts as a user would; answers when the action is done. */
  drive: Call<DriveAction, void>;
};

/** The grid editors (text-backed and streaming) and the extension. */
export interface GridProtocol {
  requests: GridRequests;
  /** The records changed (the text was edited, more of the file was read). */
  pushes: { changed: GridInfo };
  pageRequests: GridTestRequests;
}

/** The actions a grid needs VS Code for. */
export type GridActionRequests = Pick<GridRequests, 'copy' | 'openDetails' | 'lookUp' | 'insertMol'>;

/** A notebook output's grid (its records are the output's bytes, in the page) and the extension: actions only. */
export interface NotebookGridProtocol {
  requests: GridActionRequests;
  /** The extension runs in test mode: answer the test hooks (an editor's page is marked instead). */
  pushes: { testHooks: true };
  pageRequests: GridTestRequests;
}

/** On the notebook renderer's channel, each output's protocol messages travel wrapped with the output's id. */
export interface OutputMessage {
  outputId: string;
  message: unknown;
}

export function isOutputMessage(m: unknown): m is OutputMessage {
  return typeof m === 'object' && m !== null && typeof (m as Partial<OutputMessage>).outputId === 'string';
}

export const PAGE_SIZE = 50;
/** Most rows one page request may ask for, and most records one `texts` request may read. */
export const MAX_PAGE = 200;
export const MAX_TEXTS = 1000;
