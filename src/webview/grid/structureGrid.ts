/**
 * The structure grid: a paged table of structure cards (name, formula, masses and SD fields as columns), sorted
 * and filtered by any column or by a substructure, with a selection and its actions. One component for the
 * text-backed editor, the streaming grid and notebook outputs; only its backend differs.
 */
import { auditLayout } from '../layoutAudit';
import {
  COMPUTED_COLUMNS,
  PAGE_SIZE,
  type ColumnId,
  type DriveAction,
  type GridInfo,
  type GridQuery,
  type GridSnapshot,
  type GridTestRequests,
  type PageResult,
  type RowView,
} from '../../grid/protocol';
import { clear, el } from '../dom';
import type { Handlers } from '../../webview-protocol/protocol';
import { testHook } from '../channel';
import type { GridBackend } from './backend';
import { Draws } from './draws';
import { CardPainter } from './cards';
import type { Drawing } from './chemistry';
import { ToolkitStopped, type BoundedToolkit } from './boundedToolkit';
import { ComputedColumns } from './computedColumns';
import { queryTextProblem } from './queryText';
import { renderPager, toolbar } from './controls';
import { GridHeader, gridColumns } from './header';
import { keyCommand, type KeyCommand } from './keys';
import { scanRecords } from './recordScan';
import { errorText, formatMass } from './recordText';
import { Selection } from './selection';
import { SelectionActions } from './selectionActions';
import { prettyFormula } from '../../chemistry/formula/text';

export interface GridOptions {
  /** Rows per page. */
  pageSize?: number;
  /** Structure size in CSS pixels. */
  cardWidth?: number;
  cardHeight?: number;
  /** Where scrolling happens (lazy drawing watches it); the viewport when left out. */
  scrollRoot?: Element | null;
}

export class StructureGrid {
  private info: GridInfo | undefined;
  private page: PageResult | undefined;
  private query: GridQuery = { filters: {} };
  private offset = 0;
  private readonly pageSize: number;
  private readonly selection = new Selection();
  private readonly toolkit: BoundedToolkit;
  private toolkitLoaded = false;
  private toolkitFailed = false;
  private readonly computed: ComputedColumns;
  /** A sort or filter waits for the computed columns. */
  private computedWanted = false;
  private toolkitMs: number | undefined;
  private pageMs: number | undefined;
  /** The substructure query being applied or applied (its matches highlighted). */
  private queryText: string | undefined;
  private scanToken = 0;
  private loadSeq = 0;
  private refreshing = false;
  private refreshAgain = false;
  private readonly rowsById = new Map<number, { row: RowView; tr: HTMLTableRowElement }>();
  private readonly started = performance.now();
  private readonly draws = new Draws();
  private settledMs = 0;
  private readonly backend: GridBackend;

  private readonly cards: CardPainter;
  private readonly actions: SelectionActions;
  private readonly header: GridHeader;
  private readonly status: HTMLElement;
  /** The grid's own element: what the layout check reads. */
  private readonly root: HTMLElement;
  private readonly substructureInput: HTMLInputElement;
  private readonly editButtons: HTMLButtonElement[];
  private readonly table: HTMLTableElement;
  private readonly tbody: HTMLTableSectionElement;
  private readonly pager: HTMLElement;
  private readonly message: HTMLElement;

