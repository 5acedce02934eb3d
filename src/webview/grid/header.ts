/** The grid's column header: a sort button per column and, under it, a filter box per column. */
import type { ColumnId, GridInfo, GridQuery } from '../../grid/protocol';
import { clear, el } from '../dom';
import { button } from './controls';

const FILTER_DELAY_MS = 250;

/** The columns after the structure, in order, with their titles. */
export function gridColumns(info: GridInfo): Array<{ id: ColumnId; label: string }> {
  return [
    { id: 'index', label: '#' },
    { id: 'name', label: 'Name' },
    { id: 'formula', label: 'Formula' },
    { id: 'mw', label: 'Mol. weight' },
    { id: 'mass', label: 'Monoisotopic mass' },
    ...info.columns.map((c, i) => ({ id: `field:${i}` as ColumnId, label: c })),
  ];
}

export class GridHeader {
  private readonly filterInputs = new Map<ColumnId, HTMLInputElement>();
  private drawnKey = '';

  constructor(
    private readonly thead: HTMLTableSectionElement,
    private readonly onSort: (column: ColumnId) => void,
    private readonly onFilter: (column: ColumnId, text: string) => void,
  ) {}

  /** Redraws the header when the columns or the sort changed. */
  render(info: GridInfo, sort: GridQuery['sort']): void {
    const key = JSON.stringify([info.columns, sort]);
    if (key === this.drawnKey) return;
    this.drawnKey = key;
    clear(this.thead);
    const titles = el('tr');
    const filters = el('tr', { className: 'cdb-filters' });
    const structure = el('th', { text: 'Structure' });
    structure.scope = 'col';
    titles.appendChild(structure);
    filters.appendChild(el('td'));
    for (const column of gridColumns(info)) {
      const th = el('th');
      th.scope = 'col';
      const sorted = sort?.column === column.id ? sort : undefined;
      th.setAttribute('aria-sort', sorted ? (sorted.descending ? 'descending' : 'ascending') : 'none');
      th.appendChild(
        button(`${column.label}${sorted ? (sorted.descending ? ' ▼' : ' ▲') : ''}`, `Sort by ${column.label}`, () => this.onSort(column.id)),
      );
      titles.appendChild(th);
      filters.appendChild(el('td', {}, this.filterInput(column)));
    }
    this.thead.append(titles, filters);
  }

  /** Puts `text` in a column's box (when the filter comes from elsewhere than typing). */
  show(column: ColumnId, text: string): void {
    const input = this.filterInputs.get(column);
    if (input && input.value !== text) input.value = text;
  }

  /** Empties every box and redraws the header next time. */
  reset(): void {
    for (const input of this.filterInputs.values()) input.value = '';
    this.drawnKey = '';
  }

  private filterInput(column: { id: ColumnId; label: string }): HTMLInputElement {
    const existing = this.filterInputs.get(column.id);
    if (existing) return existing;
    const input = el('input');
    input.type = 'text';
    input.placeholder = column.id === 'index' || column.id === 'mw' || column.id === 'mass' ? '>100, 1..10' : 'filter';
    input.setAttribute('aria-label', `Filter ${column.label}`);
    let timer: ReturnType<typeof setTimeout> | undefined;
    input.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(() => this.onFilter(column.id, input.value), FILTER_DELAY_MS);
    });
    this.filterInputs.set(column.id, input);
    return input;
  }
}
