import { HostConnection } from './rpc';
import { clear, el } from './dom';
import { renderPlot } from './plot';
import { relatedRecordsSection } from './relatedRecords';
import type { DetailsView, PlotMessage, PushMessage, RenderedSnapshot, SpectrumItemView, SpectrumPlotView } from './protocol';

const root = document.getElementById('root') as HTMLElement;
let current: DetailsView | undefined;
let plotted: RenderedSnapshot['plot'];

const host = new HostConnection(onMessage);

function onMessage(message: PushMessage | PlotMessage): void {
  if (message.command === 'show') show(message.args);
  else if (message.command === 'failed') showFailure(message.args.recordId, message.args.message);
  else plotSpectrum(message.args.id, message.args.range);
}

/** A button whose accessible name says what it does ("Copy InChIKey", not "Copy"); the visible text may be shorter. */
function button(label: string, onClick: () => void, options: { name?: string; primary?: boolean } = {}): HTMLButtonElement {
  const b = el('button', { text: label, className: options.primary ? 'primary' : undefined });
  b.type = 'button';
  if (options.name && options.name !== label) {
    b.setAttribute('aria-label', options.name);
    b.title = options.name;
  }
  b.addEventListener('click', onClick);
  return b;
}

function report(error: unknown): void {
  const line = el('p', { className: 'problem', text: error instanceof Error ? error.message : String(error) });
  root.appendChild(line);
}

function section(title: string, ...children: Array<Node | undefined>): HTMLElement {
  return el('section', {}, el('h2', { text: title }), ...children);
}

function identifiers(view: DetailsView): HTMLElement {
  const table = el('table', { className: 'identifiers' });
  for (const id of view.identifiers) {
    const row = el('tr', {}, el('th', { text: id.label }), el('td', {}, el('code', { text: id.value })));
    row.dataset.identifier = id.label;
    row.appendChild(
      el(
        'td',
        {},
        button('Copy', () => void host.request('copy', { text: id.value, what: id.label }).catch(report), { name: `Copy ${id.label}` }),
      ),
    );
    table.appendChild(row);
  }
  return section('Identifiers', table);
}

function fields(view: DetailsView): HTMLElement {
  const list = el('dl', { className: 'fields' });
  for (const f of view.fields) {
    const dt = el('dt', { text: f.label });
    const dd = el('dd', { text: f.value });
    dd.dataset.field = f.field;
    list.append(dt, dd);
  }
  return list;
}