  /** `connect` makes the grid's backend; it may hand the grid's own answers (`changed`, `testHooks`) to an endpoint. */
  constructor(container: HTMLElement, connect: (grid: StructureGrid) => GridBackend, toolkit: BoundedToolkit, options: GridOptions = {}) {
    const backend = connect(this);
    this.backend = backend;
    this.pageSize = options.pageSize ?? PAGE_SIZE;
    this.toolkit = toolkit;
    this.computed = new ComputedColumns(backend, toolkit, (computed, info) => this.computing(computed, info));
    this.cards = new CardPainter({ width: options.cardWidth ?? 200, height: options.cardHeight ?? 150 }, options.scrollRoot ?? null, {
      rowOf: (card) => this.rowsById.get(Number(card.closest('tr')?.dataset.id))?.row,
      highlight: () => this.queryText,
      drawn: (row, card, drawing) => this.learnFacts(row, card, drawing),
      idle: () => this.maybeSettled(),
    });
    this.actions = new SelectionActions({
      backend,
      selection: this.selection,
      info: () => this.info,
      page: () => this.page,
      toolkit,
      say: (text) => this.say(text),
    });
    const bar = toolbar({
      substructure: (text) => void this.filterBySubstructure(text),
      copySmiles: () => void this.actions.copy('smiles'),
      copySdf: () => void this.actions.copy('sdf'),
      openDetails: () => void this.actions.openDetails(),
      lookUp: () => void this.actions.lookUp(),
      insertMol: () => void this.actions.insertMol(),
      moveUp: () => void this.move(-1),
      moveDown: () => void this.move(1),
      delete: () => void this.deleteSelected(),
    });
    this.status = bar.status;
    this.substructureInput = bar.substructureInput;
    this.editButtons = bar.editButtons;

    this.table = el('table', { className: 'cdb-table' });
    this.table.setAttribute('role', 'grid');
    this.table.setAttribute('aria-multiselectable', 'true');
    const thead = el('thead');
    this.header = new GridHeader(
      thead,
      (column) => void this.sortBy(column),
      (column, text) => void this.filterColumn(column, text),
    );
    this.tbody = el('tbody');
    this.table.append(thead, this.tbody);
    this.table.addEventListener('keydown', (e) => this.onKey(e));
    this.pager = el('nav', { className: 'cdb-pager' });
    this.pager.setAttribute('aria-label', 'Pages');
    this.message = el('p', { className: 'cdb-message' });
    this.message.hidden = true;
    this.root = el('div', { className: 'cdb-grid' }, bar.element, this.message, el('div', { className: 'cdb-table-wrap' }, this.table), this.pager);
    container.appendChild(this.root);

    void toolkit.ready.then(
      () => {
        this.toolkitLoaded = true;
        this.toolkitMs = performance.now() - this.started;
        this.cards.ready(toolkit);
        this.maybeSettled();
      },
      (e: unknown) => {
        this.toolkitFailed = true;
        this.say(`The structure toolkit did not load: ${errorText(e)}`);
        this.maybeSettled();
      },
    );
    this.whileRefreshing(this.start());
  }

  /** What the grid answers the host's test hooks with (refused outside test mode). */
  testHooks(): Handlers<GridTestRequests> {
    return {
      snapshot: testHook(async ({ afterDraw }) => {
        await this.draws.after(afterDraw ?? 0);
        return this.snapshot();
      }),
      drive: testHook((action) => this.drive(action)),
    };
  }

  private async start(): Promise<void> {
    const seq = ++this.loadSeq;
    try {
      const page = await this.backend.request('firstPage', { limit: this.pageSize });
      if (seq === this.loadSeq) this.show(page);
    } catch (e) {
      if (seq === this.loadSeq) this.say(errorText(e));
    }
  }

  private say(text: string): void {
    this.status.textContent = text;
  }

  /** The records changed (pushed by the host): the shown page is reloaded, or only its counts when it cannot change. */
  changed(info: GridInfo): void {
    const versionChanged = info.version !== this.info?.version;
    this.info = info;
    this.computed.follow(info);
    if (!versionChanged && this.pageUnaffected()) {
      // More of the file was read: the shown page stays as drawn; only the counts move.
      this.page = { ...this.page!, info, total: info.count };
      this.renderPager(this.page);
      this.updateStatus();
      this.maybeSettled();
      return;
    }
    if (!versionChanged) return this.refresh();
    this.queryText = undefined;
    void this.load().then(async () => {
      if (this.query.substructure) await this.filterBySubstructure(this.query.substructure);
    });
  }

  /** True when more records cannot change the shown page: it is full and in file order, unfiltered. */
  private pageUnaffected(): boolean {
    const q = this.query;
    const filtered = !!q.substructure || Object.values(q.filters).some((f) => f?.trim());
    return !!this.page && this.page.rows.length >= this.pageSize && !filtered && (!q.sort || (q.sort.column === 'index' && !q.sort.descending));
  }

