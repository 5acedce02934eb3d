/**
 * The spectra list page: a toolbar (Identify All, Cancel, Export CSV, progress), the table of spectra (index, title,
 * precursor, peaks, best hit with its structure, score), and the chosen row's plot (a mirror plot once it has a hit).
 * The table draws only the rows in view and a few around them (rows of one height, spacers above and below): a file
 * of 10,000 spectra is 10,000 small objects, not 60,000 table cells to lay out on every update.
 */
import { clear, el } from '../dom';
import { renderPlot } from '../plot';
import type { SpectrumPlotView } from '../protocol';
import { PageEndpoint } from '../../webview-protocol/endpoint';
import { hostChannel, testHook } from '../channel';
import type { HitView, IdentifyProgress, ReadProgress, SpectraListState, SpectraProtocol, SpectraSnapshot, SpectrumRowView } from './protocol';

const root = document.getElementById('root') as HTMLElement;

/** Every row of the file, in file order; `position` maps a spectrum's index to its place in it. */
const rows: SpectrumRowView[] = [];
const position = new Map<number, number>();
/** The rows drawn now, by place. */
let drawn = new Map<number, HTMLTableRowElement>();
const hits = new Map<number, HitView>();
const thumbnails = new Map<number, Promise<string | undefined>>();
let errorCount = 0;
/** Rows drawn beyond the visible ones, above and below. */
const OVERSCAN = 12;
let selected: number | undefined;
let plotted: SpectraSnapshot['plot'];
let fileName = '';
/** Time spent building rows, ms (the test hook reports it beside the wall time). */
let rowsMs = 0;

function button(label: string, name: string, onClick: () => void, primary = false): HTMLButtonElement {
  const b = el('button', { text: label, className: primary ? 'primary' : undefined, title: name });
  b.type = 'button';
  b.setAttribute('aria-label', name);
  b.addEventListener('click', onClick);
  return b;
}

function report(error: unknown): void {
  status.textContent = error instanceof Error ? error.message : String(error);
  status.classList.add('problem');
}

const identify = button(
  'Identify All',
  'Identify all spectra: the best hit of each',
  () => {
    identify.disabled = true;
    cancel.disabled = false;
    status.classList.remove('problem');
    channel.request('identifyAll').catch(report);
  },
  true,
);
const cancel = button('Cancel', 'Stop identifying (the hits found are kept)', () => void channel.request('cancel').catch(report));
cancel.disabled = true;
const exportCsv = button('Export CSV…', 'Export the hits as CSV', () => void channel.request('exportCsv').catch(report));
exportCsv.disabled = true;
const progress = el('progress', { className: 'identify-progress' });
progress.max = 1;
progress.value = 0;
const status = el('span', { className: 'status' });
status.setAttribute('aria-live', 'polite');
const readStatus = el('span', { className: 'status read-status' });

const body = el('tbody');
const table = el(
  'table',
  { className: 'spectra-list' },
  el(
    'thead',
    {},
    el(
      'tr',
      {},
      ...['#', 'Title', 'Precursor m/z', 'Peaks', 'Best hit', 'Score'].map((h, i) =>
        el('th', { text: h, className: [0, 2, 3, 5].includes(i) ? 'number' : undefined }),
      ),
    ),
  ),
  body,
);
table.setAttribute('aria-label', 'Spectra of the file');
const scroller = el('div', { className: 'table-scroll' }, table);
scroller.addEventListener('scroll', () => drawRows());
const plotArea = el(
  'div',
  { className: 'plot-area' },
  el('p', { className: 'note', text: 'Choose a spectrum to plot it; once identified, its best hit is drawn below it.' }),
);
const hitActions = el('div', { className: 'hit-actions' });

function layout(): void {
  clear(root);
  root.append(
    el(
      'header',
      { className: 'toolbar' },
      el('h1', { text: fileName }),
      el('div', { className: 'buttons' }, identify, cancel, exportCsv),
      progress,
      status,
      readStatus,
    ),
    el('div', { className: 'split' }, scroller, el('section', { className: 'plot-side' }, hitActions, plotArea)),
  );
}

