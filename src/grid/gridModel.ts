import { cellMatcher, compareCells, type CellMatcher } from './cellFilter';
import {
  MAX_PAGE,
  MAX_TEXTS,
  type ColumnId,
  type GridInfo,
  type GridQuery,
  type PageRequest,
  type PageResult,
  type RowView,
  type ScanReport,
} from './protocol';
import { notUsableReason, type RecordIndex } from './recordIndex';
import { structureText } from './recordIndexer';

/** Reads the raw text of records by number (from a document, a file, or an output's bytes). */
export type RecordReader = (ids: number[]) => Promise<string[]>;

/**
 * The records behind one grid: query (filter, substructure, sort), pages, and the computed columns: what the indexer
 * read from plain MOL blocks, and what the grid's toolkit reported for the rest. Works the same in the extension host
 * and in a notebook output.
 */
export class GridModel {
  /** What scans reported, by record (the same values as the index's, where it has them). */
  private formulas: Array<string | undefined> = [];
  private mws: Array<number | undefined> = [];
  private masses: Array<number | undefined> = [];
  private computed = 0;
  private substructure: { query: string; flags: Int8Array; records: number } | undefined;
  private order: { key: string; ids: number[] } | undefined;

  constructor(
    private index: RecordIndex,
    private readonly read: RecordReader,
    readonly title: string,
    readonly editable: boolean,
    public version = 1,
  ) {}

  get records(): RecordIndex {
    return this.index;
  }

  /** A new index for the same file (the text changed, or more of the file was read). */
  replace(index: RecordIndex, keepComputed: boolean): void {
    this.index = index;
    this.order = undefined;
    if (!keepComputed) {
      this.version++;
      this.formulas = [];
      this.mws = [];
      this.masses = [];
      this.computed = 0;
      this.substructure = undefined;
    }
  }

  info(): GridInfo {
    const ix = this.index;
    return {
      version: this.version,
      title: this.title,
      format: ix.format,
      count: ix.count,
      columns: ix.columns,
      indexing: !ix.complete,
      editable: this.editable,
      unusable: notUsableReason(ix),
      computed: ix.computed + this.computed,
      scanned: this.substructure && { query: this.substructure.query, records: this.substructure.records },
    };
  }

  async page(req: PageRequest): Promise<PageResult> {
    const ids = this.ordered(req);
    const offset = Math.max(0, Math.min(Math.floor(req.offset) || 0, Math.max(0, ids.length - 1)));
    const limit = Math.max(1, Math.min(Math.floor(req.limit) || 1, MAX_PAGE));
    const pageIds = ids.slice(offset, offset + limit);
    const texts = await this.readSafely(pageIds);
    const ix = this.index;
    const rows = pageIds.map((id, i): RowView => ({
      id,
      name: ix.names[id],
      fields: ix.values.map((column) => column[id]),
      text: texts[i] ?? '',
      problem: ix.problems[id],
      formula: this.formulaOf(id),
      mw: this.mwOf(id),
      mass: this.massOf(id),
    }));
    return { info: this.info(), offset, total: ids.length, rows };
  }

  async texts(ids: number[]): Promise<Array<string | undefined>> {
    const wanted = ids.slice(0, MAX_TEXTS).filter((id) => Number.isInteger(id) && id >= 0 && id < this.index.count);
    const texts = await this.readSafely(wanted);
    const byId = new Map(wanted.map((id, i) => [id, texts[i]]));
    return ids.slice(0, MAX_TEXTS).map((id) => byId.get(id));
  }

  /**
   * Records from `from` on whose formula and masses are not known yet (neither the indexer nor a scan found them),
   * with their texts, up to MAX_TEXTS: what the grid's toolkit has left to compute. `end` is where the next look starts.
   */
  async uncomputed(from: number): Promise<{ ids: number[]; texts: Array<string | undefined>; end: number }> {
    const ix = this.index;
    const ids: number[] = [];
    let id = Math.max(0, Math.floor(from) || 0);
    for (; id < ix.count && ids.length < MAX_TEXTS; id++) if (ix.problems[id] === undefined && !this.known(id)) ids.push(id);
    return { ids, texts: await this.readSafely(ids), end: id };
  }