  /**
   * Reloads the shown page because more of the file was read. While a reload (or the first page) is on its way, a push
   * only marks the page stale: a request per push (a few a second) would make each answer stale before it arrived when
   * a round trip is slower than that, and nothing would show until the whole file was read.
   */
  private refresh(): void {
    if (this.refreshing) {
      this.refreshAgain = true;
      return;
    }
    this.whileRefreshing(this.load());
  }

  private whileRefreshing(work: Promise<void>): void {
    this.refreshing = true;
    void work.finally(() => {
      this.refreshing = false;
      if (!this.refreshAgain) return;
      this.refreshAgain = false;
      this.refresh();
    });
  }

  /** Loads and shows the page at `this.offset` for the current query. */
  private async load(): Promise<void> {
    const seq = ++this.loadSeq;
    const info = this.info;
    if (!info) return;
    try {
      const page = await this.backend.request('page', { ...this.query, version: info.version, offset: this.offset, limit: this.pageSize });
      if (seq === this.loadSeq) this.show(page);
    } catch (e) {
      if (seq === this.loadSeq) this.say(errorText(e));
    }
  }

  private show(page: PageResult): void {
    this.info = page.info;
    this.computed.follow(page.info);
    this.page = page;
    this.offset = page.offset;
    this.render(page);
  }

  private render(page: PageResult): void {
    const info = page.info;
    for (const b of this.editButtons) b.hidden = !info.editable;
    this.message.hidden = !info.unusable;
    this.message.textContent = info.unusable ?? '';
    this.table.hidden = !!info.unusable;
    this.header.render(info, this.query.sort);
    this.table.setAttribute('aria-rowcount', String(page.total + 2));
    this.table.setAttribute('aria-label', `${info.title}: ${page.total} of ${info.count} records`);
    this.cards.reset();
    this.rowsById.clear();
    clear(this.tbody);
    page.rows.forEach((row, i) => this.tbody.appendChild(this.renderRow(row, page.offset + i)));
    if (this.selection.focused === undefined || !this.rowsById.has(this.selection.focused)) this.selection.focused = page.rows[0]?.id;
    this.updateRoving();
    this.renderPager(page);
    this.updateStatus();
    this.cards.watch(this.tbody);
    if (page.rows.length) this.pageMs ??= performance.now() - this.started;
    this.maybeSettled();
  }

  private renderRow(row: RowView, position: number): HTMLTableRowElement {
    const tr = el('tr');
    tr.dataset.id = String(row.id);
    tr.setAttribute('aria-rowindex', String(position + 3));
    tr.setAttribute('aria-selected', String(this.selection.has(row.id)));
    tr.tabIndex = -1;
    const cells: Array<string | undefined> = [
      String(row.id + 1),
      row.name,
      row.formula && prettyFormula(row.formula),
      formatMass(row.mw),
      formatMass(row.mass),
      ...row.fields,
    ];
    tr.appendChild(el('td', { className: 'cdb-structure' }, this.cards.card(row)));
    const labels = this.info ? gridColumns(this.info).map((c) => c.label) : [];
    cells.forEach((text, i) => {
      const td = el('td', { text: text ?? '' });
      // Shown before the value where the row is laid out as a card (a notebook output of one molecule).
      if (labels[i]) td.dataset.label = labels[i];
      if (i === 2) td.dataset.cell = 'formula';
      if (i === 3) td.dataset.cell = 'mw';
      if (i === 4) td.dataset.cell = 'mass';
      if (i === 1) td.className = 'cdb-name';
      if (i === 0 || i === 3 || i === 4) td.classList.add('cdb-number');
      tr.appendChild(td);
    });
    tr.addEventListener('click', (e) => this.onRowClick(row.id, e));
    tr.addEventListener('dblclick', () => void this.actions.openDetails());
    this.rowsById.set(row.id, { row, tr });
    return tr;
  }