const fmtMz = (mz: number | undefined) => (mz === undefined ? '—' : String(Number(mz.toFixed(4))));

/** Height of every row, CSS px: taller once a row shows a structure thumbnail (spectra.css gives rows these heights). */
function rowHeight(): number {
  return table.classList.contains('identified') ? 56 : 28;
}

function rowElement(r: SpectrumRowView): HTMLTableRowElement {
  const row = el('tr');
  row.dataset.index = String(r.index);
  row.tabIndex = 0;
  row.setAttribute('aria-rowindex', String((position.get(r.index) ?? 0) + 2));
  const title = r.error
    ? el('td', { className: 'problem title', text: r.error })
    : el('td', { className: 'title', text: r.title || `Spectrum ${r.index}` });
  row.append(
    el('td', { className: 'number', text: String(r.index) }),
    title,
    el('td', { className: 'number', text: fmtMz(r.precursorMz) }),
    el('td', { className: 'number', text: r.error ? '—' : String(r.peaks) }),
    el('td', { className: 'hit' }),
    el('td', { className: 'number score' }),
  );
  row.title = r.error ?? `${r.title ?? `Spectrum ${r.index}`} · line ${r.line}${r.ionMode ? ` · ${r.ionMode}` : ''}`;
  if (r.error) row.classList.add('unreadable');
  if (r.index === selected) row.setAttribute('aria-selected', 'true');
  row.addEventListener('click', () => void choose(r.index));
  row.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      void choose(r.index);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const next = rows[(position.get(r.index) ?? 0) + (event.key === 'ArrowDown' ? 1 : -1)];
      if (next) {
        void choose(next.index);
        rowOf(next.index)?.focus();
      }
    }
  });
  const hit = hits.get(r.index);
  if (hit) drawHit(row, hit);
  return row;
}

function spacer(height: number): HTMLTableRowElement {
  const cell = el('td');
  cell.colSpan = 6;
  cell.style.height = `${height}px`;
  const row = el('tr', { className: 'spacer' }, cell);
  row.setAttribute('aria-hidden', 'true');
  return row;
}

/** Draws the rows in view (and OVERSCAN around them); rows drawn before and still in view are kept as they are. */
function drawRows(): void {
  const height = rowHeight();
  const view = scroller.clientHeight || window.innerHeight;
  const first = Math.max(0, Math.floor(scroller.scrollTop / height) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scroller.scrollTop + view) / height) + OVERSCAN);
  const focused = document.activeElement instanceof HTMLTableRowElement ? document.activeElement : undefined;
  const next = new Map<number, HTMLTableRowElement>();
  const fragment = document.createDocumentFragment();
  fragment.appendChild(spacer(first * height));
  for (let at = first; at < last; at++) {
    const row = drawn.get(at) ?? rowElement(rows[at]);
    next.set(at, row);
    fragment.appendChild(row);
  }
  fragment.appendChild(spacer((rows.length - last) * height));
  for (const [at, row] of drawn) if (!next.has(at)) for (const img of row.querySelectorAll('img')) observer.unobserve(img);
  drawn = next;
  body.replaceChildren(fragment);
  if (focused?.isConnected) focused.focus({ preventScroll: true });
}

/** The row of a spectrum when it is drawn. */
function rowOf(index: number): HTMLTableRowElement | undefined {
  const at = position.get(index);
  return at === undefined ? undefined : drawn.get(at);
}

/** Scrolls the table so that the spectrum's row is in view (and drawn). */
function reveal(index: number): void {
  const at = position.get(index);
  if (at === undefined) return;
  const height = rowHeight();
  const top = at * height;
  const view = scroller.clientHeight;
  if (top < scroller.scrollTop || top + height > scroller.scrollTop + view) scroller.scrollTop = Math.max(0, top - view / 2);
  drawRows();
}

function addRows(added: SpectrumRowView[]): void {
  const started = performance.now();
  for (const r of added) {
    position.set(r.index, rows.length);
    rows.push(r);
    if (r.error) errorCount++;
  }
  drawRows();
  rowsMs += performance.now() - started;
}

