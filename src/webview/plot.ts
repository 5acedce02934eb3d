import type { PlotState, SpectrumPlotView } from './protocol';
import { el, svg } from './dom';

const W = 720;
const H = 320;
/** A mirror plot is taller: two spectra share its height. */
const MIRROR_H = 400;
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
function relative(points: Array<[number, number]>, sticks: boolean): Array<[number, number]> {
  if (!sticks) return points;
  let base = 0;
  for (const p of points) if (p[1] > base) base = p[1];
  return base > 0 ? points.map(([x, y]) => [x, (y / base) * 100]) : points;
}

/** For each point of `points` (sorted or not), whether a point of `other` lies within `tolerance` of its x. */
export function matchedPeaks(points: ReadonlyArray<[number, number]>, other: ReadonlyArray<[number, number]>, tolerance: number): boolean[] {
  const xs = other.map((p) => p[0]).sort((a, b) => a - b);
  return points.map(([x]) => {
    let lo = 0;
    let hi = xs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (xs[mid] < x - tolerance) lo = mid + 1;
      else hi = mid;
    }
    return lo < xs.length && xs[lo] <= x + tolerance;
  });
}

interface Stick {
  x: number;
  /** Relative abundance; negative on a mirror plot's library side. */
  y: number;
  matched: boolean;
}

const fmt = (x: number, digits = 4) => String(Number(x.toFixed(digits)));

/**
 * An SVG plot of a spectrum, built with DOM calls only: sticks for a peak table (relative abundance, base peak 100),
 * a line for profile data. Axis titles with units, the largest peaks labelled, the precursor marked, values on hover
 * (each stick's tooltip and a read-out line), zoom by dragging across the plot (Reset zoom to undo).
 * With `plot.mirror` it is a mirror plot: the query upwards, the library spectrum downwards, each relative to its own
 * base peak, peaks that match one of the other side in the matched colour.
 * `range` limits the x-axis; `onZoom` is called with a new range (or undefined to reset).
 */