  /** A drawn card's formula and masses fill the row's cells the index had no value for, and go to the backend. */
  private learnFacts(row: RowView, card: HTMLElement, drawing: Drawing): void {
    if (row.formula !== undefined || drawing.formula === undefined) return;
    row.formula = drawing.formula;
    row.mw = drawing.mw;
    row.mass = drawing.mass;
    const tr = card.closest('tr');
    const set = (cell: string, text: string) => {
      const td = tr?.querySelector<HTMLElement>(`td[data-cell="${cell}"]`);
      if (td) td.textContent = text;
    };
    set('formula', prettyFormula(drawing.formula));
    set('mw', formatMass(drawing.mw));
    set('mass', formatMass(drawing.mass));
    if (this.info)
      void this.backend
        .request('scanned', { version: this.info.version, ids: [row.id], formulas: [drawing.formula], mws: [drawing.mw], masses: [drawing.mass] })
        .catch(() => undefined);
  }

  private renderPager(page: PageResult): void {
    renderPager(
      this.pager,
      page,
      this.pageSize,
      (offset) => void this.goToOffset(offset),
      (id) => void this.goToRecord(id),
    );
  }

  private updateStatus(): void {
    const info = this.info;
    const page = this.page;
    if (!info || !page) return;
    const parts = [`${page.total.toLocaleString()} of ${info.count.toLocaleString()} records`];
    if (info.indexing) parts.push('reading the file…');
    if (this.selection.size) parts.push(`${this.selection.size} selected`);
    if (this.query.substructure) parts.push(`containing ${this.query.substructure}`);
    this.say(parts.join(' · '));
  }

  /** Counts a settled page: the shown page's visible cards are drawn (the test hooks wait for it). */
  private maybeSettled(): void {
    if (!this.page || !this.info) return;
    // Cards far below the fold stay pending by design; settling waits only for those queued or visible.
    if (this.cards.busy || (!this.toolkitLoaded && !this.toolkitFailed)) return;
    this.settledMs = performance.now() - this.started;
    this.draws.settled();
  }

  /** What is on screen, read back from the DOM: the test hook's answer, read only when asked. */
  private snapshot(): GridSnapshot {
    const page = this.page!;
    const info = this.info!;
    const cards = [...this.tbody.querySelectorAll<HTMLElement>('.cdb-card')];
    const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
    return {
      draw: this.draws.count,
      version: info.version,
      total: page.total,
      count: info.count,
      offset: page.offset,
      names: page.rows.map((r) => r.name),
      ids: page.rows.map((r) => r.id),
      drawn: cards.filter((c) => !!c.querySelector('img')).length,
      problems: cards.filter((c) => c.classList.contains('cdb-problem')).map((c) => c.textContent ?? ''),
      selected: this.selection.sorted(),
      unusable: info.unusable,
      substructure: this.query.substructure,
      elapsedMs: this.settledMs,
      scriptMs: this.started,
      toolkitMs: this.toolkitMs,
      pageMs: this.pageMs,
      heapBytes: memory?.usedJSHeapSize,
      status: this.status.textContent ?? '',
      indexing: info.indexing,
      computed: this.computed.count(info),
      formulas: page.rows.map((r) => r.formula),
      card: this.root.closest('.cdb-single') ? this.cardShape() : undefined,
      layout: auditLayout(this.root),
    };
  }

  /** A one-molecule card as shown: its headers hidden or not, and the facts visible beside the structure. */
  private cardShape(): GridSnapshot['card'] {
    const visible = (e: Element) => getComputedStyle(e).display !== 'none';
    const thead = this.table.querySelector('thead');
    const cells = [...this.tbody.querySelectorAll<HTMLElement>('tr:first-child td[data-label]')].filter(visible);
    return {
      headerHidden: !thead || !visible(thead),
      facts: cells.map((td) => [td.dataset.label ?? '', td.textContent ?? '']),
    };
  }

  // Query: sort, filters, substructure, paging.

