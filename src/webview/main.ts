import { clear, el } from './dom';
import { renderPlot } from './plot';
import { PageEndpoint } from '../webview-protocol/endpoint';
import { hostChannel, testHook, vsCodeApi } from './channel';
import type { DetailsPanelState, DetailsProtocol, DetailsView, RenderedSnapshot, SpectrumPlotView } from './protocol';
import { renderedSnapshot } from './detailsSnapshot';
import { spectraTable } from './spectraTable';
import { relatedRecordsSection } from './relatedRecords';

const root = document.getElementById('root') as HTMLElement;
let current: DetailsView | undefined;
let plotted: RenderedSnapshot['plot'];
let matched: RenderedSnapshot['match'];

const snapshot = () =>
  current ? { ...renderedSnapshot(root, current.recordId, plotted, matched), saved: vsCodeApi<DetailsPanelState>().getState() } : undefined;
const host = new PageEndpoint<DetailsProtocol>(
  hostChannel(),
  {
    snapshot: testHook(snapshot),
    plot: testHook(async ({ id, range }) => {
      await plotSpectrum(id, range);
      return snapshot();
    }),
  },
  { show, failed: ({ recordId, message }) => showFailure(recordId, message) },
);

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
  plotArea.appendChild(el('p', { className: 'note', text: 'Choose a spectrum in the table to plot it here.' }));
  box.appendChild(
    el(
      'div',
      { className: 'spectra-split' },
      spectraTable(view.spectra.items, (id) => void plotSpectrum(id).catch(report)),
      plotArea,
    ),
  );
  return box;
}

function plotSpectrum(id: number, range?: [number, number]): Promise<void> {
  const plotArea = root.querySelector<HTMLElement>('.plot-area:not(.match-area)');
  if (!plotArea) return Promise.reject(new Error('This record has no spectra to plot'));
  return host.request('spectrum', { id }).then((plot) => drawPlot(plotArea, plot, range));
}

/** A spectrum search's result: the query against the record's best spectrum, zoomable as every plot. */
function matchSection(plot: SpectrumPlotView): HTMLElement {
  const area = el('div', { className: 'plot-area match-area' });
  const draw = (range: [number, number] | undefined) => {
    const { figure, state } = renderPlot(plot, range, draw);
    clear(area);
    area.appendChild(figure);
    matched = { id: plot.id, points: plot.points.length, libraryPoints: plot.mirror?.points.length ?? 0, ...state };
  };
  const box = section('Spectrum match', area);
  box.classList.add('spectrum-match');
  draw(undefined);
  return box;
}

function drawPlot(plotArea: HTMLElement, plot: SpectrumPlotView, range: [number, number] | undefined): void {
  const { figure, state } = renderPlot(plot, range, (next) => drawPlot(plotArea, plot, next));
  clear(plotArea);
  plotArea.appendChild(figure);
  plotted = { id: plot.id, points: plot.points.length, ...state };
}

function show(view: DetailsView): void {
  current = view;
  plotted = undefined;
  matched = undefined;
  vsCodeApi<DetailsPanelState>().setState({ recordId: view.recordId, ...(view.spectrumMatch ? { spectrumMatch: view.spectrumMatch } : {}) });
  clear(root);
  document.title = view.title;
  root.appendChild(el('h1', { text: view.title }));
  root.appendChild(el('p', { className: 'source', text: `Record ${view.recordId} · ${view.source}` }));

  root.appendChild(el('div', { className: 'top' }, structure(view), fields(view)));
  if (view.match) root.appendChild(matchSection(view.match));
  root.appendChild(identifiers(view));
  root.appendChild(references(view));
  root.appendChild(section('MOL', mol(view, '2d', view.mol2D), mol(view, '3d', view.mol3D)));
  root.appendChild(spectra(view));
  const related = relatedRecordsSection(view.related, (recordId) => void host.request('openRecord', { recordId }).catch(report));
  if (related) root.appendChild(related);
  if (view.problems.length) {
    root.appendChild(section('Not loaded', ...view.problems.map((p) => el('p', { className: 'problem', text: p }))));
  }
}

/**
 * The structure column: the light card holds the image alone (a fixed width, the image scaled inside it); the
 * note and the buttons sit under the card in the column, so they wrap there and never cover the card or the
 * sections below.
 */
function structure(view: DetailsView): HTMLElement {
  const card = el('div', { className: 'structure-card' });
  const column = el('div', { className: 'structure' }, card);
  if (view.imageDataUri) {
    const img = el('img', { title: `Structure of record ${view.recordId}` });
    img.alt = `2D structure of ${view.title}`;
    if (view.imageDataUri.startsWith('data:image/png;base64,')) img.src = view.imageDataUri;
    card.appendChild(img);
    column.appendChild(
      el(
        'div',
        { className: 'actions image-actions' },
        button('Copy', () => void copyImage(img).catch(report), { name: 'Copy structure image' }),
        button('Save PNG…', () => void host.request('saveImage', { recordId: view.recordId, format: 'png' }).catch(report), {
          name: 'Save structure image as PNG',
        }),
        button('Save SVG…', () => void host.request('saveImage', { recordId: view.recordId, format: 'svg' }).catch(report), {
          name: 'Save structure image as SVG',
        }),
      ),
    );
  } else {
    card.appendChild(el('p', { className: 'card-note', text: 'No structure image.' }));
  }
  if (view.highlight) column.appendChild(el('p', { className: 'note', text: `Highlighted: ${view.highlight}` }));
  column.appendChild(
    el(
      'div',
      { className: 'actions structure-actions' },
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
  return column;
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