export function renderPlot(
  plot: SpectrumPlotView,
  range: [number, number] | undefined,
  onZoom: (range: [number, number] | undefined) => void,
): { figure: HTMLElement; state: PlotState } {
  const mirror = plot.mirror;
  const figure = el('figure', { className: mirror ? 'plot mirror' : 'plot' });
  figure.dataset.spectrumId = String(plot.id);
  figure.dataset.points = String(plot.points.length);
  figure.appendChild(el('figcaption', { text: plot.title }));
  const details = plot.details.filter(Boolean);
  if (details.length) figure.appendChild(el('p', { className: 'plot-details', text: details.join(' · ') }));
  const sticks = plot.sticks || !!mirror;
  const xLabel = sticks ? 'm/z' : plot.xLabel;
  const yLabel = sticks ? 'Relative abundance (%)' : plot.yLabel;
  const empty: PlotState = { range: [0, 0], yTop: 0, yHighest: 0, labels: [], details, xLabel, yLabel };
  if (plot.points.length === 0 && !mirror?.points.length) {
    figure.appendChild(el('p', { className: 'note', text: 'This spectrum has no data points.' }));
    return { figure, state: empty };
  }
  const upperPoints = relative(plot.points, sticks);
  const lowerPoints = mirror ? relative(mirror.points, true) : [];
  const upperMatched = mirror ? matchedPeaks(upperPoints, lowerPoints, mirror.toleranceDa) : [];
  const lowerMatched = mirror ? matchedPeaks(lowerPoints, upperPoints, mirror.toleranceDa) : [];
  const all: Stick[] = [
    ...upperPoints.map(([x, y], i) => ({ x, y, matched: upperMatched[i] ?? false })),
    ...lowerPoints.map(([x, y], i) => ({ x, y: -y, matched: lowerMatched[i] ?? false })),
  ];
  let x0 = range?.[0] ?? Number.POSITIVE_INFINITY;
  let x1 = range?.[1] ?? Number.NEGATIVE_INFINITY;
  if (!range) {
    for (const p of all) {
      if (p.x < x0) x0 = p.x;
      if (p.x > x1) x1 = p.x;
    }
    // a little room on both sides so the first and last sticks are not drawn on the axes
    const margin = Math.max((x1 - x0) * 0.04, sticks ? 1 : 0);
    x0 = sticks ? Math.max(0, x0 - margin) : x0;
    x1 += sticks ? margin : 0;
  }
  const precursors = [plot.precursorMz, mirror?.precursorMz].filter((p): p is number => p !== undefined);
  for (const p of precursors) if (!range && p > x1) x1 = p + (x1 - x0) * 0.04;
  const shown = all.filter((p) => p.x >= x0 && p.x <= x1);
  let yHighest = 0;
  let yLowest = 0;
  for (const p of shown) {
    if (p.y > yHighest) yHighest = p.y;
    if (p.y < yLowest) yLowest = p.y;
  }
  const yTop = (yHighest > 0 ? yHighest : mirror ? 100 : 1) * HEAD_ROOM;
  const y0 = mirror ? (yLowest < 0 ? yLowest : -100) * HEAD_ROOM : yLowest;
  const plotH = mirror ? MIRROR_H : H;
  const sx = (x: number) => PAD.left + ((x - x0) / (x1 - x0 || 1)) * (W - PAD.left - PAD.right);
  const sy = (y: number) => plotH - PAD.bottom - ((y - y0) / (yTop - y0 || 1)) * (plotH - PAD.top - PAD.bottom);

  const root = svg('svg', {
    viewBox: `0 0 ${W} ${plotH}`,
    role: 'img',
    class: 'plot-svg',
    'aria-label': mirror
      ? `${plot.title}: the query (above) against ${mirror.title} (below), ${yLabel} against ${xLabel}`
      : `${plot.title}: ${yLabel} against ${xLabel}`,
  });
  const clipId = `clip-${plot.id}${mirror ? '-mirror' : ''}`;
  const clip = svg('clipPath', { id: clipId });
  clip.appendChild(svg('rect', { x: PAD.left, y: 0, width: W - PAD.left, height: plotH - PAD.bottom }));
  root.appendChild(clip);
  root.appendChild(svg('line', { x1: PAD.left, y1: plotH - PAD.bottom, x2: W - PAD.right, y2: plotH - PAD.bottom, class: 'axis' }));
  root.appendChild(svg('line', { x1: PAD.left, y1: PAD.top, x2: PAD.left, y2: plotH - PAD.bottom, class: 'axis' }));
  if (mirror) root.appendChild(svg('line', { x1: PAD.left, y1: sy(0), x2: W - PAD.right, y2: sy(0), class: 'axis baseline' }));
  for (const t of niceTicks(x0, x1, 8)) {
    root.appendChild(svg('line', { x1: sx(t), y1: plotH - PAD.bottom, x2: sx(t), y2: plotH - PAD.bottom + 4, class: 'axis' }));
    const label = svg('text', { x: sx(t), y: plotH - PAD.bottom + 16, class: 'tick', 'text-anchor': 'middle' });
    label.textContent = String(t);
    root.appendChild(label);
  }
  const yTicks = mirror
    ? [
        ...niceTicks(0, yHighest > 0 ? yHighest : 100, 3),
        ...niceTicks(0, -(yLowest < 0 ? yLowest : -100), 3)
          .filter((t) => t > 0)
          .map((t) => -t),
      ]
    : niceTicks(y0, yHighest > 0 ? yHighest : 1, 5);
  for (const t of yTicks) {
    root.appendChild(svg('line', { x1: PAD.left - 4, y1: sy(t), x2: PAD.left, y2: sy(t), class: 'axis' }));
    const label = svg('text', { x: PAD.left - 6, y: sy(t) + 4, class: 'tick', 'text-anchor': 'end' });
    label.textContent = String(Math.abs(t));
    root.appendChild(label);
  }
  const xTitle = svg('text', { x: (W + PAD.left) / 2, y: plotH - 6, class: 'axis-label', 'text-anchor': 'middle' });
  xTitle.textContent = xLabel;
  const yMid = (plotH - PAD.bottom + PAD.top) / 2;
  const yTitle = svg('text', { x: 14, y: yMid, class: 'axis-label', 'text-anchor': 'middle', transform: `rotate(-90 14 ${yMid})` });
  yTitle.textContent = yLabel;
  root.append(xTitle, yTitle);
  if (mirror) {
    // which side is which, inside the plot's corners (the sticks rarely reach the right edge's top and bottom)
    const upper = svg('text', { x: W - PAD.right - 4, y: PAD.top + 4, class: 'side-label', 'text-anchor': 'end' });
    upper.textContent = 'query ▲';
    const lower = svg('text', { x: W - PAD.right - 4, y: plotH - PAD.bottom - 6, class: 'side-label', 'text-anchor': 'end' });
    lower.textContent = 'library ▼';
    root.append(upper, lower);
  }

  const traces = svg('g', { 'clip-path': `url(#${clipId})` });
  const marker = (mz: number, below: boolean) => {
    if (mz < x0 || mz > x1) return;
    const px = sx(mz);
    const yEnd = below ? plotH - PAD.bottom : sy(0);
    const yStart = below ? sy(0) : PAD.top - 10;
    traces.appendChild(svg('line', { x1: px, y1: yStart, x2: px, y2: yEnd, class: 'precursor' }));
    const nearRight = px > W - PAD.right - 120;
    const label = svg('text', {
      x: nearRight ? px - 3 : px + 3,
      y: below ? plotH - PAD.bottom - 20 : PAD.top - 14,
      class: 'precursor-label',
      'text-anchor': nearRight ? 'end' : 'start',
    });
    label.textContent = `precursor ${fmt(mz)}`;
    traces.appendChild(label);
  };
  if (plot.precursorMz !== undefined) marker(plot.precursorMz, false);
  if (mirror?.precursorMz !== undefined && mirror.precursorMz !== plot.precursorMz) marker(mirror.precursorMz, true);
  const labels: string[] = [];
  let matchedCount = 0;
  if (sticks && shown.length <= MAX_STICKS * (mirror ? 2 : 1)) {
    for (const p of shown) {
      if (p.matched) matchedCount++;
      const stick = svg('line', { x1: sx(p.x), y1: sy(0), x2: sx(p.x), y2: sy(p.y), class: p.matched ? 'trace matched' : 'trace' });
      const tip = svg('title');
      tip.textContent = `${mirror ? (p.y < 0 ? 'library ' : 'query ') : ''}m/z ${fmt(p.x)}: ${fmt(Math.abs(p.y), 1)} %${p.matched ? ' (matched)' : ''}`;
      stick.appendChild(tip);
      traces.appendChild(stick);
    }
    const largest = (side: Stick[]) => [...side].sort((a, b) => Math.abs(b.y) - Math.abs(a.y) || a.x - b.x).slice(0, LABELLED_PEAKS);
    const sides = mirror ? [shown.filter((p) => p.y >= 0), shown.filter((p) => p.y < 0)] : [shown];
    for (const p of sides.flatMap(largest)) {
      const text = fmt(p.x);
      const label = svg('text', { x: sx(p.x), y: p.y < 0 ? sy(p.y) + 11 : sy(p.y) - 4, class: 'peak-label', 'text-anchor': 'middle' });
      label.textContent = text;
      traces.appendChild(label);
      labels.push(text);
    }
  } else {
    const points = shown.map((p) => `${sx(p.x).toFixed(1)},${sy(p.y).toFixed(1)}`).join(' ');
    traces.appendChild(svg('polyline', { points, class: 'trace', fill: 'none' }));
  }
  root.appendChild(traces);

  // hover read-out (nearest point) and drag-to-zoom
  const cursor = svg('line', { x1: 0, y1: PAD.top, x2: 0, y2: plotH - PAD.bottom, class: 'cursor', visibility: 'hidden' });
  const band = svg('rect', { x: 0, y: PAD.top, width: 0, height: plotH - PAD.top - PAD.bottom, class: 'zoom-band', visibility: 'hidden' });
  root.append(cursor, band);
  const readout = el('p', {
    className: 'plot-readout',
    text: sticks ? 'Point at a peak to read its values; drag across the plot to zoom.' : 'Drag across the plot to zoom.',
  });
  readout.setAttribute('aria-live', 'polite');
  const toX = (event: MouseEvent) => {
    const box = root.getBoundingClientRect();
    const vx = ((event.clientX - box.left) / (box.width || 1)) * W;
    return x0 + ((vx - PAD.left) / (W - PAD.left - PAD.right)) * (x1 - x0);
  };
  const toY = (event: MouseEvent) => {
    const box = root.getBoundingClientRect();
    return ((event.clientY - box.top) / (box.height || 1)) * plotH;
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
    // on a mirror plot the half the pointer is in picks the side
    const below = mirror ? toY(event) > sy(0) : false;
    let nearest: Stick | undefined;
    for (const p of shown) {
      if (mirror && p.y < 0 !== below) continue;
      if (!nearest || Math.abs(p.x - x) < Math.abs(nearest.x - x)) nearest = p;
    }
    if (!nearest) return;
    cursor.setAttribute('x1', String(sx(nearest.x)));
    cursor.setAttribute('x2', String(sx(nearest.x)));
    cursor.setAttribute('visibility', 'visible');
    const side = mirror ? (below ? 'library: ' : 'query: ') : '';
    readout.textContent = `${side}${xLabel} ${fmt(nearest.x)}, ${yLabel.replace(/ \(%\)$/, '')} ${fmt(Math.abs(nearest.y), 2)}${sticks ? ' %' : ''}${nearest.matched ? ' (matched)' : ''}`;
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
  const count = mirror
    ? `${plot.points.length} query peaks above, ${mirror.points.length} library peaks below (${mirror.title}); peaks within ${mirror.toleranceDa} Da of one on the other side in the matched colour`
    : `${plot.points.length} ${sticks ? 'peaks' : 'points'}`;
  figure.appendChild(
    el('p', {
      className: 'note',
      text: `${count}${range ? `, ${shown.length} in view (${xLabel} ${fmt(x0, 2)}–${fmt(x1, 2)})` : ''}; ${sticks ? `intensities relative to ${mirror ? 'each side’s' : 'the'} base peak${mirror ? '' : `; file units: ${plot.yLabel}`}` : `y: ${yLabel}`}`,
    }),
  );
  const state: PlotState = { range: [x0, x1], yTop, yHighest, labels, details, xLabel, yLabel };
  if (mirror) Object.assign(state, { yLowest, yBottom: y0, matched: matchedCount });
  return { figure, state };
}
