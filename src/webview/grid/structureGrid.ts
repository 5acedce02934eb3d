/**
 * The structure grid: a paged table of structure cards (name, formula, masses and SD fields as columns), sorted
 * and filtered by any column or by a substructure, with a selection and its actions. One component for the
 * text-backed editor, the streaming grid and notebook outputs; only its backend differs.
 */
import type { Mol } from '@rdkit/rdkit';
import {
  COMPUTED_COLUMNS,
  PAGE_SIZE,
  type ActionRecord,
  type ColumnId,
  type CopyFormat,
  type DriveAction,
  type GridInfo,
  type GridPush,
  type GridQuery,
  type PageResult,
  type RowView,
} from '../../grid/protocol';
import { clear, el } from '../dom';
import type { GridBackend } from './backend';
import type { Toolkit } from './chemistry';

export interface GridOptions {
  /** Rows per page. */
  pageSize?: number;
  /** Structure size in CSS pixels. */
  cardWidth?: number;
  cardHeight?: number;
  /** Where scrolling happens (lazy drawing watches it); the viewport when left out. */
  scrollRoot?: Element | null;
}

const SCAN_BATCH = 250;

function formatMass(n: number | undefined): string {
  return n === undefined ? '' : n.toFixed(4);
}

function button(label: string, title: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', { text: label, title });
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
}

export class StructureGrid {
  private info: GridInfo | undefined;
  private page: PageResult | undefined;
  private query: GridQuery = { filters: {} };
  private offset = 0;
  private readonly pageSize: number;
  private readonly cardWidth: number;
  private readonly cardHeight: number;
  private readonly selected = new Set<number>();
  private anchor: number | undefined;
  private focusedId: number | undefined;
  private toolkit: Toolkit | undefined;
  private toolkitFailed = false;
  private toolkitMs: number | undefined;
  private queryMol: { text: string; mol: Mol } | undefined;
  private scanToken = 0;
  private loadSeq = 0;
  private drawQueue: HTMLElement[] = [];
  private drawing = false;
  private observer: IntersectionObserver;
  private readonly rowsById = new Map<number, { row: RowView; tr: HTMLTableRowElement }>();
  private readonly started = performance.now();

  private readonly rootEl: HTMLElement;
  private readonly status: HTMLElement;
  private readonly substructureInput: HTMLInputElement;
  private readonly table: HTMLTableElement;
  private readonly thead: HTMLTableSectionElement;
  private readonly tbody: HTMLTableSectionElement;
  private readonly pager: HTMLElement;
  private readonly message: HTMLElement;
  private readonly editButtons: HTMLButtonElement[] = [];
  private readonly filterInputs = new Map<ColumnId, HTMLInputElement>();
  private headerKey = '';

