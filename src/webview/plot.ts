import type { PlotState, SpectrumPlotView } from './protocol';
import { el, svg } from './dom';

const W = 720;
const H = 320;
const PAD = { left: 64, right: 16, top: 28, bottom: 44 };
/** Head room above the base peak for its label, so the tallest stick is never clipped. */
const HEAD_ROOM = 1.12;
/** Peak tables up to this size are drawn as sticks; longer point lists (profile data, IR, NMR) as a line. */
const MAX_STICKS = 5000;
/** The largest peaks in view get their m/z written above them. */
const LABELLED_PEAKS = 6;

function niceTicks(min: number, max: number, count: number): number[] {
  if (!(max > min)) return [min];
  const step0 = (max - min) / count;
  const mag = 10 ** Math.floor(Math.log10(step0));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= step0) ?? step0;
  const ticks: number[] = [];
  for (let t = Math.ceil(min / step) * step; t <= max + step / 1e6; t += step) ticks.push(Number(t.toPrecision(12)));
  return ticks;
}

/** Points scaled so that the base peak is 100 (mass spectra are read as relative abundance). */
function relative(plot: SpectrumPlotView): Array<[number, number]> {
  if (!plot.sticks) return plot.points;
  const base = Math.max(...plot.points.map((p) => p[1]));
  return base > 0 ? plot.points.map(([x, y]) => [x, (y / base) * 100]) : plot.points;
}

const fmt = (x: number, digits = 4) => String(Number(x.toFixed(digits)));

/**
 * An SVG plot of a spectrum, built with DOM calls only: sticks for a peak table (relative abundance, base peak 100),
 * a line for profile data. Axis titles with units, the largest peaks labelled, the precursor marked, values on hover
 * (each stick's tooltip and a read-out line), zoom by dragging across the plot (Reset zoom to undo).
 * `range` limits the x-axis; `onZoom` is called with a new range (or undefined to reset).
 */