function references(view: DetailsView): HTMLElement {
  if (view.externalReferences.length === 0) return section('External references', el('p', { className: 'note', text: 'None.' }));
  const list = el('ul', { className: 'references' });
  for (const ref of view.externalReferences) {
    const link = el('a', { text: `${ref.source}: ${ref.externalId}`, title: ref.externalUrl });
    if (/^https?:\/\//i.test(ref.externalUrl)) link.href = ref.externalUrl;
    link.addEventListener('click', (e) => {
      e.preventDefault();
      host.request('openExternal', { url: ref.externalUrl }).catch(report);
    });
    const item = el('li', {}, link);
    item.dataset.reference = `${ref.source}:${ref.externalId}`;
    list.appendChild(item);
  }
  return section('External references', list);
}

function mol(view: DetailsView, kind: '2d' | '3d', text: string | undefined): HTMLElement | undefined {
  if (text === undefined) return undefined;
  const pre = el('pre', { className: 'mol', text });
  pre.dataset.mol = kind;
  const actions = el(
    'div',
    { className: 'actions' },
    button(`Insert ${kind.toUpperCase()} MOL at cursor`, () => void host.request('insertMol', { recordId: view.recordId, kind }).catch(report), {
      primary: true,
    }),
    button('Copy', () => void host.request('copy', { text, what: `${kind.toUpperCase()} MOL` }).catch(report), {
      name: `Copy ${kind.toUpperCase()} MOL block`,
    }),
    button('Save as .mol…', () => void host.request('saveMol', { recordId: view.recordId, kind }).catch(report), {
      name: `Save ${kind.toUpperCase()} MOL block as a file`,
    }),
  );
  return el('details', {}, el('summary', { text: `${kind.toUpperCase()} MOL block` }), actions, pre);
}

function spectra(view: DetailsView): HTMLElement {
  const box = section('Spectra');
  if (!view.spectra.available || view.spectra.items.length === 0) {
    box.appendChild(el('p', { className: 'note', text: view.spectra.note ?? 'No spectra for this record.' }));
    return box;
  }
  const plotArea = el('div', { className: 'plot-area' });
  const list = el('ul', { className: 'spectra' });
  for (const s of view.spectra.items) list.appendChild(spectrumItem(s));
  box.append(list, plotArea);
  return box;
}

function spectrumItem(s: SpectrumItemView): HTMLElement {
  const text = [s.type, s.fileName, s.comments, s.submittedDate].filter(Boolean).join(' · ');
  const item = el('li', {}, el('span', { text }));
  item.dataset.spectrum = String(s.id);
  item.appendChild(button('Plot', () => plotSpectrum(s.id), { name: `Plot spectrum ${s.id}${s.type ? ` (${s.type})` : ''}` }));
  return item;
}

function plotSpectrum(id: number, range?: [number, number]): void {
  const plotArea = root.querySelector<HTMLElement>('.plot-area');
  if (!plotArea) return report(new Error('This record has no spectra to plot'));
  host
    .request('spectrum', { id })
    .then((plot) => drawPlot(plotArea, plot, range))
    .catch(report);
}

function drawPlot(plotArea: HTMLElement, plot: SpectrumPlotView, range: [number, number] | undefined): void {
  const { figure, state } = renderPlot(plot, range, (next) => drawPlot(plotArea, plot, next));
  clear(plotArea);
  plotArea.appendChild(figure);
  plotted = { id: plot.id, points: plot.points.length, ...state };
  sendSnapshot();
}

function show(view: DetailsView): void {
  current = view;
  plotted = undefined;
  host.setState({ recordId: view.recordId });
  clear(root);
  document.title = view.title;
  root.appendChild(el('h1', { text: view.title }));
  root.appendChild(el('p', { className: 'source', text: `Record ${view.recordId} · ${view.source}` }));

  const card = el('div', { className: 'structure-card' });
  let imageActions: HTMLElement | undefined;
  if (view.imageDataUri) {
    const img = el('img', { title: `Structure of record ${view.recordId}` });
    img.alt = `2D structure of ${view.title}`;
    if (view.imageDataUri.startsWith('data:image/png;base64,')) img.src = view.imageDataUri;
    card.appendChild(img);
    imageActions = el(
      'div',
      { className: 'image-actions' },
      button('Copy image', () => void copyImage(img).catch(report), { name: 'Copy structure image' }),
      button('Save PNG…', () => void host.request('saveImage', { recordId: view.recordId, format: 'png' }).catch(report), {
        name: 'Save structure image as PNG',
      }),
      button('Save SVG…', () => void host.request('saveImage', { recordId: view.recordId, format: 'svg' }).catch(report), {
        name: 'Save structure image as SVG',
      }),
    );
  } else {
    card.appendChild(el('p', { className: 'note', text: 'No structure image.' }));
  }
  if (view.highlight) card.appendChild(el('p', { className: 'note', text: `Highlighted: ${view.highlight}` }));
  card.appendChild(
    el(
      'div',
      { className: 'actions' },
      button('Find Similar', () => void host.request('structureSearch', { recordId: view.recordId, kind: 'similar' }).catch(report), {
        name: 'Find compounds similar to this one',
      }),
      button('Search Substructure', () => void host.request('structureSearch', { recordId: view.recordId, kind: 'substructure' }).catch(report), {
        name: 'Search compounds containing this structure',
      }),
      button('Edit structure', () => void host.request('structureSearch', { recordId: view.recordId, kind: 'edit' }).catch(report), {
        name: 'Edit this structure in the structure editor',
      }),
    ),
  );
  root.appendChild(el('div', { className: 'top' }, el('div', {}, card, imageActions), fields(view)));
  root.appendChild(identifiers(view));
  root.appendChild(references(view));
  root.appendChild(section('MOL', mol(view, '2d', view.mol2D), mol(view, '3d', view.mol3D)));
  root.appendChild(spectra(view));
  const related = relatedRecordsSection(view.related, (recordId) => void host.request('openRecord', { recordId }).catch(report));
  if (related) root.appendChild(related);
  if (view.problems.length) {
    root.appendChild(section('Not loaded', ...view.problems.map((p) => el('p', { className: 'problem', text: p }))));
  }
  sendSnapshot();
}

/** The structure image onto the clipboard as PNG (the webview's clipboard; VS Code's API holds text only). */
async function copyImage(img: HTMLImageElement): Promise<void> {
  // Decoded here: the panel's content security policy allows no fetch, not even of a data: URI.
  const bytes = Uint8Array.from(atob(img.src.slice(img.src.indexOf(',') + 1)), (c) => c.charCodeAt(0));
  const blob = new Blob([bytes], { type: 'image/png' });
  try {
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': blob })]);
  } catch (error) {
    throw new Error(`Could not copy the image (${error instanceof Error ? error.message : String(error)}); use Save PNG instead`, { cause: error });
  }
  await host.request('copied', { what: 'structure image' });
}

function showFailure(recordId: number, message: string): void {
  clear(root);
  root.appendChild(el('h1', { text: `Record ${recordId}` }));
  root.appendChild(el('p', { className: 'problem', text: `Could not load this record: ${message}` }));
}

/** Reads back what is on screen, as text, and tells the host (the test hook). */
function sendSnapshot(): void {
  if (!current) return;
  const text = (node: Element) => node.textContent ?? '';
  const snapshot: RenderedSnapshot = {
    recordId: current.recordId,
    title: text(root.querySelector('h1') ?? root),
    fields: Object.fromEntries([...root.querySelectorAll<HTMLElement>('dd[data-field]')].map((d) => [d.dataset.field ?? '', text(d)])),
    identifiers: Object.fromEntries(
      [...root.querySelectorAll<HTMLElement>('tr[data-identifier]')].map((r) => [r.dataset.identifier ?? '', text(r.querySelector('code') ?? r)]),
    ),
    references: [...root.querySelectorAll('ul.references a')].map(text),
    spectra: [...root.querySelectorAll('li[data-spectrum] span')].map(text),
    problems: [...root.querySelectorAll('.problem')].map(text),
    imageShown: !!root.querySelector('.structure-card img[src^="data:image/png"]'),
    mol2D: root.querySelector('pre[data-mol="2d"]')?.textContent ?? undefined,
    mol3D: root.querySelector('pre[data-mol="3d"]')?.textContent ?? undefined,
    plot: plotted,
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
  };
  host.reportSnapshot(snapshot);
}

// VS Code marks the theme kind on the body: a theme change re-reads the buttons' colours for the host.
new MutationObserver(() => sendSnapshot()).observe(document.body, { attributes: true, attributeFilter: ['class'] });

host
  .request('ready', undefined)
  .then((pushed) => {
    if (pushed) onMessage(pushed);
  })
  .catch(report);
