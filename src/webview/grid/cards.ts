/**
 * Structure cards, drawn lazily: a card is drawn when it comes near the viewport, by the toolkit worker (a few cards a
 * call, each shown as it comes), so a large file is usable at once. Whatever a record holds, it goes in as an <img>
 * of an SVG: nothing in it can run or reach the page.
 */
import type { RowView } from '../../grid/protocol';
import { clear, el } from '../dom';
import type { Drawing } from './chemistry';
import { ToolkitStopped, type BoundedToolkit } from './boundedToolkit';
import { errorText } from './recordText';

/** Cards drawn by one toolkit call. */
const CARDS_A_CALL = 12;

export interface CardSize {
  width: number;
  height: number;
}

export interface CardEvents {
  /** The row a card belongs to (undefined once the page changed). */
  rowOf: (card: HTMLElement) => RowView | undefined;
  /** The substructure query whose match is highlighted. */
  highlight: () => string | undefined;
  /** A card was drawn by the toolkit (which computed the record's formula and masses on the way). */
  drawn: (row: RowView, card: HTMLElement, drawing: Drawing) => void;
  /** Nothing queued or being drawn any more. */
  idle: () => void;
}

function label(row: RowView): string {
  return row.name || `record ${row.id + 1}`;
}

export class CardPainter {
  private toolkit: BoundedToolkit | undefined;
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
  ready(toolkit: BoundedToolkit): void {
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
      while (this.queue.length) await this.drawSome(this.queue.splice(0, CARDS_A_CALL));
    } finally {
      this.drawing = false;
    }
    this.events.idle();
  }

  /** Draws `cards` in one call, each shown as it comes; past a card's deadline it shows why, and the rest wait again. */
  private async drawSome(cards: HTMLElement[]): Promise<void> {
    const rows = new Map<HTMLElement, RowView>();
    for (const card of cards) {
      const row = this.events.rowOf(card);
      if (row && card.dataset.pending) rows.set(card, row);
    }
    const todo = [...rows.keys()];
    if (!todo.length || !this.toolkit) return;
    const { width, height } = this.size;
    try {
      await this.toolkit.run(
        'draw',
        todo.map((card) => rows.get(card)!.text),
        { width, height, query: this.events.highlight() },
        { onItem: (i, drawing) => this.show(todo[i], rows.get(todo[i])!, drawing) },
      );
    } catch (e) {
      if (!(e instanceof ToolkitStopped)) {
        for (const card of todo) this.show(card, rows.get(card)!, { problem: `Not drawn: ${errorText(e)}` });
        return;
      }
      const card = todo[e.index];
      if (card) this.show(card, rows.get(card)!, { problem: `Drawing stopped after ${e.ms / 1000} s.` });
      this.queue.unshift(...todo.slice(e.index + 1));
    }
  }

  private show(card: HTMLElement, row: RowView, drawing: Drawing): void {
    // The page changed while the card was being drawn.
    if (!card.dataset.pending || this.events.rowOf(card) !== row) return;
    delete card.dataset.pending;
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
