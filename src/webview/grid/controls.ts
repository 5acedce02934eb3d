/** The grid's controls: buttons, the toolbar (substructure box, actions, status) and the pager. */
import type { PageResult } from '../../grid/protocol';
import { clear, el } from '../dom';

export function button(label: string, title: string, onClick: () => void): HTMLButtonElement {
  const b = el('button', { text: label, title });
  b.type = 'button';
  b.addEventListener('click', onClick);
  return b;
}

export interface ToolbarActions {
  substructure: (text: string) => void;
  copySmiles: () => void;
  copySdf: () => void;
  openDetails: () => void;
  lookUp: () => void;
  insertMol: () => void;
  moveUp: () => void;
  moveDown: () => void;
  delete: () => void;
}

export interface Toolbar {
  element: HTMLElement;
  substructureInput: HTMLInputElement;
  status: HTMLElement;
  /** Shown only when the grid's file may be edited. */
  editButtons: HTMLButtonElement[];
}

export function toolbar(act: ToolbarActions): Toolbar {
  const status = el('span', { className: 'cdb-status' });
  status.setAttribute('role', 'status');
  status.setAttribute('aria-live', 'polite');
  const substructureInput = el('input', { className: 'cdb-substructure' });
  substructureInput.type = 'search';
  substructureInput.placeholder = 'Substructure (SMILES or SMARTS)';
  substructureInput.title = 'Enter filters the records by this substructure; Esc clears it';
  substructureInput.setAttribute('aria-label', 'Filter by substructure (SMILES or SMARTS)');
  substructureInput.addEventListener('keydown', (e) => {
    if (e.key === 'Enter') act.substructure(substructureInput.value);
    if (e.key === 'Escape') act.substructure('');
  });
  substructureInput.addEventListener('search', () => substructureInput.value === '' && act.substructure(''));

  const actions = el('div', { className: 'cdb-actions' });
  actions.setAttribute('role', 'toolbar');
  actions.setAttribute('aria-label', 'Actions on the selected records');
  actions.append(
    button('Copy SMILES', 'Copy the selected records as SMILES (Ctrl+C)', act.copySmiles),
    button('Copy SDF', 'Copy the selected records as SDF (Ctrl+Shift+C)', act.copySdf),
    button('Open details', 'Open the first selected record in Compound DB, found by its InChIKey (Enter)', act.openDetails),
    button('Look up', 'Search the configured database for the selected records by InChIKey', act.lookUp),
    button('Insert MOL', 'Insert the MOL block of the first selected record at the cursor of the last active editor', act.insertMol),
  );
  const editButtons = [
    button('Move up', 'Move the selected records up one place in the file (Alt+Up)', act.moveUp),
    button('Move down', 'Move the selected records down one place in the file (Alt+Down)', act.moveDown),
    button('Delete', 'Delete the selected records from the file (Delete)', act.delete),
  ];
  for (const b of editButtons) b.hidden = true;
  actions.append(...editButtons);
  return { element: el('div', { className: 'cdb-toolbar' }, substructureInput, actions, status), substructureInput, status, editButtons };
}

/** Fills `pager` with first / previous / next / last buttons, where the page is, and a go-to-record box. */
export function renderPager(
  pager: HTMLElement,
  page: PageResult,
  pageSize: number,
  goToOffset: (offset: number) => void,
  goToRecord: (id: number) => void,
): void {
  clear(pager);
  const pages = Math.max(1, Math.ceil(page.total / pageSize));
  const current = Math.floor(page.offset / pageSize) + 1;
  const go = (p: number) => goToOffset((p - 1) * pageSize);
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
    if (e.key === 'Enter') goToRecord(Number(goTo.value) - 1);
  });
  pager.append(first, prev, where, next, last, goTo);
}
