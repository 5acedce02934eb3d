/**
 * Messages between the structure grid (a webview script) and whatever holds the records: the extension host for
 * the two editors, an in-page model for the notebook renderer. Requests `{req, command, args}`, replies
 * `{seq, res}` / `{seq, err}` as in the details panel; the host may push `changed` and `drive` unasked.
 * No DOM, no `vscode`.
 */
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
 * What the grid put on screen, read back from its DOM: for the test surface (`CompoundDbApi.grids`) and the bench's
 * clock only, so it travels as a one-way `GridSnapshotMessage`, outside the request protocol.
 */
export interface GridSnapshot {
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
  /** Milliseconds from the grid script's start to this page being drawn; bytes of JS heap (when the browser says). */
  elapsedMs: number;
  /** Milliseconds from the page's start to the grid script's start, and from the script's start to the toolkit ready. */
  scriptMs?: number;
  toolkitMs?: number;
  /** Milliseconds from the script's start to the first page of records on screen (before any card is drawn). */
  pageMs?: number;
  heapBytes?: number;
  status: string;
}

export interface GridRequests {
  /** The first page in file order with the grid's info: one round trip before records are on screen. */
  ready: { args: { limit: number }; res: PageResult };
  page: { args: PageRequest; res: PageResult };
  /** Record texts (for a scan, copy, insert), in the order asked; undefined for records with a problem. */
  texts: { args: { version: number; ids: number[] }; res: { version: number; texts: Array<string | undefined> } };
  scanned: { args: ScanReport; res: void };
  copy: { args: { text: string; what: string }; res: void };
  openDetails: { args: ActionRecord; res: void };
  lookUp: { args: { records: ActionRecord[] }; res: void };
  insertMol: { args: ActionRecord; res: void };
  edit: { args: { version: number; edit: GridEdit }; res: void };
}
export type GridCommand = keyof GridRequests;

export interface GridRequestMessage<C extends GridCommand = GridCommand> {
  req: string;
  command: C;
  args: GridRequests[C]['args'];
}

/** Test and bench hooks: the host asks the grid to act as a user would. */
export type DriveAction =
  | { kind: 'substructure'; query: string }
  | { kind: 'filter'; column: ColumnId; text: string }
  | { kind: 'sort'; column: ColumnId; descending: boolean }
  | { kind: 'select'; ids: number[] }
  | { kind: 'copy'; format: CopyFormat }
  | { kind: 'delete' }
  | { kind: 'moveUp' }
  | { kind: 'goTo'; record: number };

export type GridPush = { command: 'changed'; args: GridInfo } | { command: 'drive'; args: DriveAction };

export interface GridReply {
  seq: string;
  res?: unknown;
  err?: string;
}

/** The grid tells its host what it drew (no reply). */
export interface GridSnapshotMessage {
  command: 'snapshot';
  args: GridSnapshot;
}

export function isGridSnapshotMessage(value: unknown): value is GridSnapshotMessage {
  const m = value as Partial<GridSnapshotMessage> | undefined;
  return !!m && m.command === 'snapshot' && !('req' in m) && typeof m.args === 'object' && m.args !== null;
}

export function isGridRequest(value: unknown): value is GridRequestMessage {
  const m = value as Partial<GridRequestMessage> | undefined;
  return !!m && typeof m.req === 'string' && typeof m.command === 'string';
}

export const PAGE_SIZE = 50;
/** Most rows one page request may ask for, and most records one `texts` request may read. */
export const MAX_PAGE = 200;
export const MAX_TEXTS = 1000;
