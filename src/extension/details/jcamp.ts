/**
 * Reads the points of a JCAMP-DX spectrum file (the older interface's spectrum data) for plotting:
 * `##PEAK TABLE=(XY..XY)` and `##XYPOINTS=(XY..XY)` pairs, and `##XYDATA=(X++(Y..Y))` in plain (AFFN) form
 * with FIRSTX / LASTX / XFACTOR / YFACTOR. Compressed (ASDF) data is not decoded: it yields no points.
 */
export interface JcampSpectrum {
  title: string;
  xUnits: string;
  yUnits: string;
  points: Array<[number, number]>;
  /** Every labelled data record, by name upper-cased without spaces, `_`, `/`, `-` or `.` (`$PRECURSORM/Z` → `$PRECURSORMZ`). */
  labels: Map<string, string>;
}

const NUMBER = /[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?/g;

export function parseJcamp(text: string): JcampSpectrum {
  const labels = new Map<string, string>();
  const points: Array<[number, number]> = [];
  let mode: 'pairs' | 'xydata' | undefined;
  const xydataLines: string[] = [];

  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/\$\$.*$/, '').trimEnd();
    const label = /^##([^=]+)=\s*(.*)$/.exec(line);
    if (label) {
      const name = label[1]
        .trim()
        .toUpperCase()
        .replace(/[\s_/.-]/g, '');
      labels.set(name, label[2].trim());
      mode = undefined;
      if (name === 'PEAKTABLE' || name === 'XYPOINTS') mode = 'pairs';
      if (name === 'XYDATA' && /X\+\+\(Y\.\.Y\)/i.test(label[2])) mode = 'xydata';
      continue;
    }
    if (mode === 'pairs') {
      const nums = (line.match(NUMBER) ?? []).map(Number);
      for (let i = 0; i + 1 < nums.length; i += 2) points.push([nums[i], nums[i + 1]]);
    } else if (mode === 'xydata' && line.trim()) {
      xydataLines.push(line);
    }
  }

  const num = (name: string, fallback: number) => {
    const v = Number(labels.get(name));
    return Number.isFinite(v) ? v : fallback;
  };
  const xFactor = num('XFACTOR', 1);
  const yFactor = num('YFACTOR', 1);
  if (points.length) {
    for (const p of points) {
      p[0] *= xFactor;
      p[1] *= yFactor;
    }
  } else if (xydataLines.length && !xydataLines.some((l) => /[@A-Za-s%]/.test(l.replace(/[eE][-+]?\d/g, '')))) {
    const ys: number[] = [];
    for (const line of xydataLines) ys.push(...(line.match(NUMBER) ?? []).slice(1).map(Number));
    const firstX = num('FIRSTX', 0);
    const lastX = num('LASTX', firstX + ys.length - 1);
    const step = ys.length > 1 ? (lastX - firstX) / (ys.length - 1) : 0;
    ys.forEach((y, i) => points.push([firstX + i * step, y * yFactor]));
  }
  return {
    title: labels.get('TITLE') ?? 'Spectrum',
    xUnits: labels.get('XUNITS') ?? '',
    yUnits: labels.get('YUNITS') ?? '',
    points,
    labels,
  };
}