function showRead(read: ReadProgress): void {
  const size = read.totalBytes ? ` of ${(read.totalBytes / 1e6).toFixed(1)} MB` : '';
  const errors = errorCount ? `, ${errorCount} could not be read (in red)` : '';
  readStatus.textContent = read.error
    ? `Could not read the file: ${read.error}`
    : read.reading
      ? `${rows.length} spectra so far (${(read.bytes / 1e6).toFixed(1)} MB${size})…`
      : `${rows.length} spectra${errors}; listed in ${((read.readMs ?? 0) / 1000).toFixed(1)} s`;
  readStatus.classList.toggle('problem', !!read.error);
  identify.disabled = read.reading || rows.length === errorCount || !cancel.disabled;
}

const observer = new IntersectionObserver((entries) => {
  for (const entry of entries) {
    if (!entry.isIntersecting) continue;
    const img = entry.target as HTMLImageElement;
    observer.unobserve(img);
    const recordId = Number(img.dataset.recordId);
    let thumb = thumbnails.get(recordId);
    if (!thumb) thumbnails.set(recordId, (thumb = channel.request('thumbnail', { recordId }).catch(() => undefined)));
    void thumb.then((uri) => {
      if (uri?.startsWith('data:image/png;base64,')) img.src = uri;
    });
  }
});

function drawHit(row: HTMLTableRowElement, hit: HitView): void {
  const cell = row.children[4] as HTMLElement;
  const scoreCell = row.children[5] as HTMLElement;
  clear(cell);
  if (hit.recordId === undefined) {
    cell.appendChild(
      el('span', {
        className: hit.message && row.classList.contains('unreadable') ? 'problem' : 'note',
        text: row.classList.contains('unreadable') ? '' : (hit.message ?? ''),
      }),
    );
    scoreCell.textContent = '';
    return;
  }
  const img = el('img', { className: 'thumb' });
  img.alt = `Structure of ${hit.name ?? `record ${hit.recordId}`}`;
  img.dataset.recordId = String(hit.recordId);
  img.width = 48;
  img.height = 48;
  observer.observe(img);
  cell.appendChild(el('div', { className: 'hit-cell' }, img, el('span', { className: 'hit-name', text: hit.name ?? `Record ${hit.recordId}` })));
  scoreCell.textContent = hit.score === undefined ? '' : hit.score.toFixed(4);
  scoreCell.title = [
    hit.meaning,
    hit.matchedPeaks === undefined ? undefined : `${hit.matchedPeaks} peaks matched`,
    hit.spectrumId === undefined ? undefined : `library spectrum ${hit.spectrumId}`,
  ]
    .filter(Boolean)
    .join('\n');
  cell.title = `Record ${hit.recordId}${hit.name ? `: ${hit.name}` : ''}`;
}

/** Spectra with a hit so far. */
let found = 0;

function showHits(list: HitView[], state: IdentifyProgress): void {
  for (const hit of list) {
    if (hits.get(hit.index)?.recordId !== undefined) found--;
    hits.set(hit.index, hit);
    if (hit.recordId !== undefined) found++;
    const row = rowOf(hit.index);
    if (row) drawHit(row, hit);
  }
  if (found > 0 && !table.classList.contains('identified')) {
    // Rows with a thumbnail are taller: the same rows stay in view.
    const top = scroller.scrollTop / rowHeight();
    table.classList.add('identified');
    scroller.scrollTop = top * rowHeight();
    drawRows();
  }
  progress.max = Math.max(1, state.total);
  progress.value = state.done;
  status.classList.remove('problem');
  status.textContent = state.running
    ? `Identifying: ${state.done} of ${state.total} (${(state.elapsedMs / 1000).toFixed(1)} s)…`
    : `${state.cancelled ? 'Stopped' : 'Identified'}: ${found} of ${state.total} spectra have a hit (${state.done} searched in ${(state.elapsedMs / 1000).toFixed(1)} s)`;
  cancel.disabled = !state.running;
  identify.disabled = state.running;
  exportCsv.disabled = state.running || hits.size === 0;
  if (!state.running && selected !== undefined && list.some((h) => h.index === selected)) void choose(selected);
}

