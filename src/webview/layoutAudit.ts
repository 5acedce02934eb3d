/**
 * What a person would see wrong on a webview's page, read from the laid-out DOM: a control drawn over another
 * control or over the text beside it, an image outside its card, something cut off at the right edge, a button
 * with neither a visible border nor a background of its own. Each webview puts the result in its snapshot, so
 * the integration suite checks the screen, in each theme and width, and not only the data.
 */

import type { LayoutReport } from './protocol';

/** Elements a person clicks or types into. */
const CONTROLS = 'button, input, select, textarea, summary, a[href]';
/** Elements whose own text a control must not cover. */
const TEXT = 'h1, h2, h3, p, dt, dd, th, td, li, label, figcaption, span, code';
/** A card and the images that belong inside it. */
const CARDS = '.structure-card, .cdb-card, [data-card]';

/** Below a pixel, or anti-aliasing, is not an overlap a person sees. */
const SLACK = 1;

function visible(e: Element): boolean {
  // A closed <details> keeps its content laid out but not drawn (content-visibility): a person sees its summary only.
  const closed = e.closest('details:not([open])');
  if (closed && closed !== e && !e.closest('summary')) return false;
  if (typeof e.checkVisibility === 'function' && !e.checkVisibility({ contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true }))
    return false;
  const r = e.getBoundingClientRect();
  if (r.width < 1 || r.height < 1) return false;
  const style = getComputedStyle(e);
  return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
}

function name(e: Element): string {
  const label = e.getAttribute('aria-label') ?? e.getAttribute('alt') ?? e.textContent ?? '';
  const text = label.replace(/\s+/g, ' ').trim().slice(0, 40);
  const cls = typeof e.className === 'string' && e.className ? `.${e.className.split(/\s+/)[0]}` : '';
  return `${e.tagName.toLowerCase()}${cls}${text ? ` "${text}"` : ''}`;
}

function overlap(a: DOMRect, b: DOMRect): boolean {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > SLACK && h > SLACK;
}

function related(a: Element, b: Element): boolean {
  return a === b || a.contains(b) || b.contains(a);
}

/** Whether an element scrolls or clips its content itself (a table that scrolls sideways is not cut). */
function clipsOverflow(e: Element): boolean {
  const style = getComputedStyle(e);
  return style.overflowX !== 'visible' || e.tagName === 'svg';
}

/** Whether some ancestor below `root` scrolls or clips what `e` draws. */
function insideScroller(e: Element, root: Element): boolean {
  for (let p = e.parentElement; p && p !== root && p !== document.body; p = p.parentElement) if (clipsOverflow(p)) return true;
  return false;
}

/** The colour is drawn at all: not transparent. */
function opaque(color: string): boolean {
  const m = /rgba?\(([^)]+)\)/.exec(color);
  if (!m) return color !== 'transparent';
  const parts = m[1].split(/[\s,/]+/).filter(Boolean);
  return parts.length < 4 || Number(parts[3]) > 0.05;
}

function sameColor(a: string, b: string): boolean {
  return a.replace(/\s+/g, '') === b.replace(/\s+/g, '');
}

/** The colour behind `e`: the first opaque background of it or an ancestor. */
function backdrop(e: Element): string {
  for (let p = e.parentElement; p; p = p.parentElement) {
    const bg = getComputedStyle(p).backgroundColor;
    if (opaque(bg)) return bg;
  }
  return 'rgb(255, 255, 255)';
}

export function auditLayout(root: Element = document.body): LayoutReport {
  const width = document.documentElement.clientWidth;
  const problems: string[] = [];
  const controls = [...root.querySelectorAll(CONTROLS)].filter(visible);
  const texts = [...root.querySelectorAll(TEXT)].filter(visible).filter((t) => !t.querySelector(CONTROLS) && (t.textContent ?? '').trim() !== '');

  for (let i = 0; i < controls.length; i++) {
    const a = controls[i];
    const ra = a.getBoundingClientRect();
    for (let j = i + 1; j < controls.length; j++) {
      const b = controls[j];
      if (!related(a, b) && overlap(ra, b.getBoundingClientRect())) problems.push(`${name(a)} overlaps ${name(b)}`);
    }
    for (const t of texts) {
      if (!related(a, t) && !a.closest('li, tr, summary')?.contains(t) && overlap(ra, t.getBoundingClientRect())) {
        problems.push(`${name(a)} is drawn over the text ${name(t)}`);
      }
    }
    // A column header's sort button reads as the header itself (as in VS Code's own tables): not a free-standing button.
    if (a.tagName === 'BUTTON' && !a.closest('th')) {
      const style = getComputedStyle(a);
      const behind = backdrop(a);
      const filled = opaque(style.backgroundColor) && !sameColor(style.backgroundColor, behind);
      const bordered = parseFloat(style.borderTopWidth) > 0 && opaque(style.borderTopColor) && !sameColor(style.borderTopColor, behind);
      if (!filled && !bordered) problems.push(`${name(a)} has neither a visible border nor a background of its own`);
    }
  }

  for (const img of [...root.querySelectorAll('img')].filter(visible)) {
    const card = img.closest(CARDS);
    if (!card) continue;
    const ri = img.getBoundingClientRect();
    const rc = card.getBoundingClientRect();
    if (ri.left < rc.left - SLACK || ri.top < rc.top - SLACK || ri.right > rc.right + SLACK || ri.bottom > rc.bottom + SLACK) {
      problems.push(`${name(img)} lies outside its card`);
    }
  }

  if (document.documentElement.scrollWidth > width + SLACK)
    problems.push(`the page is ${document.documentElement.scrollWidth} px wide in a ${width} px view`);
  for (const e of root.querySelectorAll('*')) {
    if (!visible(e) || insideScroller(e, root)) continue;
    const r = e.getBoundingClientRect();
    if (r.right > width + SLACK) problems.push(`${name(e)} is cut at the right edge (${Math.round(r.right)} px of ${width})`);
  }
  return { width, problems: [...new Set(problems)].slice(0, 30) };
}
