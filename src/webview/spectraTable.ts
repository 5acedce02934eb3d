/**
 * The details panel's measured spectra as a compact table: type, MS level, precursor, adduct, collision energy,
 * instrument; a filter over every column, sort by a column's header, the provenance in each row's tooltip. Choosing a
 * row (click, Enter, arrows) plots it in the area beside the table.
 */
import { el } from './dom';
import type { SpectrumItemView } from './protocol';

interface Column {
  /** Short, so that six columns fit beside the plot; `name` in the header's tooltip and accessible name. */
  label: string;
  name: string;
  value: (s: SpectrumItemView) => string | number | undefined;
}

const COLUMNS: Column[] = [
  { label: 'Type', name: 'type', value: (s) => s.type },
  { label: 'MS', name: 'MS level', value: (s) => s.msLevel },
  { label: 'Precursor', name: 'precursor m/z', value: (s) => s.precursorMz },
  { label: 'Adduct', name: 'adduct', value: (s) => s.adduct },
  { label: 'CE', name: 'collision energy', value: (s) => s.collisionEnergy },
  { label: 'Instrument', name: 'instrument', value: (s) => s.instrument },
];

const cellText = (v: string | number | undefined) => (v === undefined ? '' : String(v));

function compare(a: string | number | undefined, b: string | number | undefined): number {
  if (a === undefined || a === '') return b === undefined || b === '' ? 0 : 1;
  if (b === undefined || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  // "10(NCE)" before "20(NCE)", "MS2" before "MS10"
  return String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' });
}

/** The table with its filter box; `onChoose` plots a row's spectrum. */
export function spectraTable(items: SpectrumItemView[], onChoose: (id: number) => void): HTMLElement {
  let sortBy = -1;
  let descending = false;
  let chosen: number | undefined;
  const filter = el('input', { className: 'spectra-filter', title: 'Show the spectra whose row contains this text' });
  filter.type = 'search';
  filter.placeholder = 'Filter spectra (ESI+, MS2, [M+H]+, Orbitrap…)';
  filter.setAttribute('aria-label', 'Filter spectra');
  const count = el('span', { className: 'note spectra-count' });
  const body = el('tbody');
  const head = el('tr');
  const widths = el('colgroup', {}, ...COLUMNS.map(() => el('col')));
  const table = el('table', { className: 'spectra-table' }, widths, el('thead', {}, head), body);
  table.setAttribute('aria-label', 'Measured spectra');

  const choose = (id: number, row: HTMLElement) => {
    chosen = id;
    for (const r of body.querySelectorAll<HTMLElement>('tr[aria-selected="true"]')) r.setAttribute('aria-selected', 'false');
    row.setAttribute('aria-selected', 'true');
    onChoose(id);
  };

  const draw = () => {
    const words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    const rows = items
      .map((s) => ({ s, cells: COLUMNS.map((c) => c.value(s)) }))
      .filter(({ cells }) => {
        const text = cells.map(cellText).join(' ').toLowerCase();
        return words.every((w) => text.includes(w));
      });
    if (sortBy >= 0) rows.sort((a, b) => (descending ? -1 : 1) * compare(a.cells[sortBy], b.cells[sortBy]) || a.s.id - b.s.id);
    body.replaceChildren(
      ...rows.map(({ s, cells }) => {
        const row = el('tr', { title: s.provenance || s.fileName });
        row.dataset.spectrum = String(s.id);
        row.tabIndex = 0;
        row.setAttribute('aria-selected', String(s.id === chosen));
        cells.forEach((v, i) =>
          row.appendChild(el('td', { text: typeof v === 'number' ? v.toFixed(4) : cellText(v) || '—', className: i === 2 ? 'number' : undefined })),
        );
        row.addEventListener('click', () => choose(s.id, row));
        row.addEventListener('keydown', (event) => {
          if (event.key === 'Enter' || event.key === ' ') {
            event.preventDefault();
            choose(s.id, row);
          } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            const next = (event.key === 'ArrowDown' ? row.nextElementSibling : row.previousElementSibling) as HTMLElement | null;
            if (next) {
              next.focus();
              choose(Number(next.dataset.spectrum), next);
            }
          }
        });
        return row;
      }),
    );
    count.textContent = rows.length === items.length ? `${items.length} spectra` : `${rows.length} of ${items.length} spectra`;
  };

  COLUMNS.forEach((column, i) => {
    // a sortable header: focusable, sorted by a click or Enter (a header, not a button among the panel's buttons)
    const th = el('th', { text: column.label, title: `Sort by ${column.name}` });
    th.tabIndex = 0;
    th.setAttribute('aria-sort', 'none');
    th.setAttribute('aria-label', column.name);
    const sort = () => {
      descending = sortBy === i ? !descending : false;
      sortBy = i;
      for (const other of head.querySelectorAll('th')) other.setAttribute('aria-sort', 'none');
      th.setAttribute('aria-sort', descending ? 'descending' : 'ascending');
      draw();
    };
    th.addEventListener('click', sort);
    th.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' || event.key === ' ') {
        event.preventDefault();
        sort();
      }
    });
    head.appendChild(th);
  });
  filter.addEventListener('input', draw);
  draw();
  return el(
    'div',
    { className: 'spectra-list' },
    el('div', { className: 'spectra-tools' }, filter, count),
    el('div', { className: 'spectra-scroll' }, table),
  );
}
