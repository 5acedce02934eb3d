/**
 * The details panel's "Other records of the same skeleton or parent" block: a self-contained section (its own markup
 * and one request), so the panel's layout can place it anywhere.
 */
import { el } from './dom';
import type { RelatedRecordView } from './protocol';

export function relatedRecordsSection(related: readonly RelatedRecordView[] | undefined, open: (recordId: number) => void): HTMLElement | undefined {
  if (!related?.length) return undefined;
  const list = el('ul', { className: 'related' });
  for (const r of related) {
    const link = el('a', { text: r.name || `Record ${r.recordId}`, title: `Open record ${r.recordId}` });
    link.href = '#';
    link.addEventListener('click', (e) => {
      e.preventDefault();
      open(r.recordId);
    });
    const item = el('li', {}, link, el('span', { className: 'note', text: ` · ${r.note} · record ${r.recordId}` }));
    item.dataset.related = String(r.recordId);
    list.appendChild(item);
  }
  return el('section', {}, el('h2', { text: 'Other records of the same skeleton or parent' }), list);
}