  constructor(
    container: HTMLElement,
    private readonly backend: GridBackend,
    toolkit: Promise<Toolkit>,
    options: GridOptions = {},
  ) {
    this.pageSize = options.pageSize ?? PAGE_SIZE;
    this.cardWidth = options.cardWidth ?? 200;
    this.cardHeight = options.cardHeight ?? 150;
    this.observer = new IntersectionObserver((entries) => this.onVisible(entries), { root: options.scrollRoot ?? null, rootMargin: '200px' });

    this.status = el('span', { className: 'cdb-status' });
    this.status.setAttribute('role', 'status');
    this.status.setAttribute('aria-live', 'polite');
    this.substructureInput = el('input', { className: 'cdb-substructure' });
    this.substructureInput.type = 'search';
    this.substructureInput.placeholder = 'Substructure: SMILES or SMARTS, Enter to filter';
    this.substructureInput.setAttribute('aria-label', 'Filter by substructure (SMILES or SMARTS)');
    this.substructureInput.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') void this.filterBySubstructure(this.substructureInput.value);
      if (e.key === 'Escape') void this.filterBySubstructure('');
    });
    this.substructureInput.addEventListener('search', () => this.substructureInput.value === '' && void this.filterBySubstructure(''));

    const actions = el('div', { className: 'cdb-actions' });
    actions.setAttribute('role', 'toolbar');
    actions.setAttribute('aria-label', 'Actions on the selected records');
    actions.append(
      button('Copy SMILES', 'Copy the selected records as SMILES (Ctrl+C)', () => void this.copy('smiles')),
      button('Copy SDF', 'Copy the selected records as SDF (Ctrl+Shift+C)', () => void this.copy('sdf')),
      button('Open details', 'Open the first selected record in Compound DB, found by its InChIKey (Enter)', () => void this.openDetails()),
      button('Look up', 'Search the configured database for the selected records by InChIKey', () => void this.lookUp()),
      button('Insert MOL', 'Insert the MOL block of the first selected record at the cursor of the last active editor', () => void this.insertMol()),
    );
    for (const [label, title, act] of [
      ['Move up', 'Move the selected records up one place in the file (Alt+Up)', () => void this.move(-1)],
      ['Move down', 'Move the selected records down one place in the file (Alt+Down)', () => void this.move(1)],
      ['Delete', 'Delete the selected records from the file (Delete)', () => void this.deleteSelected()],
    ] as const) {
      const b = button(label, title, act);
      b.hidden = true;
      this.editButtons.push(b);
      actions.append(b);
    }

    this.table = el('table', { className: 'cdb-table' });
    this.table.setAttribute('role', 'grid');
    this.table.setAttribute('aria-multiselectable', 'true');
    this.thead = el('thead');
    this.tbody = el('tbody');
    this.table.append(this.thead, this.tbody);
    this.table.addEventListener('keydown', (e) => this.onKey(e));
    this.pager = el('nav', { className: 'cdb-pager' });
    this.pager.setAttribute('aria-label', 'Pages');
    this.message = el('p', { className: 'cdb-message' });
    this.message.hidden = true;

    this.rootEl = el(
      'div',
      { className: 'cdb-grid' },
      el('div', { className: 'cdb-toolbar' }, this.substructureInput, actions, this.status),
      this.message,
      el('div', { className: 'cdb-table-wrap' }, this.table),
      this.pager,
    );
    container.appendChild(this.rootEl);

    backend.onPush((m) => this.onPush(m));
    void toolkit.then(
      (t) => {
        this.toolkit = t;
        this.toolkitMs = performance.now() - this.started;
        this.queueVisible();
        this.maybeReport();
      },
      (e: unknown) => {
        this.toolkitFailed = true;
        this.say(`The structure toolkit did not load: ${e instanceof Error ? e.message : String(e)}`);
        this.maybeReport();
      },
    );
    void this.start();
  }

  private async start(): Promise<void> {
    try {
      this.info = await this.backend.request('ready', undefined);
      await this.load();
    } catch (e) {
      this.say(errorText(e));
    }
  }

  private say(text: string): void {
    this.status.textContent = text;
  }

  private onPush(message: GridPush): void {
    if (message.command === 'changed') {
      const versionChanged = message.args.version !== this.info?.version;
      this.info = message.args;
      if (!versionChanged && this.pageUnaffected()) {
        // More of the file was read: the shown page stays as drawn; only the counts move.
        this.page = { ...this.page!, info: message.args, total: message.args.count };
        this.renderPager(this.page);
        this.updateStatus();
        this.maybeReport();
        return;
      }
      if (versionChanged) this.queryMol = undefined;
      void this.load().then(async () => {
        if (versionChanged && this.query.substructure) await this.filterBySubstructure(this.query.substructure);
      });
    } else {
      void this.drive(message.args);
    }
  }

  /** True when more records cannot change the shown page: it is full and in file order, unfiltered. */
  private pageUnaffected(): boolean {
    const q = this.query;
    const filtered = !!q.substructure || Object.values(q.filters).some((f) => f?.trim());
    return !!this.page && this.page.rows.length >= this.pageSize && !filtered && (!q.sort || (q.sort.column === 'index' && !q.sort.descending));
  }

  /** Loads and shows the page at `this.offset` for the current query. */
  private async load(): Promise<void> {
    const seq = ++this.loadSeq;
    const info = this.info;
    if (!info) return;
    try {
      const page = await this.backend.request('page', { ...this.query, version: info.version, offset: this.offset, limit: this.pageSize });
      if (seq !== this.loadSeq) return;
      this.info = page.info;
      this.page = page;
      this.offset = page.offset;
      this.render(page);
    } catch (e) {
      if (seq === this.loadSeq) this.say(errorText(e));
    }
  }

  private columns(info: GridInfo): Array<{ id: ColumnId; label: string }> {
    return [
      { id: 'index', label: '#' },
      { id: 'name', label: 'Name' },
      { id: 'formula', label: 'Formula' },
      { id: 'mw', label: 'Mol. weight' },
      { id: 'mass', label: 'Monoisotopic mass' },
      ...info.columns.map((c, i) => ({ id: `field:${i}` as ColumnId, label: c })),
    ];
  }

  private renderHeader(info: GridInfo): void {
    const key = JSON.stringify([info.columns, this.query.sort]);
    if (key === this.headerKey) return;
    this.headerKey = key;
    clear(this.thead);
    const titles = el('tr');
    const filters = el('tr', { className: 'cdb-filters' });
    const structure = el('th', { text: 'Structure' });
    structure.scope = 'col';
    titles.appendChild(structure);
    filters.appendChild(el('td'));
    for (const column of this.columns(info)) {
      const th = el('th');
      th.scope = 'col';
      const sorted = this.query.sort?.column === column.id ? this.query.sort : undefined;
      th.setAttribute('aria-sort', sorted ? (sorted.descending ? 'descending' : 'ascending') : 'none');
      const b = button(
        `${column.label}${sorted ? (sorted.descending ? ' ▼' : ' ▲') : ''}`,
        `Sort by ${column.label}`,
        () => void this.sortBy(column.id),
      );
      th.appendChild(b);
      titles.appendChild(th);
      let input = this.filterInputs.get(column.id);
      if (!input) {
        input = el('input');
        input.type = 'text';
        input.placeholder = column.id === 'index' || column.id === 'mw' || column.id === 'mass' ? '>100, 1..10' : 'filter';
        input.setAttribute('aria-label', `Filter ${column.label}`);
        const target = input;
        let timer: ReturnType<typeof setTimeout> | undefined;
        input.addEventListener('input', () => {
          clearTimeout(timer);
          timer = setTimeout(() => void this.filterColumn(column.id, target.value), 250);
        });
        this.filterInputs.set(column.id, input);
      }
      filters.appendChild(el('td', {}, input));
    }
    this.thead.append(titles, filters);
  }

  private render(page: PageResult): void {
    const info = page.info;
    for (const b of this.editButtons) b.hidden = !info.editable;
    this.message.hidden = !info.unusable;
    this.message.textContent = info.unusable ?? '';
    this.table.hidden = !!info.unusable;
    this.renderHeader(info);
    this.table.setAttribute('aria-rowcount', String(page.total + 2));
    this.table.setAttribute('aria-label', `${info.title}: ${page.total} of ${info.count} records`);
    this.observer.disconnect();
    this.drawQueue = [];
    this.rowsById.clear();
    clear(this.tbody);
    page.rows.forEach((row, i) => this.tbody.appendChild(this.renderRow(row, page.offset + i)));
    if (this.focusedId === undefined || !this.rowsById.has(this.focusedId)) this.focusedId = page.rows[0]?.id;
    this.updateRoving();
    this.renderPager(page);
    this.updateStatus();
    this.queueVisible();
    this.maybeReport();
  }

  private renderRow(row: RowView, position: number): HTMLTableRowElement {
    const tr = el('tr');
    tr.dataset.id = String(row.id);
    tr.setAttribute('aria-rowindex', String(position + 3));
    tr.setAttribute('aria-selected', String(this.selected.has(row.id)));
    tr.tabIndex = -1;
    const card = el('div', { className: 'cdb-card' });
    card.style.width = `${this.cardWidth}px`;
    card.style.height = `${this.cardHeight}px`;
    card.setAttribute('role', 'img');
    const label = row.name || `record ${row.id + 1}`;
    card.setAttribute('aria-label', row.problem ? `${label}: ${row.problem}` : `Structure of ${label}`);
    if (row.problem) this.showProblem(card, row.problem);
    else card.dataset.pending = '1';
    const cells: Array<string | undefined> = [String(row.id + 1), row.name, row.formula, formatMass(row.mw), formatMass(row.mass), ...row.fields];
    tr.appendChild(el('td', { className: 'cdb-structure' }, card));
    cells.forEach((text, i) => {
      const td = el('td', { text: text ?? '' });
      if (i === 2) td.dataset.cell = 'formula';
      if (i === 3) td.dataset.cell = 'mw';
      if (i === 4) td.dataset.cell = 'mass';
      if (i === 1) td.className = 'cdb-name';
      if (i === 0 || i === 3 || i === 4) td.classList.add('cdb-number');
      tr.appendChild(td);
    });
    tr.addEventListener('click', (e) => this.onRowClick(row.id, e));
    tr.addEventListener('dblclick', () => void this.openDetails());
    this.rowsById.set(row.id, { row, tr });
    return tr;
  }

  private showProblem(card: HTMLElement, problem: string): void {
    clear(card);
    card.classList.add('cdb-problem');
    card.appendChild(el('span', { text: problem }));
    delete card.dataset.pending;
  }

  private renderPager(page: PageResult): void {
    clear(this.pager);
    const pages = Math.max(1, Math.ceil(page.total / this.pageSize));
    const current = Math.floor(page.offset / this.pageSize) + 1;
    const go = (p: number) => void this.goToOffset((p - 1) * this.pageSize);
    const first = button('«', 'First page', () => go(1));
    const prev = button('‹', 'Previous page (Page Up)', () => go(current - 1));
    const next = button('›', 'Next page (Page Down)', () => go(current + 1));
    const last = button('»', 'Last page', () => go(pages));
    first.disabled = prev.disabled = current <= 1;
    next.disabled = last.disabled = current >= pages;
    const where = el('span', { text: `Page ${current} of ${pages}` });
    const goTo = el('input');
    goTo.type = 'number';
    goTo.min = '1';
    goTo.placeholder = 'record #';
    goTo.setAttribute('aria-label', 'Go to record number');
    goTo.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') void this.goToRecord(Number(goTo.value) - 1);
    });
    this.pager.append(first, prev, where, next, last, goTo);
  }

  private updateStatus(): void {
    const info = this.info;
    const page = this.page;
    if (!info || !page) return;
    const parts = [`${page.total.toLocaleString()} of ${info.count.toLocaleString()} records`];
    if (info.indexing) parts.push('reading the file…');
    if (this.selected.size) parts.push(`${this.selected.size} selected`);
    if (this.query.substructure) parts.push(`containing ${this.query.substructure}`);
    this.say(parts.join(' · '));
  }

  // Lazy drawing: cards are drawn when they come near the viewport, a few per frame.

  private queueVisible(): void {
    for (const card of this.tbody.querySelectorAll<HTMLElement>('.cdb-card[data-pending]')) this.observer.observe(card);
  }

  private onVisible(entries: IntersectionObserverEntry[]): void {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      this.observer.unobserve(entry.target);
      this.drawQueue.push(entry.target as HTMLElement);
    }
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.drawing || !this.toolkit) return;
    this.drawing = true;
    try {
      while (this.drawQueue.length) {
        const frameEnd = performance.now() + 12;
        while (this.drawQueue.length && performance.now() < frameEnd) this.drawCard(this.drawQueue.shift()!);
        await new Promise((r) => requestAnimationFrame(r));
      }
    } finally {
      this.drawing = false;
    }
    this.maybeReport();
  }

  private drawCard(card: HTMLElement): void {
    const tr = card.closest('tr');
    const entry = tr ? this.rowsById.get(Number(tr.dataset.id)) : undefined;
    if (!entry || !card.dataset.pending || !this.toolkit) return;
    delete card.dataset.pending;
    const drawing = this.toolkit.draw(entry.row.text, this.cardWidth, this.cardHeight, this.queryMol?.mol);
    if (!drawing.svg) {
      this.showProblem(card, drawing.problem ?? 'This record could not be drawn.');
      card.setAttribute('aria-label', `${entry.row.name || `record ${entry.row.id + 1}`}: ${drawing.problem}`);
      return;
    }
    // An <img> of the SVG: whatever a record holds, nothing in it can run or reach the page.
    const img = el('img');
    img.alt = '';
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawing.svg)}`;
    img.width = this.cardWidth;
    img.height = this.cardHeight;
    clear(card);
    card.appendChild(img);
    const name = entry.row.name || `record ${entry.row.id + 1}`;
    if (drawing.formula) card.setAttribute('aria-label', `Structure of ${name}, ${drawing.formula}`);
    if (entry.row.formula === undefined && drawing.formula !== undefined) {
      entry.row.formula = drawing.formula;
      entry.row.mw = drawing.mw;
      entry.row.mass = drawing.mass;
      const set = (cell: string, text: string) => {
        const td = tr?.querySelector<HTMLElement>(`td[data-cell="${cell}"]`);
        if (td) td.textContent = text;
      };
      set('formula', drawing.formula);
      set('mw', formatMass(drawing.mw));
      set('mass', formatMass(drawing.mass));
      if (this.info)
        void this.backend
          .request('scanned', {
            version: this.info.version,
            ids: [entry.row.id],
            formulas: [drawing.formula],
            mws: [drawing.mw],
            masses: [drawing.mass],
          })
          .catch(() => undefined);
    }
  }

  /** Tells the backend what is on screen once the visible page is drawn (the test hook, the bench's clock). */
  private maybeReport(): void {
    const page = this.page;
    const info = this.info;
    if (!page || !info) return;
    // Cards far below the fold stay pending by design; the report waits only for those queued or visible.
    if (this.drawing || this.drawQueue.length || (!this.toolkit && !this.toolkitFailed)) return;
    const cards = [...this.tbody.querySelectorAll<HTMLElement>('.cdb-card')];
    const memory = (performance as Performance & { memory?: { usedJSHeapSize: number } }).memory;
    this.backend.snapshot({
      version: info.version,
      total: page.total,
      count: info.count,
      offset: page.offset,
      names: page.rows.map((r) => r.name),
      ids: page.rows.map((r) => r.id),
      drawn: cards.filter((c) => !!c.querySelector('img')).length,
      problems: cards.filter((c) => c.classList.contains('cdb-problem')).map((c) => c.textContent ?? ''),
      selected: [...this.selected].sort((a, b) => a - b),
      unusable: info.unusable,
      substructure: this.query.substructure,
      elapsedMs: performance.now() - this.started,
      scriptMs: this.started,
      toolkitMs: this.toolkitMs,
      heapBytes: memory?.usedJSHeapSize,
      status: this.status.textContent ?? '',
    });
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
    const input = this.filterInputs.get(column);
    if (input && input.value !== text) input.value = text;
    this.query = { ...this.query, filters: { ...this.query.filters, [column]: text } };
    this.offset = 0;
    await this.load();
  }

  private async filterBySubstructure(text: string): Promise<void> {
    const q = text.trim();
    if (this.substructureInput.value !== text) this.substructureInput.value = text;
    if (!q) {
      this.scanToken++;
      this.queryMol?.mol.delete();
      this.queryMol = undefined;
      this.query = { ...this.query, substructure: undefined };
      this.offset = 0;
      await this.load();
      return;
    }
    const toolkit = await this.whenToolkit();
    const parsed = toolkit.query(q);
    if (!parsed.mol) {
      this.say(parsed.problem ?? 'Not a query');
      this.substructureInput.setAttribute('aria-invalid', 'true');
      return;
    }
    this.substructureInput.removeAttribute('aria-invalid');
    this.queryMol?.mol.delete();
    this.queryMol = { text: q, mol: parsed.mol };
    const done = this.info?.scanned?.query === q && this.info.scanned.records >= this.info.count;
    if (!done && !(await this.scan(q))) return;
    this.query = { ...this.query, substructure: q };
    this.offset = 0;
    await this.load();
  }

  private whenToolkit(): Promise<Toolkit> {
    if (this.toolkit) return Promise.resolve(this.toolkit);
    return new Promise((resolve) => {
      const timer = setInterval(() => {
        if (!this.toolkit) return;
        clearInterval(timer);
        resolve(this.toolkit);
      }, 50);
    });
  }

  private async ensureComputed(): Promise<boolean> {
    const info = this.info;
    if (!info) return false;
    if (info.indexing) {
      this.say('The file is still being read; sorting and filtering by formula or mass start when it is done.');
      return false;
    }
    if (info.computed >= info.count) return true;
    return this.scan(undefined);
  }

  /**
   * Reads every record once through the toolkit (formula, masses and, with a query, substructure matches) and
   * reports to the backend; a batch at a time, so the page stays responsive. False when cancelled or replaced.
   */
  private async scan(query: string | undefined): Promise<boolean> {
    const info = this.info;
    if (!info) return false;
    if (info.indexing) {
      this.say('The file is still being read; a substructure filter starts when it is done.');
      return false;
    }
    const token = ++this.scanToken;
    const toolkit = await this.whenToolkit();
    const q = query ? this.queryMol?.mol : undefined;
    const count = info.count;
    for (let from = 0; from < count; from += SCAN_BATCH) {
      if (token !== this.scanToken) return false;
      const ids = Array.from({ length: Math.min(SCAN_BATCH, count - from) }, (_, i) => from + i);
      const { version, texts } = await this.backend.request('texts', { version: info.version, ids });
      if (version !== this.info?.version) return false;
      const formulas: Array<string | undefined> = [];
      const mws: Array<number | undefined> = [];
      const masses: Array<number | undefined> = [];
      const matches: boolean[] = [];
      for (const text of texts) {
        const r = text === undefined ? { match: false } : toolkit.scan(text, q);
        formulas.push('formula' in r ? r.formula : undefined);
        mws.push('mw' in r ? r.mw : undefined);
        masses.push('mass' in r ? r.mass : undefined);
        matches.push(r.match);
      }
      await this.backend.request('scanned', { version, ids, formulas, mws, masses, substructure: query ? { query, matches } : undefined });
      this.say(
        `${query ? `Looking for ${query}` : 'Computing formulas and masses'}: ${Math.min(from + SCAN_BATCH, count).toLocaleString()} of ${count.toLocaleString()} records (Esc in the substructure box stops)`,
      );
      await new Promise((r) => setTimeout(r, 0));
    }
    if (this.info) this.info = { ...this.info, computed: count, scanned: query ? { query, records: count } : this.info.scanned };
    return token === this.scanToken;
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
    for (const input of this.filterInputs.values()) input.value = '';
    this.substructureInput.value = '';
    this.headerKey = '';
    await this.goToRecord(id);
  }

  // Selection and keyboard.

  private onRowClick(id: number, e: MouseEvent): void {
    if (e.shiftKey && this.anchor !== undefined) this.selectRange(this.anchor, id, e.ctrlKey || e.metaKey);
    else if (e.ctrlKey || e.metaKey) this.toggle(id);
    else this.selectOnly(id);
    this.focusRow(id);
  }

  private pageIds(): number[] {
    return this.page?.rows.map((r) => r.id) ?? [];
  }

  private selectOnly(id: number): void {
    this.selected.clear();
    this.selected.add(id);
    this.anchor = id;
    this.syncSelection();
  }

  private toggle(id: number): void {
    if (this.selected.has(id)) this.selected.delete(id);
    else this.selected.add(id);
    this.anchor = id;
    this.syncSelection();
  }

  private selectRange(from: number, to: number, add: boolean): void {
    const ids = this.pageIds();
    const a = ids.indexOf(from);
    const b = ids.indexOf(to);
    if (a < 0 || b < 0) return this.selectOnly(to);
    if (!add) this.selected.clear();
    for (let i = Math.min(a, b); i <= Math.max(a, b); i++) this.selected.add(ids[i]);
    this.syncSelection();
  }

  private syncSelection(): void {
    for (const { row, tr } of this.rowsById.values()) tr.setAttribute('aria-selected', String(this.selected.has(row.id)));
    this.updateStatus();
  }

  private updateRoving(): void {
    for (const { row, tr } of this.rowsById.values()) tr.tabIndex = row.id === this.focusedId ? 0 : -1;
  }

  private focusRow(id: number | undefined): void {
    if (id === undefined) return;
    this.focusedId = id;
    this.updateRoving();
    this.rowsById.get(id)?.tr.focus();
  }

  private onKey(e: KeyboardEvent): void {
    if ((e.target as HTMLElement).tagName === 'INPUT') return;
    const ids = this.pageIds();
    const at = this.focusedId === undefined ? -1 : ids.indexOf(this.focusedId);
    const moveFocus = (to: number) => {
      const id = ids[Math.max(0, Math.min(ids.length - 1, to))];
      if (e.shiftKey && this.anchor !== undefined) this.selectRange(this.anchor, id, false);
      this.focusRow(id);
    };
    const mod = e.ctrlKey || e.metaKey;
    let handled = true;
    if (e.altKey && e.key === 'ArrowUp') void this.move(-1);
    else if (e.altKey && e.key === 'ArrowDown') void this.move(1);
    else if (e.key === 'ArrowDown') moveFocus(at + 1);
    else if (e.key === 'ArrowUp') moveFocus(at - 1);
    else if (e.key === 'Home') moveFocus(0);
    else if (e.key === 'End') moveFocus(ids.length - 1);
    else if (e.key === 'PageDown') void this.goToOffset(this.offset + this.pageSize);
    else if (e.key === 'PageUp') void this.goToOffset(this.offset - this.pageSize);
    else if (e.key === ' ' && this.focusedId !== undefined) this.toggle(this.focusedId);
    else if (e.key === 'Enter') void this.openDetails();
    else if (mod && e.key.toLowerCase() === 'a') {
      ids.forEach((id) => this.selected.add(id));
      this.syncSelection();
    } else if (mod && e.key.toLowerCase() === 'c') void this.copy(e.shiftKey ? 'sdf' : 'smiles');
    else if (e.key === 'Delete') void this.deleteSelected();
    else if (e.key === 'Escape') {
      this.selected.clear();
      this.syncSelection();
    } else handled = false;
    if (handled) e.preventDefault();
  }

  // Actions on the selection.

  /** Selected records in record order; the focused row when nothing is selected. */
  private selection(): number[] {
    if (this.selected.size) return [...this.selected].sort((a, b) => a - b);
    return this.focusedId === undefined ? [] : [this.focusedId];
  }

  private async records(ids: number[]): Promise<Array<{ id: number; name: string; text?: string }>> {
    const info = this.info;
    if (!info || ids.length === 0) return [];
    const { texts } = await this.backend.request('texts', { version: info.version, ids });
    const names = new Map(this.page?.rows.map((r) => [r.id, r.name]));
    return ids.map((id, i) => ({ id, name: names.get(id) ?? '', text: texts[i] }));
  }

  private async identified(ids: number[]): Promise<ActionRecord[]> {
    const toolkit = await this.whenToolkit();
    const isSdf = this.info?.format === 'sdf';
    return (await this.records(ids)).map((r) => ({
      id: r.id,
      name: r.name || recordName(r.text, isSdf),
      ...(r.text ? toolkit.identify(r.text, isSdf) : {}),
    }));
  }

  private async act(what: string, body: () => Promise<void>): Promise<void> {
    try {
      if (this.selection().length === 0) {
        this.say(`Select a record first (${what}).`);
        return;
      }
      await body();
    } catch (e) {
      this.say(`${what}: ${errorText(e)}`);
    }
  }

  private copy(format: CopyFormat): Promise<void> {
    return this.act(format === 'smiles' ? 'Copy SMILES' : 'Copy SDF', async () => {
      const ids = this.selection();
      let text: string;
      if (format === 'sdf' && this.info?.format === 'sdf') {
        text = (await this.records(ids)).map((r) => withRecordEnd(r.text ?? '')).join('');
      } else {
        const records = await this.identified(ids);
        text =
          format === 'smiles'
            ? records.map((r) => (r.smiles ? `${r.smiles}${r.name ? ` ${r.name}` : ''}\n` : '')).join('')
            : records.map((r) => (r.molblock ? withRecordEnd(retitle(r.molblock, r.name)) : '')).join('');
      }
      await this.backend.request('copy', { text, what: `${ids.length} record${ids.length === 1 ? '' : 's'} as ${format.toUpperCase()}` });
      this.say(`Copied ${ids.length} record${ids.length === 1 ? '' : 's'} as ${format.toUpperCase()}.`);
    });
  }

  private openDetails(): Promise<void> {
    return this.act('Open details', async () => {
      const [record] = await this.identified(this.selection().slice(0, 1));
      if (!record.inchikey) throw new Error('no InChIKey could be computed for this record');
      await this.backend.request('openDetails', record);
    });
  }

  private lookUp(): Promise<void> {
    return this.act('Look up', async () => {
      const records = await this.identified(this.selection().slice(0, 100));
      await this.backend.request('lookUp', { records: records.filter((r) => r.inchikey) });
    });
  }

  private insertMol(): Promise<void> {
    return this.act('Insert MOL', async () => {
      const [record] = await this.identified(this.selection().slice(0, 1));
      if (!record.molblock) throw new Error('this record has no structure');
      await this.backend.request('insertMol', record);
    });
  }

  private deleteSelected(): Promise<void> {
    if (!this.info?.editable) return Promise.resolve();
    return this.act('Delete', async () => {
      const ids = this.selection();
      await this.backend.request('edit', { version: this.info!.version, edit: { kind: 'delete', ids } });
      this.selected.clear();
    });
  }

  /** Moves the selection one place up or down in the file (a block: records between are kept in order). */
  private move(by: -1 | 1): Promise<void> {
    const info = this.info;
    if (!info?.editable) return Promise.resolve();
    return this.act('Move', async () => {
      const ids = this.selection();
      const first = ids[0];
      const last = ids[ids.length - 1];
      const before = by < 0 ? first - 1 : last + 2;
      if (by < 0 && first === 0) return;
      if (by > 0 && last >= info.count - 1) return;
      await this.backend.request('edit', { version: info.version, edit: { kind: 'move', ids, before: before >= info.count ? null : before } });
      const moved = ids.map((id) => id + by);
      this.selected.clear();
      moved.forEach((id) => this.selected.add(id));
      this.focusedId = moved[0];
    });
  }

  /** Test and bench hooks, acting through the same paths as the mouse and keyboard. */
  private async drive(action: DriveAction): Promise<void> {
    switch (action.kind) {
      case 'substructure':
        return this.filterBySubstructure(action.query);
      case 'filter':
        return this.filterColumn(action.column, action.text);
      case 'sort':
        return this.sortBy(action.column, action.descending);
      case 'select':
        this.selected.clear();
        action.ids.forEach((id) => this.selected.add(id));
        this.syncSelection();
        this.maybeReport();
        return;
      case 'copy':
        return this.copy(action.format);
      case 'delete':
        return this.deleteSelected();
      case 'moveUp':
        return this.move(-1);
      case 'goTo':
        return this.goToRecord(action.record);
    }
  }
}

function errorText(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** The title line of an SDF record (the name when the index has none to hand). */
function recordName(text: string | undefined, isSdf: boolean): string {
  if (!text || !isSdf) return '';
  const nl = text.indexOf('\n');
  return (nl < 0 ? text : text.slice(0, nl)).trim();
}

function withRecordEnd(record: string): string {
  if (/^\$\$\$\$\s*$/m.test(record)) return record.endsWith('\n') ? record : `${record}\n`;
  return `${record}${record.endsWith('\n') ? '' : '\n'}$$$$\n`;
}

/** A generated MOL block titled with the record's name (its first line). */
function retitle(molblock: string, name: string): string {
  const nl = molblock.indexOf('\n');
  return nl < 0 ? molblock : `${name.replace(/[\r\n]/g, ' ')}${molblock.slice(nl)}`;
}
