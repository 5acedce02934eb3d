import type { SpectrumPlotView } from './protocol';
import { el, svg } from './dom';

const W = 640;
const H = 280;
const PAD = { left: 56, right: 12, top: 12, bottom: 36 };

function niceTicks(min: number, max: number, count: number): number[] {
  if (!(max > min)) return [min];
  const step0 = (max - min) / count;
  const mag = 10 ** Math.floor(Math.log10(step0));
  const step = [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= step0) ?? step0;
  const ticks: number[] = [];
  for (let t = Math.ceil(min / step) * step; t <= max + step / 1e6; t += step) ticks.push(Number(t.toPrecision(12)));
  return ticks;
}

/** An SVG line (or stick, for few points) plot of a spectrum, built with DOM calls only. */
export function renderPlot(plot: SpectrumPlotView): HTMLElement {
  const figure = el('figure', { className: 'plot' });
  figure.dataset.spectrumId = String(plot.id);
  figure.dataset.points = String(plot.points.length);
  figure.appendChild(el('figcaption', { text: plot.title }));
  if (plot.points.length === 0) {
    figure.appendChild(el('p', { className: 'note', text: 'This spectrum has no data points.' }));
    return figure;
  }
  const xs = plot.points.map((p) => p[0]);
  const ys = plot.points.map((p) => p[1]);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const [y0, y1] = [Math.min(0, ...ys), Math.max(...ys)];
  const sx = (x: number) => PAD.left + ((x - x0) / (x1 - x0 || 1)) * (W - PAD.left - PAD.right);
  const sy = (y: number) => H - PAD.bottom - ((y - y0) / (y1 - y0 || 1)) * (H - PAD.top - PAD.bottom);

  const root = svg('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', class: 'plot-svg' });
  root.appendChild(svg('line', { x1: PAD.left, y1: H - PAD.bottom, x2: W - PAD.right, y2: H - PAD.bottom, class: 'axis' }));
  root.appendChild(svg('line', { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: H - PAD.bottom, class: 'axis' }));
  for (const t of niceTicks(x0, x1, 6)) {
    const label = svg('text', { x: sx(t), y: H - PAD.bottom + 16, class: 'tick', 'text-anchor': 'middle' });
    label.textContent = String(t);
    root.appendChild(label);
  }
  for (const t of niceTicks(y0, y1, 4)) {
    const label = svg('text', { x: PAD.left - 6, y: sy(t) + 4, class: 'tick', 'text-anchor': 'end' });
    label.textContent = String(t);
    root.appendChild(label);
  }
  const xLabel = svg('text', { x: (W + PAD.left) / 2, y: H - 4, class: 'axis-label', 'text-anchor': 'middle' });
  xLabel.textContent = plot.xLabel;
  root.appendChild(xLabel);

  if (plot.points.length <= 64) {
    // few points: a peak table (mass spectra) reads best as sticks
    for (const [x, y] of plot.points) root.appendChild(svg('line', { x1: sx(x), y1: sy(0), x2: sx(x), y2: sy(y), class: 'trace' }));
  } else {
    const points = plot.points.map(([x, y]) => `${sx(x).toFixed(1)},${sy(y).toFixed(1)}`).join(' ');
    root.appendChild(svg('polyline', { points, class: 'trace', fill: 'none' }));
  }
  figure.appendChild(root);
  figure.appendChild(el('p', { className: 'note', text: `${plot.points.length} points; y: ${plot.yLabel}` }));
  return figure;
}
