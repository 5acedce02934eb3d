/**
 * Structure cards, drawn lazily: a card is drawn when it comes near the viewport, a few per frame, so a large file
 * is usable at once. Whatever a record holds, it goes in as an <img> of an SVG: nothing in it can run or reach the page.
 */
import type { Mol } from '@rdkit/rdkit';
import type { RowView } from '../../grid/protocol';
import { clear, el } from '../dom';
import type { Drawing, Toolkit } from './chemistry';

/** Milliseconds of drawing per animation frame. */
const FRAME_BUDGET_MS = 12;

export interface CardSize {
  width: number;
  height: number;
}

export interface CardEvents {
  /** The row a card belongs to (undefined once the page changed). */
  rowOf: (card: HTMLElement) => RowView | undefined;
  /** The substructure query whose match is highlighted. */
  highlight: () => Mol | undefined;
  /** A card was drawn by the toolkit (which computed the record's formula and masses on the way). */
  drawn: (row: RowView, card: HTMLElement, drawing: Drawing) => void;
  /** Nothing queued or being drawn any more. */
  idle: () => void;
}

function label(row: RowView): string {
  return row.name || `record ${row.id + 1}`;
}

export class CardPainter {
  private toolkit: Toolkit | undefined;
  private queue: HTMLElement[] = [];
  private drawing = false;
  private readonly observer: IntersectionObserver;

  constructor(
    private readonly size: CardSize,
    scrollRoot: Element | null,
    private readonly events: CardEvents,
  ) {
    this.observer = new IntersectionObserver((entries) => this.onVisible(entries), { root: scrollRoot, rootMargin: '200px' });
  }

  /** True while cards wait to be drawn or are being drawn. */
  get busy(): boolean {
    return this.drawing || this.queue.length > 0;
  }

  /** The toolkit has loaded: draw what is waiting. */
  ready(toolkit: Toolkit): void {
    this.toolkit = toolkit;
    void this.drain();
  }

  /** A new, empty card for `row` (the problem's text when the record is known to be bad). */
  card(row: RowView): HTMLElement {
    const card = el('div', { className: 'cdb-card' });
    card.style.width = `${this.size.width}px`;
    card.style.height = `${this.size.height}px`;
    card.setAttribute('role', 'img');
    card.setAttribute('aria-label', row.problem ? `${label(row)}: ${row.problem}` : `Structure of ${label(row)}`);
    if (row.problem) showProblem(card, row.problem);
    else card.dataset.pending = '1';
    return card;
  }

  /** Watches the cards of `container` still to draw. */
  watch(container: HTMLElement): void {
    for (const card of container.querySelectorAll<HTMLElement>('.cdb-card[data-pending]')) this.observer.observe(card);
  }

  /** Forgets every card (the page is about to be replaced). */
  reset(): void {
    this.observer.disconnect();
    this.queue = [];
  }

  private onVisible(entries: IntersectionObserverEntry[]): void {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      this.observer.unobserve(entry.target);
      this.queue.push(entry.target as HTMLElement);
    }
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.drawing || !this.toolkit) return;
    this.drawing = true;
    try {
      while (this.queue.length) {
        const frameEnd = performance.now() + FRAME_BUDGET_MS;
        while (this.queue.length && performance.now() < frameEnd) this.draw(this.queue.shift()!);
        await new Promise((r) => requestAnimationFrame(r));
      }
    } finally {
      this.drawing = false;
    }
    this.events.idle();
  }

  private draw(card: HTMLElement): void {
    const row = this.events.rowOf(card);
    if (!row || !card.dataset.pending || !this.toolkit) return;
    delete card.dataset.pending;
    const drawing = this.toolkit.draw(row.text, this.size.width, this.size.height, this.events.highlight());
    if (!drawing.svg) {
      showProblem(card, drawing.problem ?? 'This record could not be drawn.');
      card.setAttribute('aria-label', `${label(row)}: ${drawing.problem}`);
      return;
    }
    this.showSvg(card, drawing.svg);
    if (drawing.formula) card.setAttribute('aria-label', `Structure of ${label(row)}, ${drawing.formula}`);
    this.events.drawn(row, card, drawing);
  }

  private showSvg(card: HTMLElement, svg: string): void {
    const img = el('img');
    img.alt = '';
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
    img.width = this.size.width;
    img.height = this.size.height;
    clear(card);
    card.appendChild(img);
  }
}

function showProblem(card: HTMLElement, problem: string): void {
  clear(card);
  card.classList.add('cdb-problem');
  card.appendChild(el('span', { text: problem }));
  delete card.dataset.pending;
}
