import type { RenderedSnapshot } from './protocol';
import { auditLayout } from './layoutAudit';

/** What the details page has on screen, read back as text from its DOM: the test hook's answer, read only when asked. */
export function renderedSnapshot(
  root: HTMLElement,
  recordId: number,
  plot: RenderedSnapshot['plot'],
  match?: RenderedSnapshot['match'],
): RenderedSnapshot {
  const text = (node: Element) => node.textContent ?? '';
  return {
    recordId,
    title: text(root.querySelector('h1') ?? root),
    fields: Object.fromEntries([...root.querySelectorAll<HTMLElement>('dd[data-field]')].map((d) => [d.dataset.field ?? '', text(d)])),
    identifiers: Object.fromEntries(
      [...root.querySelectorAll<HTMLElement>('tr[data-identifier]')].map((r) => [r.dataset.identifier ?? '', text(r.querySelector('code') ?? r)]),
    ),
    references: [...root.querySelectorAll('ul.references a')].map(text),
    spectra: [...root.querySelectorAll('tr[data-spectrum]')].map((r) => [...r.querySelectorAll('td')].map(text).join(' · ')),
    spectrumIds: [...root.querySelectorAll<HTMLElement>('tr[data-spectrum]')].map((r) => Number(r.dataset.spectrum)),
    problems: [...root.querySelectorAll('.problem')].map(text),
    imageShown: !!root.querySelector('.structure-card img[src^="data:image/png"]'),
    mol2D: root.querySelector('pre[data-mol="2d"]')?.textContent ?? undefined,
    mol3D: root.querySelector('pre[data-mol="3d"]')?.textContent ?? undefined,
    plot,
    match,
    imgCount: root.querySelectorAll('img').length,
    theme:
      ['vscode-high-contrast', 'vscode-high-contrast-light', 'vscode-dark', 'vscode-light'].find((c) => document.body.classList.contains(c)) ?? '',
    buttons: [...root.querySelectorAll('button')].map((b) => {
      const style = getComputedStyle(b);
      return {
        name: b.getAttribute('aria-label') ?? b.textContent ?? '',
        background: style.backgroundColor,
        color: style.color,
        borderColor: style.borderTopColor,
        borderWidth: style.borderTopWidth,
        pageBackground: getComputedStyle(document.body).backgroundColor,
      };
    }),
    layout: auditLayout(root),
  };
}