  private async sortBy(column: ColumnId, descending?: boolean): Promise<void> {
    const current = this.query.sort;
    const desc = descending ?? (current?.column === column ? !current.descending : false);
    if (COMPUTED_COLUMNS.includes(column) && !(await this.ensureComputed())) return;
    this.query = { ...this.query, sort: { column, descending: desc } };
    this.offset = 0;
    await this.load();
  }

  private async filterColumn(column: ColumnId, text: string): Promise<void> {
    if (text.trim() && COMPUTED_COLUMNS.includes(column) && !(await this.ensureComputed())) return;
    this.header.show(column, text);
    this.query = { ...this.query, filters: { ...this.query.filters, [column]: text } };
    this.offset = 0;
    await this.load();
  }

  private async filterBySubstructure(text: string): Promise<void> {
    const q = text.trim();
    if (this.substructureInput.value !== text) this.substructureInput.value = text;
    if (!q) {
      this.scanToken++;
      this.queryText = undefined;
      this.query = { ...this.query, substructure: undefined };
      this.offset = 0;
      await this.load();
      return;
    }
    const problem = await this.queryProblem(q);
    if (problem) {
      this.say(problem);
      this.substructureInput.setAttribute('aria-invalid', 'true');
      return;
    }
    this.substructureInput.removeAttribute('aria-invalid');
    const done = this.info?.scanned?.query === q && this.info.scanned.records >= this.info.count;
    if (!done && !(await this.scan(q))) return;
    this.queryText = q;
    this.query = { ...this.query, substructure: q };
    this.offset = 0;
    await this.load();
  }

  /** Why `q` is no query: the service's linear bounds on the page, then RDKit's reading in the worker (with a deadline). */
  private async queryProblem(q: string): Promise<string | undefined> {
    const refused = queryTextProblem(q);
    if (refused) return refused;
    try {
      const [read] = await this.toolkit.run('query', [q], {});
      return read.problem;
    } catch (e) {
      if (e instanceof ToolkitStopped) return `Reading the query stopped after ${e.ms / 1000} s: RDKit could not read ${q.slice(0, 60)} in time.`;
      return `The structure toolkit is not available: ${errorText(e)}`;
    }
  }

  /** Sorting or filtering by formula or mass waits for the computed columns (made in the background as the file is read). */
  private async ensureComputed(): Promise<boolean> {
    const info = this.info;
    if (!info) return false;
    if (info.indexing) {
      this.say('The file is still being read; sorting and filtering by formula or mass start when it is done.');
      return false;
    }
    if (this.computed.done(info)) return true;
    this.computedWanted = true;
    const failed = await this.computed.whenDone(info).finally(() => (this.computedWanted = false));
    if (failed) this.say(`Formulas and masses could not be computed: ${failed}`);
    return !failed && info.version === this.info?.version;
  }

  /** The computed columns advanced: said on the status line only while someone waits for them. */
  private computing(computed: number, info: GridInfo): void {
    if (this.computedWanted && !info.indexing)
      this.say(`Computing formulas and masses to sort and filter by: ${computed.toLocaleString()} of ${info.count.toLocaleString()} records`);
  }

  /** The matches of `query` in every record; false when cancelled, replaced or stopped (the status line says why). */
  private async scan(query: string): Promise<boolean> {
    const info = this.info;
    if (!info) return false;
    if (info.indexing) {
      this.say('The file is still being read; a substructure filter starts when it is done.');
      return false;
    }
    const token = ++this.scanToken;
    const done = await scanRecords({
      backend: this.backend,
      toolkit: this.toolkit,
      info,
      query,
      stale: (version) => token !== this.scanToken || version !== this.info?.version,
      say: (text) => this.say(text),
    });
    if (done && this.info) this.info = { ...this.info, scanned: { query, records: info.count } };
    return done;
  }

  private async goToOffset(offset: number): Promise<void> {
    this.offset = Math.max(0, offset);
    await this.load();
    this.focusRow(this.page?.rows[0]?.id);
  }