export function renderPlot(
  plot: SpectrumPlotView,
  range: [number, number] | undefined,
  onZoom: (range: [number, number] | undefined) => void,
): { figure: HTMLElement; state: PlotState } {
  const figure = el('figure', { className: 'plot' });
  figure.dataset.spectrumId = String(plot.id);
  figure.dataset.points = String(plot.points.length);
  figure.appendChild(el('figcaption', { text: plot.title }));
  const details = plot.details.filter(Boolean);
  if (details.length) figure.appendChild(el('p', { className: 'plot-details', text: details.join(' · ') }));
  const xLabel = plot.sticks ? 'm/z' : plot.xLabel;
  const yLabel = plot.sticks ? 'Relative abundance (%)' : plot.yLabel;
  const empty: PlotState = { range: [0, 0], yTop: 0, yHighest: 0, labels: [], details, xLabel, yLabel };
  if (plot.points.length === 0) {
    figure.appendChild(el('p', { className: 'note', text: 'This spectrum has no data points.' }));
    return { figure, state: empty };
  }
  const all = relative(plot);
  const xs = all.map((p) => p[0]);
  let [x0, x1] = range ?? [Math.min(...xs), Math.max(...xs)];
  if (!range) {
    // a little room on both sides so the first and last sticks are not drawn on the axes
    const margin = Math.max((x1 - x0) * 0.04, plot.sticks ? 1 : 0);
    x0 = plot.sticks ? Math.max(0, x0 - margin) : x0;
    x1 += plot.sticks ? margin : 0;
  }
  if (plot.precursorMz !== undefined && !range && plot.precursorMz > x1) x1 = plot.precursorMz + (x1 - x0) * 0.04;
  const shown = all.filter(([x]) => x >= x0 && x <= x1);
  const ys = shown.map((p) => p[1]);
  const yHighest = ys.length ? Math.max(...ys) : 0;
  const y0 = Math.min(0, ...ys);
  const yTop = (yHighest > 0 ? yHighest : 1) * HEAD_ROOM;
  const sx = (x: number) => PAD.left + ((x - x0) / (x1 - x0 || 1)) * (W - PAD.left - PAD.right);
  const sy = (y: number) => H - PAD.bottom - ((y - y0) / (yTop - y0 || 1)) * (H - PAD.top - PAD.bottom);

  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', class: 'plot-svg', 'aria-label': `${plot.title}: ${yLabel} against ${xLabel}` });
  const clipId = `clip-${plot.id}`;
  const clip = svg('clipPath', { id: clipId });
  clip.appendChild(svg('rect', { x: PAD.left, y: 0, width: W - PAD.left, height: H - PAD.bottom }));
  root.appendChild(clip);
  root.appendChild(svg('line', { x1: PAD.left, y1: H - PAD.bottom, x2: W - PAD.right, y2: H - PAD.bottom, class: 'axis' }));
  root.appendChild(svg('line', { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: H - PAD.bottom, class: 'axis' }));
  for (const t of niceTicks(x0, x1, 8)) {
    root.appendChild(svg('line', { x1: sx(t), y1: H - PAD.bottom, x2: sx(t), y2: H - PAD.bottom + 4, class: 'axis' }));
    const label = svg('text', { x: sx(t), y: H - PAD.bottom + 16, class: 'tick', 'text-anchor': 'middle' });
    label.textContent = String(t);
    root.appendChild(label);
  }
  for (const t of niceTicks(y0, yHighest > 0 ? yHighest : 1, 5)) {
    root.appendChild(svg('line', { x1: PAD.left - 4, y1: sy(t), x2: PAD.left, y2: sy(t), class: 'axis' }));
    const label = svg('text', { x: PAD.left - 6, y: sy(t) + 4, class: 'tick', 'text-anchor': 'end' });
    label.textContent = String(t);
    root.appendChild(label);
  }
  const xTitle = svg('text', { x: (W + PAD.left) / 2, y: H - 6, class: 'axis-label', 'text-anchor': 'middle' });
  xTitle.textContent = xLabel;
  const yTitle = svg('text', {
    x: 14,
    y: (H - PAD.bottom + PAD.top) / 2,
    class: 'axis-label',
    'text-anchor': 'middle',
    transform: `rotate(-90 14 ${(H - PAD.bottom + PAD.top) / 2})`,
  });
  yTitle.textContent = yLabel;
  root.append(xTitle, yTitle);

  const traces = svg('g', { 'clip-path': `url(#${clipId})` });
  if (plot.precursorMz !== undefined && plot.precursorMz >= x0 && plot.precursorMz <= x1) {
    const px = sx(plot.precursorMz);
    traces.appendChild(svg('line', { x1: px, y1: PAD.top - 10, x2: px, y2: H - PAD.bottom, class: 'precursor' }));
    const nearRight = px > W - PAD.right - 120;
    const label = svg('text', {
      x: nearRight ? px - 3 : px + 3,
      y: PAD.top - 14,
      class: 'precursor-label',
      'text-anchor': nearRight ? 'end' : 'start',
    });
    label.textContent = `precursor ${fmt(plot.precursorMz)}`;
    traces.appendChild(label);
  }
  const labels: string[] = [];
  if (plot.sticks && shown.length <= MAX_STICKS) {
    for (const [x, y] of shown) {
      const stick = svg('line', { x1: sx(x), y1: sy(0), x2: sx(x), y2: sy(y), class: 'trace' });
      const tip = svg('title');
      tip.textContent = `m/z ${fmt(x)}: ${fmt(y, 1)} %`;
      stick.appendChild(tip);
      traces.appendChild(stick);
    }
    const largest = [...shown].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, LABELLED_PEAKS);
    for (const [x, y] of largest) {
      const text = fmt(x);
      const label = svg('text', { x: sx(x), y: sy(y) - 4, class: 'peak-label', 'text-anchor': 'middle' });
      label.textContent = text;
      traces.appendChild(label);
      labels.push(text);
    }
  } else {
    const points = shown.map(([x, y]) => `${sx(x).toFixed(1)},${sy(y).toFixed(1)}`).join(' ');
    traces.appendChild(svg('polyline', { points, class: 'trace', fill: 'none' }));
  }
  root.appendChild(traces);

  // hover read-out (nearest point) and drag-to-zoom
  const cursor = svg('line', { x1: 0, y1: PAD.top, x2: 0, y2: H - PAD.bottom, class: 'cursor', visibility: 'hidden' });
  const band = svg('rect', { x: 0, y: PAD.top, width: 0, height: H - PAD.top - PAD.bottom, class: 'zoom-band', visibility: 'hidden' });
  root.append(cursor, band);
  const readout = el('p', {
    className: 'plot-readout',
    text: plot.sticks ? 'Point at a peak to read its values; drag across the plot to zoom.' : 'Drag across the plot to zoom.',
  });
  readout.setAttribute('aria-live', 'polite');
  const toX = (event: MouseEvent) => {
    const box = root.getBoundingClientRect();
    const vx = ((event.clientX - box.left) / (box.width || 1)) * W;
    return x0 + ((vx - PAD.left) / (W - PAD.left - PAD.right)) * (x1 - x0);
  };
  let dragFrom: number | undefined;
  root.addEventListener('mousemove', (event) => {
    const x = toX(event);
    if (dragFrom !== undefined) {
      const [a, b] = [Math.min(dragFrom, x), Math.max(dragFrom, x)];
      band.setAttribute('x', String(sx(a)));
      band.setAttribute('width', String(Math.max(0, sx(b) - sx(a))));
      band.setAttribute('visibility', 'visible');
      return;
    }
    let nearest: [number, number] | undefined;
    for (const p of shown) if (!nearest || Math.abs(p[0] - x) < Math.abs(nearest[0] - x)) nearest = p;
    if (!nearest) return;
    cursor.setAttribute('x1', String(sx(nearest[0])));
    cursor.setAttribute('x2', String(sx(nearest[0])));
    cursor.setAttribute('visibility', 'visible');
    readout.textContent = `${xLabel} ${fmt(nearest[0])}, ${yLabel.replace(/ \(%\)$/, '')} ${fmt(nearest[1], 2)}${plot.sticks ? ' %' : ''}`;
  });
  root.addEventListener('mousedown', (event) => {
    dragFrom = toX(event);
  });
  root.addEventListener('mouseup', (event) => {
    if (dragFrom === undefined) return;
    const to = toX(event);
    const [a, b] = [Math.min(dragFrom, to), Math.max(dragFrom, to)];
    dragFrom = undefined;
    band.setAttribute('visibility', 'hidden');
    if (sx(b) - sx(a) > 4) onZoom([a, b]);
  });
  root.addEventListener('mouseleave', () => {
    dragFrom = undefined;
    band.setAttribute('visibility', 'hidden');
    cursor.setAttribute('visibility', 'hidden');
  });
  figure.appendChild(root);

  const reset = el('button', { text: 'Reset zoom', title: 'Show the whole spectrum again' });
  reset.type = 'button';
  reset.disabled = !range;
  reset.addEventListener('click', () => onZoom(undefined));
  figure.appendChild(el('div', { className: 'plot-tools' }, readout, reset));
  figure.appendChild(
    el('p', {
      className: 'note',
      text: `${plot.points.length} ${plot.sticks ? 'peaks' : 'points'}${range ? `, ${shown.length} in view (${xLabel} ${fmt(x0, 2)}–${fmt(x1, 2)})` : ''}; ${plot.sticks ? `intensities relative to the base peak; file units: ${plot.yLabel}` : `y: ${yLabel}`}`,
    }),
  );
  return { figure, state: { range: [x0, x1], yTop, yHighest, labels, details, xLabel, yLabel } };
}