/** Chooses a row: its hit's summary and its plot (settles once drawn). */
function choose(index: number): Promise<void> {
  selected = index;
  for (const r of body.querySelectorAll('tr[aria-selected="true"]')) r.setAttribute('aria-selected', 'false');
  reveal(index);
  rowOf(index)?.setAttribute('aria-selected', 'true');
  clear(hitActions);
  const hit = hits.get(index);
  if (hit?.recordId !== undefined) {
    hitActions.append(
      el('span', {
        className: 'hit-summary',
        text: `${hit.name ?? `Record ${hit.recordId}`} · ${hit.score?.toFixed(4) ?? ''}${hit.meaning ? ` · ${hit.meaning}` : ''}`,
      }),
      button('Open Details', `Open the details of record ${hit.recordId}`, () => void channel.request('openDetails', { index }).catch(report)),
    );
  }
  return channel
    .request('plot', { index })
    .then((plot) => {
      if (selected === index) draw(plot, undefined);
    })
    .catch((error: unknown) => {
      clear(plotArea);
      plotArea.appendChild(el('p', { className: 'problem', text: error instanceof Error ? error.message : String(error) }));
      plotted = undefined;
    });
}

function draw(plot: SpectrumPlotView, range: [number, number] | undefined): void {
  const { figure, state } = renderPlot(plot, range, (next) => draw(plot, next));
  clear(plotArea);
  plotArea.appendChild(figure);
  plotted = {
    id: plot.id,
    points: plot.points.length,
    libraryPoints: plot.mirror?.points.length ?? 0,
    matched: state.matched,
    labels: state.labels,
    yHighest: state.yHighest,
    yLowest: state.yLowest,
  };
}

/** What is on screen, with where the toolbar's buttons, the table and the plot are drawn (the test hook). */
function snapshot(): SpectraSnapshot {
  const box = (name: string, node: Element) => {
    const r = node.getBoundingClientRect();
    const style = getComputedStyle(node);
    return {
      name,
      x: r.x,
      y: r.y,
      width: r.width,
      height: r.height,
      visible: r.width > 0 && r.height > 0 && style.visibility !== 'hidden',
      color: style.color,
      background: style.backgroundColor,
    };
  };
  const boxes = [
    ...[identify, cancel, exportCsv].map((b) => box(b.textContent ?? '', b)),
    ...[...root.querySelectorAll('.hit-actions button, .plot-tools button')].map((b) => box(b.textContent ?? '', b)),
    box('table', table),
    box('plot', plotArea),
    ...[...table.querySelectorAll('thead th')].map((th) => box(`header ${th.textContent ?? ''}`, th)),
  ];
  return {
    rows: rows.length,
    rowsMs,
    errors: errorCount,
    hits: found,
    selected,
    plot: plotted,
    viewportWidth: document.documentElement.clientWidth,
    contentWidth: document.documentElement.scrollWidth,
    boxes,
    theme:
      ['vscode-high-contrast', 'vscode-high-contrast-light', 'vscode-dark', 'vscode-light'].find((c) => document.body.classList.contains(c)) ?? '',
  };
}

/** Everything so far: at the start, and again when the page was reloaded. */
function showState(state: SpectraListState): void {
  fileName = state.file;
  document.title = state.file;
  rows.length = 0;
  position.clear();
  drawn = new Map();
  hits.clear();
  found = 0;
  table.classList.remove('identified');
  errorCount = 0;
  layout();
  for (const h of state.hits) {
    hits.set(h.index, h);
    if (h.recordId !== undefined) found++;
  }
  table.classList.toggle('identified', found > 0);
  addRows(state.rows);
  showRead(state.read);
  if (state.identify) showHits([], state.identify);
}

const channel = new PageEndpoint<SpectraProtocol>(
  hostChannel(),
  {
    snapshot: testHook(() => snapshot()),
    select: testHook(({ index }) => choose(index).then(snapshot)),
  },
  {
    state: showState,
    rows: ({ rows, read }) => {
      addRows(rows);
      showRead(read);
    },
    hits: ({ hits: list, identify: progress }) => showHits(list, progress),
  },
);