  /** Shows the page holding record `id` (a record number in the file) in the current order, and focuses it. */
  private async goToRecord(id: number): Promise<void> {
    if (!this.info || !Number.isInteger(id) || id < 0 || id >= this.info.count) {
      this.say(`There is no record ${id + 1}.`);
      return;
    }
    const unordered = !this.query.sort && !this.query.substructure && !Object.values(this.query.filters).some((f) => f?.trim());
    if (unordered) {
      this.offset = Math.floor(id / this.pageSize) * this.pageSize;
      await this.load();
      this.focusRow(id);
      return;
    }
    this.query = { filters: {} };
    this.header.reset();
    this.substructureInput.value = '';
    await this.goToRecord(id);
  }

  // Selection, focus and keyboard.

  private pageIds(): number[] {
    return this.page?.rows.map((r) => r.id) ?? [];
  }

  private onRowClick(id: number, e: MouseEvent): void {
    if (e.shiftKey && this.selection.anchored) this.selection.extend(id, this.pageIds(), e.ctrlKey || e.metaKey);
    else if (e.ctrlKey || e.metaKey) this.selection.toggle(id);
    else this.selection.only(id);
    this.syncSelection();
    this.focusRow(id);
  }

  private syncSelection(): void {
    for (const { row, tr } of this.rowsById.values()) tr.setAttribute('aria-selected', String(this.selection.has(row.id)));
    this.updateStatus();
  }

  private updateRoving(): void {
    for (const { row, tr } of this.rowsById.values()) tr.tabIndex = row.id === this.selection.focused ? 0 : -1;
  }

  private focusRow(id: number | undefined): void {
    if (id === undefined) return;
    this.selection.focused = id;
    this.updateRoving();
    this.rowsById.get(id)?.tr.focus();
  }

  private onKey(e: KeyboardEvent): void {
    if ((e.target as HTMLElement).tagName === 'INPUT') return;
    const command = keyCommand(e);
    if (!command) return;
    e.preventDefault();
    this.run(command, e.shiftKey);
  }

  private run(command: KeyCommand, extend: boolean): void {
    const ids = this.pageIds();
    switch (command.kind) {
      case 'focus': {
        const at = this.selection.focused === undefined ? -1 : ids.indexOf(this.selection.focused);
        const to = { next: at + 1, previous: at - 1, first: 0, last: ids.length - 1 }[command.to];
        const id = ids[Math.max(0, Math.min(ids.length - 1, to))];
        if (extend && this.selection.anchored) {
          this.selection.extend(id, ids, false);
          this.syncSelection();
        }
        return this.focusRow(id);
      }
      case 'page':
        return void this.goToOffset(this.offset + command.by * this.pageSize);
      case 'move':
        return void this.move(command.by);
      case 'toggle':
        if (this.selection.focused === undefined) return;
        this.selection.toggle(this.selection.focused);
        return this.syncSelection();
      case 'openDetails':
        return void this.actions.openDetails();
      case 'selectAll':
        this.selection.add(ids);
        return this.syncSelection();
      case 'copy':
        return void this.actions.copy(command.format);
      case 'delete':
        return void this.deleteSelected();
      case 'unselect':
        this.selection.clear();
        return this.syncSelection();
    }
  }

  private async deleteSelected(): Promise<void> {
    await this.actions.delete();
    this.syncSelection();
  }

  private async move(by: -1 | 1): Promise<void> {
    await this.actions.move(by);
    this.syncSelection();
  }

  /** Test actions from the test hooks, acting through the same paths as the mouse and keyboard. */
  private async drive(action: DriveAction): Promise<void> {
    switch (action.kind) {
      case 'substructure':
        return this.filterBySubstructure(action.query);
      case 'filter':
        return this.filterColumn(action.column, action.text);
      case 'sort':
        return this.sortBy(action.column, action.descending);
      case 'select':
        this.selection.set(action.ids);
        this.syncSelection();
        this.maybeSettled();
        return;
      case 'copy':
        return this.actions.copy(action.format);
      case 'delete':
        return this.deleteSelected();
      case 'moveUp':
        return this.move(-1);
      case 'goTo':
        return this.goToRecord(action.record);
    }
  }
}