  private known(id: number): boolean {
    return this.formulaOf(id) !== undefined || this.mwOf(id) !== undefined;
  }

  private formulaOf(id: number): string | undefined {
    return this.formulas[id] ?? this.index.formulas[id];
  }

  private mwOf(id: number): number | undefined {
    return this.mws[id] ?? this.index.mws[id];
  }

  private massOf(id: number): number | undefined {
    return this.masses[id] ?? this.index.masses[id];
  }

  scanned(report: ScanReport): void {
    if (report.version !== this.version) return;
    const count = this.index.count;
    const sub = report.substructure;
    if (sub && (!this.substructure || this.substructure.query !== sub.query)) {
      this.substructure = { query: sub.query, flags: new Int8Array(count), records: 0 };
    }
    report.ids.forEach((id, i) => {
      if (!Number.isInteger(id) || id < 0 || id >= count) return;
      if (!this.known(id) && (report.formulas[i] !== undefined || report.mws[i] !== undefined)) this.computed++;
      if (report.formulas[i] !== undefined) this.formulas[id] = report.formulas[i];
      if (report.mws[i] !== undefined) this.mws[id] = report.mws[i];
      if (report.masses[i] !== undefined) this.masses[id] = report.masses[i];
      if (sub && this.substructure) {
        if (this.substructure.flags[id] === 0) this.substructure.records++;
        this.substructure.flags[id] = sub.matches[i] ? 1 : -1;
      }
    });
    this.order = undefined;
  }

  /** Record numbers passing the query, in its order (kept until the query or the records change). */
  ordered(query: GridQuery): number[] {
    const key = JSON.stringify([
      query.sort,
      query.filters,
      query.substructure ?? '',
      this.version,
      this.index.count,
      this.index.computed + this.computed,
      this.substructure?.records,
    ]);
    if (this.order?.key === key) return this.order.ids;
    const filters: Array<[ColumnId, CellMatcher]> = [];
    for (const [column, text] of Object.entries(query.filters)) {
      const m = text === undefined ? undefined : cellMatcher(text);
      if (m) filters.push([column as ColumnId, m]);
    }
    const count = this.index.count;
    const flags = query.substructure ? (this.substructure?.query === query.substructure ? this.substructure.flags : new Int8Array(count)) : undefined;
    const ids: number[] = [];
    const cells = filters.map(([column]) => this.cellsOf(column));
    outer: for (let id = 0; id < count; id++) {
      if (flags && flags[id] !== 1) continue;
      for (let f = 0; f < filters.length; f++) if (!filters[f][1](cells[f](id))) continue outer;
      ids.push(id);
    }
    if (query.sort && query.sort.column !== 'index') {
      const cell = this.cellsOf(query.sort.column);
      const descending = query.sort.descending;
      const keys = new Map(ids.map((id) => [id, cell(id)]));
      ids.sort((a, b) => compareCells(keys.get(a), keys.get(b), descending) || a - b);
    } else if (query.sort?.descending) {
      ids.reverse();
    }
    this.order = { key, ids };
    return ids;
  }

  private cellsOf(column: ColumnId): (id: number) => string | number | undefined {
    const ix = this.index;
    switch (column) {
      case 'index':
        return (id) => id + 1;
      case 'name':
        return (id) => ix.names[id];
      case 'formula':
        return (id) => this.formulaOf(id);
      case 'mw':
        return (id) => this.mwOf(id);
      case 'mass':
        return (id) => this.massOf(id);
      default: {
        const values = ix.values[Number(column.slice('field:'.length))];
        return values ? (id) => values[id] : () => undefined;
      }
    }
  }

  /** Texts of records, the toolkit's part only; records with a problem are not read (they may be huge). */
  private async readSafely(ids: number[]): Promise<Array<string | undefined>> {
    const ix = this.index;
    const readable = ids.filter((id) => ix.problems[id] === undefined);
    const texts = readable.length ? await this.read(readable) : [];
    const byId = new Map(readable.map((id, i) => [id, structureText(ix.format, texts[i])]));
    return ids.map((id) => byId.get(id));
  }
}
